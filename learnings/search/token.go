package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// token is one word of a text, with the byte range it came from so snippets
// can mark it in the original.
type token struct {
	term       string
	start, end int
	// part is true for the pieces of a compound such as `client.Do`
	// ("client", "do"), which are indexed beside the compound itself.
	part bool
}

// joiners may sit inside a compound token (`client.Do`, `snake_case`,
// `docs/api.md`, `x-api-key`) when letters or digits follow them.
func isJoiner(r rune) bool {
	switch r {
	case '.', '_', '-', '/', ':', '#', '@', '+':
		return true
	}
	return false
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[r]
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// decode is utf8.DecodeRuneInString with the ASCII case inline.
func decode(s string) (rune, int) {
	if c := s[0]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s)
}

// fold lower-cases s and applies NFKC, so that "Ｇｏ", "ﬁle" and "GO" match
// their plain spellings. ASCII text skips the normaliser, which is the hot path.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return lowerASCII(s)
	}
	return strings.ToLower(norm.NFKC.String(s))
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// tokenize splits text into folded, stemmed terms. A compound made of words
// joined by punctuation yields the compound and each of its words, so that
// `client.Do` is found by "client.do", by "client" and by "do". CJK text has
// no spaces, so each ideograph or kana is a word of its own.
func tokenize(text string, emit func(token)) {
	i := 0
	for i < len(text) {
		r, size := decode(text[i:])
		if !isWordRune(r) {
			i += size
			continue
		}
		if isIdeographic(r) {
			emit(token{term: fold(text[i : i+size]), start: i, end: i + size})
			i += size
			continue
		}
		start := i
		var parts [][2]int
		wordStart := i
		for i < len(text) {
			if c := text[i]; c < utf8.RuneSelf && asciiWord[c] {
				i++
				continue
			}
			r, size := decode(text[i:])
			if r >= utf8.RuneSelf && isWordRune(r) && !isIdeographic(r) {
				i += size
				continue
			}
			if isJoiner(r) && i+size < len(text) {
				next, _ := decode(text[i+size:])
				if isWordRune(next) && !isIdeographic(next) {
					parts = append(parts, [2]int{wordStart, i})
					i += size
					wordStart = i
					continue
				}
			}
			break
		}
		if len(parts) == 0 {
			emit(token{term: stem(fold(text[start:i])), start: start, end: i})
			continue
		}
		parts = append(parts, [2]int{wordStart, i})
		emit(token{term: fold(text[start:i]), start: start, end: i})
		for _, p := range parts {
			emit(token{term: stem(fold(text[p[0]:p[1]])), start: p[0], end: p[1], part: true})
		}
	}
}

func isIdeographic(r rune) bool {
	return r >= 0x2E80 && r < 0x10000 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r))
}

// stem removes the commonest English inflections (plurals, -ing, -ed and a
// final e) so "retries", "retried" and "retrying" all meet "retry", and
// "cache", "cached" and "caching" meet "cach". It is deliberately
// light: a wrong merge costs more in a small corpus than a missed one.
func stem(w string) string {
	if len(w) <= 3 || !isASCIIAlpha(w) {
		return w
	}
	w = stripSuffix(w)
	if n := len(w); n > 4 && w[n-1] == 'e' {
		return w[:n-1]
	}
	return w
}

func stripSuffix(w string) string {
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "ied") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:n-2]
	case strings.HasSuffix(w, "ing") && n > 5:
		return undouble(w[:n-3])
	case strings.HasSuffix(w, "ed") && n > 4 && !strings.HasSuffix(w, "eed"):
		return undouble(w[:n-2])
	case strings.HasSuffix(w, "es") && n > 4 && (strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes")):
		return w[:n-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// undouble turns "stopp" (from "stopping") back into "stop".
func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] {
		switch w[n-1] {
		case 'l', 's', 'z':
			return w
		}
		return w[:n-1]
	}
	return w
}

func isASCIIAlpha(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
