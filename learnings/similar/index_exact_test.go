package similar

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestIndexIsExact holds Index.BestBefore without the cap (Common 0) to
// the pair test it stands in for, asked of every pair: each learning's
// best update among the learnings before it (Compare, ties to the earlier
// one), on whole memories of each of bench/'s generators (three seeds)
// and on memories made of the development pair sets, each pair's texts
// one after the other. A search that finds its candidates another way
// (a join on the texts' rarest terms, say) must still pass it: the cap
// aside, BestBefore is exact, and its bounds and shortcuts only spare
// work.
func TestIndexIsExact(t *testing.T) {
	memories := map[string][]string{}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		for _, seed := range []int64{5, 17, 29} {
			var texts []string
			src := memgen.GenerateWith(memgen.Options{Seed: seed, Size: 48 << 10, Mode: mode})
			for line := range strings.Lines(string(src)) {
				if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
					texts = append(texts, text)
				}
			}
			memories[fmt.Sprintf("%s/seed%d", cmp.Or(mode, "default"), seed)] = texts
		}
	}
	var sets []string
	for _, pattern := range []string{"testdata/*.txt", "testdata/heldout9/pairs.txt", "testdata/heldout12/pairs.txt", "testdata/heldout13/pairs.txt", "testdata/heldout14/pairs.txt"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, m...)
	}
	for _, path := range sets {
		var paired []string
		for _, p := range loadPairsFrom(t, path) {
			paired = append(paired, p.stored, p.cand)
		}
		// Memories of at most 400 texts, so that asking every pair
		// stays quick.
		for part := 0; len(paired) > 0; part++ {
			n := min(400, len(paired))
			memories[fmt.Sprintf("%s/%d", strings.TrimPrefix(path, "testdata/"), part)] = paired[:n]
			paired = paired[n:]
		}
	}
	var total atomic.Int64
	for name, texts := range memories {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			updates := checkIndexExact(t, texts)
			t.Logf("%d learnings, %d with an update before them", len(texts), updates)
			total.Add(int64(updates))
		})
	}
	t.Cleanup(func() {
		// A test that finds no update proves nothing.
		if total.Load() < 500 {
			t.Errorf("only %d updates in all the memories", total.Load())
		}
	})
}

// checkIndexExact compares BestBefore without the cap with every pair of
// texts asked (see TestIndexIsExact) and returns how many texts have an
// update before them.
func checkIndexExact(t *testing.T, texts []string) int {
	ix := NewIndex()
	prepared := ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *Text) {})
	updates := 0
	for i := range texts {
		want, wantScore := -1, -1.0
		for j := range i {
			if v := prepared[j].Compare(prepared[i]); v.Kind == Update && v.Score > wantScore {
				want, wantScore = j, v.Score
			}
		}
		got, v, ok := ix.BestBefore(i)
		if ok != (want >= 0) || ok && (got != want || v.Score != wantScore || v.Kind != Update) {
			t.Errorf("learning %d: BestBefore gives %d %+v %v, every pair asked %d (score %.2f):\n  %s", i, got, v, ok, want, wantScore, texts[i])
		}
		if ok {
			updates++
		}
	}
	return updates
}

// TestIndexFilesAsPrepare holds what Index.PrepareInOrder files of each
// text, whose terms prepareAnchored leaves in text order with repeats
// (but for a text whose repeat is searched for, RepeatOf), to Prepare: the entry's term
// ids are the ids of Prepare's terms, each once, and its weight in the
// bounds and the text's are Prepare's weight. The texts are anchorTexts:
// generated memories, the pair sets and every word of the lexicon in
// sentences that repeat it.
func TestIndexFilesAsPrepare(t *testing.T) {
	texts := anchorTexts(t)
	ix := NewIndex()
	prepared := ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *Text) {})
	termOf := make([]string, len(ix.termWeights))
	for term, id := range ix.termID {
		termOf[id] = term
	}
	repeats, repeated := 0, 0
	for i, s := range texts {
		want := Prepare(s).f
		e := &ix.entries[i]
		var got []string
		for _, id := range ix.sortedIDs[e.from:e.to] {
			got = append(got, termOf[id])
		}
		slices.Sort(got)
		if !slices.Equal(got, want.terms) || ix.hot[i].weight != want.weight || prepared[i].f.weight != want.weight {
			t.Fatalf("text %d %q: filed %q weight %v (text %v), Prepare's %q %v", i, s, got, ix.hot[i].weight, prepared[i].f.weight, want.terms, want.weight)
		}
		if _, search := ix.RepeatOf(i); search {
			repeats++
			if prepared[i].f.inTextOrder || !slices.Equal(prepared[i].f.terms, want.terms) {
				t.Fatalf("text %d %q may repeat another: terms %q, Prepare's %q", i, s, prepared[i].f.terms, want.terms)
			}
		} else if len(prepared[i].f.terms) > len(want.terms) {
			repeated++
		}
	}
	// Texts of both kinds, and terms repeated in a text, or the test
	// holds little.
	if repeats < 100 || repeated < 100 {
		t.Errorf("%d texts may repeat another, %d repeat a term: too few", repeats, repeated)
	}
}

