package similar

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
)

// filterAgrees checks that the filter reports candidate i of f against
// stored exactly when Compare calls them related, with Compare's verdict,
// and reports whether they are related.
func filterAgrees(t *testing.T, f *Filter, cands []string, stored string) (related int) {
	t.Helper()
	got := map[int]Verdict{}
	f.Matches(stored, func(i int, v Verdict) { got[i] = v })
	st := Prepare(stored)
	for i, c := range cands {
		want := st.Compare(Prepare(c))
		g, ok := got[i]
		switch {
		case want.Kind == Distinct && ok:
			t.Errorf("filter reported a distinct pair:\n stored: %q\n cand:   %q", stored, c)
		case want.Kind != Distinct && (!ok || g.Kind != want.Kind || g.Score != want.Score):
			t.Errorf("filter gave %+v (found %v), Compare %+v:\n stored: %q\n cand:   %q", g, ok, want, stored, c)
		}
		if want.Kind != Distinct {
			related++
		}
	}
	return related
}

// forms are w with the endings people and stemming give words, right or
// not ("stoped" is a typo someone writes): the filter must hold for any
// stored text.
func forms(w string) []string {
	out := inflections(w)
	for _, end := range []string{"s", "es", "ed", "d", "ing", "er", "ers", "ly", "ation", "able"} {
		out = append(out, w+end)
		if n := len(w); n > 2 && strings.ContainsRune("bdgklmnprt", rune(w[n-1])) && (end == "ed" || end == "ing") {
			out = append(out, w+w[n-1:]+end) // "stopped", "labelling"
		}
		if base, ok := strings.CutSuffix(w, "e"); ok && (end == "ed" || end == "ing" || end == "er") {
			out = append(out, base+end) // "deleting"
		}
	}
	return out
}

// britishSpellings are the spellings american reads as w, or might: each
// rule of spelling.go applied backwards, one place at a time.
func britishSpellings(w string) []string {
	var out []string
	swap := func(from, to string) {
		for i := 0; ; {
			j := strings.Index(w[i:], from)
			if j < 0 {
				return
			}
			out = append(out, w[:i+j]+to+w[i+j+len(from):])
			i += j + 1
		}
	}
	swap("or", "our")
	swap("iz", "is")
	swap("yz", "ys")
	swap("ter", "tre")
	swap("ber", "bre")
	swap("el", "ell")
	swap("og", "ogue")
	swap("skep", "scep")
	for gb, us := range britishRoots() {
		swap(us, gb)
	}
	return out
}

// TestFilterFindsEverySpelling checks the filter against Compare for every
// word of every lexicon group, in every form and spelling, stored alone
// against each word of its group as a candidate: a one-word text is where
// the filter's bound rests on that word alone, so a spelling whose root the
// filter lacked would rule out a learning Compare calls the same.
func TestFilterFindsEverySpelling(t *testing.T) {
	check := func(t *testing.T, words []string) {
		f := NewFilter(words)
		related := 0
		for _, w := range words {
			for _, form := range forms(w) {
				for _, s := range append(britishSpellings(form), form, strings.ToUpper(form)+"!") {
					related += filterAgrees(t, f, words, s)
				}
			}
		}
		if related < len(words) {
			t.Errorf("only %d related pairs among %q: the test checks too little", related, words)
		}
	}
	for _, g := range decisionTables() {
		words := strings.Fields(g)
		t.Run(words[0], func(t *testing.T) { check(t, words) })
	}
	t.Run("britishRoots", func(t *testing.T) {
		var words []string
		for _, us := range britishRoots() {
			words = append(words, us)
		}
		slices.Sort(words)
		for len(words) > 0 {
			n := min(len(words), 8)
			check(t, words[:n])
			words = words[n:]
		}
	})
	t.Run("rules", func(t *testing.T) {
		// Words each rule of americanByRule and the "-ize" family
		// respell, American.
		check(t, []string{"odor", "savory", "vigor", "rigor", "glamor", "clamor"})
		check(t, []string{"luster", "somber", "specter", "caliber", "meager", "saber"})
		check(t, []string{"prolog", "epilog", "monolog", "travelog"})
		check(t, []string{"marveled", "modeled", "quarreled", "shoveled", "jeweler", "traveler"})
		check(t, []string{"skeptical", "skeptic", "skepticism"})
		check(t, []string{"organize", "organization", "analyze", "paralyze", "serialize", "tokenizer", "minimize", "realization"})
	})
}

