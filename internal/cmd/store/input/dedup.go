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
// one first in stored wins. Only stored learnings the DupFilter cannot rule
// out are indexed, and large files are indexed in parallel chunks, so a few
// candidates against a large file cost about as much as reading it.
func AgainstStored(stored []*learnings.Learning, candidates []string) []Known {
	filter := learnings.NewDupFilter(candidates)
	chunks := min(runtime.GOMAXPROCS(0), max(1, len(stored)/minChunk))
	indexes := make([]*learnings.DupIndex, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		lo, hi := c*len(stored)/chunks, (c+1)*len(stored)/chunks
		wg.Go(func() {
			ix := learnings.NewDupIndex()
			for i := lo; i < hi; i++ {
				if filter.MayMatch(stored[i].Text) {
					ix.Add(i, stored[i].Text)
				}
			}
			indexes[c] = ix
		})
	}
	wg.Wait()
	out := make([]Known, len(candidates))
	for i, cand := range candidates {
		for _, ix := range indexes {
			if j, score, ok := ix.Best(cand); ok && score > out[i].Score {
				out[i] = Known{stored[j], score}
			}
		}
	}
	return out
}
