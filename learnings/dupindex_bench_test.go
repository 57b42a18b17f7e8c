package learnings_test

import (
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// BenchmarkDupIndex measures the index on generated memory files of growing
// size; the cost per learning should not grow with the file.
//
//   - Add indexes every learning of the file (per op: the whole file).
//   - Best checks one candidate against the full index (per op: one
//     candidate, a third of them near duplicates).
//   - SelfJoin looks each learning up among those before it and then adds
//     it, as compact and recall --all do (per op: the whole file; the
//     ns/learning metric is the cost per learning).
func BenchmarkDupIndex(b *testing.B) {
	for _, size := range []int{256 << 10, 1 << 20, 4 << 20, 10 << 20} {
		src := memgen.Generate(1, size)
		var stored []string
		for _, l := range learnings.Parse(src).Learnings() {
			stored = append(stored, l.Text)
		}
		cands, _ := learnings.ParseInput(memgen.Candidates(src, 1, 300))
		name := fmt.Sprintf("%dKB", size>>10)
		b.Run(name+"/Add", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				ix := learnings.NewDupIndex()
				for i, s := range stored {
					ix.Add(i, s)
				}
			}
		})
		ix := learnings.NewDupIndex()
		for i, s := range stored {
			ix.Add(i, s)
		}
		b.Run(name+"/Best", func(b *testing.B) {
			i := 0
			for b.Loop() {
				ix.Best(cands[i%len(cands)].Text)
				i++
			}
		})
		b.Run(name+"/SelfJoin", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				ix := learnings.NewDupIndex()
				for i, s := range stored {
					if _, _, ok := ix.Best(s); !ok {
						ix.Add(i, s)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(stored)), "ns/learning")
		})
	}
}
