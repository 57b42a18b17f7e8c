package ops

import (
	"fmt"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// ShowOptions names what Show shows: a learning's or a session's ID, or a
// unique prefix of one.
type ShowOptions struct {
	ID string
}

// ShowResult is one learning or one session in full, and its JSON shape.
type ShowResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	// Kind is "learning" or "session": which of the two is set.
	Kind     string         `json:"kind"`
	Learning *ShownLearning `json:"learning,omitempty"`
	Session  *SessionDetail `json:"session,omitempty"`
	// Damage lists the parts of the file that could not be read: the ID
	// may be there.
	Damage []learnings.Damage `json:"-"`
}

// ShownLearning is a learning with where it is in the file, its session in
// full, its copies and its chain of versions.
type ShownLearning struct {
	Learning
	// Session shadows Learning's reference with the session in full
	// (without its learnings).
	Session *SessionDetail `json:"session,omitempty"`
	Line    int            `json:"line"`
	EndLine int            `json:"end_line"`
	// Copies are the lines of other learnings with the same ID (the same
	// text in the same category).
	Copies []int `json:"copies,omitempty"`
	// Chain is set for a learning that replaced or was replaced by others.
	Chain *Chain `json:"chain,omitempty"`
}

// SessionDetail is a session in full.
type SessionDetail struct {
	SessionRef
	Project string   `json:"project"`
	Docs    []string `json:"docs"`
	Line    int      `json:"line"`
	EndLine int      `json:"end_line"`
	// Learnings are the session's learnings in file order, when listed.
	Learnings []PlacedLearning `json:"learnings,omitempty"`
}

// PlacedLearning is a learning with the lines it occupies.
type PlacedLearning struct {
	Learning
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
}

// Chain is where a learning stands among its versions: the newer ones
// that replaced it (nearest first) and the older ones it replaced, directly
// or through others (nearest first). The versions are read with the
// engine's reading of the "superseded" note (learnings.ParseSuperseded).
type Chain struct {
	// Superseded is set when the learning itself was replaced.
	Superseded   bool        `json:"superseded,omitempty"`
	SupersededOn string      `json:"superseded_on,omitempty"`
	Newer        []ChainLink `json:"newer,omitempty"`
	Older        []ChainLink `json:"older,omitempty"`
}

// ChainLink is one version in a chain.
type ChainLink struct {
	ID   string `json:"id"`
	Line int    `json:"line"`
	Text string `json:"text"`
	// Missing is set for an ID a note names that is not in the file
	// (edited or forgotten since).
	Missing bool `json:"missing,omitempty"`
}

// Ambiguous is Show's error when several learnings or sessions have IDs
// starting with what was asked.
type Ambiguous struct {
	ID      string
	Matches []ShowMatch
}

// ShowMatch is one of the candidates of an ambiguous ID.
type ShowMatch struct {
	Kind    string
	ID      string
	Line    int
	Stamp   string
	Focus   string
	Text    string
	Session bool
}

func (a *Ambiguous) Error() string {
	return fmt.Sprintf("%q is ambiguous: %d learnings and sessions have IDs starting with it", a.ID, len(a.Matches))
}

// Show finds one learning or session by its ID or a unique prefix of it.
// Nothing found is ErrNotFound; several found is *Ambiguous. A learning
// comes with its session, its copies and its chain of versions.
func Show(m *Memory, opts ShowOptions) (*ShowResult, error) {
	snap, err := m.read()
	if err != nil {
		return nil, err
	}
	return show(m, snap, opts)
}

func show(m *Memory, snap *Snapshot, opts ShowOptions) (*ShowResult, error) {
	doc := snap.Doc
	id := strings.TrimSpace(opts.ID)
	if id == "" {
		return nil, mark(fmt.Errorf("the ID is empty; find IDs with learn search"), ErrUsage)
	}
	out := &ShowResult{File: m.Display, FileReason: m.Reason, Damage: doc.Damage}
	if !snap.Exists {
		return out, mark(fmt.Errorf("no learning or session %q: %s does not exist yet (store learnings with learn store)", id, m.Display), ErrNotFound)
	}
	ms := find(doc, id)
	switch len(ms) {
	case 0:
		hidden := ""
		if len(doc.Damage) > 0 {
			hidden = fmt.Sprintf(" (%s cannot be read, see above; the ID may be there)", plural(DamagedLines(doc.Damage), "line", "lines"))
		}
		return out, mark(fmt.Errorf("no learning or session has an ID starting with %q in %s%s; find IDs with: learn search WORDS", id, m.Display, hidden), ErrNotFound)
	case 1:
	default:
		a := &Ambiguous{ID: id}
		for _, x := range ms {
			if x.learning != nil {
				a.Matches = append(a.Matches, ShowMatch{Kind: "learning", ID: x.learning.ID, Line: x.learning.Span.Line, Text: Clean(x.learning.Text)})
			} else {
				a.Matches = append(a.Matches, ShowMatch{Kind: "session", ID: x.session.ID, Line: x.session.Span.Line, Stamp: x.session.Stamp, Focus: Clean(x.session.Focus), Session: true})
			}
		}
		return out, a
	}
	if l := ms[0].learning; l != nil {
		out.Kind = "learning"
		out.Learning = NewShownLearning(doc, l)
		return out, nil
	}
	out.Kind = "session"
	sd := NewSessionDetail(ms[0].session, true)
	out.Session = &sd
	return out, nil
}

