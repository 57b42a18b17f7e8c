package learnings

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/learn-memory/learn/learnings/similar"
)

// ErrWouldLose reports an edit refused because the file it would write
// loses a learning the edit did not mean to remove, or rewrites lines the
// reader could not read (Damage). Nothing is written.
var ErrWouldLose = errors.New("learnings would be lost")

// checkDamage refuses edits that remove, replace or insert into lines the
// reader could not read: what they hold would be rewritten unseen.
func (p *planner) checkDamage() error {
	for i := range p.doc.Damage {
		dm := &p.doc.Damage[i]
		for _, r := range append(p.dels[:len(p.dels):len(p.dels)], p.inserts...) {
			touches := r.start < dm.end && dm.start < r.end
			if r.start == r.end {
				touches = dm.start < r.start && r.start < dm.end
			}
			if touches {
				lines := fmt.Sprintf("lines %d-%d, which are", dm.Line, dm.EndLine)
				if dm.Line == dm.EndLine {
					lines = fmt.Sprintf("line %d, which is", dm.Line)
				}
				return fmt.Errorf("refused, nothing written: the edit would rewrite %s not read as learnings (%s; fix: %s): %w",
					lines, dm.Cause, dm.Fix(), ErrWouldLose)
			}
		}
	}
	return nil
}

// verifyKept checks that after, the output as parsed, holds every
// learning of the document the edit did not mean to remove, and every
// learning it added too, so that no splice, however it changes its
// neighbours, can make a learning vanish. Learnings compare by their
// canonical text, so a learning that moved (compact folds sessions) still
// counts, and by what they say (Content), so one struck through as
// superseded still counts.
func (e *Editor) verifyKept(after *Document) error {
	d := e.doc
	goneSession := make(map[*Session]bool, len(e.rmSessions))
	for _, s := range e.rmSessions {
		goneSession[s] = true
	}
	goneLearning := make(map[*Learning]bool, len(e.rmLearnings))
	for _, l := range e.rmLearnings {
		goneLearning[l] = true
	}
	// Learnings are counted by their exact text first, which is cheap and
	// settles nearly every one; only the texts short on one side or over on
	// the other are compared by their canonical form, which gives the same
	// verdict as comparing every learning canonically. One map, sized for
	// every learning, numbers each text wanted; a list by that number holds
	// its count and first line (0 for one the edit adds), and each learning
	// of the output takes one off its text's count, so the output's texts
	// are looked up once and need no map of their own (a second map of the
	// same texts, and a look-up of every wanted text in it, cost compact
	// on the 1 MB memories of bench/, callgrind: default 277.9 -> 280.1 M
	// instructions, zipf 263.2 -> 265.5, intl 413.9 -> 416.0, prose 204.4
	// -> 206.3; long within its run-to-run spread). Sizing the map for
	// every learning, not growing it from empty, matters more: two maps
	// grown so took about a tenth of the CPU of a compact of a generated
	// 10 MB memory.
	type wanted struct {
		text    string
		n, line int
	}
	all := d.Learnings()
	listed := make([]wanted, 0, len(all))
	added := func(ls []NewLearning) {
		for _, l := range ls {
			listed = append(listed, wanted{text: l.Text})
		}
	}
	// The consolidated learnings set or added are listed where the output
	// has them, at the end of the Consolidated section, before the
	// learnings that follow it: so compact --keep N's output, the new
	// Consolidated and then the sessions kept, reads in order.
	consolidatedEnd, placed := -1, false
	if d.Consolidated != nil {
		consolidatedEnd = d.Consolidated.Span.End
	}
	for _, l := range all {
		if !placed && consolidatedEnd >= 0 && l.Span.Start >= consolidatedEnd {
			added(e.add)
			added(e.setLearning)
			placed = true
		}
		if goneLearning[l] || l.Session != nil && goneSession[l.Session] || l.Session == nil && e.set {
			continue
		}
		listed = append(listed, wanted{text: l.Content(), line: l.Span.Line})
	}
	if !placed {
		added(e.add)
		added(e.setLearning)
	}
	for _, s := range e.sessions {
		added(s.Learnings)
	}
	e.result = after
	got := after.Learnings()
	// An output that reads as the learnings wanted, in the order they
	// were listed, keeps them all: compact's, which replaces
	// Consolidated and removes every session or all but the newest N,
	// does, and needs no map of their texts (see Bytes for what the two
	// cost). A store's new session goes above the sessions it keeps, so
	// its output takes the map.
	e.keptInOrder = slices.EqualFunc(got, listed, func(l *Learning, w wanted) bool { return l.Content() == w.text })
	if e.keptInOrder {
		return nil
	}
	index := make(map[string]int, len(listed))
	ws := make([]wanted, 0, len(listed))
	for _, w := range listed {
		i, ok := index[w.text]
		if !ok {
			i = len(ws)
			index[w.text] = i
			ws = append(ws, w)
		}
		ws[i].n++
	}
	var unwanted map[string]int // texts of the output no learning wanted
	for _, l := range got {
		if i, ok := index[l.Content()]; ok {
			ws[i].n--
			continue
		}
		if unwanted == nil {
			unwanted = map[string]int{}
		}
		unwanted[l.Content()]++
	}
	short, over := map[string]int{}, map[string]int{}
	whereCanonical := map[string]int{}
	for _, w := range ws {
		if w.n > 0 {
			c := similar.Canonical(w.text)
			short[c] += w.n
			if line := w.line; line > 0 {
				if old, seen := whereCanonical[c]; !seen || line < old {
					whereCanonical[c] = line
				}
			}
		}
	}
	if len(short) == 0 {
		return nil
	}
	for _, w := range ws {
		if w.n < 0 {
			over[similar.Canonical(w.text)] -= w.n
		}
	}
	for k, n := range unwanted {
		over[similar.Canonical(k)] += n
	}
	for c, n := range short {
		if over[c] >= n {
			continue
		}
		if line, ok := whereCanonical[c]; ok {
			return fmt.Errorf("refused, nothing written: the learning at line %d (%q) would be lost: %w",
				line, shortText(c), ErrWouldLose)
		}
		return fmt.Errorf("refused, nothing written: the new learning %q would not read back as a learning: %w",
			shortText(c), ErrWouldLose)
	}
	return nil
}

