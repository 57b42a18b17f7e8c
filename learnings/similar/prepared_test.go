package similar

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

var update = flag.Bool("update", false, "rewrite testdata/prepared.golden")

// TestPreparedGolden pins what Prepare reads from a few hundred varied
// texts, the features and the same-learning analysis, so that a change to
// the tokenizer or to how it is made faster that changes a result shows
// here. Refresh with -update after a change meant to alter results.
func TestPreparedGolden(t *testing.T) {
	var b strings.Builder
	for _, s := range goldenTexts(t) {
		// Prepare reads the key alone; the analysis read on demand
		// must agree with it.
		if p := Prepare(s); p.analysisKey() != p.analysis().key {
			t.Errorf("Prepare(%q) key %q, its analysis's %q", s, p.analysisKey(), p.analysis().key)
		}
		b.WriteString(goldenDump(s))
	}
	const path = "testdata/prepared.golden"
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s:%d: got\n%s\nwant\n%s\n(run with -update if the change is meant)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: got %d lines, want %d", path, len(gl), len(wl))
	}
}

// TestPrepareInOrderVisitsInOrder checks that PrepareInOrder prepares what
// Prepare does and visits every text once, in index order, each when it is
// ready, on one memory small enough for one goroutine and one split between
// workers, each reusing its pooled scratch (run with -race too).
func TestPrepareInOrderVisitsInOrder(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	base := goldenTexts(t)
	var many []string
	for range 8 {
		many = append(many, base...)
	}
	for _, texts := range [][]string{base[:2*chunk], many} {
		if one := workersFor(len(texts)) <= 1; one != (len(texts) == 2*chunk) {
			t.Fatalf("%d texts: one goroutine is %v", len(texts), one)
		}
		next := 0
		ps := PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(i int, p *Text) {
			if i != next {
				t.Fatalf("visited %d after %d", i, next-1)
			}
			next++
			if got, want := dumpPrepared(texts[i], p), goldenDump(texts[i]); got != want {
				t.Fatalf("PrepareInOrder visited %q as\n%s\nPrepare reads\n%s", texts[i], got, want)
			}
		})
		if next != len(texts) {
			t.Fatalf("%d of %d texts visited", next, len(texts))
		}
		for i, s := range texts {
			if got, want := dumpPrepared(s, ps[i]), goldenDump(s); got != want {
				t.Fatalf("PrepareInOrder returned %q as\n%s\nPrepare reads\n%s", s, got, want)
			}
		}
	}
}

// goldenTexts are every fourth pair of testdata/pairs.txt, lines of a
// generated memory, and texts that take the tokenizer's rarer paths.
func goldenTexts(t *testing.T) []string {
	var out []string
	for i, p := range loadPairs(t) {
		if i%4 == 0 {
			out = append(out, p.stored, p.cand)
		}
	}
	n := 0
	for line := range strings.Lines(string(memgen.Generate(3, 12_000))) {
		if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok && n < 40 {
			out = append(out, text)
			n++
		}
	}
	return append(out, "", " \n*_`", "the a an", "`./...`", "./...", "Timeout: 30s", "Timeout is thirty seconds",
		"Cache hits rise 80% after warm-up; 5 min TTL.", "CPU at 95%, memory 2GB", "Die Zeitüberschreitung beträgt 30 s.",
		"ＡＰＩ Straße ﬁle — ’tis naïve", "Generated files aren’t committed", "X is owned by Y, not Z", "Logs get shipped to S3",
		"Logs get rotated daily and get compressed", "Make sure to run lint; make sure tests pass",
		"Use Go, Rust and Python.", "Store uploads in S3 and metadata in Postgres", "Use pnpm rather than npm.",
		"Never use npm nor yarn", "(see docs) -race --json .env -- → ->", "When the build fails, check the logs & rerun",
		"tests are run with `go test -race ./...`", "Won't, can't, shan't, it's, we'll, they're", "\xff\xfe bad utf-8 \xc3",
		"Tabs\tand\u00a0non-breaking\u2028spaces", "e-mail start-up squash-merged table-driven eu-west-1",
		"two-factor OAuth2 via k8s, db, prod env", "Retries are capped at five; the gateway won't wait longer.")
}

