package relevance

import (
	"testing"

	"github.com/learn-memory/learn/internal/cputime"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// BenchmarkRank is the cost context adds to a recall of a generated 1 MB
// memory (parse excluded): what BenchmarkRecallContext in learnings/recall
// compares with the whole plain recall.
func BenchmarkRank(b *testing.B) {
	ls := learnings.Parse(memgen.Generate(1, 1<<20)).Learnings()
	ctx := Context{
		Task:   "retry the sync client on gateway timeouts without duplicating writes",
		Paths:  []string{"internal/sync/client.go", "internal/sync/client_test.go", "docs/api.md", "README.md"},
		Branch: "fix/sync-retry-timeouts",
	}
	b.ReportAllocs()
	start, n := cputime.Now(), 0
	for b.Loop() {
		Rank(ls, ctx)
		n++
	}
	b.ReportMetric(float64((cputime.Now()-start).Microseconds())/1000/float64(n), "cpu-ms/op")
}
