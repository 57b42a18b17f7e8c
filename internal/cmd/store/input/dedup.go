package input

import (
	"runtime"
	"sync"

	"github.com/learn-memory/learn/learnings"
)

// Known is the stored learning a candidate duplicates, if any.
type Known struct {
	Learning *learnings.Learning
	Score    float64
}

// RoundScore keeps two decimals of a similarity score: what a person needs
// to compare it with the duplicate threshold, and stable in --json output.
func RoundScore(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// minChunk is the fewest stored learnings worth a goroutine of their own.
const minChunk = 512

// AgainstStored finds, for each candidate, the stored learning it is an
// exact or near duplicate of (Learning nil when none); on equal scores the
// one first in stored wins. The DupFilter rules out most stored learnings
// cheaply and scores the rest, and large files are checked in parallel
// chunks, so a few candidates against a large file cost about as much as
// reading it.
func AgainstStored(stored []*learnings.Learning, candidates []string) []Known {
	filter := learnings.NewDupFilter(candidates)
	chunks := min(runtime.GOMAXPROCS(0), max(1, len(stored)/minChunk))
	found := make([][]Known, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		lo, hi := c*len(stored)/chunks, (c+1)*len(stored)/chunks
		wg.Go(func() {
			best := make([]Known, len(candidates))
			for i := lo; i < hi; i++ {
				filter.Matches(stored[i].Text, func(cand int, score float64) {
					if score > best[cand].Score {
						best[cand] = Known{stored[i], score}
					}
				})
			}
			found[c] = best
		})
	}
	wg.Wait()
	out := make([]Known, len(candidates))
	for _, best := range found {
		for i, k := range best {
			if k.Score > out[i].Score {
				out[i] = k
			}
		}
	}
	return out
}
