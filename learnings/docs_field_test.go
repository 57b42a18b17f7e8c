package learnings

import (
	"slices"
	"testing"
)

// TestSplitDocs checks how a Documentation Seen value splits into
// references: backticks stripped wherever they stand, commas inside them
// kept, white space of any kind trimmed, and the ways people write "none"
// dropped in any case.
func TestSplitDocs(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  []string
	}{
		{"`README.md`, `docs/api.md#retries`", []string{"README.md", "docs/api.md#retries"}},
		{"README.md; docs/api.md", []string{"README.md", "docs/api.md"}},
		{"` spaced.md ` ,  `x`", []string{"spaced.md", "x"}},
		{"`a`b`c", []string{"abc"}},
		{"`docs/a, b.md`, c.md", []string{"docs/a, b.md", "c.md"}},
		{"\u00a0`nbsp.md`\u2003, `em.md`", []string{"nbsp.md", "em.md"}},
		{"`README.MD`, `İstanbul.md`", []string{"README.MD", "İstanbul.md"}},
		{"None", nil}, {"`N/A`", nil}, {"(none)", nil}, {"NOTHING.", nil}, {"_na_", nil}, {"-", nil},
		{"``, ` `, ,", nil},
		{"nones, `none.md`, nothing-here", []string{"nones", "none.md", "nothing-here"}},
	} {
		t.Run(tt.value, func(t *testing.T) {
			if got := splitDocs(tt.value); !slices.Equal(got, tt.want) {
				t.Errorf("splitDocs(%q) = %q, want %q", tt.value, got, tt.want)
			}
		})
	}
}
