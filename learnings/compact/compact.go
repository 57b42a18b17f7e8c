// Package compact folds a learnings file's sessions into its Consolidated
// Learnings section: the spec's /learning-compact, done deterministically so
// that nothing but duplicates is lost and hand-written text survives.
package compact

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// Options says which sessions to fold.
type Options struct {
	// Keep leaves the newest Keep sessions in place; the spec's compact
	// folds all of them (Keep 0).
	Keep int
}

// Plan is what a compaction will do to one document.
type Plan struct {
	// Consolidated is the new Consolidated Learnings, in category priority
	// order, newest wording first inside each category.
	Consolidated []learnings.NewLearning
	// Tally is the merged Documentation Seen tally, most seen first.
	Tally []learnings.DocCount
	// Folded are the sessions that go, in file order.
	Folded []*learnings.Session
	// Kept are the sessions left in place by Options.Keep.
	Kept []*learnings.Session
	Stats
	// merges maps each learning merged as a duplicate to the one kept.
	merges map[string]string
	// entryOf is the entry (the fold's, by number) that keeps each learning
	// folded, -1 for one with nothing to keep; entryTexts are the entries'
	// texts, and written the entry of each learning of Consolidated, in
	// order: what Apply's check reads instead of keying every learning
	// again.
	entryOf    map[*learnings.Learning]int32
	entryTexts []string
	written    []int32
	// sessionsAfter counts the sessions of the result, as Apply's check
	// read it.
	sessionsAfter int
	// planned is the document planned, and unread its Unread(), which the
	// report and Apply read three times: each working out scans the whole
	// file again.
	planned *learnings.Document
	unread  []learnings.Unread
}

// Stats counts what a compaction folds and merges, for the report.
type Stats struct {
	SessionsFolded int `json:"sessions_folded"`
	SessionsKept   int `json:"sessions_kept"`
	// LearningsFolded counts learnings taken out of folded sessions.
	LearningsFolded int `json:"learnings_folded"`
	// ConsolidatedBefore and ConsolidatedAfter count Consolidated learnings.
	ConsolidatedBefore int `json:"consolidated_before"`
	ConsolidatedAfter  int `json:"consolidated_after"`
	// Merged counts learnings dropped as duplicates of a newer wording.
	Merged int `json:"duplicates_merged"`
	// Superseded counts superseded learnings left out of Consolidated
	// (the backup keeps them).
	Superseded int `json:"superseded_dropped"`
	// DocRefs counts distinct Documentation Seen references in the tally.
	DocRefs int `json:"doc_refs"`
}

// NewPlan works out the compaction of doc. It reads only the model; Apply
// turns the plan into bytes.
func NewPlan(doc *learnings.Document, opts Options) *Plan {
	p := &Plan{planned: doc, unread: doc.Unread()}
	order := newestFirst(doc.Sessions)
	keep := min(max(opts.Keep, 0), len(order))
	kept := make(map[*learnings.Session]bool, keep)
	for _, s := range order[:keep] {
		kept[s] = true
	}
	for _, s := range doc.Sessions {
		if kept[s] {
			p.Kept = append(p.Kept, s)
		} else {
			p.Folded = append(p.Folded, s)
		}
	}

	// The learnings to fold, newest first, each with its category label,
	// in a list sized for them: grown from empty it was copied a dozen
	// times (growslice, 1-2 % of a 10 MB compact's CPU in its profile).
	n := 0
	for _, s := range order[keep:] {
		for _, c := range s.Categories {
			n += len(c.Learnings)
		}
	}
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			n += len(c.Learnings)
		}
	}
	f := newFolder(n)
	folded := make([]folding, 0, n)
	for _, s := range order[keep:] {
		for _, c := range s.Categories {
			category := f.labelOf(c.Name)
			for _, l := range c.Learnings {
				p.LearningsFolded++
				if l.Superseded != nil {
					p.Superseded++
					continue
				}
				folded = append(folded, folding{category, l.Text, l})
			}
		}
	}
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			category := f.labelOf(c.Name)
			for _, l := range c.Learnings {
				p.ConsolidatedBefore++
				if l.Superseded != nil {
					p.Superseded++
					continue
				}
				folded = append(folded, folding{category, l.Text, l})
			}
		}
	}
	p.entryOf = make(map[*learnings.Learning]int32, len(folded))
	// Preparing the texts is most of the fold's work and each is prepared
	// on its own: they are prepared on every CPU and folded in order as
	// they come. The fold only merges the same learning, which needs the
	// key of a text only when another text may be its repeat, and its
	// features only when another text has its key; a word for word copy
	// goes where the text it repeats went.
	similar.PrepareCopiesInOrder(len(folded), func(i int) string { return folded[i].text }, func(i int, t *similar.Text) {
		p.entryOf[folded[i].l] = int32(f.add(folded[i].category, folded[i].text, t))
	}, func(i, first int) {
		p.entryOf[folded[i].l] = int32(f.again(folded[i].category, int(p.entryOf[folded[first].l])))
	})
	p.Consolidated, p.written = f.result()
	p.entryTexts = make([]string, len(f.entries))
	for i, e := range f.entries {
		p.entryTexts[i] = e.text
	}
	p.Merged = f.merged
	p.merges = f.into
	p.ConsolidatedAfter = len(p.Consolidated)

	var existing []learnings.DocCount
	if doc.Consolidated != nil {
		existing = doc.Consolidated.Tally
	}
	p.Tally = Tally(existing, order[keep:])
	p.DocRefs = len(p.Tally)
	p.SessionsFolded = len(p.Folded)
	p.SessionsKept = len(p.Kept)
	return p
}

