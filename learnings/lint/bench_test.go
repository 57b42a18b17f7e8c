package lint

import (
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// BenchmarkCheck runs every lint check on a parsed generated file, the
// work of "learn lint" after the read.
func BenchmarkCheck(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		src := memgen.Generate(1, size)
		doc := learnings.Parse(src)
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				check(doc)
			}
		})
	}
}

// BenchmarkCheckGenerators is BenchmarkCheck on the 10 MB memory of every
// generator of bench/ (long learnings, prose, sparse sessions, reused
// paths, other languages, agents' writing), whose costs differ: the issue
// 24 goal (lint within twice recall) holds on every one or not at all.
func BenchmarkCheckGenerators(b *testing.B) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		name := mode
		if name == "" {
			name = "default"
		}
		b.Run(name, func(b *testing.B) {
			src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 10 << 20, Mode: mode})
			doc := learnings.Parse(src)
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				check(doc)
			}
		})
	}
}
