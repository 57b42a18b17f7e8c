package ops

import (
	"cmp"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// Limits of one store: far above what a session teaches, far below what
// would make the file useless to recall.
const (
	MaxInputBytes = 256 * 1000
	MaxLearnings  = 100
)

// StoreOptions is one session's worth of learnings to store.
type StoreOptions struct {
	Focus string
	// Project names the project in the header; the project root's name
	// when empty.
	Project string
	// Docs are the documentation references the session saw.
	Docs []string
	// Replaces are the IDs of stored learnings the new ones replace.
	Replaces []string
	// Source is the learnings as Markdown (stdin), read when Learnings is
	// empty; over MaxInputBytes it is refused.
	Source []byte
	// Learnings are the learnings given one by one (the per-category
	// flags), in the order given.
	Learnings []learnings.NewLearning
	// DryRun plans on the file as it is and writes nothing.
	DryRun bool
}

// StoreResult is what Store stored, skipped and replaced: the JSON of
// learn store --json.
type StoreResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	DryRun     bool   `json:"dry_run"`
	Written    bool   `json:"written"`
	// Stamp, Focus, Project and Docs are the new session's header.
	Stamp   string   `json:"stamp"`
	Focus   string   `json:"focus"`
	Project string   `json:"project"`
	Docs    []string `json:"docs"`
	// SessionDocs are the references of Docs that came from the agent
	// session's record (the documents it opened), not from --docs.
	SessionDocs []string `json:"session_docs,omitempty"`
	// Session is the new session; absent when nothing new was stored.
	Session *SessionRef `json:"session,omitempty"`
	// Stored are the learnings stored (or, on a dry run, to be stored).
	Stored   []Learning       `json:"stored"`
	Skipped  []SkippedInput   `json:"skipped"`
	Updates  []UpdatedStored  `json:"updates"`
	Replaced []Learning       `json:"replaced"`
	Quality  []QualityWarning `json:"quality"`
	// Warnings say the file is now over its size limit, and what would
	// bring it back under.
	Warnings []string `json:"warnings"`
	// Backup names the copies taken before --replaces rewrote a stored
	// learning ('learn undo' restores them).
	Backup *Backup `json:"backup,omitempty"`
	// PrivateRemoved counts the <private> spans taken out, PrivateOnly
	// the learnings that held nothing else and were dropped.
	PrivateRemoved int `json:"private_removed"`
	PrivateOnly    int `json:"private_only"`
	// Notes are the category labels corrected to the spec's names.
	Notes []InputNote `json:"notes"`
	// Preview is the session as it would be written, on a dry run.
	Preview string `json:"preview,omitempty"`
}

// SkippedInput is an input learning not stored because it is already
// known: the same as a stored learning (DuplicateOf) or as an earlier one
// of the input (DuplicateOfInput, its number).
type SkippedInput struct {
	Number           int       `json:"number"`
	Category         string    `json:"category"`
	Text             string    `json:"text"`
	DuplicateOf      *Learning `json:"duplicate_of,omitempty"`
	DuplicateOfInput int       `json:"duplicate_of_input,omitempty"`
	Score            float64   `json:"score"`
}

// UpdatedStored is a stored learning an input learning updates: both are
// kept, and the user decides whether the new one replaces it.
type UpdatedStored struct {
	Number  int              `json:"number"`
	Stored  Learning         `json:"stored"`
	Score   float64          `json:"score"`
	Changes []similar.Change `json:"changes"`
}