// goldenDump is the features and analysis of s, a few lines: tokens never
// hold a space, and clauses are parted by " | ".
func goldenDump(s string) string { return dumpPrepared(s, Prepare(s)) }

func dumpPrepared(s string, p *Text) string {
	f := p.f
	return fmt.Sprintf("> %q\n  canon: %s\n  terms: %s\n  words: %s\n  numbers: %s negated: %q weight: %v\n%s",
		s, f.canon, strings.Join(f.terms, " "), strings.Join(f.words, " "), strings.Join(f.numbers, " "), f.negated, f.weight,
		dumpAnalysis(p.analysis()))
}

func dumpAnalysis(a *analysis) string {
	clauses := func(cs [][]string) string {
		if cs == nil {
			return "nil"
		}
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = strings.Join(c, " ")
		}
		return strings.Join(parts, " | ")
	}
	return fmt.Sprintf("  items: %s\n  gapped: %s\n  raw: %s\n  active: %s\n  or: %d key: %s\n",
		clauses(a.items), clauses(a.gapped), clauses(a.raw), clauses(a.active), a.or, keyText(a.items, a.or))
}

// keyText is the multiset key hashes, written out: the tokens of items
// sorted ("after" read as "before"), then " |or" and a "|" for each "or".
func keyText(items [][]string, or int) string {
	var all []string
	for _, it := range items {
		for _, tok := range it {
			if tok == "after" {
				tok = "before"
			}
			all = append(all, tok)
		}
	}
	slices.Sort(all)
	s := strings.Join(all, " ")
	if or > 0 {
		s += " |or" + strings.Repeat("|", or)
	}
	return s
}

// TestKeyIsTheMultiset checks that two texts get one analysis key exactly
// when their tokens, sorted, and their counts of "or" are the same, on
// every pair of pairs.txt and the golden texts, each text against the
// other of its pair and against every golden text.
func TestKeyIsTheMultiset(t *testing.T) {
	texts := goldenTexts(t)
	for _, p := range loadPairs(t) {
		texts = append(texts, p.stored, p.cand)
	}
	type read struct{ key, text string }
	reads := make([]read, len(texts))
	for i, s := range texts {
		a := analyse(s)
		reads[i] = read{a.key, keyText(a.items, a.or)}
		if (a.key == "") != (reads[i].text == "") {
			t.Fatalf("%q: key %q, tokens %q", s, a.key, reads[i].text)
		}
	}
	equal := 0
	for i := range reads {
		for j := range i {
			if (reads[i].key == reads[j].key) != (reads[i].text == reads[j].text) {
				t.Fatalf("%q and %q: keys equal %v, tokens %q and %q", texts[i], texts[j],
					reads[i].key == reads[j].key, reads[i].text, reads[j].text)
			}
			if reads[i].text == reads[j].text {
				equal++
			}
		}
	}
	if equal == 0 {
		t.Fatal("no two texts share their tokens: the test checks nothing")
	}
}

// analyseByChunks is analyse as the tokenizer reads a text on its own:
// each piece of the folded text folded and scanned again, with "%" spelt
// out, rather than the share of the text's tokens Prepare hands it.
func analyseByChunks(s string) *analysis {
	t := tokenizer{lex: lexicon(), nextSep: sepStrong}
	for _, c := range strings.Fields(fold(s)) {
		t.chunk(c, canonicalTokens(strings.ReplaceAll(c, "%", " percent ")), nil)
	}
	t.flush(sepStrong, false)
	a := new(analysis)
	a.set(new(scratch), &t)
	return a
}

