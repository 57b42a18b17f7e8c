package ops

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
)

// ForgetOptions says what Forget removes: everything when no selector is
// given, else what the selectors pick.
type ForgetOptions struct {
	ForgetSelectors
	// Item is one full ID of a learning or of a session, as the page's
	// buttons send it: a learning goes as with IDs (its session whole when
	// it held nothing else), a session as with Sessions. Not combined with
	// the selectors.
	Item string
	// DryRun plans on the file as it is and writes nothing.
	DryRun bool
	// PurgeBackups also removes the learnings forgotten one by one from
	// every backup (see PurgeForgotten).
	PurgeBackups bool
}

// ForgetResult is what Forget removed, or would remove on a dry run: the
// JSON of learn forget --json and of the page's forget.
type ForgetResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	DryRun     bool   `json:"dry_run"`
	Forgotten  bool   `json:"forgotten"`
	// Everything: no selector was given, the file is reset to empty.
	Everything bool `json:"everything"`
	// Reason says why nothing was forgotten (a missing or empty file).
	Reason    string              `json:"reason,omitempty"`
	Sessions  []ForgottenSession  `json:"sessions"`
	Learnings []ForgottenLearning `json:"learnings"`
	Sections  []ForgottenSection  `json:"sections,omitempty"`
	// Counts holds "sessions", "learnings" and, for everything,
	// "sections": what goes.
	Counts map[string]int `json:"counts"`
	// ByCategory counts the learnings that go, in the spec's order.
	ByCategory  []ForgottenCount `json:"by_category"`
	BytesBefore int              `json:"bytes_before"`
	BytesAfter  int              `json:"bytes_after"`
	Backup      *Backup          `json:"backup,omitempty"`
	// Copies says where the learnings forgotten one by one remain.
	Copies *Copies `json:"copies,omitempty"`
	// forgotten are the texts of those learnings as the file held them,
	// to find them in the backups.
	forgotten []string
}

// ForgottenSession is a session that goes whole.
type ForgottenSession struct {
	SessionRef
	Line      int `json:"line"`
	Learnings int `json:"learnings"`
}

// ForgottenLearning is a learning that goes alone, its session staying.
type ForgottenLearning struct {
	Learning
	Line int `json:"line"`
}

// ForgottenSection is a hand-written section that goes with everything
// else.
type ForgottenSection struct {
	Title string `json:"title"`
	Line  int    `json:"line"`
}

// ForgottenCount is how many learnings of one category go.
type ForgottenCount struct {
	Category string `json:"category"`
	Count    int    `json:"count"`
}

// SessionLearnings is how many of the learnings that go go with their
// whole session.
func (r *ForgetResult) SessionLearnings() int {
	n := 0
	for _, s := range r.Sessions {
		n += s.Learnings
	}
	return n
}

// errNothingSelected reports selectors that pick nothing.
var errNothingSelected = errors.New("nothing matches")

