package learnings

import (
	"cmp"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// BenchmarkUnread measures Document.Unread, which recall, lint, stats and
// compact ask of every file, on every generator's 1 MB memory.
func BenchmarkUnread(b *testing.B) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: mode})
		d := parse(src, true)
		b.Run(cmp.Or(mode, "default"), func(b *testing.B) {
			loop(b, src, func() { d.Unread() })
		})
	}
}
