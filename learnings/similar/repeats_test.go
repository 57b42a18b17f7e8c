package similar

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
)

// tokenAnchors is the reference anchorSum: the anchors among the tokens
// the tokenizer reads of s, as keyOf counts them.
func tokenAnchors(s string) anchorTally {
	var a anchorTally
	canonKeyAnchors(s, &a)
	return a
}

// anchorTexts are texts written as people and agents write learnings: the
// development pairs, the golden texts, the learnings of every generator,
// and every word of the tables in a sentence, inflected, hyphenated, as a
// flag, capitalised, after a number and in code.
func anchorTexts(t *testing.T) []string {
	out := goldenTexts(t)
	for _, path := range []string{"pairs.txt", "rewordings.txt", "synonyms.txt", "synonyms2.txt", "synonyms3.txt",
		"synonyms4.txt", "synonyms5.txt", "synonyms6.txt", "synonyms7.txt", "synonyms8.txt", "phrases.txt", "phrases2.txt"} {
		for _, p := range loadPairsFrom(t, filepath.Join("testdata", path)) {
			out = append(out, p.stored, p.cand)
		}
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		// The bullets' first lines: a test of this package cannot parse.
		for line := range strings.Lines(string(memgen.GenerateWith(memgen.Options{Seed: 7, Size: 300 << 10, Mode: mode}))) {
			if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
				out = append(out, text)
			}
		}
	}
	for _, e := range lexicon().slots {
		if e == nil {
			continue
		}
		w := e.word
		out = append(out,
			"The cache "+w+" the build before deploys.",
			"Never "+w+"s 3 "+w+" files; "+strings.ToUpper(w[:1])+w[1:]+"ed by the team in CI.",
			"Run `make "+w+"-all` with --"+w+" and the "+w+"-"+w+" flag, 37"+w+" and "+w+"ing 45 "+w+", 512mb 1.5h 45ms.",
			"Logs get "+w+"ed, not "+w+"; make sure "+w+" is "+w+"d by ops, rather than "+w+" over 2 "+w+"ies.",
			"Don't "+w+"'s "+w+"'t "+w+" -> "+w+"ise "+w+"our",
			"Cut p95 by 40% and "+w+"%s 5%-"+w+" ("+w+" 12%) %"+w)
	}
	return out
}

// TestAnchorsAsTokenizer holds anchorSum, which reads a text word by
// word, to the anchors of the tokens the tokenizer reads: equal keys,
// whose tokens are the same, must give equal anchors, or a repeat would
// be missed.
func TestAnchorsAsTokenizer(t *testing.T) {
	fast := 0
	texts := anchorTexts(t)
	for _, s := range texts {
		got, ok := anchorSum(s)
		if !ok {
			continue
		}
		fast++
		if want := tokenAnchors(s); got != want {
			t.Errorf("anchorSum(%q): %d anchors (%x), the tokenizer's tokens %d (%x)\n%s", s, got.n, got.sum, want.n, want.sum, anchorDiff(s))
		}
	}
	if fast < len(texts)*9/10 {
		t.Errorf("anchorSum read %d of %d texts, want most of them", fast, len(texts))
	}
}

// anchorDiff lists the anchors of both readings of s, for a failure.
func anchorDiff(s string) string {
	stops := anchorStops()
	var words, toks []string
	sc := new(scratch)
	_, _, ts, _ := readText(sc, s, false)
	for _, w := range ts {
		base, not := expandContraction(w)
		for _, x := range []string{base, not} {
			if x == "" {
				continue
			}
			var a anchorTally
			if a.word(stops, x); a.n > 0 {
				words = append(words, x)
			}
		}
	}
	sc = new(scratch)
	_, text, ts, fields := readText(sc, s, true)
	tz := readClauses(sc, text, ts, fields, nil, nil)
	for _, it := range tz.items {
		for _, tok := range it.toks {
			if tok = strings.TrimLeft(tok, "!"); anchor(stops, tok) {
				toks = append(toks, tok)
			}
		}
	}
	return fmt.Sprintf("  words with anchors: %q\n  anchor tokens: %q", words, toks)
}

// TestSameHaveEqualAnchors checks the rule anchors serve on the
// development pairs: texts read as the same learning have the same
// anchors, whichever way they are read.
func TestSameHaveEqualAnchors(t *testing.T) {
	for _, path := range []string{"pairs.txt", "rewordings.txt", "synonyms.txt", "synonyms2.txt", "synonyms3.txt",
		"synonyms4.txt", "synonyms5.txt", "synonyms6.txt", "synonyms7.txt", "synonyms8.txt", "phrases.txt", "phrases2.txt"} {
		for _, p := range loadPairsFrom(t, filepath.Join("testdata", path)) {
			if !Prepare(p.stored).Same(Prepare(p.cand)) {
				continue
			}
			a, b := anchorsOf(p.stored), anchorsOf(p.cand)
			if a != b {
				t.Errorf("%s:%d: the same learning with other anchors:\n %q\n %q", path, p.line, p.stored, p.cand)
			}
		}
	}
}

