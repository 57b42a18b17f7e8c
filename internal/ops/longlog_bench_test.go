package ops_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/ops"
)

// withLog is a generated 256 KB memory whose newest session holds one
// learning with a log of lines pasted into it as a fenced block, the way an
// agent stores "the full log of the failing run"; lines 0 adds none.
func withLog(lines int) string {
	src := string(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 256 << 10}))
	if lines == 0 {
		return src
	}
	var s strings.Builder
	s.WriteString("## [2026-11-25 10:00 UTC] - Import failure\n**Project**: acme\n\n### Learnings\n\n**Fresh Discoveries:**\n" +
		"- The nightly import fails on row 4711; the full log of the failing run:\n  ```\n")
	for i := range lines {
		fmt.Fprintf(&s, "  2026-11-25T02:%02d:%02d.%03dZ INFO importer batch=%d row=%d status=ok elapsed_ms=%d\n", (i/60)%60, i%60, i%1000, i/977, i, i%131)
	}
	s.WriteString("  ```\n\n---\n\n")
	at := strings.Index(src, "\n## [") + 1
	return src[:at] + s.String() + src[at:]
}

// BenchmarkLintLongLog is lint on a memory with and without a learning
// holding a 20,000-line log (1.6 MB of text): what that one learning costs.
// Measured at 7d9c6a0 (2 cores, under load): 7.2 MB and 40k allocations
// per lint without it, 198 MB and 58k with it, a third of that in
// similar's trigram set (gramSet.distinct kept every trigram of the text,
// 1.5 million, and a table twice that size, regrown on each call because
// the pool is emptied by the collections such sizes start). At 23b8d2c a
// text that long keeps only its distinct trigrams: 131-137 -> 81-99 MB.
func BenchmarkLintLongLog(b *testing.B) {
	for _, lines := range []int{0, 20000} {
		b.Run(fmt.Sprintf("log-lines=%d", lines), func(b *testing.B) {
			m := memoryTB(b, withLog(lines))
			cpuLoop(b, func() {
				if _, err := ops.Lint(m, ops.LintOptions{}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
