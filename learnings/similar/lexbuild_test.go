package similar

import (
	"fmt"
	"strings"
	"testing"
)

// plainLexicon builds the lexicon the plain way, one map entry a word,
// each table read through its own map: what newLexicon's table must hold,
// however it is laid out. It builds sameStems' map the plain way too (the
// head's stem once a form, a map grown from empty) and shares with
// newLexicon the pieces that have no faster form (fillWordTables,
// americanWords, joinGroups, addNominals, looseHeads): copied here, they
// would only have to be copied again at each change.
func plainLexicon() map[string]*lexEntry {
	m := map[string]*lexEntry{}
	entry := func(w string) *lexEntry {
		if e := m[w]; e != nil {
			return e
		}
		e := &lexEntry{word: w}
		m[w] = e
		return e
	}
	fillWordTables(entry)
	fillLex(entry, americanWords(), func(e *lexEntry) *string { return &e.american })
	same := map[string]string{}
	for _, g := range decisionTables() {
		ws := strings.Fields(g)
		for _, w := range ws {
			for _, form := range inflections(w) {
				same[stem(form)] = stem(ws[0])
			}
		}
	}
	joinGroups(same)
	addNominals(same)
	fillLex(entry, same, func(e *lexEntry) *string { return &e.same })
	to := looseHeads(same)
	for st := range to {
		entry(st)
	}
	for _, e := range m {
		r := e.same
		if r == "" {
			r = e.word
		}
		if head, ok := to[r]; ok {
			e.change = head
		}
	}
	addPhrases(entry)
	return m
}

// describeEntry writes every field of e, an entry it points at by its
// word and a run of phrases by its words and reading, so that two
// constructions' entries compare as text.
func describeEntry(e *lexEntry) string {
	word := func(p *lexEntry) string {
		if p == nil {
			return "<nil>"
		}
		return p.word
	}
	runs := func(ps []*phrase) string {
		var b strings.Builder
		for _, p := range ps {
			b.WriteString("[")
			for _, w := range p.words {
				b.WriteString(w.word + " ")
			}
			b.WriteString("= " + p.to + "]")
		}
		return b.String()
	}
	return fmt.Sprintf("%q neg=%v negTerm=%v stop=%v filler=%v fillerStem=%v generic=%v opener=%q relation=%q number=%q unit=%q synonym=%s american=%q same=%q change=%q phrase=%s ends=%s reading=%v mayLack=%v splits=%s stopOnly=%v",
		e.word, e.negation, e.negationTerm, e.stop, e.filler, e.fillerStem, e.generic, e.opener, e.relation, e.number, e.unit,
		word(e.synonym), e.american, e.same, e.change, word(e.phrase), runs(e.ends), e.phraseReading, e.mayLack, runs(e.splits), e.stopOnly)
}

// TestLexiconAsPlain holds newLexicon's table to the plain construction:
// the same words, each entry with the same fields, and no word of the
// table the plain one lacks.
func TestLexiconAsPlain(t *testing.T) {
	want := plainLexicon()
	lex := newLexicon()
	n := 0
	for _, e := range lex.slots {
		if e == nil {
			continue
		}
		n++
		if want[e.word] == nil {
			t.Errorf("%q is in the table, not in the plain lexicon", e.word)
		}
	}
	if n != len(want) {
		t.Errorf("the table holds %d words, the plain lexicon %d", n, len(want))
	}
	for w, e := range want {
		got := lex.lookup(w)
		if got == noEntry {
			t.Errorf("%q: no entry in the table", w)
			continue
		}
		if g, x := describeEntry(got), describeEntry(e); g != x {
			t.Errorf("entry of %q:\n got %s\nwant %s", w, g, x)
		}
	}
	for _, w := range []string{"", "zzz", "kubernetes", "colours", "startup", strings.Repeat("a", lex.maxLen+1)} {
		if e := lex.lookup(w); e != noEntry && want[w] == nil {
			t.Errorf("lookup(%q) = %s, the plain lexicon has no such word", w, describeEntry(e))
		}
	}
}
