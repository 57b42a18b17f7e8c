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