// QualityWarning says an input learning looks ephemeral; it is stored all
// the same.
type QualityWarning struct {
	Number  int    `json:"number"`
	Text    string `json:"text"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// InputNote is a correction made to the input: a category label written
// as the spec's name.
type InputNote struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Store stores a session's learnings first under Recent Sessions, creating
// the file when missing: learn store. It strips <private> spans, refuses
// secrets (ErrRefused, nothing written, the secret never echoed) and input
// over the limits, skips what is certainly already stored, names what
// updates a stored learning, and with Replaces strikes the replaced
// learnings through in the same locked write, after a backup. Notes on the
// input and damage in the file go to m.Warn as they are found. Run inside
// an agent session (m.Session), the documents the session opened are added
// to Documentation Seen after the given ones, each once.
func Store(m *Memory, opts StoreOptions) (*StoreResult, error) {
	var fromSession []string
	opts.Docs, fromSession = withSessionDocs(opts.Docs, sessionDocs(m.agentSession()))
	in, err := gather(m, opts)
	if err != nil {
		return nil, err
	}
	res := &StoreResult{
		File: m.Display, FileReason: m.Reason, DryRun: opts.DryRun, Focus: cleanInput(in.Focus), Project: cleanInput(in.Project), Docs: cleanInputs(in.Docs),
		Stored: []Learning{}, Skipped: []SkippedInput{}, Updates: []UpdatedStored{}, Replaced: []Learning{}, Quality: []QualityWarning{},
		Warnings: []string{}, PrivateRemoved: in.PrivateRemoved, PrivateOnly: in.PrivateOnly, Notes: []InputNote{},
	}
	for _, d := range fromSession {
		if slices.Contains(in.Docs, d) {
			res.SessionDocs = append(res.SessionDocs, cleanInput(d))
		}
	}
	for _, n := range in.Notes {
		res.Notes = append(res.Notes, InputNote{Line: n.Line, Message: n.Message})
		if m.Warn != nil {
			fmt.Fprintf(m.Warn, "note: stdin:%d: %s\n", n.Line, n.Message)
		}
	}
	if err := input.CheckSecrets(in); err != nil {
		return nil, mark(err, ErrRefused)
	}
	for i, l := range in.Learnings {
		for _, w := range input.Quality(l.Text) {
			res.Quality = append(res.Quality, QualityWarning{Number: i + 1, Text: cleanInput(l.Text), Kind: w.Kind, Message: w.Message})
		}
	}

	now := m.Now()
	res.Stamp = learnings.FormatStamp(now)
	session := learnings.NewSession{Time: now, Focus: in.Focus, Project: in.Project, Docs: in.Docs}
	var rendered []byte
	warned := false
	plan := func(current []byte, exists bool) ([]byte, bool, error) {
		res.Skipped, res.Updates, res.Warnings, rendered = res.Skipped[:0], res.Updates[:0], res.Warnings[:0], nil
		// The file's IDs are worked out only when the store names a
		// stored learning (dedup, --replaces): storing new learnings
		// does not hash every text of the file.
		doc := learnings.ParseWithoutIDs(current)
		if !warned {
			warned = m.warnDamage(doc) > 0
		}
		if len(opts.Replaces) > 0 {
			doc.AssignIDs()
		}
		olds, err := resolveReplaces(doc, opts.Replaces)
		if err != nil {
			return nil, false, err
		}
		var sameAs []*learnings.Learning
		session.Learnings, sameAs = dedup(doc, in.Learnings, olds, &res.Skipped, &res.Updates)
		date := now.Format("2006-01-02")
		if len(session.Learnings) == 0 {
			if len(olds) == 0 || len(sameAs) == 0 {
				return current, false, nil
			}
			// The replacement is stored already: only mark the old.
			next, err := supersede(doc, olds, sameAs, date, &res.Replaced)
			if err != nil || opts.DryRun {
				return current, false, err
			}
			res.Written = true
			return next, true, nil
		}
		next, err := doc.Edit().InsertSession(session).Bytes()
		if err != nil {
			return nil, false, mark(fmt.Errorf("%s: %w", res.File, err), ErrConflict)
		}
		if len(olds) > 0 {
			after := learnings.Parse(next)
			if next, err = supersede(after, olds, newSessionLearnings(after), date, &res.Replaced); err != nil {
				return nil, false, err
			}
		}
		if limit := m.limit(); len(next) > limit {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s is now %s: %s", res.File, learnings.OverLimit(len(next), limit),
				learnings.SizeAdviceFor(len(next), len(doc.Sessions)+1, limit)))
		}
		rendered = learnings.RenderSession(session, doc.EOL)
		if opts.DryRun {
			return current, false, nil
		}
		res.Written = true
		return next, len(olds) > 0, nil
	}
	if opts.DryRun {
		// The plan parses the bytes itself.
		src, exists, err := m.source()
		if err != nil {
			return nil, fmt.Errorf("read learnings: %w", err)
		}
		if _, _, err := plan(src, exists); err != nil {
			return nil, err
		}
		res.Preview = cleanInput(string(rendered))
	} else {
		backup, err := m.write(plan)
		if err != nil {
			if errors.Is(err, ErrBusy) {
				return nil, err
			}
			return nil, fmt.Errorf("store: %w", err)
		}
		res.Backup = backup
	}
	res.identify(rendered, session)
	return res, nil
}

// gather reads the learnings and checks the session fields.
func gather(m *Memory, opts StoreOptions) (*input.Input, error) {
	in := &input.Input{Focus: opts.Focus, Project: opts.Project, Docs: opts.Docs}
	if in.Project == "" {
		in.Project = filepath.Base(m.Root)
	}
	if len(opts.Learnings) > 0 {
		in.Learnings = append(in.Learnings, opts.Learnings...)
	} else {
		if len(opts.Source) > MaxInputBytes {
			return nil, mark(fmt.Errorf("the input is over %s, the most one store takes; a session's learnings are a few KB: "+
				"store the few that matter, or split them over several stores; nothing was written", learnings.HumanSize(MaxInputBytes)), ErrRefused)
		}
		in.Source = opts.Source
		if in.Source == nil {
			in.Source = []byte{}
		}
	}
	if err := in.Prepare(); err != nil {
		return nil, err
	}
	if n := len(in.Learnings); n > MaxLearnings {
		return nil, mark(fmt.Errorf("the input holds %d learnings, over the %d one store takes; store the ones this session "+
			"really taught in several stores; nothing was written", n, MaxLearnings), ErrRefused)
	}
	return in, nil
}

// assignIDsIfNamed gives the stored learnings store's result and
// summarise's verdicts may name their IDs: the one a candidate is the same
// as, else the one it updates. New candidates alone never hash the file,
// and a named learning hashes those below it, not those above
// (AssignIDsOf).
func assignIDsIfNamed(doc *learnings.Document, known []input.Known) {
	var named []*learnings.Learning
	for _, k := range known {
		if l := cmp.Or(k.Same, k.Update); l != nil {
			named = append(named, l)
		}
	}
	doc.AssignIDsOf(named...)
}

// dedup drops learnings that are the same as a live stored one (other than
// those being replaced) or as one earlier in the input, recording each in
// skips, and returns the rest in input order with the stored learnings the
// skipped ones are the same as. A learning that updates a stored one is
// kept and recorded in updates.
func dedup(doc *learnings.Document, ls []learnings.NewLearning, replacing []*learnings.Learning, skips *[]SkippedInput, updates *[]UpdatedStored) (keep []learnings.NewLearning, sameAs []*learnings.Learning) {
	texts := make([]string, len(ls))
	for i, l := range ls {
		texts[i] = l.Text
	}
	stored := doc.Learnings()
	if len(replacing) > 0 {
		stored = slices.DeleteFunc(slices.Clone(stored), func(l *learnings.Learning) bool { return slices.Contains(replacing, l) })
	}
	known := input.AgainstStored(stored, texts)
	assignIDsIfNamed(doc, known)
	inputIx := similar.NewSameIndex()
	for i, l := range ls {
		if k := known[i].Same; k != nil {
			of := NewLearning(k)
			*skips = append(*skips, SkippedInput{Number: i + 1, Category: cleanInput(l.Category), Text: cleanInput(l.Text), DuplicateOf: &of, Score: input.RoundScore(known[i].Score)})
			sameAs = append(sameAs, k)
			continue
		}
		t := similar.Prepare(l.Text)
		if j, ok := inputIx.Find(t); ok {
			*skips = append(*skips, SkippedInput{Number: i + 1, Category: cleanInput(l.Category), Text: cleanInput(l.Text), DuplicateOfInput: j + 1, Score: 1})
			continue
		}
		inputIx.Add(i, t)
		keep = append(keep, l)
		if u := known[i].Update; u != nil && !slices.Contains(replacing, u) {
			*updates = append(*updates, UpdatedStored{Number: i + 1, Stored: NewLearning(u),
				Score: input.RoundScore(known[i].Score), Changes: similar.Diff(Clean(u.Content()), cleanInput(l.Text))})
		}
	}
	return keep, sameAs
}

// newSessionLearnings are the learnings of the session store just
// inserted: the first in the file, since a new session goes above all
// others.
func newSessionLearnings(doc *learnings.Document) []*learnings.Learning {
	if len(doc.Sessions) == 0 {
		return nil
	}
	var out []*learnings.Learning
	for _, c := range doc.Sessions[0].Categories {
		out = append(out, c.Learnings...)
	}
	return out
}

// identify fills in the IDs the new session and its learnings get, by
// reading back the rendered session alone.
func (r *StoreResult) identify(rendered []byte, s learnings.NewSession) {
	if rendered == nil {
		return
	}
	doc := learnings.Parse(rendered)
	if len(doc.Sessions) == 1 {
		ref := NewSessionRef(doc.Sessions[0])
		r.Session = &ref
	}
	for _, l := range doc.Learnings() {
		r.Stored = append(r.Stored, NewLearning(l))
	}
	if len(r.Stored) == 0 {
		for _, l := range s.Learnings {
			r.Stored = append(r.Stored, Learning{Category: cleanInput(l.Category), Text: cleanInput(l.Text)})
		}
	}
}
