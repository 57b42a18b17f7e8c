package similar

import (
	"slices"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzAppendCanonicalByRune holds appendCanonical, which reads an ASCII
// byte without decoding it (9614b9d), to a reading that decodes every
// rune and tests it with isWordRune: the tokens must be the same for any
// text, ASCII or not, valid UTF-8 or not.
func FuzzAppendCanonicalByRune(f *testing.F) {
	for _, s := range []string{
		"", "Run go test -race ./...", "Copy .env.example to .env", "naïve café — “quoted” — x\u0301y",
		"a--b --json -1 .5", "C++ and C# (Java 17+), a+b", "\xff\xfeab\xc3", "日本語のテキスト and ASCII", "l1a2b3c4 on 2026-11-23",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := appendCanonical(nil, s), appendCanonicalByRune(nil, s); !slices.Equal(got, want) {
			t.Errorf("appendCanonical(%q) = %q, want %q", s, got, want)
		}
	})
}

// appendCanonicalByRune is appendCanonical as it was before 9614b9d,
// decoding every rune, with the marks a token keeps since: a negative
// number's sign and a closing "+" or "#".
func appendCanonicalByRune(toks []string, s string) []string {
	prev := ' '
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		start := i
		switch {
		case isWordRune(r):
		case (r == '-' || r == '.') && (unicode.IsSpace(prev) || isOpener(prev)):
			j := i + 1
			if r == '-' && j < len(s) && s[j] == '-' {
				j++
			}
			if next, _ := utf8.DecodeRuneInString(s[j:]); !unicode.IsLetter(next) && (j > i+1 || r == '.' || next < '0' || next > '9') {
				i, prev = i+size, r
				continue
			}
			size = j - i
		default:
			i, prev = i+size, r
			continue
		}
		i += size
		for i < len(s) {
			r, size := utf8.DecodeRuneInString(s[i:])
			if isWordRune(r) {
				i += size
				continue
			}
			j := i
			for j < len(s) && isJoiner(s[j]) {
				j++
			}
			if next, _ := utf8.DecodeRuneInString(s[j:]); j > i && isWordRune(next) {
				i = j
				continue
			}
			break
		}
		i = withTrailingMarks(s, i)
		toks = append(toks, s[start:i])
		prev, _ = utf8.DecodeLastRuneInString(s[:i])
	}
	return toks
}
