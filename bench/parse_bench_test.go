// Package bench holds the benchmark tooling; this file compares the
// engine's parser with goldmark's bare parse in-process, without process
// start-up, as a complement to run.sh.
//
//	go test ./bench -run '^$' -bench . -benchtime 5x
package bench

import (
	"fmt"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

var sizes = []int{100 << 10, 1 << 20, 10 << 20}

func sizeName(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%dMB", n>>20)
	}
	return fmt.Sprintf("%dKB", n>>10)
}

func BenchmarkParse(b *testing.B) {
	for _, size := range sizes {
		src := memgen.Generate(1, size)
		b.Run(sizeName(size), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				learnings.Parse(src)
			}
		})
	}
}

func BenchmarkGoldmark(b *testing.B) {
	for _, size := range sizes {
		src := memgen.Generate(1, size)
		b.Run(sizeName(size), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				goldmark.DefaultParser().Parse(text.NewReader(src))
			}
		})
	}
}