func anchorsOf(s string) anchorTally {
	if a, ok := anchorSum(s); ok {
		return a
	}
	return tokenAnchors(s)
}

// TestRepeatsFindAsKeys holds PrepareRepeatsInOrder to PrepareKeysInOrder:
// folding texts into a SameIndex, each text in order found as the repeat
// of the same earlier one, or of none, on texts with many repeats (the
// development pairs, whose texts are each other's rewordings, and the
// generators' memories, with their repeats) and on a text repeated as it
// is. PrepareRepeatsSharesInOrder, which does not visit a word for word
// repeat, must leave out exactly those of them PrepareKeysInOrder finds
// as repeats, and find the others as it does: a text with no canonical
// form ("...", "—") is the same as none, so its repeat is kept.
func TestRepeatsFindAsKeys(t *testing.T) {
	texts := anchorTexts(t)
	texts = append(texts, texts[len(texts)/3:len(texts)/2]...)
	texts = append(texts, "...", "—", "...", "—", "!!!", "!!!")
	fold := func(prepare func(n int, text func(i int) string, visit func(i int, t *Text)), unvisited int) []int {
		idx := NewSameIndex()
		of := make([]int, len(texts))
		for i := range of {
			of[i] = unvisited
		}
		prepare(len(texts), func(i int) string { return texts[i] }, func(i int, p *Text) {
			of[i] = i
			if p == nil {
				return
			}
			if j, ok := idx.Find(p); ok {
				of[i] = j
				return
			}
			idx.Add(i, p)
		})
		return of
	}
	keyed := fold(func(n int, text func(i int) string, visit func(i int, t *Text)) { PrepareKeysInOrder(n, text, visit) }, 0)
	repeats := fold(PrepareRepeatsInOrder, 0)
	// A copy handed on is where the text it repeats went; -2 marks a
	// text neither visited nor handed on.
	var handed []int
	copies := fold(func(n int, text func(i int) string, visit func(i int, t *Text)) {
		handed = make([]int, n)
		PrepareCopiesInOrder(n, text, visit, func(i, first int) { handed[i] = first + 1 })
	}, -2)
	for i, first := range handed {
		if first > 0 {
			copies[i] = copies[first-1]
		}
	}
	// A text the shares' walk does not visit keeps -1.
	shares := fold(func(n int, text func(i int) string, visit func(i int, t *Text)) {
		PrepareRepeatsSharesInOrder(n, text, func(string) bool { return false }, nil, visit)
	}, -1)
	found, skipped, copied := 0, 0, 0
	for i := range texts {
		if keyed[i] != i {
			found++
		}
		if keyed[i] != repeats[i] {
			t.Errorf("%q: PrepareKeysInOrder finds it as text %d, PrepareRepeatsInOrder as %d", texts[i], keyed[i], repeats[i])
		}
		if keyed[i] != copies[i] {
			t.Errorf("%q: PrepareKeysInOrder finds it as text %d, PrepareCopiesInOrder as %d", texts[i], keyed[i], copies[i])
		}
		if handed[i] > 0 {
			copied++
		}
		switch {
		case shares[i] < 0:
			skipped++
			if keyed[i] == i {
				t.Errorf("%q: PrepareRepeatsSharesInOrder leaves it out, PrepareKeysInOrder finds it repeats none", texts[i])
			}
		case keyed[i] != shares[i] && shares[i] != i:
			t.Errorf("%q: PrepareKeysInOrder finds it as text %d, PrepareRepeatsSharesInOrder as %d", texts[i], keyed[i], shares[i])
		case keyed[i] != i && shares[i] == i:
			t.Errorf("%q: PrepareKeysInOrder finds it as text %d, PrepareRepeatsSharesInOrder as none", texts[i], keyed[i])
		}
	}
	if found < len(texts)/10 || skipped < len(texts)/20 || copied < len(texts)/20 {
		t.Errorf("only %d of %d texts repeat an earlier one, %d word for word (%d handed on as copies): the test needs more", found, len(texts), skipped, copied)
	}
}

// FuzzAnchors holds anchorSum to the anchors of the tokenizer's tokens on
// any text.
func FuzzAnchors(f *testing.F) {
	for _, s := range []string{"Run `make gen` before `go test`.", "Logs get shipped to S3; make sure CI is green",
		"Use --frozen-lockfile and the table-driven tests, 30s or 512mb", "Don't cache the user's tokens -> re-fetch",
		"X is owned by Y, not Z", "By and large the quick-start guide colours 3 files", "Die Zeitüberschreitung beträgt 30 s.",
		"CPU at 95%, cache hits 80%-90% (p99 5%) in %TEMP%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, ok := anchorSum(s); ok {
			if want := tokenAnchors(s); got != want {
				t.Fatalf("anchorSum(%q) = %+v, the tokenizer's tokens %+v\n%s", s, got, want, anchorDiff(s))
			}
		}
	})
}

