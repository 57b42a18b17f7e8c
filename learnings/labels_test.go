package learnings

import (
	"fmt"
	"strings"
	"testing"
)

// catsOf names a document's categories with their learnings' texts.
func catsOf(d *Document) []string {
	var out []string
	for _, s := range d.Sessions {
		for _, c := range s.Categories {
			var texts []string
			for _, l := range c.Learnings {
				texts = append(texts, l.Text)
			}
			out = append(out, fmt.Sprintf("%s=%q", c.Name, texts))
		}
	}
	return out
}

func TestInlineLabelsAreText(t *testing.T) {
	const head = "## [2026-11-22 14:05 CET] - Login\n\n"
	tests := []struct {
		name, body string
		want       []string
		// value must be in some learning's text or in an unread run.
		value string
	}{
		{"lazy label line continues the item", "**Fresh Discoveries:**\n- Login failed after deploy\n**Root cause:** the token TTL was 5 min\n**Fix:** refresh on 401\n",
			[]string{`Fresh Discoveries=["Login failed after deploy\n**Root cause:** the token TTL was 5 min\n**Fix:** refresh on 401"]`}, "token TTL"},
		{"indented label lines", "### Fresh Discoveries\n- Login failed\n  **Lesson:** refresh tokens early\n",
			[]string{`Fresh Discoveries=["Login failed\n**Lesson:** refresh tokens early"]`}, "refresh tokens"},
		{"colon outside the bold", "**User Corrections:**\n- Use SCAN\n**Why**: KEYS blocks redis\n",
			[]string{`User Corrections=["Use SCAN\n**Why**: KEYS blocks redis"]`}, "KEYS blocks"},
		{"entry of labels after a blank line is unread, not a category", "**Fresh Discoveries:**\n- one\n\n**Problem:** CI flaked\n**Rule:** pin the runner image\n",
			[]string{`Fresh Discoveries=["one"]`}, "pin the runner"},
		{"a label alone is still a category", "**Gotchas:**\n- one\n",
			[]string{`Gotchas=["one"]`}, ""},
		{"a spec label with text keeps reading as the label", "**User Corrections:** always\n- one\n",
			[]string{`User Corrections=["one"]`}, "always"},
		{"Italian label", "**Scoperte:**\n- uno\n**Motivo:** il token scade\n",
			[]string{`Scoperte=["uno\n**Motivo:** il token scade"]`}, "il token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Parse([]byte(head + tt.body))
			if got := catsOf(d); strings.Join(got, "; ") != strings.Join(tt.want, "; ") {
				t.Errorf("categories %v\nwant %v", got, tt.want)
			}
			if tt.value != "" && !keptValue(d, tt.value) {
				t.Errorf("%q is neither in a learning nor reported unread", tt.value)
			}
		})
	}
}

// keptValue reports whether s is in a learning's text or on a line Unread
// reports.
func keptValue(d *Document, s string) bool {
	for _, l := range d.Learnings() {
		if strings.Contains(l.Text, s) {
			return true
		}
	}
	lines := strings.Split(string(d.Source), "\n")
	for _, u := range d.Unread() {
		for i := u.Line; i <= u.EndLine; i++ {
			if strings.Contains(lines[i-1], s) {
				return true
			}
		}
	}
	return false
}

func TestEntryHeadingsAreNotCategories(t *testing.T) {
	const head = "## [2026-11-22 14:05 CET] - Log\n\n"
	tests := []struct {
		name, body string
		want       []string
	}{
		{"dated entries", "### 2025-12-21 | workflow | FAIL\n- forgot to rebase\n\n### 2025-12-22 | deploy | OK\n- tagged first\n",
			[]string{`General=["forgot to rebase" "tagged first"]`}},
		{"long entry titles", "### Fixed the flaky login test in CI today\n- the runner clock drifted\n",
			[]string{`General=["the runner clock drifted"]`}},
		{"written dates", "### January 19, 2026\n- a\n### 19/01/2026\n- b\n",
			[]string{`General=["a" "b"]`}},
		{"ids in brackets", "### [LRN-20260606-001] pnpm\n- use workspaces\n",
			[]string{`General=["use workspaces"]`}},
		{"entries under a spec label keep its category", "### Fresh Discoveries\n- a\n#### Session 12: deploy went wrong.\n- b\n",
			[]string{`Fresh Discoveries=["a" "b"]`}},
		{"short custom headings with items stay categories", "### Gotchas\n- a\n#### Build Tooling\n- b\n",
			[]string{`Gotchas=["a"]`, `Build Tooling=["b"]`}},
		{"headings that hold only prose are not categories", "### Context\nWe moved to pnpm.\n\n### Notes\nNothing yet.\n\n**Fresh Discoveries:**\n- a\n",
			[]string{`Fresh Discoveries=["a"]`}},
		{"spec heading with no items stays a category", "### User Corrections\n\n### Fresh Discoveries\n- a\n",
			[]string{`User Corrections=[]`, `Fresh Discoveries=["a"]`}},
		{"Japanese heading", "### 学び\n- 一つ\n",
			[]string{`学び=["一つ"]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Parse([]byte(head + tt.body))
			if got := catsOf(d); strings.Join(got, "; ") != strings.Join(tt.want, "; ") {
				t.Errorf("categories %v\nwant %v", got, tt.want)
			}
		})
	}
}

// TestLogOfEntryHeadings: a log of hundreds of "###" entries reads as a
// handful of categories, and every entry's heading is reported unread.
func TestLogOfEntryHeadings(t *testing.T) {
	var b strings.Builder
	b.WriteString("## [2026-01-01 09:00 UTC] - Team log\n\n")
	for i := range 240 {
		fmt.Fprintf(&b, "### 2026-01-%02d %02d:00 | area-%d | %s\n\nWhat happened on the day, in prose.\n\n- lesson %d\n\n", i%28+1, i%24, i%7, []string{"FAIL", "OK"}[i%2], i)
	}
	d := Parse([]byte(b.String()))
	if n := len(d.Sessions[0].Categories); n != 1 {
		t.Errorf("%d categories, want 1", n)
	}
	if n := len(d.Learnings()); n != 240 {
		t.Errorf("%d learnings, want 240", n)
	}
	if n := UnreadLines(d.Unread()); n != 480 {
		t.Errorf("%d unread lines, want 480 (a heading and a paragraph per entry)", n)
	}
}
