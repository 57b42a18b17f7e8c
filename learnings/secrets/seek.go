package secrets

import (
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// seekingKeys is r with the expression pattern, a key, a separator (":",
// "=", ":=" or "=>") and a value, tried only where a key ends at a
// separator. Left to find its own starts, the expression is tried at
// every byte of every line holding a hint, and a memory of long learnings
// has many such lines that say "key" or "token" in prose: on a generated
// 10 MB file of three-to-eight-sentence learnings it took 0.76 s of a
// 0.96 s scan; seeking, 0.01-0.02 s (BenchmarkScanGenerators/long).
func seekingKeys(r rule, pattern string) rule {
	r.pattern = pattern
	r.anchored = lazyregexp.New(`^(?:` + pattern + `)`)
	r.seek = seekKey
	return r
}

// seekKey finds the first place in s, from from on, where a key of the
// assignment rule can start: a key is a run of key characters that a
// separator follows, after an optional quote and blanks, so every match
// starts in the run before the first separator it reaches. The start is
// the run's first character that can open a key; next is past the
// separator, since a key of the same run that starts later is followed
// by the same bytes and matches only if the first one does.
func seekKey(s string, from int) (p, next int) {
	for from < len(s) {
		i := strings.IndexAny(s[from:], ":=")
		if i < 0 {
			break
		}
		sep := from + i
		end := sep
		for end > from && isSpace(s[end-1]) {
			end--
		}
		if end > from && (s[end-1] == '"' || s[end-1] == '\'') {
			end--
		}
		start := end
		for start > from {
			r, size := utf8.DecodeLastRuneInString(s[from:start])
			if !keyRune(r) {
				break
			}
			start -= size
		}
		for k := start; k < end; {
			r, size := utf8.DecodeRuneInString(s[k:end])
			if keyOpener(r) {
				return k, sep + 1
			}
			k += size
		}
		from = sep + 1
	}
	return -1, len(s)
}

// keyRune and keyOpener are the classes [A-Za-z0-9_.\-] and [A-Za-z_] of
// the case-insensitive key pattern, which Go's case folding widens to the
// long s (U+017F, an s) and the Kelvin sign (U+212A, a k).
func keyRune(r rune) bool {
	return keyOpener(r) || '0' <= r && r <= '9' || r == '.' || r == '-'
}

func keyOpener(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r == '_' || r == 'ſ' || r == 'K'
}

// find is the first match of r in s[from:], as indexes into s.
func (r rule) find(s string, from int) []int {
	if r.seek == nil {
		return shift(r.re().FindStringSubmatchIndex(s[from:]), from)
	}
	for from < len(s) {
		p, next := r.seek(s, from)
		if p < 0 {
			return nil
		}
		if m := r.anchored().FindStringSubmatchIndex(s[p:]); m != nil {
			return shift(m, p)
		}
		from = next
	}
	return nil
}

// shift moves the indexes of a match in s[by:] to indexes into s.
func shift(m []int, by int) []int {
	for i := range m {
		if m[i] >= 0 {
			m[i] += by
		}
	}
	return m
}