// FuzzFilter checks the filter against Compare on any pair of texts: it
// must report exactly the pairs Compare calls the same or an update.
func FuzzFilter(f *testing.F) {
	f.Add("Begin the dev server with make dev.", "Launch the dev server with make dev.")
	f.Add("The colour of the banner is grey.", "The banner color is gray.")
	f.Add("Organise the fixtures by theatre.", "organized fixtures by theater")
	f.Add("Backoff caps at 30 s.", "Backoff is limited to 30 seconds.")
	f.Add("verified", "checking")
	f.Add("The labelled queue stays idle.", "the labeled queue remains inactive")
	f.Add("Die Straße（B1）ist ｇｅｓｐｅｒｒｔ", "die strasse (b1) ist gesperrt")
	f.Add("ﬁx the cafe\u0301 .env’s build", "fix the café .env's build")
	f.Fuzz(func(t *testing.T, stored, cand string) {
		filterAgrees(t, NewFilter([]string{cand}), []string{cand}, stored)
	})
}

// TestFilterReadsFoldedText checks the filter against Compare on stored
// texts whose non-ASCII runes fold into ASCII or combine with the letter
// before them, which the filter must read folded, and on texts it may read
// as they are.
func TestFilterReadsFoldedText(t *testing.T) {
	pairs := [][2]string{
		{"Run ｍａｋｅ ｇｅｎ before go test", "Run make gen before go test"},
		{"The ﬁle watcher ignores dotﬁles", "The file watcher ignores dotfiles"},
		{"Keep ．env files out of git", "Keep .env files out of git"},
		{"The ſtaging cluſter ſhares Redis", "The staging cluster shares Redis"},
		{"Report the \u212Aelvin reading", "Report the kelvin reading"},
		{"Ship the cafe\u0301 build on Fridays", "Ship the café build on Fridays"},
		{"Ship the testinge\u0301 build", "Ship the testing build"},
		{"Don’t commit the .env file 🚫", "Don't commit the .env file"},
		{"The rock’n’roll playlist syncs nightly", "The rock'n'roll playlist syncs nightly"},
		{"Die Zeitüberschreitung beträgt 30 s", "Die ZEITÜBERSCHREITUNG beträgt 30 s"},
		{"STRASSE names are normalised", "Straße names are normalised"},
		{"The 日本語 tokenizer must expose an audit entry", "The tokenizer must expose an audit entry"},
		{"Le résumé parser rejette les fichiers vides", "Le resume parser rejette les fichiers vides"},
		{"Timeout is ³0 seconds on ⓢtaging", "Timeout is 30 seconds on staging"},
		{"Invalid \xff bytes stay in the log", "Invalid bytes stay in the log"},
		// One word, which the filter's bound rests on alone.
		{"ｍａｋｅｆｉｌｅ", "makefile"}, {"ﬁxtures", "fixtures"}, {"．envrc", ".envrc"},
		{"ſtaging", "staging"}, {"\u212Aubectl", "kubectl"}, {"rock’n’roll", "rock'n'roll"},
		{"ⓢtaging", "staging"}, {"STRASSE", "straße"}, {"ZEITÜBERSCHREITUNG", "zeitüberschreitung"},
		{"Ｖｉｔｅｓｔ", "vitest"}, {"ｆｏｒｍａｔｔｅｄ", "formatting"},
	}
	related := 0
	for _, p := range pairs {
		for _, q := range [2][2]string{p, {p[1], p[0]}} {
			related += filterAgrees(t, NewFilter([]string{q[1]}), []string{q[1]}, q[0])
		}
	}
	if related < len(pairs) {
		t.Errorf("only %d related pairs: the test checks too little", related)
	}
}

// TestASCIIPrefixAsByteLoop holds asciiPrefix, which reads eight bytes at
// a time, to the byte loop: a byte that is not ASCII at every place of
// texts of every length up to past two words, from every start.
func TestASCIIPrefixAsByteLoop(t *testing.T) {
	byByte := func(s string, i int) int {
		for i < len(s) && s[i] < utf8.RuneSelf {
			i++
		}
		return i
	}
	for _, other := range []string{"é", "日", "\x80", "\xff", "’"} {
		for n := 0; n <= 20; n++ {
			for at := 0; at <= n; at++ {
				s := strings.Repeat("a", at) + other + strings.Repeat("b", n-at)
				for i := 0; i <= len(s); i++ {
					if got, want := asciiPrefix(s, i), byByte(s, i); got != want {
						t.Errorf("asciiPrefix(%q, %d) = %d, want %d", s, i, got, want)
					}
				}
			}
			plain := strings.Repeat("x", n)
			if got := asciiPrefix(plain, 0); got != n {
				t.Errorf("asciiPrefix(%q, 0) = %d, want %d", plain, got, n)
			}
		}
	}
}