// Forget removes learnings from the file, or all of it, after a backup:
// learn forget, and the page's forget button. It plans on the bytes under
// the lock, so a session stored since a dry run is never lost by accident;
// every byte it does not mean to remove stays. A missing or empty file is
// not an error: Reason says there was nothing to forget.
//
// Errors: ErrUsage for selectors that cannot be used (an unknown category,
// an empty --match, --id with other selectors), ErrNotFound for IDs that
// name nothing and selectors that pick nothing, ErrConflict for a file
// whose damage the edit would rewrite, ErrBusy.
func Forget(m *Memory, opts ForgetOptions) (*ForgetResult, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	res := &ForgetResult{File: m.Display, FileReason: m.Reason, DryRun: opts.DryRun, Everything: !opts.narrowed()}
	if m.missing() {
		res.Reason = "the file does not exist"
		return res, nil
	}
	if opts.DryRun {
		snap, err := m.Load()
		if err != nil {
			return nil, fmt.Errorf("read learnings: %w", err)
		}
		if !snap.Exists {
			res.Reason = "the file does not exist"
			return res, nil
		}
		if _, err := planForget(m, opts, res, snap.Src); err != nil {
			return nil, err
		}
		return res, nil
	}
	backup, err := m.write(func(current []byte, exists bool) ([]byte, bool, error) {
		res.Reason = ""
		if !exists {
			res.Reason = "the file does not exist"
			return current, false, nil
		}
		next, err := planForget(m, opts, res, current)
		if err != nil || res.Reason != "" {
			return current, false, err
		}
		return next, true, nil
	})
	if err != nil {
		return nil, err
	}
	res.Backup = backup
	res.Forgotten = res.Reason == ""
	if err := findCopies(m, res); err != nil {
		return nil, err
	}
	if opts.PurgeBackups {
		if err := PurgeForgotten(m, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func (o ForgetOptions) narrowed() bool { return o.any() || o.Item != "" }

// check refuses selectors that cannot be used, before the file is read.
func (o ForgetOptions) check() error {
	for _, c := range o.Categories {
		if strings.TrimSpace(c) == "" {
			return usageErrorf("--category needs a category name")
		}
	}
	for _, m := range o.Matches {
		if strings.TrimSpace(m) == "" {
			return usageErrorf("--match needs some text")
		}
	}
	if len(o.IDs) > 0 && len(o.Sessions)+len(o.Matches)+len(o.Categories) > 0 {
		return usageErrorf("--id picks learnings by ID and is not combined with --session, --match or --category")
	}
	if o.Item != "" && o.any() {
		return usageErrorf("forget takes one learning or session ID, or selectors, not both")
	}
	return nil
}

func usageErrorf(format string, a ...any) error {
	return mark(fmt.Errorf(format, a...), ErrUsage)
}

// planForget works out what forgetting does to src, filling res, and
// returns the new content. res.Reason is set when there is nothing to
// forget.
func planForget(m *Memory, opts ForgetOptions, res *ForgetResult, src []byte) ([]byte, error) {
	res.BytesBefore, res.BytesAfter = len(src), len(src)
	res.Sessions, res.Learnings, res.Sections, res.forgotten = []ForgottenSession{}, []ForgottenLearning{}, nil, nil
	doc := learnings.Parse(src)
	if opts.narrowed() {
		m.warnDamage(doc)
	}
	if !opts.narrowed() {
		if len(src) == 0 {
			res.Reason = "the file is already empty"
			return src, nil
		}
		for _, s := range doc.Sessions {
			res.Sessions = append(res.Sessions, forgottenSession(s))
		}
		for _, s := range doc.Sections {
			res.Sections = append(res.Sections, ForgottenSection{Title: s.Title, Line: s.Span.Line})
		}
		res.Counts = map[string]int{"sessions": len(doc.Sessions), "learnings": len(doc.Learnings()), "sections": len(doc.Sections)}
		res.ByCategory = forgottenByCategory(doc.Learnings())
		res.BytesAfter = 0
		return []byte{}, nil
	}
	sel := opts.ForgetSelectors
	if opts.Item != "" {
		var err error
		if sel, err = itemSelectors(m, doc, opts.Item); err != nil {
			return nil, err
		}
	}
	for _, c := range sel.Categories {
		if err := memview.CheckCategory(doc, c); err != nil {
			return nil, err
		}
	}
	if err := doc.Writable(); err != nil {
		return nil, mark(fmt.Errorf("cannot forget part of %s: %w (or forget everything)", res.File, err), ErrConflict)
	}
	chosen, err := chooseForget(doc, sel)
	if err != nil {
		return nil, err
	}
	if chosen.empty() {
		return nil, mark(fmt.Errorf("%w %s in %s; nothing forgotten", errNothingSelected, DescribeForget(sel), res.File), ErrNotFound)
	}
	e := doc.Edit()
	for _, s := range chosen.Sessions {
		res.Sessions = append(res.Sessions, forgottenSession(s))
		e.RemoveSession(s)
	}
	gone := slices.Clone(chosen.Learnings)
	for _, s := range chosen.Sessions {
		for _, c := range s.Categories {
			gone = append(gone, c.Learnings...)
		}
	}
	res.ByCategory = forgottenByCategory(gone)
	for _, l := range chosen.Learnings {
		res.Learnings = append(res.Learnings, ForgottenLearning{Learning: NewLearning(l), Line: l.Span.Line})
		res.forgotten = append(res.forgotten, l.Text)
		e.RemoveLearning(l)
	}
	sessions, n := chosen.count()
	res.Counts = map[string]int{"sessions": sessions, "learnings": n}
	out, err := e.Bytes()
	if err != nil {
		return nil, mark(fmt.Errorf("forget in %s: %w", res.File, err), ErrConflict)
	}
	res.BytesAfter = len(out)
	return out, nil
}

// itemSelectors reads the page's one ID: a learning's or a session's, in
// full, as the page shows it.
func itemSelectors(m *Memory, doc *learnings.Document, id string) (ForgetSelectors, error) {
	if l, err := doc.FindLearning(id); err == nil && l.ID == id {
		return ForgetSelectors{IDs: []string{id}}, nil
	}
	if s, err := doc.FindSession(id); err == nil && s.ID == id {
		return ForgetSelectors{Sessions: []string{id}}, nil
	}
	return ForgetSelectors{}, mark(fmt.Errorf("no learning or session %s in %s (it may be gone already: the page shows the file as it is now)", id, m.Display), ErrNotFound)
}

// DescribeForget writes the selectors as the flags that give them.
func DescribeForget(sel ForgetSelectors) string {
	var parts []string
	for _, s := range sel.Sessions {
		parts = append(parts, fmt.Sprintf("--session %q", s))
	}
	for _, m := range sel.Matches {
		parts = append(parts, fmt.Sprintf("--match %q", m))
	}
	for _, c := range sel.Categories {
		parts = append(parts, fmt.Sprintf("--category %q", c))
	}
	return strings.Join(parts, " ")
}

// forgottenByCategory counts ls by canonical category, the spec's five
// first in their order, then custom ones as they come.
func forgottenByCategory(ls []*learnings.Learning) []ForgottenCount {
	out := []ForgottenCount{}
	index := map[string]int{}
	for _, name := range learnings.Priority {
		index[name] = len(out)
		out = append(out, ForgottenCount{Category: name})
	}
	for _, l := range ls {
		name, _ := learnings.NormalizeCategory(l.Category)
		i, ok := index[name]
		if !ok {
			i = len(out)
			index[name] = i
			out = append(out, ForgottenCount{Category: Clean(name)})
		}
		out[i].Count++
	}
	return slices.DeleteFunc(out, func(c ForgottenCount) bool { return c.Count == 0 })
}

func forgottenSession(s *learnings.Session) ForgottenSession {
	return ForgottenSession{SessionRef: NewSessionRef(s), Line: s.Span.Line, Learnings: countLearnings(s.Categories)}
}