func shortText(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

// verifyInserted is verifyKept for the commonest edit, a store's: whole
// sessions inserted right before the first session, nothing else. Every
// byte outside the insertion is the old file's, and a top-level "## "
// session header ends every open block, so only the inserted sessions and
// the old first session they now precede can read differently; those are
// parsed in a window that starts, as they do in the file, under "## Recent
// Sessions". It reports false when the edit is not of that kind or the
// window does not read back as expected, and then verifyKept decides.
func (e *Editor) verifyInserted(out []byte) bool {
	d := e.doc
	if len(e.sessions) == 0 || len(d.Sessions) == 0 || d.Recent == nil || len(d.Damage) > 0 ||
		len(e.add) > 0 || e.set || len(e.setLearning) > 0 || len(e.rmSessions) > 0 || len(e.rmLearnings) > 0 || len(e.supersede) > 0 {
		return false
	}
	first := d.Sessions[0]
	pos, n := first.Span.Start, len(out)-len(d.Source)
	if n <= 0 || first.Span.End < pos || !bytes.Equal(out[:pos], d.Source[:pos]) || !bytes.Equal(out[pos+n:], d.Source[pos:]) {
		return false
	}
	head := "## Recent Sessions" + d.EOL + d.EOL
	window := make([]byte, 0, len(head)+n+first.Span.End-pos)
	window = append(window, head...)
	window = append(window, out[pos:pos+n+first.Span.End-pos]...)
	w := ParseWithoutIDs(window) // the check reads texts, not IDs
	if len(w.Damage) > 0 || len(w.Problems) > len(d.Problems) || w.Consolidated != nil || len(w.Sessions) != len(e.sessions)+1 {
		return false
	}
	old := w.Sessions[len(w.Sessions)-1]
	if old.Span.Start != len(head)+n || old.Header != first.Header || !sameLearnings(old, first) {
		return false
	}
	want := map[string]int{}
	for _, s := range e.sessions {
		for _, l := range s.Learnings {
			want[similar.Canonical(l.Text)]++
		}
	}
	for _, s := range w.Sessions[:len(e.sessions)] {
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				want[similar.Canonical(l.Content())]--
			}
		}
	}
	for _, k := range want {
		if k != 0 {
			return false
		}
	}
	return true
}

// sameLearnings reports whether two sessions hold the same learnings, in
// the same categories and order.
func sameLearnings(a, b *Session) bool {
	if len(a.Categories) != len(b.Categories) {
		return false
	}
	for i, ca := range a.Categories {
		cb := b.Categories[i]
		if ca.Name != cb.Name || len(ca.Learnings) != len(cb.Learnings) {
			return false
		}
		for j, l := range ca.Learnings {
			if l.Text != cb.Learnings[j].Text {
				return false
			}
		}
	}
	return true
}
