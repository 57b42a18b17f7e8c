package learnings

import (
	"strings"
	"testing"
)

// TestWriteItem holds the "- " items RenderConsolidated and session
// rendering write, one-line learnings (the fast path) and longer ones
// alike, to what reads back: a learning of dashes alone is a "* " item
// (a "- --" line is a thematic break), its white space around trimmed,
// its further lines indented two spaces.
func TestWriteItem(t *testing.T) {
	for _, tc := range []struct{ text, eol, want string }{
		{"Use pnpm, not npm.", "\n", "- Use pnpm, not npm.\n"},
		{"  Use pnpm, not npm. \t", "\n", "- Use pnpm, not npm.\n"},
		{"Run `make test` before pushing", "\r\n", "- Run `make test` before pushing\r\n"},
		{"--", "\n", "* --\n"},
		{" - - - ", "\n", "* - - -\n"},
		{"-", "\n", "- -\n"},
		{"a--b", "\n", "- a--b\n"},
		{"\t--\t", "\n", "* --\n"},
		{"first line\nsecond line", "\n", "- first line\n  second line\n"},
		{"first line\r\nsecond line\r\n", "\r\n", "- first line\r\n  second line\r\n"},
		{"first\n\n  indented", "\n", "- first\n\n    indented\n"},
		{"--\nnot a break", "\n", "* --\n  not a break\n"},
		{"trailing cr\r", "\n", "- trailing cr\n"},
	} {
		var b strings.Builder
		writeItem(&b, tc.text, tc.eol)
		if b.String() != tc.want {
			t.Errorf("writeItem(%q) = %q, want %q", tc.text, b.String(), tc.want)
		}
	}
}