// wholeAnchors is anchorsAndShare of a text outside ASCII as it read
// before mixedAnchors: the whole text folded and read by readText.
func wholeAnchors(s string, share *shareTally) (a anchorTally, ok bool) {
	sc := new(scratch)
	_, text, toks, fields := readText(sc, s, true)
	ok = true
	if text != s || strings.IndexByte(s, '%') >= 0 {
		for _, fl := range fields {
			if c := text[fl.start:fl.end]; !plainField(c) && (strings.Contains(c, "%") || !foldsToItself(c)) {
				ok = false
				break
			}
		}
	}
	if ok {
		stops := anchorStops()
		for _, w := range toks {
			a.token(stops, nil, w)
		}
	}
	if share != nil {
		for _, w := range toks {
			share.token(w)
		}
	}
	return a, ok
}

// mixedTexts are texts outside ASCII as people and agents write them: the
// generators' learnings and the pairs of anchorTexts that hold a character
// outside ASCII, and each text of theirs with a capital, an accent, an
// emoji, a full-width or typographic mark, a non-breaking space or a
// combining accent put before, inside and after a word.
func mixedTexts(t *testing.T) []string {
	var out []string
	for _, s := range anchorTexts(t) {
		if asciiPrefix(s, 0) < len(s) {
			out = append(out, s)
		}
	}
	marks := []string{"é", "É", "🚀", "✅", "東京", "ß", "Ω", "\u00a0", "\u0301", "％", "Ａ", "\u2019s", "ﬁ", "İ", "—", "…"}
	for i, s := range anchorTexts(t)[:400] {
		m := marks[i%len(marks)]
		out = append(out, m+" "+s, s+m, strings.Replace(s, " ", " "+m, 1), strings.Replace(s, " ", m+" ", 2),
			strings.Replace(s, "e", m, 1))
	}
	return out
}

// TestMixedAnchorsAsWhole holds mixedAnchors to the reading of the whole
// folded text, anchors, whether they are read and the word share alike.
func TestMixedAnchorsAsWhole(t *testing.T) {
	texts := mixedTexts(t)
	fast := 0
	// The memos of fields are kept across the texts, as a worker keeps
	// them, so that a run read before is taken from them.
	kept := newShareFields()
	for _, s := range texts {
		if strings.IndexByte(s, '%') >= 0 || asciiPrefix(s, 0) == len(s) {
			continue
		}
		holds := func(term string) bool { return len(term)%3 == 0 }
		gotShare, wantShare := shareTally{holds: holds, fields: newShareFields()}, shareTally{holds: holds}
		got, gotOK, _ := mixedAnchors(s, &gotShare)
		want, wantOK := wholeAnchors(s, &wantShare)
		if gotOK {
			fast++
		}
		if got != want || gotOK != wantOK || gotShare.share() != wantShare.share() {
			t.Errorf("mixedAnchors(%q) = %+v %v share %v, the whole text's %+v %v share %v",
				s, got, gotOK, gotShare.share(), want, wantOK, wantShare.share())
		}
		memoShare := shareTally{holds: holds, fields: kept}
		if got, gotOK, _ := mixedAnchors(s, &memoShare); got != want || gotOK != wantOK || memoShare.share() != wantShare.share() {
			t.Errorf("mixedAnchors(%q) with a memo of fields = %+v %v share %v, the whole text's %+v %v share %v",
				s, got, gotOK, memoShare.share(), want, wantOK, wantShare.share())
		}
		// Without a share, a text that is not UTF-8 is left to
		// anchorSum's reading of the whole text.
		if got, gotOK, valid := mixedAnchors(s, nil); valid != utf8.ValidString(s) || valid && (gotOK != wantOK || gotOK && got != want) {
			t.Errorf("mixedAnchors(%q) without a share = %+v %v (valid %v), the whole text's %+v %v", s, got, gotOK, valid, want, wantOK)
		}
		if got, gotOK := anchorSum(s); gotOK != wantOK || gotOK && got != want {
			t.Errorf("anchorSum(%q) = %+v %v, the whole text's %+v %v", s, got, gotOK, want, wantOK)
		}
	}
	if fast < len(texts)/2 {
		t.Errorf("mixedAnchors read %d of %d texts, want most", fast, len(texts))
	}
}

