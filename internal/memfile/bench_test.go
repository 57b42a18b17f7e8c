package memfile_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
)

// BenchmarkUpdate measures one locked, fsynced, atomic rewrite of a file of
// each size: the fixed cost every writing command pays.
func BenchmarkUpdate(b *testing.B) {
	for _, size := range []int{1 << 10, 1 << 20, 10 << 20} {
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "m.md")
			if err := os.WriteFile(path, bytes.Repeat([]byte("- learning\n"), size/11), 0o644); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(size))
			flip := func(cur []byte, _ bool) ([]byte, error) {
				next := bytes.Clone(cur)
				next[0] ^= 1
				return next, nil
			}
			for b.Loop() {
				if err := memfile.Update(path, time.Second, flip); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
