package similar_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/pairfile"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// matchesAsCompare checks that the filter of cands reports, for every
// stored text, exactly the candidates Compare calls the same learning or
// an update, with Compare's verdict, and returns how many pairs it found.
// The filter rules out most stored texts by bounds (the weight of a
// candidate's roots, then mayBeRelated's terms and anchors): Compare of
// every pair is the full route they must agree with.
func matchesAsCompare(t *testing.T, cands, stored []string) (related int) {
	t.Helper()
	f := similar.NewFilter(cands)
	prepared := make([]*similar.Text, len(cands))
	for i, c := range cands {
		prepared[i] = similar.Prepare(c)
	}
	var n atomic.Int64
	similar.Parallel(len(stored), func(k int) {
		s := stored[k]
		found := make(map[int]similar.Verdict)
		f.Matches(s, func(i int, v similar.Verdict) { found[i] = v })
		st := similar.Prepare(s)
		for i, c := range prepared {
			want := st.Compare(c)
			if want.Kind != similar.Distinct {
				n.Add(1)
			}
			g, ok := found[i]
			switch {
			case want.Kind == similar.Distinct && ok:
				t.Errorf("filter reported %v where Compare says distinct:\n stored: %q\n cand:   %q", g, s, cands[i])
			case want.Kind != similar.Distinct && (!ok || g.Kind != want.Kind || g.Score != want.Score):
				t.Errorf("filter gave %+v (found %v), Compare %+v:\n stored: %q\n cand:   %q", g, ok, want, s, cands[i])
			}
		}
	})
	return int(n.Load())
}

// TestFilterAsCompareOnMemories holds store's filter to Compare on the
// learnings of generated memories of every generator of bench/, at two
// seeds and two sizes, against a session's fresh learnings, the store
// benchmark's and candidates of which a third restate a stored learning
// (memgen.Candidates): the pairs it rules out cheaply must be exactly
// those Compare finds unrelated, on files shaped as users' are.
func TestFilterAsCompareOnMemories(t *testing.T) {
	sizes := []int{256 << 10, 1 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	var related atomic.Int64
	t.Run("memories", func(t *testing.T) { filterMemories(t, sizes, &related) })
	// A third of memgen.Candidates restate a stored learning: found
	// pairs show that the test checks more than pairs ruled out.
	if related.Load() == 0 {
		t.Errorf("no candidate is related to a stored learning: the test checks only pairs ruled out")
	}
}

func filterMemories(t *testing.T, sizes []int, related *atomic.Int64) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		for _, seed := range []int64{1, 7} {
			for _, size := range sizes {
				if size > 256<<10 && seed != 1 {
					continue
				}
				name := fmt.Sprintf("%s/seed%d/%dk", cmpOr(mode, "default"), seed, size>>10)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					src := memgen.GenerateWith(memgen.Options{Seed: seed, Size: size, Mode: mode})
					var stored []string
					for _, l := range learnings.Parse(src).Learnings() {
						stored = append(stored, l.Text)
					}
					for _, set := range [][]byte{memgen.Learnings(seed+1000, 4), memgen.Learnings(seed+999, 5), memgen.Candidates(src, seed, 6)} {
						related.Add(int64(matchesAsCompare(t, bulletTexts(set), stored)))
					}
				})
			}
		}
	}
}

// TestFilterAsCompareOnPairSets holds the filter to Compare on the
// development pair sets read as memories: each group of pairs' texts are
// the candidates, both sides of every pair of the file the stored
// learnings, so that every pair is checked both ways round beside many
// unrelated ones. The sets hold the synonyms, phrases, spellings and
// rewordings the decision reads (and decision11 changes): a rule that
// reads a word another way than the terms the filter reads would show
// here. Held-out sets are left out: their texts must not be printed.
func TestFilterAsCompareOnPairSets(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "testdata/heldout9/pairs.txt", "testdata/heldout12/pairs.txt", "testdata/heldout13/pairs.txt", "testdata/heldout14/pairs.txt") // retired to development
	checked := 0
	for _, file := range files {
		ps, err := pairfile.Read(file)
		if err != nil || len(ps) == 0 {
			continue // not a pair file (common.txt, compounds.txt)
		}
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			var all []string
			for _, p := range ps {
				all = append(all, p.Stored, p.Cand)
			}
			const group = 6
			for lo := 0; lo < len(ps); lo += group {
				var cands []string
				for _, p := range ps[lo:min(lo+group, len(ps))] {
					cands = append(cands, p.Cand, p.Stored)
				}
				matchesAsCompare(t, cands, all)
			}
		})
		checked++
	}
	if checked < 10 {
		t.Fatalf("checked %d pair files, want the development sets", checked)
	}
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// bulletTexts are the texts of the "- " lines of src.
func bulletTexts(src []byte) []string {
	var out []string
	for line := range strings.Lines(string(src)) {
		if text, ok := strings.CutPrefix(strings.TrimSpace(line), "- "); ok {
			out = append(out, text)
		}
	}
	return out
}

// TestFilterAsCompareWithLeadIns holds the filter to Compare where a
// stored text or a candidate opens with a lead-in ("Again:"), which
// Prepare reads the text without: short texts, where the lead-in's words
// would weigh most in a bound read from the text as written.
func TestFilterAsCompareWithLeadIns(t *testing.T) {
	facts := []string{"Cache is stale.", "The cache is stale after a deploy.", "Retry twice.", "Use `uv`, not pip.",
		"The payments API times out after 30 s.", "Never run migrations on staging.", "Ports: 8080 and 8443."}
	leads := []string{"", "Again: ", "As noted before, ", "Reminder: ", "Note: Verified: ", "FYI — ", "Remember that "}
	var texts []string
	for _, f := range facts {
		for _, l := range leads {
			texts = append(texts, l+f)
		}
	}
	if matchesAsCompare(t, texts, texts) == 0 {
		t.Fatal("no pair related: the test checks nothing")
	}
}