// FuzzMixedAnchors holds mixedAnchors to the reading of the whole folded
// text on any text.
func FuzzMixedAnchors(f *testing.F) {
	for _, s := range []string{"Die Zeitüberschreitung beträgt 30 s.", "Deploy 🚀 after `make gen` ✅", "Café\u00a0Crème ist ÜBER",
		"東京 の 設定 uses Go", "a \u0301b İstanbul ﬁle ５０％", "Don\u2019t cache Straße", "Zeit\xffüberschreitung 30 s", "caf\xc3 \xe2\x80 ok"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.IndexByte(s, '%') >= 0 || asciiPrefix(s, 0) == len(s) {
			return // anchorsAndShare reads such a text whole
		}
		if !utf8.ValidString(s) {
			if _, _, valid := mixedAnchors(s, nil); valid {
				t.Fatalf("mixedAnchors(%q), not valid UTF-8, read it", s)
			}
			return
		}
		got, gotOK, _ := mixedAnchors(s, nil)
		want, wantOK := wholeAnchors(s, nil)
		if got != want || gotOK != wantOK {
			t.Fatalf("mixedAnchors(%q) = %+v %v, the whole text's %+v %v", s, got, gotOK, want, wantOK)
		}
	})
}

// TestAnchorsAndShareAsApart holds anchorsAndShare, which reads a text's
// anchors and its word share in one pass, to anchorSum and termShare each
// reading it alone, for sets of terms from none to all of a text's, on
// texts written as people and agents write them and those of every
// generator's memory.
//
// Each reading is tried with a memo of fields of its own (anchorsAndShare
// makes one when given none) and with one as PrepareRepeatsSharesInOrder
// keeps for a call: kept across the texts for the sets that do not depend
// on the text, so that fields read before are taken from it.
func TestAnchorsAndShareAsApart(t *testing.T) {
	texts := anchorTexts(t)
	kept := map[string]shareFields{"none": newShareFields(), "all": newShareFields(), "halves": newShareFields()}
	for n, s := range texts {
		next := NewProfile(texts[(n+1)%len(texts)]).Terms()
		own := NewProfile(s).Terms()
		for name, holds := range map[string]func(string) bool{
			"none":   func(string) bool { return false },
			"all":    func(string) bool { return true },
			"own":    func(t string) bool { return slices.Contains(own, t) },
			"next":   func(t string) bool { return slices.Contains(next, t) },
			"halves": func(t string) bool { return len(t)%2 == 0 },
		} {
			fields := kept[name]
			if fields == nil {
				fields = newShareFields()
			}
			for _, memo := range []shareFields{nil, fields} {
				tally := shareTally{holds: holds, memo: termMemos.Get().(termMemo), fields: memo}
				got, gotOK := anchorsAndShare(s, &tally)
				termMemos.Put(tally.memo)
				want, wantOK := anchorSum(s)
				if gotOK != wantOK || (gotOK && got != want) {
					t.Errorf("anchorsAndShare(%q) (fields memo %v): anchors %v %v, anchorSum's %v %v", s, memo != nil, got, gotOK, want, wantOK)
				}
				if got, want := tally.share(), termShare(s, holds); got != want {
					t.Errorf("anchorsAndShare(%q) with %s (fields memo %v): share %v, termShare's %v", s, name, memo != nil, got, want)
				}
			}
		}
	}
}

// TestFieldEndAsNextField holds fieldEnd, which reads eight bytes at a
// time, to nextASCIIField's byte by byte reading, with every byte value
// at every place of a field and of the white space after it.
func TestFieldEndAsNextField(t *testing.T) {
	for b := range 256 {
		for at := range 12 {
			for _, base := range []string{"abcdefghijklmnopq rst", "ab cd\tef\ngh\ri\vj\fk", "x", "Straße ist  東京\u00a0ok"} {
				s := []byte(base)
				if at >= len(s) {
					continue
				}
				s[at] = byte(b)
				checkFieldEnd(t, string(s))
			}
		}
	}
}

// FuzzFieldEnd holds fieldEnd to nextASCIIField on any text.
func FuzzFieldEnd(f *testing.F) {
	for _, s := range []string{"Deploy 🚀 after `make gen` ✅", "a\x85b\xa0c d", "12345678 123456789\t1234567\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkFieldEnd(t, s) })
}

// checkFieldEnd compares fieldEnd with nextASCIIField on every field of s.
func checkFieldEnd(t *testing.T, s string) {
	t.Helper()
	for i := 0; ; {
		start, end := nextASCIIField(s, i)
		if start == end {
			return
		}
		wide := asciiPrefix(s[start:end], 0) != end-start
		if got, gotWide := fieldEnd(s, start); got != end || gotWide != wide {
			t.Fatalf("fieldEnd(%q, %d) = %d %v, nextASCIIField's %d, outside ASCII %v", s, start, got, gotWide, end, wide)
		}
		i = end
	}
}
