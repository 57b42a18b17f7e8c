package similar

import (
	"slices"
	"testing"
)

// termShare is the share of the word weight of the terms of s a
// shareTally gives, s read alone (see shareTally): the reference
// anchorsAndShare, which reads the share with the anchors, is held to.
func termShare(s string, holds func(term string) bool) float64 {
	t := shareTally{holds: holds, memo: termMemos.Get().(termMemo)}
	defer termMemos.Put(t.memo)
	eachTokenWhile(withoutLeadIn(s), func(w string) bool { t.token(w); return true })
	return t.share()
}

// TestTermShareAsProfile holds termShare to the profile's terms: each
// word's term (lexTable.term) is one of NewProfile's, which it reads
// every one of, and the share is never less than the share of the
// profile's word weight holds accepts, for sets of terms from none to
// all of a text's, on texts written as people and agents write them.
func TestTermShareAsProfile(t *testing.T) {
	lex := lexicon()
	texts := anchorTexts(t)
	below := 0
	for n, s := range texts {
		p := NewProfile(s)
		var terms []string
		sc := new(scratch)
		_, _, toks, _ := readText(sc, withoutLeadIn(s), false)
		for _, tok := range toks {
			base, not := expandContraction(tok)
			for _, w := range []string{base, not} {
				if term, _, ok := lex.term(w); ok {
					terms = append(terms, term)
				}
			}
		}
		if got := sortUniqueStrings(terms); !slices.Equal(got, p.Terms()) {
			t.Fatalf("%q: terms %q, the profile's %q", s, got, p.Terms())
		}
		// Every third, second or all of the profile's terms, and those of
		// the next text.
		next := NewProfile(texts[(n+1)%len(texts)]).Terms()
		for _, keep := range []func(i int, t string) bool{
			func(i int, _ string) bool { return i%3 == 0 },
			func(i int, _ string) bool { return i%2 == 1 },
			func(int, string) bool { return true },
			func(_ int, t string) bool { return slices.Contains(next, t) },
		} {
			var own, in float64
			held := map[string]bool{}
			for i, term := range p.Terms() {
				own += TermWeight(term)
				if keep(i, term) {
					held[term] = true
					in += TermWeight(term)
				}
			}
			want := 0.0
			if own > 0 {
				want = in / own
			}
			got := termShare(s, func(term string) bool { return held[term] })
			if got < want-1e-12 {
				t.Fatalf("termShare(%q) = %v, the profile's share %v", s, got, want)
			}
			if got < want+0.1 {
				below++
			}
		}
	}
	if below < len(texts)*3 {
		t.Errorf("termShare is within 0.1 of the share for only %d of %d: its sketch is too loose", below, 4*len(texts))
	}
}
