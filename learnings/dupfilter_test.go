package learnings_test

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// TestDupFilterNeverRulesOutADuplicate compares every candidate with every
// stored learning of a generated file, a third of the candidates being
// near duplicates, and checks the filter keeps every pair Similarity calls a
// duplicate.
func TestDupFilterNeverRulesOutADuplicate(t *testing.T) {
	src := memgen.Generate(7, 50_000)
	var stored []string
	for _, l := range learnings.Parse(src).Learnings() {
		stored = append(stored, l.Text)
	}
	cands, _ := learnings.ParseInput(memgen.Candidates(src, 7, 45))
	extra := []string{
		"Retries are capped at five; the gateway won't wait longer.",
		"Die Zeitüberschreitung beträgt 30 s.",
		"the a an",
	}
	stored = append(stored, "Retry is capped at five, the gateway will not wait longer.", "Die Zeitüberschreitung beträgt 30 s!")
	var texts []string
	for _, c := range cands {
		texts = append(texts, c.Text)
	}
	texts = append(texts, extra...)
	ruledOut, dups := 0, 0
	for _, c := range texts {
		f := learnings.NewDupFilter([]string{c})
		for _, s := range stored {
			may := f.MayMatch(s)
			if !may {
				ruledOut++
			}
			if learnings.Similarity(c, s) >= learnings.DuplicateThreshold {
				dups++
				if !may {
					t.Errorf("filter rules out a duplicate:\n  candidate %q\n  stored    %q", c, s)
				}
			}
		}
	}
	t.Logf("%d duplicates, %d of %d pairs ruled out", dups, ruledOut, len(texts)*len(stored))
	if dups == 0 || ruledOut < len(texts)*len(stored)/2 {
		t.Errorf("%d duplicates found, %d of %d pairs ruled out: the test or the filter is not doing its job", dups, ruledOut, len(texts)*len(stored))
	}
}