// Apply returns doc's source with the plan applied: Consolidated replaced,
// folded sessions removed, every other byte untouched. It refuses
// (learnings.ErrWouldLose, naming the line) when a learning readable in doc
// would be neither in the result nor merged into one that is.
func (p *Plan) Apply(doc *learnings.Document) ([]byte, error) {
	if err := doc.Writable(); err != nil {
		return nil, err
	}
	e := doc.Edit().SetConsolidated(p.Consolidated, p.Tally)
	for _, s := range p.Folded {
		e.RemoveSession(s)
	}
	out, err := e.Bytes()
	if err != nil {
		return nil, err
	}
	// The editor read its output back to check it: keepUnread and
	// verify read that document rather than parse several MB again,
	// unless keepUnread added to the bytes.
	after := e.Result()
	checked := after != nil
	us := p.unreadOf(doc)
	if kept := keepUnread(doc, us, p.Folded, out, after); len(kept) != len(out) {
		// The lines kept go into a section learn reads no learnings
		// from: the editor's check holds for kept as long as it reads
		// as the same learnings.
		again := learnings.ParseWithoutIDs(kept)
		checked = checked && sameLearnings(after, again)
		out, after = kept, again
	}
	if checked && p.writesItsFold() {
		err = p.verifyFold(doc, after)
	} else {
		err = p.verify(doc, out, after)
	}
	if err != nil {
		return nil, err
	}
	if err := keptAll(doc, us, out); err != nil {
		return nil, err
	}
	return out, nil
}

// KeptTitle is the hand-written section where compact keeps, as written,
// what folded sessions held that is not read as learnings (entry headings,
// paragraphs, tables, code blocks): folding a session must not lose it.
const KeptTitle = "Kept by compact"

// keepUnread copies the unread lines of the folded sessions, byte for
// byte, into the section KeptTitle of out: at its end when out has one,
// else a new one above the sessions.
// us is doc.Unread(); parsed is out as parsed, or nil.
func keepUnread(doc *learnings.Document, us []learnings.Unread, folded []*learnings.Session, out []byte, parsed *learnings.Document) []byte {
	var kept []byte
	eol := doc.EOL
	for _, s := range folded {
		var blocks []byte
		for _, u := range us {
			if u.Kind != learnings.UnreadSession || u.Line < s.Span.Line || u.EndLine > s.Span.EndLine {
				continue
			}
			sp := u.Span()
			blocks = append(blocks, doc.Source[sp.Start:sp.End]...)
			if !strings.HasSuffix(string(blocks), "\n") {
				blocks = append(blocks, eol...)
			}
			blocks = append(blocks, eol...)
		}
		if len(blocks) == 0 {
			continue
		}
		kept = append(kept, "### From session "+strings.TrimSpace(s.Header)+eol+eol...)
		kept = append(kept, blocks...)
	}
	if len(kept) == 0 {
		return out
	}
	d := parsed
	if d == nil {
		d = learnings.Parse(out)
	}
	for _, sec := range d.Sections {
		if strings.EqualFold(strings.TrimSpace(sec.Title), KeptTitle) {
			return splice(out, sec.Span.End, kept, eol)
		}
	}
	block := append([]byte("## "+KeptTitle+eol+eol+"What compacted sessions held that learn does not read as learnings, kept as written."+eol+eol), kept...)
	at := len(out)
	switch {
	case d.Recent != nil:
		at = d.Recent.Start
	case len(d.Sessions) > 0:
		at = d.Sessions[0].Span.Start
	}
	return splice(out, at, block, eol)
}

