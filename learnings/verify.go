package learnings

import (
	"errors"
	"fmt"

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

// verifyKept parses out and checks that every learning of the document the
// edit did not mean to remove is still there, and every learning it added
// is there too, so that no splice, however it changes its neighbours, can
// make a learning vanish. Learnings compare by their canonical text, so a
// learning that moved (compact folds sessions) still counts, and by what
// they say (Content), so one struck through as superseded still counts.
func (e *Editor) verifyKept(out []byte) error {
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
	// verdict as comparing every learning canonically.
	want := map[string]int{}
	where := map[string]int{}
	for _, l := range d.Learnings() {
		if goneLearning[l] || l.Session != nil && goneSession[l.Session] || l.Session == nil && e.set {
			continue
		}
		want[l.Content()]++
		if _, ok := where[l.Content()]; !ok {
			where[l.Content()] = l.Span.Line
		}
	}
	added := func(ls []NewLearning) {
		for _, l := range ls {
			want[l.Text]++
		}
	}
	added(e.add)
	added(e.setLearning)
	for _, s := range e.sessions {
		added(s.Learnings)
	}
	got := map[string]int{}
	for _, l := range Parse(out).Learnings() {
		got[l.Content()]++
	}
	short, over := map[string]int{}, map[string]int{}
	whereCanonical := map[string]int{}
	for k, n := range want {
		if got[k] < n {
			c := similar.Canonical(k)
			short[c] += n - got[k]
			if line, ok := where[k]; ok {
				if old, seen := whereCanonical[c]; !seen || line < old {
					whereCanonical[c] = line
				}
			}
		}
	}
	if len(short) == 0 {
		return nil
	}
	for k, n := range got {
		if n > want[k] {
			over[similar.Canonical(k)] += n - want[k]
		}
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