// TestFilterWeighsEveryWordStart holds weigh, which skips a word's other
// bytes and a word start none of whose roots has its second byte there, to
// trying every root of its first byte at every place a word may start in
// the text folded as Canonical folds it, whether weigh read it raw or
// folded: on the bullets of every generator's memory, against learnings of
// sessions and of the memory itself, every weight found is the same.
func TestFilterWeighsEveryWordStart(t *testing.T) {
	every := func(f *Filter, stored string, sc *filterScratch) {
		clear(sc.have)
		clear(sc.found)
		text := stored
		if asciiPrefix(stored, 0) < len(stored) {
			text = foldNonASCII(stored)
		}
		for i := 0; i < len(text); i++ {
			if i > 0 && alnumByte(text[i-1]) {
				continue
			}
			for _, r := range f.byFirst[lower(text[i])] {
				if sc.found[r.bit/64]&(1<<(r.bit%64)) == 0 && hasRoot(text[i:], r.filterRoot) {
					sc.found[r.bit/64] |= 1 << (r.bit % 64)
					sc.have[r.cand] += r.weight
				}
			}
		}
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 3, Size: 200 << 10, Mode: mode})
		stored := bullets(src)
		last := stored[len(stored)-3:]
		stored = append(stored, "", "a", "é", "x-y", "...", "ab", " b", "B.", "fix-ups, re-runs & co.", "café au lait", "Straße",
			"caféﬁx", "ﬁx é", "x\xffy", "abc\x80", "日本語 tokenizer", "e\u0301 acute", "（B1）", "über’s")
		for _, cands := range [][]string{bullets(memgen.Learnings(11, 4)), bullets(memgen.Learnings(12, 5)), stored[:6], last} {
			f := NewFilter(cands)
			sc, want := f.scratch.Get().(*filterScratch), f.scratch.New().(*filterScratch)
			for _, s := range stored {
				if raw, wantRaw := f.weighIn(s, true, sc), f.readsRaw(s, want); raw != wantRaw {
					t.Fatalf("%s: weighIn(%q) read it raw: %v, readsRaw %v", mode, s, raw, wantRaw)
				}
				f.weigh(s, sc)
				every(f, s, want)
				if !slices.Equal(sc.have, want.have) || !slices.Equal(sc.found, want.found) {
					t.Fatalf("%s: weigh(%q) = %v %v, at every word start %v %v", mode, s, sc.have, sc.found, want.have, want.found)
				}
			}
		}
	}
}

// TestFilterPairsHoldTheirRoots holds byPair to byFirst: for every first
// byte and every byte after it, the roots weighAt tries are, in byFirst's
// order, those of one byte and those whose second byte it is, the only
// ones hasRoot may find there.
func TestFilterPairsHoldTheirRoots(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cands []string
		// oneByte asks for a root of one byte, which every list holds.
		oneByte bool
	}{
		{"session", bullets(memgen.Learnings(11, 4)), false},
		{"storeop", bullets(memgen.Learnings(12, 5)), false},
		{"intl", bullets(memgen.GenerateWith(memgen.Options{Seed: 5, Size: 8 << 10, Mode: "intl"}))[:6], false},
		{"short words", []string{"Set x to 3 in a.go, not b.go", "Keep q and z apart; v2 is out", "Run `go vet ./...` before make ci"}, false},
		{"other letters", []string{"Der Ölfilter wird über die Straße geliefert", "Le café ouvre à 7 h", "Colour the kerb grey before the theatre opens"}, false},
		{"one-byte roots", []string{"Run the py linter before the ky deploy", "Pin gy to 2.1 and py to 3.12"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, roots, oneByte := NewFilter(tc.cands), 0, false
			for c := range 256 {
				if len(f.byFirst[c]) == 0 {
					if f.byPair[c] != nil {
						t.Errorf("byPair[%q] is set with no roots", byte(c))
					}
					continue
				}
				roots += len(f.byFirst[c])
				for _, r := range f.byFirst[c] {
					oneByte = oneByte || len(r.s) == 1
				}
				for n := range 256 {
					var want []rootRef
					for _, r := range f.byFirst[c] {
						if len(r.s) == 1 || r.s[1] == byte(n) {
							want = append(want, r)
						}
					}
					p := f.byPair[c]
					if got := p.lists[p.at[n]]; !slices.Equal(got, want) {
						t.Errorf("byPair[%q] after %q = %v, want %v", byte(c), byte(n), got, want)
					}
				}
			}
			if roots == 0 || tc.oneByte && !oneByte {
				t.Fatalf("%d roots for %q, one of one byte: %v", roots, tc.cands, oneByte)
			}
		})
	}
}

// bullets are the texts of the "- " lines of src.
func bullets(src []byte) []string {
	var out []string
	for line := range strings.Lines(string(src)) {
		if text, ok := strings.CutPrefix(strings.TrimSpace(line), "- "); ok {
			out = append(out, text)
		}
	}
	return out
}

