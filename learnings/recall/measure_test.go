package recall

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/secrets"
)

// supersededMemory is a hand-written file with a superseded learning, a
// repeated one, a custom category and a line not read as a learning.
var supersededMemory = []byte("## Recent Sessions\n\n## [2026-01-02 10:00 UTC] - Later\n\n### Learnings\n\n" +
	"**Gotchas:**\n- Run `make gen` first.\n- Run `make gen` first.\n\n**User Corrections:**\n- ~~Backoff caps at 20 s.~~ (superseded by l1)\n" +
	"- Backoff caps at 30 s.\n\nstray line by hand\n\n---\n\n## [2026-01-01 10:00 UTC] - Earlier\n\n### Learnings\n\n" +
	"**Fresh Discoveries:**\n- Backoff caps at 30 s.\n- The gateway drops idle connections at 60 s.\n")

// TestMeasureIsSelect holds Measure to Select, budget by budget, on
// memories of every generator and on hand-written files with superseded
// learnings, custom categories, unread lines and none at all.
func TestMeasureIsSelect(t *testing.T) {
	docs := map[string][]byte{
		"empty":                 nil,
		"no learnings":          []byte("# Notes\n\nJust text.\n"),
		"superseded and custom": supersededMemory,
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		docs["generated "+mode] = memgen.GenerateWith(memgen.Options{Seed: 7, Size: 120 << 10, Mode: mode})
	}
	budgets := []int{0, DefaultMaxChars, MinMaxChars, 2500, 40000}
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			doc := learnings.Parse(src)
			_, got := Measure(doc, budgets...)
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

// estimateSlack is how far Measure's Estimate may be from the real
// `recall --all` output where learnings fold or secrets are redacted, as a
// share of the real output: a generated memory repeats 5 % of its
// learnings, and its estimate is at most 4.3 % over (1 MB default).
const estimateSlack = 0.06

// TestMeasureEstimate holds the full recall's Estimate to the output of
// Select with no budget: the same length and the same count on files
// where nothing folds and nothing is redacted, and where something does
// the count of learnings before folding and a length within estimateSlack.
func TestMeasureEstimate(t *testing.T) {
	keys := "\n## [2026-11-02 09:00 UTC] - Keys\n**Project**: acme-sync\n\n### Learnings\n\n**Gotchas:**\n" +
		"- The CI token is " + fakeKey("ghp_", 36) + " and must stay out of the logs.\n" +
		"- Staging reads DB_PASSWORD=" + fakeKey("Xq7", 21) + " from the vault, not from .env.\n" +
		"- Deploys wait for the smoke tests to pass.\n\n---\n"
	docs := map[string][]byte{
		"empty":                   nil,
		"no learnings":            []byte("# Notes\n\nJust text.\n"),
		"superseded and repeated": supersededMemory,
		"custom categories": []byte("## [2026-01-01 10:00 UTC] - One\n\n### Learnings\n\n**Team Habits:**\n- Demos happen on Fridays.\n" +
			"\n**Release Rituals:**\n- Tag releases from main only.\n- ```sh\n  make release\n  ```\n"),
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		repeats := memgen.GenerateWith(memgen.Options{Seed: 11, Size: 120 << 10, Mode: mode})
		docs["generated "+mode] = repeats
		docs["generated "+mode+" without repeats"] = memgen.GenerateWith(memgen.Options{Seed: 11, Size: 120 << 10, Mode: mode, DuplicateRate: -1})
		docs["generated "+mode+" with keys"] = append(append([]byte{}, repeats...), keys...)
	}
	exact, near := 0, 0
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			doc := learnings.Parse(src)
			estimate, _ := Measure(doc)
			est := estimate()
			all := Select(doc, Options{})
			chars := utf8.RuneCountInString(all.Text())
			redacted := false
			for _, it := range all.Shown {
				redacted = redacted || secrets.Redact(it.Learning.Text) != it.Learning.Text
			}
			if all.Duplicates == 0 && !redacted {
				exact++
				if est.Chars != chars || est.Shown != len(all.Shown) {
					t.Errorf("estimate %+v, recall --all prints %d chars and %d learnings", est, chars, len(all.Shown))
				}
				return
			}
			near++
			if est.Shown != len(all.Shown)+all.Duplicates {
				t.Errorf("estimate shows %d learnings, recall --all %d and folds %d", est.Shown, len(all.Shown), all.Duplicates)
			}
			if off := float64(est.Chars-chars) / float64(chars); off < -estimateSlack || off > estimateSlack {
				t.Errorf("estimate %d chars, recall --all prints %d: %.1f%% off, more than %.0f%%", est.Chars, chars, 100*off, 100*estimateSlack)
			}
		})
	}
	// Besides the hand-written files, the default generator without
	// repeats and the agent one fold nothing; the other generators repeat
	// learnings whatever DuplicateRate says.
	if exact < 5 || near < len(memgen.Modes) {
		t.Errorf("%d files without repeats or secrets and %d with: the test needs many of both", exact, near)
	}
}

// fakeKey is a key-shaped string of n characters after prefix, built here
// so that no secret scanner takes this file for a leak.
func fakeKey(prefix string, n int) string {
	const chars = "aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC"
	var b strings.Builder
	b.WriteString(prefix)
	for i := range n {
		b.WriteByte(chars[(i*7+3)%len(chars)])
	}
	return b.String()
}