// FuzzPrepare checks that Prepare's shared scan reads a text as the
// tokenizer and Canonical read it apart, and that a text reads the same
// every time, whatever the pooled scratch held before.
func FuzzPrepare(f *testing.F) {
	for _, s := range []string{"Run make gen before go test", "X is owned by Y, not Z", "80% of CPU, 5 min", "ＡＰＩ Straße’s",
		"\xff\xfe \xc3", "--json -race .env (./...)", "Use Go, Rust and Python", "Logs get shipped", "tabs\u00a0and\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Prepare(s)
		if c := Canonical(s); p.f.canon != c {
			t.Fatalf("Prepare(%q) canon %q, Canonical %q", s, p.f.canon, c)
		}
		if got, want := p.analysisKey(), p.analysis().key; got != want {
			t.Fatalf("Prepare(%q) key %q, its analysis's %q", s, got, want)
		}
		if got, want := dumpAnalysis(p.analysis()), dumpAnalysis(analyseByChunks(s)); got != want {
			t.Fatalf("Prepare(%q) analysis\n%s\nread by chunks\n%s", s, got, want)
		}
		if again := goldenDump(s); again != goldenDump(s) {
			t.Fatalf("Prepare(%q) reads differently twice", s)
		}
	})
}

// FuzzReadText checks that readText's one scan of an ASCII text reads the
// tokens, the fields and the canonical text that folding the text and
// scanning it field by field does, with the fields at the same places.
func FuzzReadText(f *testing.F) {
	for _, s := range []string{"Run `make gen` before `go test`.", "Use --JSON, -Race and .ENV (./...)", "A-B.c_D/e:F@g#H's",
		"x -- y --z -.5 .-a (-b) [.C] \"-d\" *-e* _.f_ =-g ,-h", "80% of CPU;5min\tok\n\r\v\f end", "..., --- 'x'", "",
		"   ", "ÄPI über-fast", "tail-", "a.", "a..b", "a-/-b", "Don't won't it's"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, byField := range []bool{false, true} {
			canon, text, toks, fields := readText(new(scratch), s, byField)
			folded := fold(s)
			wantToks, wantFields := readTokens(new(scratch), folded, byField)
			if !slices.Equal(toks, wantToks) || !slices.Equal(fields, wantFields) || canon != strings.Join(wantToks, " ") {
				t.Fatalf("readText(%q, %v) = %q %q %v, folded and scanned %q %v", s, byField, canon, toks, fields, wantToks, wantFields)
			}
			if len(text) != len(folded) || text != folded && text != s {
				t.Fatalf("readText(%q) reads fields of %q, folded %q", s, text, folded)
			}
		}
	})
}

// TestAnalysisSharedBetweenGoroutines compares prepared texts from many
// goroutines at once, each reading the analyses Prepare left for later:
// all must agree with comparing fresh texts (run with -race).
func TestAnalysisSharedBetweenGoroutines(t *testing.T) {
	texts := goldenTexts(t)
	shared := make([]*Text, len(texts))
	for i, s := range texts {
		shared[i] = Prepare(s)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range texts {
				i, j := (k+g)%len(texts), (k*7+g)%len(texts)
				if got, want := shared[i].Compare(shared[j]), Prepare(texts[i]).Compare(Prepare(texts[j])); got.Kind != want.Kind || got.Score != want.Score {
					t.Errorf("shared Compare(%q, %q) = %+v, fresh %+v", texts[i], texts[j], got, want)
				}
				if got, want := shared[j].Same(shared[i]), Prepare(texts[j]).Same(Prepare(texts[i])); got != want {
					t.Errorf("shared Same(%q, %q) = %v, fresh %v", texts[j], texts[i], got, want)
				}
			}
		}()
	}
	wg.Wait()
}

// foldWhole is fold as it was first written: the whole text through NFKC
// and case folding.
func foldWhole(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return strings.ReplaceAll(cases.Fold().String(norm.NFKC.String(s)), "\u2019", "'")
		}
	}
	return strings.ToLower(s)
}