// readsRaw is the rule weighIn reads a text raw by, in a pass of its own
// over the text's runes before weighing it, as weigh read it until round
// 12: whether the roots may be looked for in stored as it is.
func (f *Filter) readsRaw(stored string, sc *filterScratch) bool {
	for i := asciiPrefix(stored, 0); i < len(stored); i = asciiPrefix(stored, i) {
		r, size := utf8.DecodeRuneInString(stored[i:])
		past, ok := sc.past[r]
		if !ok {
			past = f.readsPast(stored[i : i+size])
			sc.past[r] = past
		}
		if !past {
			return false
		}
		i += size
	}
	return true
}

// TestFoldsAsItIs holds foldsAsItIs to fold: every rune it accepts folds
// to itself wherever it stands in a text of such runes and ASCII, and the
// runes folding changes, or joins to the rune before, are refused.
func TestFoldsAsItIs(t *testing.T) {
	for _, tc := range []struct {
		r    string
		want bool
	}{
		{"é", true}, {"日", true}, {"—", true}, {"🚀", true}, {"ü", true}, {"λ", true}, {"ー", true},
		{"É", false}, {"ß", false}, {"’", false}, {"\u0301", false}, {"（", false}, {"ﬁ", false},
		{"\u212A", false}, {"Ä", false}, {"ſ", false}, {"\u3099", false}, {"\uFF9E", false}, {"\u11A8", false}, {"\xff", false},
	} {
		if got := foldsAsItIs(tc.r); got != tc.want {
			t.Errorf("foldsAsItIs(%q) = %v, want %v", tc.r, got, tc.want)
		}
	}
	var kept []string
	for r := rune(utf8.RuneSelf); r <= 0x2FFFF; r++ { // to the end of the CJK supplement
		if s := string(r); utf8.ValidRune(r) && foldsAsItIs(s) {
			kept = append(kept, s)
		}
	}
	if len(kept) < 1000 {
		t.Fatalf("foldsAsItIs accepts %d runes", len(kept))
	}
	for i, s := range kept {
		text := "Ab" + s + "C" + kept[(i*7919)%len(kept)] + s + "x" + kept[(i+1)%len(kept)]
		want := strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, text)
		if got := fold(text); got != want {
			t.Fatalf("fold(%q) = %q, want %q", text, got, want)
		}
	}
}

// foldSeeds are texts whose runes outside ASCII fold alone, join to the
// rune before them, or fold into ASCII, for TestFilterFoldsRuneByRune and
// FuzzFilterFold.
var foldSeeds = []string{
	"", "plain ascii", "Ｕｓｅ ＡＰＩ ﬁles", "e\u0301cole E\u0301COLE", "Straße STRASSE ß ẞ", "ΣΊΣΥΦΟΣ σας",
	"a\u0308\u0301 o\u0323\u0302 A\u030a", "İstanbul ıI", "\u1100\u1161\u11a8 가각", "don’t ’tis ‘x’", "K Å Ω ㎒ ½ ²",
	"\xff\xfe bad \xc3 utf-8 \xe2\x80", "naïve café — “quoted” → 🚀 ✅ 東京 日本語", "ｶﾞ ｷﾞ ﾊﾟ", "か\u3099 か\uFF9E",
	"Die Straße（B1）ist ｇｅｓｐｅｒｒｔ", "ﬁx the cafe\u0301 .env’s build", "Ä Ö Ü ä ö ü", "⚠️ 💡 \U0001F9EA", "\uFFFD x",
	"by \u20132 s, open 9\u201317, \u22123 at UTC\u22125, x \u2012 4 ﹣5 －6",
}

// TestFilterFoldsRuneByRune holds the filter's fold, rune by rune, to
// foldNonASCII on the seeds and on the bullets of every generator's
// memory.
func TestFilterFoldsRuneByRune(t *testing.T) {
	texts := slices.Clone(foldSeeds)
	for _, mode := range append([]string{""}, memgen.Modes...) {
		texts = append(texts, bullets(memgen.GenerateWith(memgen.Options{Seed: 4, Size: 100 << 10, Mode: mode}))...)
	}
	sc := NewFilter([]string{"josé"}).scratch.Get().(*filterScratch)
	alone := 0
	for _, s := range texts {
		if got, want := sc.fold(s), foldNonASCII(s); got != want {
			t.Fatalf("fold(%q) = %q, foldNonASCII %q", s, got, want)
		}
	}
	for _, rf := range sc.folds {
		if rf.ok {
			alone++
		}
	}
	if alone < 100 || alone == len(sc.folds) {
		t.Fatalf("%d of %d runes fold alone", alone, len(sc.folds))
	}
}

// FuzzFilterFold holds the filter's fold to foldNonASCII on any text.
func FuzzFilterFold(f *testing.F) {
	for _, s := range foldSeeds {
		f.Add(s)
	}
	sc := NewFilter([]string{"josé"}).scratch.Get().(*filterScratch)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := sc.fold(s), foldNonASCII(s); got != want {
			t.Fatalf("fold(%q) = %q, foldNonASCII %q", s, got, want)
		}
	})
}