// SessionsAfter counts the sessions left in the bytes Apply returned, so
// that a caller advising on their size need not parse them again: a 10 MB
// memory compacts to several MB, whose parse cost compact a tenth of its
// CPU time.
func (p *Plan) SessionsAfter() int { return p.sessionsAfter }

// unreadOf is doc.Unread(), worked out once for the document planned.
func (p *Plan) unreadOf(doc *learnings.Document) []learnings.Unread {
	if doc == p.planned {
		return p.unread
	}
	return doc.Unread()
}

// UnreadFolded counts the lines of the folded sessions that are not read
// as learnings: what Apply keeps under KeptTitle.
func (p *Plan) UnreadFolded() int {
	n := 0
	for _, u := range p.unread {
		for _, s := range p.Folded {
			if u.Kind == learnings.UnreadSession && s.Span.Line <= u.Line && u.EndLine <= s.Span.EndLine {
				n += u.Lines
			}
		}
	}
	return n
}

// splice inserts b at offset at of out, on a line of its own.
func splice(out []byte, at int, b []byte, eol string) []byte {
	var res []byte
	res = append(res, out[:at]...)
	if at > 0 && out[at-1] != '\n' {
		res = append(res, eol...)
	}
	res = append(res, b...)
	return append(res, out[at:]...)
}

// keptAll checks that every line of doc not read as learnings (us) is
// still in out, as written: compact refuses rather than drop what it
// cannot read.
func keptAll(doc *learnings.Document, us []learnings.Unread, out []byte) error {
	if len(us) == 0 {
		return nil // every line was read: the learnings check covers them
	}
	have := map[string]int{}
	for _, l := range strings.Split(string(out), "\n") {
		have[strings.TrimSpace(l)]++
	}
	for _, u := range us {
		sp := u.Span()
		for i, l := range strings.Split(string(doc.Source[sp.Start:sp.End]), "\n") {
			t := strings.TrimSpace(l)
			if t == "" {
				continue
			}
			if have[t] == 0 {
				return fmt.Errorf("refused, nothing written: line %d (%q), which learn does not read as a learning, would be lost by the compaction; run `learn import --in-place` first: %w",
					u.Line+i, cut(t), learnings.ErrWouldLose)
			}
			have[t]--
		}
	}
	return nil
}