// NewShownLearning is l in full as Show gives it.
func NewShownLearning(doc *learnings.Document, l *learnings.Learning) *ShownLearning {
	sl := &ShownLearning{Learning: NewLearning(l), Line: l.Span.Line, EndLine: l.Span.EndLine}
	sl.Learning.Session = nil
	if l.Superseded != nil {
		sl.SupersededBy = l.Superseded.By
	}
	if l.Session != nil {
		sd := NewSessionDetail(l.Session, false)
		sl.Session = &sd
	}
	for _, o := range doc.Learnings() {
		if o != l && o.ID == l.ID {
			sl.Copies = append(sl.Copies, o.Span.Line)
		}
	}
	if c := ChainOf(doc, l); c.Superseded || len(c.Newer)+len(c.Older) > 0 {
		sl.Chain = &c
	}
	return sl
}

// NewSessionDetail is s in full, with its learnings when withLearnings.
func NewSessionDetail(s *learnings.Session, withLearnings bool) SessionDetail {
	sd := SessionDetail{SessionRef: NewSessionRef(s), Project: Clean(s.Project), Docs: []string{}, Line: s.Span.Line, EndLine: s.Span.EndLine}
	for _, d := range s.Docs {
		sd.Docs = append(sd.Docs, Clean(d))
	}
	if withLearnings {
		sd.Learnings = []PlacedLearning{}
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				pl := PlacedLearning{Learning: NewLearning(l), Line: l.Span.Line, EndLine: l.Span.EndLine}
				pl.Learning.Session = nil
				if l.Superseded != nil {
					pl.SupersededBy = l.Superseded.By
				}
				sd.Learnings = append(sd.Learnings, pl)
			}
		}
	}
	return sd
}

// ChainOf is l's chain of versions. A note may name the newer learning by
// a prefix of its ID, as a person writes it.
func ChainOf(doc *learnings.Document, l *learnings.Learning) Chain {
	var c Chain
	if l.Superseded != nil {
		c.Superseded, c.SupersededOn = true, l.Superseded.Date
	}
	seen := map[*learnings.Learning]bool{l: true}
	for cur := l; cur.Superseded != nil && cur.Superseded.By != ""; {
		next, err := doc.FindLearning(cur.Superseded.By)
		if err != nil {
			c.Newer = append(c.Newer, ChainLink{ID: cur.Superseded.By, Missing: true})
			break
		}
		if seen[next] {
			break
		}
		seen[next] = true
		c.Newer = append(c.Newer, link(next))
		cur = next
	}
	all := doc.Learnings()
	for frontier := []*learnings.Learning{l}; len(frontier) > 0; {
		var next []*learnings.Learning
		for _, o := range all {
			if o.Superseded == nil || o.Superseded.By == "" || seen[o] {
				continue
			}
			for _, f := range frontier {
				if strings.HasPrefix(f.ID, o.Superseded.By) {
					seen[o] = true
					c.Older = append(c.Older, link(o))
					next = append(next, o)
					break
				}
			}
		}
		frontier = next
	}
	return c
}

func link(l *learnings.Learning) ChainLink {
	return ChainLink{ID: l.ID, Line: l.Span.Line, Text: Clean(l.Content())}
}

type match struct {
	learning *learnings.Learning
	session  *learnings.Session
}

func (m match) id() string {
	if m.learning != nil {
		return m.learning.ID
	}
	return m.session.ID
}

// find lists the learnings and sessions whose ID is id, else those whose ID
// starts with it, else the learning an older learn gave the ID id.
func find(doc *learnings.Document, id string) []match {
	id = strings.ToLower(id)
	var exact, prefix []match
	consider := func(m match) {
		got := strings.ToLower(m.id())
		switch {
		case got == "":
		case got == id:
			exact = append(exact, m)
		case strings.HasPrefix(got, id):
			prefix = append(prefix, m)
		}
	}
	for _, s := range doc.Sessions {
		consider(match{session: s})
	}
	for _, l := range doc.Learnings() {
		consider(match{learning: l})
	}
	if len(exact) > 0 {
		return dedupe(exact)
	}
	if len(prefix) == 0 {
		// An ID an older learn printed still names its learning.
		if l := doc.FormerID(id); l != nil {
			return []match{{learning: l}}
		}
	}
	return dedupe(prefix)
}

func dedupe(ms []match) []match {
	var out []match
	for _, m := range ms {
		if slices.ContainsFunc(out, func(o match) bool { return o.id() == m.id() && (o.learning != nil) == (m.learning != nil) }) {
			continue
		}
		out = append(out, m)
	}
	return out
}