// FuzzFold checks that folding the runs of characters outside ASCII apart
// reads a text as folding all of it does.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"Ｕｓｅ ＡＰＩ ﬁles", "e\u0301cole E\u0301COLE", "Straße STRASSE ß ẞ", "ΣΊΣΥΦΟΣ σας",
		"a\u0308\u0301 o\u0323\u0302 A\u030a", "İstanbul ıI", "\u1100\u1161\u11a8 가각", "don’t ’tis ‘x’", "K Å Ω ㎒ ½ ²",
		"\xff\xfe bad \xc3 utf-8 \xe2\x80", "naïve café — “quoted” → 🚀 ✅ 東京 日本語", "ASCII only, Mixed Case",
		"x\u0300" + strings.Repeat("A", 20) + "\u0301", "tail é", "é head", "ǅ ǆ Ǆ ﬀ ﬃ", "ＡＢＣ" + strings.Repeat("Z", 15) + "ｄ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := fold(s), foldWhole(s); got != want {
			t.Fatalf("fold(%q) = %q, folding it whole %q", s, got, want)
		}
	})
}

// BenchmarkFold folds every learning of a generated 1 MB memory of each
// generator, by runs (fold) and whole (foldWhole); one op is the memory.
func BenchmarkFold(b *testing.B) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		var texts []string
		for line := range strings.Lines(string(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: mode}))) {
			if text, ok := strings.CutPrefix(strings.TrimSpace(line), "- "); ok {
				texts = append(texts, text)
			}
		}
		for _, way := range []struct {
			name string
			fold func(string) string
		}{{"runs", fold}, {"whole", foldWhole}} {
			b.Run(mode+"/"+way.name, func(b *testing.B) {
				for b.Loop() {
					for _, s := range texts {
						way.fold(s)
					}
				}
			})
		}
	}
}

// FuzzFoldsToItself holds foldsToItself to fold: a text it says fold
// leaves alone, fold leaves alone, and so does every field of a folded
// text it says that of.
func FuzzFoldsToItself(f *testing.F) {
	for _, s := range []string{"Ｕｓｅ ＡＰＩ ﬁles", "e\u0301cole école", "straße strasse ß ẞ", "σας ς Σ", "don’t don't",
		"ǅ ǆ ﬀ", "東京 日本語 🚀 ✅ —", "zahlungen über 100 € werden geprüft", "決済は「確認」が必要です。", "i̇stanbul ı",
		"\xff\xfe bad", "k Å Ω ㎒ ½ ²", "a\u0308\u0301 o\u0323\u0302", "plain ascii", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if foldsToItself(s) && fold(s) != s {
			t.Fatalf("foldsToItself(%q), but fold gives %q", s, fold(s))
		}
		for c := range strings.FieldsSeq(fold(s)) {
			if foldsToItself(c) && fold(c) != c {
				t.Fatalf("foldsToItself(%q), a field of fold(%q), but fold gives %q", c, s, fold(c))
			}
		}
	})
}

// TestFoldsToItselfOnText checks that foldsToItself spares the fields of
// folded text in other languages a second fold: it would be sound, and
// buy nothing, if it said no to all of them.
func TestFoldsToItselfOnText(t *testing.T) {
	src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 256 << 10, Mode: "intl"})
	fields, itself := 0, 0
	for line := range strings.Lines(string(src)) {
		text, ok := strings.CutPrefix(strings.TrimSpace(line), "- ")
		if !ok {
			continue
		}
		for c := range strings.FieldsSeq(fold(text)) {
			if plainField(c) {
				continue
			}
			fields++
			if foldsToItself(c) {
				itself++
				if fold(c) != c {
					t.Errorf("foldsToItself(%q), but fold gives %q", c, fold(c))
				}
			}
		}
	}
	if fields == 0 || itself < fields*9/10 {
		t.Errorf("%d of %d fields outside ASCII fold to themselves, want nine in ten at least", itself, fields)
	}
}
