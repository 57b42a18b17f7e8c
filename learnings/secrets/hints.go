package secrets

import (
	"cmp"
	"slices"
	"strings"
	"sync"
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
	// hinted has the bit of each pair that begins a hint: a table small
	// enough to stay in the CPU's nearest cache rules out almost every
	// byte of a text without reading pairStart.
	hinted [1 << 16 / 64]uint64
	// whole has the bit of each pair that is a hint of its own; tri the
	// bit of tri3 of the first three bytes of every longer hint. Most
	// pairs that begin a hint are common in prose ("to" of token, "se"
	// of secret, "pa" of password): a pair that is no hint itself reads
	// its hints only where the third byte fits one as well. Finding the
	// hints of every learning of each generator's 10 MB memory, as stats
	// and recall --all redact them, took 20-42 % less CPU (long 107 -> 63
	// ms, default 62 -> 44, sparse 39 -> 31).
	whole [1 << 16 / 64]uint64
	tri   [1 << 16 / 64]uint64
}

// tri3 hashes the lower-case pair p and the byte after it into the bits
// of hintIndex.tri.
func tri3(p int, c byte) int {
	return int((uint32(p)<<8 | uint32(lowerByte(c))) * 0x9e3779b1 >> 16)
}

// hints is the index of the package's rules, built on first use: built when
// the package loaded, its two 256 KB pair tables cost every run of learn
// (each recall, each hook event) 0.6 MB of allocation and page faults,
// though only the commands that take or check learnings scan for secrets.
var hints = sync.OnceValue(func() *hintIndex { return newHintIndex(rules()) })

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
		p := pair(w[0], w[1])
		ix.pairStart[p+1]++
		ix.hinted[p>>6] |= 1 << (p & 63)
		if len(w) == 2 {
			ix.whole[p>>6] |= 1 << (p & 63)
		} else {
			q := tri3(p, w[2])
			ix.tri[q>>6] |= 1 << (q & 63)
		}
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

// ruleLines are the lines of a text holding a hint of rules[rule]: the
// [start, end) of each, in order, once each.
type ruleLines struct {
	rule  int
	lines [][2]int
}

// lines returns the lines of text holding each rule's hints, by rule,
// leaving out the rules without any; nil when text holds no hint at all. A
// short text has a hint or two, if any: the result is as small.
func (ix *hintIndex) lines(text string) []ruleLines {
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
		if ix.hinted[p>>6]&(1<<(p&63)) == 0 {
			continue
		}
		if ix.whole[p>>6]&(1<<(p&63)) == 0 {
			if i+2 >= len(text) {
				continue
			}
			if q := tri3(p, text[i+2]); ix.tri[q>>6]&(1<<(q&63)) == 0 {
				continue
			}
		}
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
	type ruleLine struct{ rule, line int }
	pairs := make([]ruleLine, 0, len(hits))
	for _, h := range hits {
		for _, ri := range ix.rulesOf[h.hint] {
			pairs = append(pairs, ruleLine{ri, h.line})
		}
	}
	slices.SortFunc(pairs, func(a, b ruleLine) int { return cmp.Or(a.rule-b.rule, a.line-b.line) })
	pairs = slices.Compact(pairs)
	var out []ruleLines
	for _, p := range pairs {
		end := len(text)
		if j := strings.IndexByte(text[p.line:], '\n'); j >= 0 {
			end = p.line + j
		}
		if n := len(out); n == 0 || out[n-1].rule != p.rule {
			out = append(out, ruleLines{rule: p.rule})
		}
		rl := &out[len(out)-1]
		rl.lines = append(rl.lines, [2]int{p.line, end})
	}
	return out
}

// hintLines is hints.lines for the package's rules.
func hintLines(text string) []ruleLines { return hints().lines(text) }
