package input

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// TestAgainstStoredMatchesBruteForce checks AgainstStored, chunks and all,
// against comparing every candidate with every stored learning: the first
// stored learning with the highest Similarity at or above the threshold.
func TestAgainstStoredMatchesBruteForce(t *testing.T) {
	src := memgen.GenerateWith(memgen.Options{Seed: 5, Size: 200_000, DuplicateRate: 0.2})
	stored := learnings.Parse(src).Learnings()
	cands, _ := learnings.ParseInput(memgen.Candidates(src, 5, 30))
	texts := []string{stored[3].Text, stored[len(stored)-1].Text}
	for _, c := range cands {
		texts = append(texts, c.Text)
	}
	if len(stored) < 2*minChunk {
		t.Fatalf("only %d stored learnings: too few for parallel chunks", len(stored))
	}
	got := AgainstStored(stored, texts)
	found := 0
	for i, c := range texts {
		var want Known
		for _, s := range stored {
			if sc := learnings.Similarity(c, s.Text); sc >= learnings.DuplicateThreshold && sc > want.Score {
				want = Known{s, sc}
			}
		}
		if got[i] != want {
			t.Errorf("candidate %q: got %v, want %v", c, got[i], want)
		}
		if want.Learning != nil {
			found++
		}
	}
	if found < 5 {
		t.Errorf("only %d candidates have a duplicate: the test is not exercising the dedup", found)
	}
}
