package similar_test

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// BenchmarkPrepare prepares the learnings of a generated 10 MB memory, the
// work lint, stats and improve-docs share; one op is one learning.
func BenchmarkPrepare(b *testing.B) {
	texts := memoryTexts()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		similar.Prepare(texts[i%len(texts)])
	}
}

// BenchmarkNewProfile is BenchmarkPrepare for the features alone, which
// improve-docs reads of every learning and passage.
func BenchmarkNewProfile(b *testing.B) {
	texts := memoryTexts()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		similar.NewProfile(texts[i%len(texts)])
	}
}

func memoryTexts() []string {
	var texts []string
	for _, l := range learnings.Parse(memgen.Generate(1, 10<<20)).Learnings() {
		texts = append(texts, l.Text)
	}
	return texts
}

// BenchmarkBestBefore finds the closest earlier update of each learning of
// a generated 10 MB memory, lint's search after the index is built; one op
// is one learning.
func BenchmarkBestBefore(b *testing.B) {
	texts := memoryTexts()
	ix := similar.NewIndex()
	ix.Common = max(100, len(texts)/1000)
	ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *similar.Text) {})
	for i := 0; b.Loop(); i++ {
		ix.BestBefore(i % len(texts))
	}
}