func cut(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

// verify checks out against doc: every learning still there, or merged
// into a duplicate that is. after is out as parsed, or nil.
func (p *Plan) verify(doc *learnings.Document, out []byte, after *learnings.Document) error {
	if after == nil {
		after = learnings.Parse(out)
	}
	p.sessionsAfter = len(after.Sessions)
	// Sized for every learning of out: grown from empty, the map was
	// rehashed a dozen times on a 10 MB memory.
	got := make(map[string]bool, len(after.Learnings()))
	for _, l := range after.Learnings() {
		got[p.keyOf(l.Text)] = true
	}
	for _, l := range doc.Learnings() {
		if l.Superseded != nil {
			continue // left out on purpose; the backup keeps it
		}
		k := p.keyOf(l.Text)
		for hops := 0; k != "" && !got[k] && hops < 64; hops++ {
			k = p.merges[k]
		}
		if k == "" || !got[k] {
			if p.keyOf(l.Text) == "" {
				continue // an empty item: nothing to keep
			}
			return lost(l)
		}
	}
	return nil
}

// sameLearnings reports whether a and b hold the same learnings, saying
// the same, in the same order.
func sameLearnings(a, b *learnings.Document) bool {
	la, lb := a.Learnings(), b.Learnings()
	return slices.EqualFunc(la, lb, func(x, y *learnings.Learning) bool { return x.Content() == y.Content() })
}

// writesItsFold reports whether p.Consolidated is the list the fold made
// (as NewPlan left it), whose entries verifyFold knows.
func (p *Plan) writesItsFold() bool {
	if len(p.written) != len(p.Consolidated) {
		return false
	}
	for i, n := range p.written {
		// The texts are the entries' own strings: equal ones compare
		// without reading their bytes.
		if p.Consolidated[i].Text != p.entryTexts[n] {
			return false
		}
	}
	return true
}

// verifyFold is verify for bytes the editor read back (after) and found
// to hold every learning it was asked to write: those of Consolidated and
// of the kept sessions. What is left to prove is what verify proves, that
// every learning of doc but the superseded ones and the empty items is
// in a kept session or was folded into an entry written to Consolidated,
// itself or as the duplicate of one; the fold says which entry keeps
// each, so nothing is keyed again. Keying every learning before and after
// again, through maps of their texts, took 60 ms of the 900 ms of CPU of a
// compact of the default generator's 10 MB memory.
func (p *Plan) verifyFold(doc *learnings.Document, after *learnings.Document) error {
	p.sessionsAfter = len(after.Sessions)
	inOut := make([]bool, len(p.entryTexts))
	for _, n := range p.written {
		inOut[n] = true
	}
	kept := make(map[*learnings.Session]bool, len(p.Kept))
	for _, s := range p.Kept {
		kept[s] = true
	}
	for _, l := range doc.Learnings() {
		if l.Superseded != nil || l.Session != nil && kept[l.Session] {
			continue
		}
		n, folded := p.entryOf[l]
		if n < 0 && folded {
			continue // an empty item: nothing to keep
		}
		if !folded || !inOut[n] {
			return lost(l)
		}
	}
	return nil
}

// lost is the refusal of a compaction that would lose l.
func lost(l *learnings.Learning) error {
	text := []rune(strings.TrimSpace(l.Text))
	if len(text) > 60 {
		text = append(text[:59], '…')
	}
	return fmt.Errorf("refused, nothing written: the learning at line %d (%q) would be lost by the compaction: %w",
		l.Span.Line, string(text), learnings.ErrWouldLose)
}

// keyOf is keyOf of text's canonical form. Only verify, the check of
// bytes the editor's check did not read as written (see Apply), keys
// learnings: verifyFold reads the fold's own record instead.
func (p *Plan) keyOf(text string) string {
	return keyOf(similar.Canonical(text), text)
}

// newestFirst orders sessions by their stamps, newest first. When any
// stamp is unreadable the file order is used, which is newest first in a
// file written by learn or by the prompt-only commands.
func newestFirst(sessions []*learnings.Session) []*learnings.Session {
	order := slices.Clone(sessions)
	for _, s := range order {
		if s.Time.IsZero() {
			return order
		}
	}
	slices.SortStableFunc(order, func(a, b *learnings.Session) int { return b.Time.Compare(a.Time) })
	return order
}

// Tally merges the existing Documentation Seen tally with the references of
// sessions, each session counting a reference once. The result is sorted by
// count, most seen first, then by reference.
func Tally(existing []learnings.DocCount, sessions []*learnings.Session) []learnings.DocCount {
	counts := make(map[string]int)
	var refs []string
	bump := func(ref string, n int) {
		ref = strings.TrimSpace(strings.Trim(strings.TrimSpace(ref), "`"))
		if ref == "" || n <= 0 {
			return
		}
		if _, ok := counts[ref]; !ok {
			refs = append(refs, ref)
		}
		counts[ref] += n
	}
	for _, d := range existing {
		bump(d.Ref, d.Count)
	}
	for _, s := range sessions {
		seen := make(map[string]bool, len(s.Docs))
		for _, ref := range s.Docs {
			if !seen[ref] {
				seen[ref] = true
				bump(ref, 1)
			}
		}
	}
	out := make([]learnings.DocCount, 0, len(refs))
	for _, r := range refs {
		out = append(out, learnings.DocCount{Ref: r, Count: counts[r]})
	}
	slices.SortStableFunc(out, func(a, b learnings.DocCount) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return cmp.Compare(a.Ref, b.Ref)
	})
	return out
}
