package learnings_test

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// BenchmarkDupIndex indexes the learnings of a generated 10 MB memory file
// (Add: the whole file, per op) and checks candidates against them (Best:
// one candidate per op, a third of them near duplicates).
func BenchmarkDupIndex(b *testing.B) {
	src := memgen.Generate(1, 10<<20)
	var stored []string
	for _, l := range learnings.Parse(src).Learnings() {
		stored = append(stored, l.Text)
	}
	cands, _ := learnings.ParseInput(memgen.Candidates(src, 1, 300))
	b.Logf("%d learnings, %d candidates", len(stored), len(cands))
	b.Run("Add", func(b *testing.B) {
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
	b.Run("Best", func(b *testing.B) {
		i := 0
		for b.Loop() {
			ix.Best(cands[i%len(cands)].Text)
			i++
		}
	})
}