// FuzzIndexIsExact is TestIndexIsExact on a few texts, one a line.
func FuzzIndexIsExact(f *testing.F) {
	for _, seed := range []string{
		"Frontend unit tests run with jest\nFrontend unit tests run with vitest\nBackend tests run with pytest",
		"The payments API times out after 30 s.\nThe payments API times out after 60 s.\nThe payments API must not time out.",
		"Use `npm ci` in CI\nUse `pnpm install --frozen-lockfile` in CI\nUse npm instead of yarn\nUse yarn",
		"Backups run at night\nReports run at night\nBackups run at noon",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		texts := strings.Split(s, "\n")
		if len(texts) > 16 {
			texts = texts[:16]
		}
		checkIndexExact(t, texts)
	})
}

// TestCommonIDsAsSort holds commonIDs to sorting every id by count,
// highest first and ties by id, and taking the first k: on counts drawn
// as the words of a memory fall (a few on most entries, most on one or
// two), on counts all tied, and on fewer ids than k.
func TestCommonIDsAsSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[string][]int32{"none": {}, "one": {3}, "tied": slices.Repeat([]int32{2}, 600)}
	for i := range 40 {
		n := 1 + rng.IntN(3000)
		count := make([]int32, n)
		for id := range count {
			// Zipf-like: 1/u of a uniform u, capped.
			count[id] = int32(min(1+int(1/(rng.Float64()+1e-4)), 1+i*50))
		}
		cases[fmt.Sprintf("zipf%d", i)] = count
	}
	for name, count := range cases {
		for _, k := range []int{1, 7, commonTerms, 2000} {
			want := make([]int32, len(count))
			for id := range want {
				want[id] = int32(id)
			}
			slices.SortFunc(want, func(a, b int32) int { return cmp.Or(cmp.Compare(count[b], count[a]), cmp.Compare(a, b)) })
			want = want[:min(k, len(want))]
			if got := commonIDs(count, k); !slices.Equal(got, want) {
				t.Errorf("%s, k %d: commonIDs gives %v, the sort %v", name, k, got, want)
			}
		}
	}
}

// TestRepeatOfAsSearch holds Index.RepeatOf, which spares the search and
// the analysis key of copies and of texts only their copies may repeat,
// to searching every text that may repeat another (SameIndex, as lint did
// before): each text's first earlier repeat is the same. The texts are
// anchorTexts with a copy of one in seven after them, some with a
// lead-in, so that word-for-word repeats of every kind are many.
func TestRepeatOfAsSearch(t *testing.T) {
	texts := anchorTexts(t)
	for i, s := range texts[:len(texts):len(texts)] {
		switch i % 21 {
		case 0:
			texts = append(texts, s)
		case 7:
			texts = append(texts, "Again: "+s)
		case 14:
			texts = append(texts, s, s)
		}
	}
	ix := NewIndex()
	prepared := ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *Text) {})
	searched, all := NewSameIndex(), NewSameIndex()
	got := make([]int, len(texts))
	copies, alone := 0, 0
	for i, p := range prepared {
		got[i] = -1
		first, search := ix.RepeatOf(i)
		switch {
		case first >= 0:
			copies++
			got[i] = first
			if got[first] >= 0 {
				got[i] = got[first]
			}
		case search:
			if j, ok := searched.Find(p); ok {
				got[i] = j
			}
			searched.Add(i, p)
		case ix.mayRepeat[i]:
			alone++
		}
		want := -1
		if ix.mayRepeat[i] {
			if j, ok := all.Find(p); ok {
				want = j
			}
			all.Add(i, p)
		}
		if got[i] != want {
			t.Errorf("text %d %q: repeat %d, searching every text %d", i, texts[i], got[i], want)
		}
	}
	if copies < 100 || alone < 100 {
		t.Errorf("%d copies, %d texts only their copies may repeat: too few", copies, alone)
	}
	t.Logf("%d texts, %d copies, %d only their copies may repeat", len(texts), copies, alone)
}
