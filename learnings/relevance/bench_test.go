package relevance

import (
	"syscall"
	"testing"
	"time"

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
	start, n := cpuTime(), 0
	for b.Loop() {
		Rank(ls, ctx)
		n++
	}
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(n), "cpu-ms/op")
}

// cpuTime is the process's CPU time, steadier than wall time on a shared
// machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
