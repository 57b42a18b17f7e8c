package learnings

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// synthLearnings makes n varied, real-looking learnings from a fixed seed.
func synthLearnings(seed uint64, n int) []string {
	r := rand.New(rand.NewPCG(seed, 1))
	verbs := []string{"Run", "Use", "Never use", "Prefer", "Avoid", "Always call", "Keep", "Check"}
	things := []string{"`make gen`", "go test -race", "the staging cluster", "pnpm", "`client.Do`", "sqlfluff",
		"the retry helper", "feature flags", "the fake clock", "structured logging", "table tests", "golden files",
		"the sync client", "idempotency keys", "the migration tool", "docker compose", "the cache layer", "tracing"}
	whens := []string{"before pushing", "in CI", "for load tests", "when the API returns 429", "after editing the schema",
		"in integration tests", "on release branches", "when the gateway drops idle connections", "for new endpoints"}
	whys := []string{"generated files are not committed", "the reviewers reject it otherwise", "flaky tests hide races",
		"the API gateway drops idle connections", "timestamps must be UTC", "the DBA team reviews every migration",
		"the linter enforces it", "it keeps diffs small", "production uses the same path"}
	pick := func(list []string) string { return list[r.IntN(len(list))] }
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s %s %s; %s (%s %d).", pick(verbs), pick(things), pick(whens),
			pick(whys), pick(things), r.IntN(1000))
	}
	return out
}

func TestDupIndexMatchesBruteForce(t *testing.T) {
	stored := synthLearnings(1, 400)
	for _, p := range similarityPairs {
		stored = append(stored, p.a)
	}
	ix := NewDupIndex()
	for i, s := range stored {
		ix.Add(i, s)
	}
	queries := append(synthLearnings(2, 80), stored[:30]...)
	for _, p := range similarityPairs {
		queries = append(queries, p.b)
	}
	storedFeatures := make([]*features, len(stored))
	for i, s := range stored {
		storedFeatures[i] = featuresOf(s)
	}
	near := 0
	for _, q := range queries {
		wantID, want := -1, DuplicateThreshold
		qf := featuresOf(q)
		for i, sf := range storedFeatures {
			if sc := qf.similarity(sf); sc > want || sc == want && wantID < 0 {
				wantID, want = i, sc
			}
		}
		id, score, ok := ix.Best(q)
		if ok && score < 1 {
			near++
		}
		switch {
		case wantID < 0 && ok:
			t.Errorf("Best(%q) = %d (%.3f), want no duplicate", q, id, score)
		case wantID >= 0 && !ok:
			t.Errorf("Best(%q) found nothing, want %d (%.3f)", q, wantID, want)
		case ok && (score != want || id != wantID):
			t.Errorf("Best(%q) = %d (%.3f), want %d (%.3f)", q, id, score, wantID, want)
		}
	}
	if near < 10 {
		t.Errorf("only %d near (not exact) duplicates found: the test is not exercising the index", near)
	}
}

// TestDupIndexMatchesBruteForceOnGeneratedFiles feeds the learnings of
// generated memory files to an index the way compact does (each one is
// looked up among those added before it, then added) and checks every
// answer against a comparison with every earlier learning. The files are
// small, with many near duplicates and numbers dropped from some learnings
// so that the large partition without numbers is exercised too.
func TestDupIndexMatchesBruteForceOnGeneratedFiles(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			src := memgen.GenerateWith(memgen.Options{Seed: seed, Size: 60_000, DuplicateRate: 0.3})
			var texts []string
			r := rand.New(rand.NewPCG(uint64(seed), 2))
			for _, l := range Parse(src).Learnings() {
				text := l.Text
				if r.IntN(3) == 0 {
					text = strings.Map(func(c rune) rune {
						if c >= '0' && c <= '9' {
							return -1
						}
						return c
					}, text)
				}
				texts = append(texts, text)
			}
			ix := NewDupIndex()
			var prev []*features
			var prevGrams [][]uint64
			near := 0
			for i, q := range texts {
				qf := featuresOf(q)
				qg := qf.trigrams()
				wantID, want := -1, DuplicateThreshold
				for j, sf := range prev {
					sc := 1.0
					if qf.canon != sf.canon {
						sc = qf.scoreGrams(qg, sf, prevGrams[j])
					}
					if sc > want || sc == want && wantID < 0 {
						wantID, want = j, sc
					}
				}
				id, score, ok := ix.Best(q)
				switch {
				case wantID < 0 && ok:
					t.Fatalf("Best(%q) = %d (%.3f), want no duplicate", q, id, score)
				case wantID >= 0 && !ok:
					t.Fatalf("Best(%q) found nothing, want %q (%.3f)", q, texts[wantID], want)
				case ok && (score != want || id != wantID):
					t.Fatalf("Best(%q) = %q (%.3f), want %q (%.3f)", q, texts[id], score, texts[wantID], want)
				}
				if ok && score < 1 {
					near++
				}
				ix.Add(i, q)
				prev = append(prev, qf)
				prevGrams = append(prevGrams, qg)
			}
			t.Logf("%d learnings, %d near duplicates", len(texts), near)
			if near < 10 {
				t.Errorf("only %d near duplicates: the test is not exercising the index", near)
			}
		})
	}
}

