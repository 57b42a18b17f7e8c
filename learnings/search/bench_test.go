package search

import (
	"cmp"
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/cputime"
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

// BenchmarkSearchScan is Search alone (the file parsed beforehand) on every
// generator's 10 MB file, for a word most files hold, two words and a word
// none holds: the part of "learn search" that recall does not do.
func BenchmarkSearchScan(b *testing.B) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		doc := learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 10 << 20, Mode: mode}))
		for _, q := range []string{"retry", "retry timeout", "zyzzyvaquux", "über", "東京"} {
			b.Run(fmt.Sprintf("%s/%s", cmp.Or(mode, "default"), q), func(b *testing.B) {
				start, n := cputime.Now(), 0
				for b.Loop() {
					Search(doc, q, Options{Limit: 10, Prefix: true})
					n++
				}
				b.ReportMetric(float64(cputime.Now()-start)/float64(n)/1e6, "cpu-ms/op")
			})
		}
	}
}
