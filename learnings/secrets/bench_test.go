package secrets

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// BenchmarkScan scans a generated 1 MB memory file, as lint does.
func BenchmarkScan(b *testing.B) {
	src := string(memgen.Generate(1, 1<<20))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Scan(src)
	}
}