func TestDupIndex(t *testing.T) {
	ix := NewDupIndex()
	ix.Add(10, "Run make gen before go test; generated files are not committed")
	ix.Add(20, "Cap backoff at 30 s")
	ix.Add(30, "Run make gen before go test; generated files are not committed")
	ix.Add(40, "**`*`**")
	tests := []struct {
		name  string
		text  string
		id    int
		exact bool
		ok    bool
	}{
		{"paraphrase", "Generated files aren't committed, so run `make gen` before `go test`", 10, false, true},
		{"exact, first added wins", "run MAKE gen before go test: generated files are not committed", 10, true, true},
		{"other number", "Cap backoff at 60 s", 0, false, false},
		{"nothing shared", "Prefer small PRs", 0, false, false},
		{"only stop words", "it is what it is", 0, false, false},
		{"empty", "", 0, false, false},
		{"only markup", "__", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, score, ok := ix.Best(tt.text)
			if ok != tt.ok || ok && id != tt.id || tt.exact && score != 1 {
				t.Errorf("Best(%q) = %d, %.3f, %v; want %d, ok=%v", tt.text, id, score, ok, tt.id, tt.ok)
			}
			if ok && score < DuplicateThreshold {
				t.Errorf("score %.3f below threshold but ok", score)
			}
		})
	}
}

// BenchmarkDupIndexSmallVocabulary is the index's worst case: 50k
// learnings built from a vocabulary of about a hundred words, so that every
// candidate shares words with most of them. BenchmarkDupIndex in
// dupindex_bench_test.go measures a realistic file.
func BenchmarkDupIndexSmallVocabulary(b *testing.B) {
	stored := synthLearnings(1, 50_000)
	ix := NewDupIndex()
	for i, s := range stored {
		ix.Add(i, s)
	}
	queries := synthLearnings(3, 64)
	for i := range queries[:32] {
		queries[i] = strings.ToUpper(stored[i*97])
	}
	i := 0
	for b.Loop() {
		ix.Best(queries[i%len(queries)])
		i++
	}
}

// TestDupIndexConcurrentBest backs the promise that Best may run from
// several goroutines at once (run with -race).
func TestDupIndexConcurrentBest(t *testing.T) {
	ix := NewDupIndex()
	for i, s := range synthLearnings(4, 200) {
		ix.Add(i, s)
	}
	queries := synthLearnings(5, 40)
	want := make([]int, len(queries))
	for i, q := range queries {
		want[i], _, _ = ix.Best(q)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i, q := range queries {
				if id, _, _ := ix.Best(q); id != want[i] {
					t.Errorf("Best(%q) = %d concurrently, %d alone", q, id, want[i])
				}
			}
		})
	}
	wg.Wait()
}

// FuzzFoldNonASCII checks the filter's shortcut for text already in NFKC
// against fold itself.
func FuzzFoldNonASCII(f *testing.F) {
	for _, s := range []string{"Straße ﬁle", "Ｃａｐ ３０ s", "café \u212a", "cafe\u0301 Σς", "don\u2019t 日本語", "İstanbul ǅ", "plain"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := foldNonASCII(s), fold(s); got != want {
			t.Errorf("foldNonASCII(%q) = %q, fold = %q", s, got, want)
		}
	})
}

// FuzzAppendTrigrams pins appendTrigrams to its definition: the trigrams of
// the word padded with a space at each end.
func FuzzAppendTrigrams(f *testing.F) {
	for _, s := range []string{"", "a", "ab", "abc", "café", "日本語", "x\xff", "\xe6\x97"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		var want []uint64
		runes := []rune(" " + w + " ")
		for i := 0; i+3 <= len(runes); i++ {
			want = append(want, uint64(runes[i])<<42|uint64(runes[i+1])<<21|uint64(runes[i+2]))
		}
		if got := appendTrigrams(nil, w); !slices.Equal(got, want) {
			t.Errorf("appendTrigrams(%q) = %x, want %x", w, got, want)
		}
	})
}
