package secrets

import (
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
	rules   int
	// pairs finds the hints beginning with a pair of lower-case bytes (see
	// hintsOf): an open-addressing table of the few hundred pairs that
	// begin one, each slot naming its hints' run of pairHints, in word
	// order. A table of every pair's start (256 KB, and as much again to
	// fill it) made building the index cost 625 KB of allocation and
	// 0.5-1.2 ms in every process that scans a text (each recall and
	// store); now 91 KB and 0.3-0.5 ms (BenchmarkHintIndex), and store on
	// a 1 MB memory 130-230 page faults fewer. The table is read only
	// where the bitmaps below let a pair through: the pass over each
	// generator's 10 MB memory (BenchmarkHintLines) stayed within 5%.
	pairs     []pairSlot
	pairHints []uint16
	// hinted has the bit of each pair of bytes, as the text has them, that
	// begins a hint in some case: a table small enough to stay in the
	// CPU's nearest cache rules out almost every byte of a text without
	// reading pairs. Indexed by the bytes as they are rather than
	// lower-cased, it needs no case folding of the bytes it rules out,
	// nearly all of them: with the line starts found only where a hint is
	// (see lines) and each rule's lines gathered without a sort, finding
	// the hints of each generator's 10 MB memory took 10-35 % less CPU
	// (BenchmarkHintLines, medians of three on a loaded machine: sparse
	// 71 -> 47 ms, default 61 -> 43, paths 57 -> 40, zipf 65 -> 58).
	hinted [1 << 16 / 64]uint64
	// whole has the bit of each pair that is a hint of its own; tri the
	// bit of tri3 of the first three bytes of every longer hint (in every
	// case). Most pairs that begin a hint are common in prose ("to" of
	// token, "se" of secret, "pa" of password): a pair that is no hint
	// itself reads its hints only where the third byte fits one as well.
	// Finding the hints of every learning of each generator's 10 MB
	// memory, as stats and recall --all redact them, took 20-42 % less CPU
	// (long 107 -> 63 ms, default 62 -> 44, sparse 39 -> 31).
	whole [1 << 16 / 64]uint64
	tri   [1 << 16 / 64]uint64
}

// maxRules bounds the rules a hint index serves, so that lines keeps its
// per-rule state in arrays on the stack.
const maxRules = 256

// tri3 hashes three bytes, as the text has them, into the bits of
// hintIndex.tri.
func tri3(a, b, c byte) int {
	return int((uint32(a)<<16 | uint32(b)<<8 | uint32(c)) * 0x9e3779b1 >> 16)
}

// cases are the bytes that lowerByte turns into c: c, and its capital for
// a small ASCII letter.
func cases(c byte) []byte {
	if 'a' <= c && c <= 'z' {
		return []byte{c, c - 'a' + 'A'}
	}
	return []byte{c}
}

// hints is the index of the package's rules, built on first use: built when
// the package loaded, its two 256 KB pair tables cost every run of learn
// (each recall, each hook event) 0.6 MB of allocation and page faults,
// though only the commands that take or check learnings scan for secrets.
var hints = sync.OnceValue(func() *hintIndex { return newHintIndex(rules()) })

func newHintIndex(rs []rule) *hintIndex {
	if len(rs) > maxRules {
		panic("secrets: more than maxRules rules")
	}
	ix := &hintIndex{rules: len(rs)}
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
		for _, a := range cases(w[0]) {
			for _, b := range cases(w[1]) {
				p := int(a)<<8 | int(b)
				ix.hinted[p>>6] |= 1 << (p & 63)
				if len(w) == 2 {
					ix.whole[p>>6] |= 1 << (p & 63)
					continue
				}
				for _, c := range cases(w[2]) {
					q := tri3(a, b, c)
					ix.tri[q>>6] |= 1 << (q & 63)
				}
			}
		}
	}
	ix.pairHints = make([]uint16, len(ix.words))
	for i := range ix.pairHints {
		ix.pairHints[i] = uint16(i)
	}
	pairOf := func(h uint16) int { return pair(ix.words[h][0], ix.words[h][1]) }
	slices.SortStableFunc(ix.pairHints, func(a, b uint16) int { return pairOf(a) - pairOf(b) })
	size := 16
	for size < 2*len(ix.words) {
		size *= 2
	}
	ix.pairs = make([]pairSlot, size)
	for i := 0; i < len(ix.pairHints); {
		p := pairOf(ix.pairHints[i])
		j := i + 1
		for j < len(ix.pairHints) && pairOf(ix.pairHints[j]) == p {
			j++
		}
		k := pairSlotOf(p, size)
		for ix.pairs[k].end != 0 {
			k = (k + 1) & (size - 1)
		}
		ix.pairs[k] = pairSlot{pair: uint16(p), start: uint16(i), end: uint16(j)}
		i = j
	}
	return ix
}

// pairSlot is a pair of lower-case bytes and the hints that begin with it,
// pairHints[start:end]; end is 0 in an empty slot.
type pairSlot struct {
	pair, start, end uint16
}

// pairSlotOf is where pair p's search in a table of size slots begins.
func pairSlotOf(p, size int) int { return int(uint32(p)*0x9e3779b1>>16) & (size - 1) }

