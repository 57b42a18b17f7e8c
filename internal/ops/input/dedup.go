package input

import (
	"runtime"
	"sync"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// Known is what the stored learnings already say about a candidate: the
// stored learning it is the same learning as, and the one it is the
// closest update of (each nil when none).
type Known struct {
	Same   *learnings.Learning
	Update *learnings.Learning
	// Score is the Same learning's score when there is one, else the
	// Update's.
	Score float64
}

// RoundScore keeps two decimals of a similarity score: what a person needs
// to compare it with the duplicate threshold, and stable in --json output.
func RoundScore(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// minChunk is the fewest stored learnings worth a goroutine of their own.
const minChunk = 512

// AgainstStored finds, for each candidate, the stored learning it is the
// same learning as and the one it updates most closely (the highest score;
// on equal scores the one first in stored wins). Superseded learnings are
// history and are skipped. The similar.Filter rules out most stored
// learnings cheaply and compares the rest, and large files are checked in
// parallel chunks, so a few candidates against a large file cost about as
// much as reading it.
func AgainstStored(stored []*learnings.Learning, candidates []string) []Known {
	filter := similar.NewFilter(candidates)
	chunks := min(runtime.GOMAXPROCS(0), max(1, len(stored)/minChunk))
	results := make([][]found, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		lo, hi := c*len(stored)/chunks, (c+1)*len(stored)/chunks
		wg.Go(func() {
			best := make([]found, len(candidates))
			for i := lo; i < hi; i++ {
				if stored[i].Superseded != nil {
					continue
				}
				filter.Matches(stored[i].Text, func(cand int, v similar.Verdict) {
					best[cand].add(stored[i], v)
				})
			}
			results[c] = best
		})
	}
	wg.Wait()
	out := make([]Known, len(candidates))
	for i := range candidates {
		var all found
		for _, best := range results {
			b := best[i]
			if b.same != nil {
				all.add(b.same, similar.Verdict{Kind: similar.Same, Score: b.sameScore})
			}
			if b.update != nil {
				all.add(b.update, similar.Verdict{Kind: similar.Update, Score: b.updateScore})
			}
		}
		out[i] = Known{Same: all.same, Update: all.update, Score: all.updateScore}
		if all.same != nil {
			out[i].Score = all.sameScore
		}
	}
	return out
}

// found keeps the best same learning and the best update met so far.
type found struct {
	same, update           *learnings.Learning
	sameScore, updateScore float64
}

func (f *found) add(l *learnings.Learning, v similar.Verdict) {
	switch v.Kind {
	case similar.Same:
		if f.same == nil || v.Score > f.sameScore {
			f.same, f.sameScore = l, v.Score
		}
	case similar.Update:
		if f.update == nil || v.Score > f.updateScore {
			f.update, f.updateScore = l, v.Score
		}
	}
}
