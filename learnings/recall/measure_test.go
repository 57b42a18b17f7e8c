package recall

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// TestMeasureIsSelect holds Measure to Select, budget by budget, on
// memories of every generator and on hand-written files with superseded
// learnings, custom categories, unread lines and none at all.
func TestMeasureIsSelect(t *testing.T) {
	docs := map[string][]byte{
		"empty":        nil,
		"no learnings": []byte("# Notes\n\nJust text.\n"),
		"superseded and custom": []byte("## Recent Sessions\n\n## [2026-01-02 10:00 UTC] - Later\n\n### Learnings\n\n" +
			"**Gotchas:**\n- Run `make gen` first.\n- Run `make gen` first.\n\n**User Corrections:**\n- ~~Backoff caps at 20 s.~~ (superseded by l1)\n" +
			"- Backoff caps at 30 s.\n\nstray line by hand\n\n---\n\n## [2026-01-01 10:00 UTC] - Earlier\n\n### Learnings\n\n" +
			"**Fresh Discoveries:**\n- Backoff caps at 30 s.\n- The gateway drops idle connections at 60 s.\n"),
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		docs["generated "+mode] = memgen.GenerateWith(memgen.Options{Seed: 7, Size: 120 << 10, Mode: mode})
	}
	budgets := []int{0, DefaultMaxChars, MinMaxChars, 2500, 40000}
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			doc := learnings.Parse(src)
			got := Measure(doc, budgets...)
			for i, b := range budgets {
				want := Select(doc, Options{MaxChars: b})
				if diff := cmp.Diff(summary(want), summary(got[i])); diff != "" {
					t.Errorf("budget %d: Measure differs from Select (-select +measure):\n%s", b, diff)
				}
			}
		})
	}
}

// summary is what a caller of Measure reads of a Result.
func summary(r *Result) string {
	ids := ""
	for _, it := range r.Shown {
		ids += fmt.Sprintf("%s/%s/%d ", it.Learning.ID, it.Category, it.Collapsed)
	}
	return fmt.Sprintf("chars %d shown %d total %d dups %d omitted %d %v stored %d sessions %d unread %d\n%s\n%s",
		r.Chars(), len(r.Shown), r.Total, r.Duplicates, r.OmittedTotal, r.Omitted, r.Stored, r.Sessions, len(r.Unread), ids, r.Text())
}
