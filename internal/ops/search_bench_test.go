package ops_test

import (
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/ops"
)

// BenchmarkSearchOp is learn search without process start-up: read, parse,
// rank, snippets, on every generator at 1 MB and 10 MB, for the queries
// bench/run.sh times (a word most files hold, two words, a word none holds)
// and a three-word query. Compare with BenchmarkRecallOp: issue 24 wants
// search within 1.2x of recall.
func BenchmarkSearchOp(b *testing.B) {
	queries := []struct{ name, q string }{
		{"word", "retry"},
		{"two", "retry timeout"},
		{"three", "cache invalidation config"},
		{"miss", "zyzzyvaquux"},
	}
	for _, size := range []int{1 << 20, 10 << 20} {
		for _, mode := range generators {
			b.Run(fmt.Sprintf("%s/%dMB", genName(mode), size>>20), func(b *testing.B) {
				m, src := benchFile(b, mode, size)
				for _, q := range queries {
					b.Run(q.name, func(b *testing.B) {
						b.SetBytes(int64(len(src)))
						cpuLoop(b, func() {
							if _, err := ops.Search(m, ops.SearchOptions{Query: q.q, Limit: 10}); err != nil {
								b.Fatal(err)
							}
						})
					})
				}
			})
		}
	}
}
