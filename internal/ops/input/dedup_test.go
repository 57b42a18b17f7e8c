package input

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// TestAgainstStoredMatchesBruteForce checks AgainstStored, chunks and all,
// against comparing every candidate with every stored learning: the first
// stored learning that is the same with the highest score, and likewise
// for updates.
func TestAgainstStoredMatchesBruteForce(t *testing.T) {
	src := memgen.GenerateWith(memgen.Options{Seed: 5, Size: 200_000, DuplicateRate: 0.2})
	stored := learnings.Parse(src).Learnings()
	cands, _ := learnings.ParseInput(memgen.Candidates(src, 5, 30))
	texts := []string{stored[3].Text, stored[len(stored)-1].Text, "**" + stored[7].Text + "**"}
	for _, c := range cands {
		texts = append(texts, c.Text)
	}
	// A few stored learnings with one number changed: updates. The
	// generator's near-duplicates change a subject and a ticket at once,
	// which is a sibling, not an update.
	for _, s := range stored {
		if changed := oneMore(s.Text); changed != s.Text && len(texts) < len(cands)+8 {
			texts = append(texts, changed)
		}
	}
	if len(stored) < 2*minChunk {
		t.Fatalf("only %d stored learnings: too few for parallel chunks", len(stored))
	}
	got := AgainstStored(stored, texts)
	same, updates := 0, 0
	for i, c := range texts {
		var want found
		ct := similar.Prepare(c)
		for _, s := range stored {
			want.add(s, similar.Prepare(s.Text).Compare(ct))
		}
		w := Known{Same: want.same, Update: want.update, Score: want.updateScore}
		if want.same != nil {
			w.Score = want.sameScore
			same++
		}
		if want.update != nil {
			updates++
		}
		if got[i] != w {
			t.Errorf("candidate %q: got %+v, want %+v", c, got[i], w)
		}
	}
	if same < 3 || updates < 3 {
		t.Errorf("%d candidates have a same learning and %d an update: the test is not exercising the dedup", same, updates)
	}
}

// oneMore is s with the digits of its first number turned into other
// digits, or s when it has none.
func oneMore(s string) string {
	i := strings.IndexAny(s, "0123456789")
	if i < 0 {
		return s
	}
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	return s[:i] + strings.Repeat("7", j-i+1) + s[j:]
}
