package lint

import (
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// TestParallelPairsMatchOneCPU checks that the duplicate and update search,
// which runs on every CPU with the same-learning walk beside it, finds on
// four CPUs exactly what it finds on one, on a memory large enough to be
// split between workers (and, under -race, that they share nothing they
// write).
func TestParallelPairsMatchOneCPU(t *testing.T) {
	doc := learnings.Parse(memgen.Generate(7, 300<<10))
	if n := len(doc.Learnings()); n < 1000 {
		t.Fatalf("only %d learnings: too few to split between workers", n)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one := pairs(doc)
	runtime.GOMAXPROCS(4)
	four := pairs(doc)
	if len(one) == 0 {
		t.Fatal("no pairs found: the test checks nothing")
	}
	if diff := cmp.Diff(one, four); diff != "" {
		t.Errorf("pairs on 4 CPUs differ from 1 (-one +four):\n%s", diff)
	}
}
