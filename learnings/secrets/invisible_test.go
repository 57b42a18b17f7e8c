package secrets

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestFoldReadsEveryByte compares fold, which skips eight ASCII bytes at
// a time, with the same rule applied byte by byte, on texts with invisible
// characters at every offset of an eight-byte block, after ASCII, after
// other characters and after each other.
func TestFoldReadsEveryByte(t *testing.T) {
	pieces := []string{"ghp_abc", "\u200b", "\ufeff", "\u00ad", "\U000E0041", "é", "日本", " ", "\t", "\x7f", "\xe2\x80", "\xff", "pass", "word", "K", "ſ", "\u212a", "ｐ", "＝", "ő"}
	var texts []string
	for pad := range 17 {
		for _, a := range pieces {
			for _, b := range pieces {
				texts = append(texts, strings.Repeat("x", pad)+a+b+"y", strings.Repeat("é", pad)+a+b, a+strings.Repeat("z", pad)+b)
			}
		}
	}
	for _, text := range texts {
		got, gotCuts := fold(text)
		want, wantCuts := foldByByte(text)
		if got != want || !slices.Equal(gotCuts, wantCuts) {
			t.Fatalf("fold(%q) = %q, %v; byte by byte %q, %v", text, got, gotCuts, want, wantCuts)
		}
	}
}

// foldByByte is fold without the eight-byte steps.
func foldByByte(text string) (string, []cut) {
	var b strings.Builder
	var cuts []cut
	prev, afterKey := 0, false
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			afterKey = c > ' ' && c != 0x7f
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if a := asASCII(r); a != 0 {
			b.WriteString(text[prev:i])
			b.WriteByte(a)
			cuts = append(cuts, cut{at: b.Len(), n: n - 1, tail: true})
			prev = i + n
			afterKey = true
			i += n
			continue
		}
		switch {
		case !isInvisible(r):
			afterKey = false
		case afterKey:
			b.WriteString(text[prev:i])
			cuts = append(cuts, cut{at: b.Len(), n: n})
			prev = i + n
		}
		i += n
	}
	if cuts == nil {
		return text, nil
	}
	b.WriteString(text[prev:])
	return b.String(), cuts
}
