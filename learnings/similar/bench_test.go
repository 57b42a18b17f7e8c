package similar_test

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// generators are the bench's generators: the default one ("") and
// memgen.Modes, whose learnings are long, prose, sparse, path-heavy or in
// other languages.
var generators = append([]string{""}, memgen.Modes...)

func name(mode string) string {
	if mode == "" {
		return "default"
	}
	return mode
}

// BenchmarkPrepare prepares the learnings of a generated 10 MB memory of
// each generator, the work lint, stats and improve-docs share; one op is
// one learning.
func BenchmarkPrepare(b *testing.B) {
	for _, mode := range generators {
		texts := memoryTexts(mode)
		b.Run(name(mode), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				similar.Prepare(texts[i%len(texts)])
			}
		})
	}
}

// BenchmarkNewProfile is BenchmarkPrepare for the features alone, which
// improve-docs reads of every learning and passage.
func BenchmarkNewProfile(b *testing.B) {
	texts := memoryTexts("")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		similar.NewProfile(texts[i%len(texts)])
	}
}

func memoryTexts(mode string) []string {
	var texts []string
	src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 10 << 20, Mode: mode})
	for _, l := range learnings.Parse(src).Learnings() {
		texts = append(texts, l.Text)
	}
	return texts
}

// BenchmarkBestBefore finds the closest earlier update of each learning of
// a generated 10 MB memory of each generator, lint's search after the
// index is built; one op is one learning.
func BenchmarkBestBefore(b *testing.B) {
	for _, mode := range generators {
		texts := memoryTexts(mode)
		ix := similar.NewIndex()
		ix.Common = max(100, len(texts)/1000)
		ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *similar.Text) {})
		b.Run(name(mode), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				ix.BestBefore(i % len(texts))
			}
		})
	}
}
