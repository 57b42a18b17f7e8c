package secrets

import (
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// BenchmarkScan scans a generated memory file whole, as lint does.
func BenchmarkScan(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		src := string(memgen.Generate(1, size))
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Scan(src)
			}
		})
	}
}

// BenchmarkScanGenerators scans a generated 10 MB memory of each generator
// besides the default one: long learnings, prose and many languages meet
// the rules differently.
func BenchmarkScanGenerators(b *testing.B) {
	for _, mode := range memgen.Modes {
		src := string(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 10 << 20, Mode: mode}))
		b.Run(mode, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Scan(src)
			}
		})
	}
}
