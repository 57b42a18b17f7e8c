package web

import (
	"strings"
	"testing"
)

// FuzzRenderText checks that any learning text renders without a panic and
// that only markup goes: every letter and digit of the text is in the
// rendered runs (or a code block's info string), in order, and nothing else.
func FuzzRenderText(f *testing.F) {
	for _, s := range []string{"plain", "a `code` b", "**bold** and ~~old~~ (superseded by l1234567)", "```go\nx := 1\n```",
		"~~`x`~~", "``a ` b``", "**", "~~~~", "  ~~~\n  body\n  ~~~\nafter", "a\n\nb", "<script>x</script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var b strings.Builder
		for _, bl := range renderText(text) {
			b.WriteString(bl.Lang)
			b.WriteString(bl.Text)
			for _, sp := range bl.Spans {
				b.WriteString(sp.Text)
			}
		}
		if got, want := alnum(b.String()), alnum(text); got != want {
			t.Errorf("rendered %q from %q: lost or added text", b.String(), text)
		}
	})
}

func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}
