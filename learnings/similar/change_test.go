package similar

import (
	"slices"
	"strings"
	"testing"
)

// wordCases are texts for the readers of oneChange's words: ASCII white
// space of every kind, marks, code spans, numbers glued to words and
// text outside ASCII, where wordSpace parts words at punctuation too.
var wordCases = []string{
	"Run `make gen` before `go test`.", " \t\n\v\f\r", "", "a", "  lead and trail  ",
	"v2 #123 vv #v1.5 v #x numpy<2 node18 python3.12 2x ms", "x\u00a0y\u0085z", "決済は「確認」が必要です。",
	"über-fast 30\u2009s", "tab\tsep\r\nline", "two three hundred", "#", "vv#",
}

// FuzzWordFields holds wordFields to strings.FieldsFuncSeq(s, wordSpace),
// which it stands for.
func FuzzWordFields(f *testing.F) {
	for _, s := range wordCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := slices.Collect(wordFields(s)), slices.Collect(strings.FieldsFuncSeq(s, wordSpace))
		if !slices.Equal(got, want) {
			t.Fatalf("wordFields(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzNumberLike holds numberLike to the rule it reads, as written with
// the strings package: the reference.
func FuzzNumberLike(f *testing.F) {
	for _, s := range wordCases {
		for w := range strings.FieldsSeq(s) {
			f.Add(w)
		}
	}
	for w := range numberWords {
		f.Add(w)
		f.Add("#" + w)
	}
	for w := range units {
		f.Add("v" + w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		trimmed := strings.TrimLeft(w, "#v")
		want := isNumber(trimmed) || units[trimmed] != "" || strings.ContainsAny(trimmed, "0123456789")
		if got := numberLike(w); got != want {
			t.Fatalf("numberLike(%q) = %v, want %v", w, got, want)
		}
	})
}