// hintsOf is the hints that begin with the pair of lower-case bytes p.
func (ix *hintIndex) hintsOf(p int) []uint16 {
	for k := pairSlotOf(p, len(ix.pairs)); ; k = (k + 1) & (len(ix.pairs) - 1) {
		s := ix.pairs[k]
		if s.end == 0 {
			return nil
		}
		if int(s.pair) == p {
			return ix.pairHints[s.start:s.end]
		}
	}
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
// short text has a hint or two, if any: the result is as small, and a text
// without a hint costs no allocation.
//
// A line's bounds are looked for only where a hint is, and each rule's
// lines are gathered in the order of the text, so that they need no
// sorting: the pass over the bytes does no more than look up pairs.
func (ix *hintIndex) lines(text string) []ruleLines {
	// A learning holds a few hits, if any: they fit on the stack, and
	// a text without any costs the pass over its bytes alone (per-rule
	// tables zeroed for each of the many short texts Redact is given
	// took more than the pass).
	if len(text) < 2 {
		return nil
	}
	var buf [16]ruleLine
	hits := buf[:0]
	// line is where the hits of the current line start in hits.
	line := 0
	lineStart, lineEnd := 0, -1
	for i := ix.candidate(text, 0); i+1 < len(text); i = ix.candidate(text, i+1) {
		for _, h := range ix.hintsOf(pair(text[i], text[i+1])) {
			if ix.start[h] && i > 0 && isKeyChar(text[i-1]) || !hasPrefixFold(text[i:], ix.words[h]) {
				continue
			}
			if i > lineEnd {
				lineStart = strings.LastIndexByte(text[:i], '\n') + 1
				lineEnd = len(text)
				if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
					lineEnd = i + j
				}
				line = len(hits)
			}
		rules:
			for _, ri := range ix.rulesOf[h] {
				for _, seen := range hits[line:] {
					if seen.rule == ri {
						continue rules
					}
				}
				hits = append(hits, ruleLine{ri, [2]int{lineStart, lineEnd}})
			}
		}
	}
	if len(hits) == 0 {
		return nil
	}
	return ix.byRule(hits, len(hits) <= len(buf))
}

// candidate is the first i from from on at which a hint may begin in
// text, len(text) when there is none: its pair of bytes begins a hint, and
// is one or has a third byte that fits a longer one. Apart from lines,
// whose bookkeeping left the compiler no registers for the pass (it kept
// the offset and the pair on the stack), the loop over the bytes costs 15
// instructions a byte instead of 24: learn stats on the default 1 MB
// memory spent 30.2 M instructions finding hints, now 23.3 M (callgrind).
func (ix *hintIndex) candidate(text string, from int) int {
	if from+1 >= len(text) {
		return len(text)
	}
	// The pair ending at each byte, with the byte before it carried over:
	// one load a byte and no bounds check.
	hinted, whole := &ix.hinted, &ix.whole
	prev := text[from]
	for i := from + 1; i < len(text); i++ {
		c := text[i]
		p := uint16(prev)<<8 | uint16(c)
		prev = c
		if hinted[p>>6]&(1<<(p&63)) == 0 {
			continue
		}
		if whole[p>>6]&(1<<(p&63)) != 0 {
			return i - 1
		}
		if i+1 < len(text) {
			if q := tri3(text[i-1], c, text[i+1]); ix.tri[q>>6]&(1<<(q&63)) != 0 {
				return i - 1
			}
		}
	}
	return len(text)
}

// ruleLine is a line of text holding a hint of rule.
type ruleLine struct {
	rule int
	line [2]int
}

// byRule places hits, each rule's in the order of the text, by rule, in
// rule order. A learning's few hits (few, when the caller says so) are
// sorted in place: tables of every rule, zeroed and walked for each of
// the thousands of learnings stats and recall --all redact, cost more than
// the pass over their bytes (callgrind, learn stats on the default 1 MB
// memory: 5.3 M instructions). A whole file's many are counted by rule.
func (ix *hintIndex) byRule(hits []ruleLine, few bool) []ruleLines {
	spans := make([][2]int, len(hits))
	if few {
		slices.SortStableFunc(hits, func(a, b ruleLine) int { return a.rule - b.rule })
		nrules := 0
		for k, h := range hits {
			spans[k] = h.line
			if k == 0 || h.rule != hits[k-1].rule {
				nrules++
			}
		}
		out := make([]ruleLines, 0, nrules)
		for k := 0; k < len(hits); {
			j := k + 1
			for j < len(hits) && hits[j].rule == hits[k].rule {
				j++
			}
			out = append(out, ruleLines{rule: hits[k].rule, lines: spans[k:j:j]})
			k = j
		}
		return out
	}
	var count, slot [maxRules]int
	nrules := 0
	for _, h := range hits {
		if count[h.rule] == 0 {
			nrules++
		}
		count[h.rule]++
	}
	out := make([]ruleLines, 0, nrules)
	for ri, n := 0, 0; ri < ix.rules; ri++ {
		if count[ri] > 0 {
			slot[ri] = len(out)
			out = append(out, ruleLines{rule: ri, lines: spans[n : n : n+count[ri]]})
			n += count[ri]
		}
	}
	for _, h := range hits {
		rl := &out[slot[h.rule]]
		rl.lines = append(rl.lines, h.line)
	}
	return out
}

// hintLines is hints.lines for the package's rules.
func hintLines(text string) []ruleLines { return hints().lines(text) }
