package secrets

import (
	"slices"
	"strings"
)

// hintIndex finds the hints of every rule in one pass over a text. Running
// each rule's regular expression over a 10 MB file costs more than reading
// it; finding a hundred short literals costs one table lookup per byte.
type hintIndex struct {
	// words are the distinct hints, lower-case; start[i] says that
	// words[i] counts only at the start of a key (after a character that
	// cannot be part of one), which a hint written "^sk" asks for.
	words []string
	start []bool
	// rulesOf lists, per hint, the indexes of the rules that have it.
	rulesOf [][]int
	// byPair lists the hints beginning with each pair of lower-case bytes:
	// those of pair p are pairHints[pairStart[p]:pairStart[p+1]].
	pairStart []uint32
	pairHints []uint16
}

var hints = newHintIndex(rules)

func newHintIndex(rs []rule) *hintIndex {
	ix := &hintIndex{pairStart: make([]uint32, 1<<16+1)}
	id := map[string]int{}
	for ri, r := range rs {
		if len(r.hints) == 0 {
			panic("secrets: rule " + r.kind + " has no hints")
		}
		for _, h := range r.hints {
			at := strings.HasPrefix(h, "^")
			w := strings.TrimPrefix(h, "^")
			if len(w) < 2 || w != strings.ToLower(w) || strings.Contains(w, "\n") {
				panic("secrets: bad hint " + h)
			}
			i, ok := id[h]
			if !ok {
				i = len(ix.words)
				id[h] = i
				ix.words = append(ix.words, w)
				ix.start = append(ix.start, at)
				ix.rulesOf = append(ix.rulesOf, nil)
			}
			if !slices.Contains(ix.rulesOf[i], ri) {
				ix.rulesOf[i] = append(ix.rulesOf[i], ri)
			}
		}
	}
	for _, w := range ix.words {
		ix.pairStart[pair(w[0], w[1])+1]++
	}
	for p := 1; p < len(ix.pairStart); p++ {
		ix.pairStart[p] += ix.pairStart[p-1]
	}
	ix.pairHints = make([]uint16, len(ix.words))
	fill := slices.Clone(ix.pairStart)
	for i, w := range ix.words {
		p := pair(w[0], w[1])
		ix.pairHints[fill[p]] = uint16(i)
		fill[p]++
	}
	return ix
}

func pair(a, b byte) int { return int(lowerByte(a))<<8 | int(lowerByte(b)) }

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFold reports whether s starts with w, ignoring ASCII case; w is
// lower-case.
func hasPrefixFold(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for j := 0; j < len(w); j++ {
		if lowerByte(s[j]) != w[j] {
			return false
		}
	}
	return true
}

// lines returns, per rule, the [start, end) of each line of text holding
// one of the rule's hints, in order, once each; nil when text holds no hint
// at all.
func (ix *hintIndex) lines(text string) [][][2]int {
	type hit struct{ hint, line int }
	var hits []hit
	line := 0
	for i := 0; i+1 < len(text); i++ {
		c := text[i]
		if c == '\n' {
			line = i + 1
			continue
		}
		p := int(lowerByte(c))<<8 | int(lowerByte(text[i+1]))
		for _, h := range ix.pairHints[ix.pairStart[p]:ix.pairStart[p+1]] {
			if ix.start[h] && i > 0 && isKeyChar(text[i-1]) || !hasPrefixFold(text[i:], ix.words[h]) {
				continue
			}
			if n := len(hits); n == 0 || hits[n-1] != (hit{int(h), line}) {
				hits = append(hits, hit{int(h), line})
			}
		}
	}
	if hits == nil {
		return nil
	}
	out := make([][][2]int, len(rules))
	for _, h := range hits {
		for _, ri := range ix.rulesOf[h.hint] {
			ls := out[ri]
			if n := len(ls); n > 0 && ls[n-1][0] == h.line {
				continue
			}
			end := len(text)
			if j := strings.IndexByte(text[h.line:], '\n'); j >= 0 {
				end = h.line + j
			}
			out[ri] = append(ls, [2]int{h.line, end})
		}
	}
	for ri, ls := range out {
		if len(ls) > 1 {
			slices.SortFunc(ls, func(a, b [2]int) int { return a[0] - b[0] })
			out[ri] = slices.Compact(ls)
		}
	}
	return out
}

// hintLines is hints.lines for the package's rules.
func hintLines(text string) [][][2]int { return hints.lines(text) }
