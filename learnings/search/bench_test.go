package search

import (
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// BenchmarkSearch measures search on generated 1 MB and 10 MB files: the
// one-shot scan "learn search" runs (with and without the parse), and the
// index (build once, then each query).
func BenchmarkSearch(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		src := memgen.Generate(1, size)
		name := fmt.Sprintf("%dMB", size>>20)
		b.Run(name+"/parse+build+query", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				ix := Build(learnings.Parse(src))
				if hits := ix.Query("retry backoff gateway", Options{Limit: 10, Prefix: true}); len(hits) == 0 {
					b.Fatal("no hits")
				}
			}
		})
		doc := learnings.Parse(src)
		b.Run(name+"/parse", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				learnings.Parse(src)
			}
		})
		b.Run(name+"/parse+scan", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if hits, _ := Search(learnings.Parse(src), "retry backoff gateway", Options{Limit: 10, Prefix: true}); len(hits) == 0 {
					b.Fatal("no hits")
				}
			}
		})
		b.Run(name+"/scan", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Search(doc, "retry backoff gateway", Options{Limit: 10, Prefix: true})
			}
		})
		b.Run(name+"/build", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Build(doc)
			}
		})
		ix := Build(doc)
		b.Run(name+"/query", func(b *testing.B) {
			for b.Loop() {
				ix.Query("retry backoff gateway", Options{Limit: 10, Prefix: true})
			}
		})
	}
}
