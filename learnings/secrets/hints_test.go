package secrets

import (
	"slices"
	"strings"
	"testing"
)

// TestHintLinesFindEveryHint compares the hint index with a plain search
// of every hint of every rule on each text of the corpus: the index's
// filters (pairs, then the third byte) may only spare work.
func TestHintLinesFindEveryHint(t *testing.T) {
	texts := spokenCorpus(t)
	texts = append(texts, "pw", "xpw", "--", "to", "tok", "TOKEN", "Pa", "pas", "\npassword\n", "密码", "ароль")
	hits := 0
	for _, text := range texts {
		want := naiveHintLines(text)
		hits += len(want)
		if got := hintLines(text); !slices.EqualFunc(got, want, func(a, b ruleLines) bool {
			return a.rule == b.rule && slices.Equal(a.lines, b.lines)
		}) {
			t.Fatalf("hintLines(%q) = %v, a search of every hint finds %v", text, got, want)
		}
	}
	if hits == 0 {
		t.Fatal("no hint in the corpus")
	}
}

// naiveHintLines is hintLines by a search of every hint of every rule.
func naiveHintLines(text string) []ruleLines {
	var out []ruleLines
	b := []byte(text)
	for i, c := range b {
		b[i] = lowerByte(c)
	}
	lower := string(b)
	for ri, r := range rules() {
		var lines [][2]int
		for _, h := range r.hints {
			start := strings.HasPrefix(h, "^")
			w := strings.TrimPrefix(h, "^")
			for at := 0; ; at++ {
				i := strings.Index(lower[at:], w)
				if i < 0 {
					break
				}
				i += at
				at = i
				if start && i > 0 && isKeyChar(text[i-1]) {
					continue
				}
				ls := strings.LastIndexByte(text[:i], '\n') + 1
				le := len(text)
				if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
					le = i + j
				}
				lines = append(lines, [2]int{ls, le})
			}
		}
		slices.SortFunc(lines, func(a, b [2]int) int { return a[0] - b[0] })
		if lines = slices.Compact(lines); len(lines) > 0 {
			out = append(out, ruleLines{rule: ri, lines: lines})
		}
	}
	return out
}
