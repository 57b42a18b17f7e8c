package secrets

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
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

// TestHintLinesOnGenerators holds the hint index to the plain search on
// the memories of every generator, read whole (as lint scans a file: many
// hits, placed by counting) and learning by learning (as stats and recall
// --all redact them: a few, placed by a sort), and on the texts of the
// secrets corpus joined into one (hits of many rules at once).
func TestHintLinesOnGenerators(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := string(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 128 << 10, Mode: mode}))
		t.Run(cmp.Or(mode, "default"), func(t *testing.T) {
			texts := []string{src}
			for _, l := range learnings.Parse([]byte(src)).Learnings() {
				texts = append(texts, l.Text)
			}
			many := 0
			for _, text := range texts {
				want := naiveHintLines(text)
				n := 0
				for _, rl := range want {
					n += len(rl.lines)
				}
				if n > 16 {
					many++
				}
				if got := hintLines(text); !slices.EqualFunc(got, want, equalRuleLines) {
					t.Fatalf("hintLines(%.200q...) = %v, a search of every hint finds %v", text, got, want)
				}
			}
			if many == 0 {
				t.Fatal("no text with more hits than a learning holds")
			}
		})
	}
	joined := strings.Join(spokenCorpus(t), "\n")
	if got, want := hintLines(joined), naiveHintLines(joined); !slices.EqualFunc(got, want, equalRuleLines) {
		t.Fatalf("hintLines(the corpus joined) = %v, a search of every hint finds %v", got, want)
	}
}

func equalRuleLines(a, b ruleLines) bool { return a.rule == b.rule && slices.Equal(a.lines, b.lines) }

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
