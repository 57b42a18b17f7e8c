package ops_test

import (
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/ops"
	engine "github.com/learn-memory/learn/learnings/recall"
)

// BenchmarkSearchOp is learn search without process start-up: read, parse,
// rank, snippets, on every generator at 1 MB and 10 MB, for the queries
// bench/run.sh times (a word most files hold, two words, a word none holds),
// three words, and a word and no word with a file at hand. recall-paths is
// recall with the same file at hand, what a search with context compares
// with; BenchmarkRecallOp is recall without. Issue 24 wants search within
// 1.2x of recall.
func BenchmarkSearchOp(b *testing.B) {
	at := ops.Work{Paths: []string{"internal/sync/client.go"}}
	queries := []struct {
		name, q string
		work    ops.Work
	}{
		{"word", "retry", ops.Work{}},
		{"two", "retry timeout", ops.Work{}},
		{"three", "cache invalidation config", ops.Work{}},
		{"miss", "zyzzyvaquux", ops.Work{}},
		{"paths+word", "retry", at},
		{"paths", "", at},
	}
	for _, size := range []int{1 << 20, 10 << 20} {
		for _, mode := range generators {
			b.Run(fmt.Sprintf("%s/%dMB", genName(mode), size>>20), func(b *testing.B) {
				m, src := benchFile(b, mode, size)
				for _, q := range queries {
					b.Run(q.name, func(b *testing.B) {
						b.SetBytes(int64(len(src)))
						cpuLoop(b, func() {
							if _, err := ops.Search(m, ops.SearchOptions{Query: q.q, Limit: 10, Work: q.work}); err != nil {
								b.Fatal(err)
							}
						})
					})
				}
				b.Run("recall-paths", func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					cpuLoop(b, func() {
						res, err := ops.Recall(m, ops.RecallOptions{MaxChars: engine.DefaultMaxChars, Work: at})
						if err != nil {
							b.Fatal(err)
						}
						_ = res.Text()
					})
				})
			})
		}
	}
}
