package similar

import (
	"bytes"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Filter checks a few candidates against every learning of a file, for
// store and summarise. Preparing thousands of stored learnings costs more
// than parsing the file, while a substring test against the candidates'
// words costs little, so most stored learnings are ruled out, cheaply and
// for certain, before anything else.
//
// The bound looks at the stored text folded as Canonical folds it
// (lower-cased, for ASCII text), of which every word of the stored text is
// a substring. A related text (an update, or the same learning) shares at
// least minSharedShare of the candidate's word weight, so a stored text that
// holds too few of the candidate's words is neither. A word is looked for
// as the prefix of a word of the folded stored text, which holds every
// stemmed word the stored text really has: stems start where a word starts,
// and stemming only shortens a word, except "-ies" to "-y", so the trailing
// "y" is dropped from the search. Words the same-learning test spells
// another way ("two" and "2", "folder" and "dir", "use") count as present.
type Filter struct {
	cands []filterCandidate
}

type filterCandidate struct {
	t       *Text
	roots   []string
	weights []float64
	// whole is set for the roots that are their whole term, which a
	// stored word holds only followed by what stemming strips (see
	// stemTail); a root cut short of its "y" may be followed by more.
	whole []bool
	need  float64
}

// NewFilter prepares the filter for candidates.
func NewFilter(candidates []string) *Filter {
	f := &Filter{cands: make([]filterCandidate, len(candidates))}
	for i, c := range candidates {
		t := Prepare(c)
		t.trigrams() // now, not lazily in Matches' goroutines
		fc := filterCandidate{t: t}
		fc.need = minSharedShare*t.f.weight - boundSlack
		loose := looseTerms(t.f)
		for _, term := range t.f.terms {
			root, whole := term, true
			switch {
			case loose[term] || term == "will" || term == "shall":
				// Spelt otherwise in a text that is the same, or
				// expanded from "won't" and "shan't", which do not
				// contain them: count as always present.
				fc.need -= termWeight(term)
				continue
			case strings.HasSuffix(term, "y"):
				root, whole = term[:len(term)-1], false
			}
			if root == "" {
				fc.need -= termWeight(term)
				continue
			}
			fc.roots = append(fc.roots, root)
			fc.weights = append(fc.weights, termWeight(term))
			fc.whole = append(fc.whole, whole)
		}
		fc.byWeight()
		f.cands[i] = fc
	}
	return f
}

// looseTerms are the terms of f the same-learning test may meet written
// another way in a text that is the same learning.
func looseTerms(f *features) map[string]bool {
	loose := map[string]bool{}
	for _, w := range f.words {
		_, num := numberWords[w]
		_, syn := synonyms[w]
		_, unit := units[w]
		_, opener := clauseOpeners[w]
		_, rel := relationWords[w]
		_, _, qty := splitQuantity(w)
		if num || syn || unit || opener || rel || qty || fillerWords[w] || synonymTargets[w] || w == "make" || w == "sure" || numberValues[w] || spelledTwoWays(w) {
			loose[stem(w)] = true
			// The term of a word of sameWords is its group's
			// first word ("prefers" is "want"), which the other
			// text need not hold either.
			if same := lookup(stem(w)).same; same != "" {
				loose[same] = true
			}
		}
	}
	return loose
}

var synonymTargets = valueSet(synonyms)

// numberValues are the digits a number word is written as ("2" for
// "two"): a text with "2" may be the same as one with "two". Other
// numbers are only ever written in digits.
var numberValues = valueSet(numberWords)

// Matches calls found for each candidate, by position, that stored is the
// same learning as or an update of, with the Verdict (no word diff). It
// may be called from several goroutines at once.
func (f *Filter) Matches(stored string, found func(candidate int, v Verdict)) {
	s := newFilterText(stored)
	defer s.release()
	var st *Text
	for i := range f.cands {
		c := &f.cands[i]
		if !c.mayMatch(s) {
			continue
		}
		if st == nil {
			st = prepareLazy(stored)
		}
		if v := st.Compare(c.t); v.Kind != Distinct {
			found(i, v)
		}
	}
}

// filterText is a stored text as the bound looks at it: folded as fold
// does, into a pooled buffer, since most stored texts are looked at only
// here.
type filterText struct {
	folded []byte
	buf    *[]byte
	// starts has a bit for the first two bytes at every place a word
	// starts (wordStart), so that most roots a text lacks are ruled out
	// without a search.
	starts *[startBits / 64]uint64
}

const startBits = 1024

func startHash(a, b byte) uint { return (uint(a)*131 + uint(b)) % startBits }

// wordStart reports whether a word starts at s[i], as containsWordPrefix
// looks for one.
func wordStart(s []byte, i int) bool { return i == 0 || !alnumByte(s[i-1]) }

// mayStart reports whether root can start a word of t; false is certain.
func (t filterText) mayStart(root string) bool {
	if len(root) < 2 {
		return true
	}
	h := startHash(root[0], root[1])
	return t.starts[h/64]&(1<<(h%64)) != 0
}

var (
	foldBufs  = sync.Pool{New: func() any { return new([]byte) }}
	startSets = sync.Pool{New: func() any { return new([startBits / 64]uint64) }}
)

func newFilterText(s string) filterText {
	buf := foldBufs.Get().(*[]byte)
	folded := (*buf)[:0]
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		folded = append(folded, c)
	}
	if !ascii {
		folded = append(folded[:0], foldNonASCII(s)...)
	}
	*buf = folded
	starts := startSets.Get().(*[startBits / 64]uint64)
	*starts = [startBits / 64]uint64{}
	for i := 0; i+1 < len(folded); i++ {
		if wordStart(folded, i) {
			h := startHash(folded[i], folded[i+1])
			starts[h/64] |= 1 << (h % 64)
		}
	}
	return filterText{folded: folded, buf: buf, starts: starts}
}

func (t filterText) release() {
	foldBufs.Put(t.buf)
	startSets.Put(t.starts)
}

// foldNonASCII is fold for text with a non-ASCII byte, skipping the NFKC
// transform (which changes nothing) for text already in NFKC, the common
// case.
func foldNonASCII(s string) string {
	if !norm.NFKC.IsNormalString(s) {
		return fold(s)
	}
	return strings.ReplaceAll(cases.Fold().String(s), "\u2019", "'")
}

func (c *filterCandidate) mayMatch(s filterText) bool {
	if c.need <= 0 {
		return true
	}
	have, left := 0.0, 0.0
	for _, w := range c.weights {
		left += w
	}
	for i, r := range c.roots {
		if have+left < c.need {
			return false
		}
		left -= c.weights[i]
		if s.mayStart(r) && containsWordPrefix(s.folded, r, c.whole[i]) {
			have += c.weights[i]
			if have >= c.need {
				return true
			}
		}
	}
	return false
}

// byWeight orders the roots heaviest first, so that a text lacking them is
// ruled out after the fewest searches.
func (c *filterCandidate) byWeight() {
	idx := make([]int, len(c.roots))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return c.weights[idx[a]] > c.weights[idx[b]] })
	roots, weights, whole := make([]string, len(idx)), make([]float64, len(idx)), make([]bool, len(idx))
	for i, j := range idx {
		roots[i], weights[i], whole[i] = c.roots[j], c.weights[j], c.whole[j]
	}
	c.roots, c.weights, c.whole = roots, weights, whole
}

// containsWordPrefix reports whether root occurs in s where a word starts
// (at the start or after a byte that is not an ASCII letter or digit), and,
// when whole is set, is followed only by what stemming strips from a word
// up to the word's end.
func containsWordPrefix(s []byte, root string, whole bool) bool {
	for from := 0; ; {
		i := bytes.Index(s[from:], []byte(root))
		if i < 0 {
			return false
		}
		at := from + i
		if wordStart(s, at) && (!whole || stemTail(s[at+len(root):], root)) {
			return true
		}
		from = at + 1
	}
}

// stemTail reports whether the letters after a root, up to the end of the
// word, are what stem may have cut from a word to leave the root: an "e",
// the root's last letter doubled, "ing" or "ed", and an "s" ("make",
// "making", "running", "tested", "classes"). The word ends at a byte that
// is not an ASCII letter or digit, so a word with other letters passes.
func stemTail(rest []byte, root string) bool {
	n := 0
	for n < len(rest) && alnumByte(rest[n]) {
		n++
	}
	t := string(rest[:n])
	if t == "" {
		return true
	}
	t = strings.TrimSuffix(t, "s")
	t = strings.TrimPrefix(t, "e")
	if t == "" {
		return true
	}
	if len(root) > 0 && t[0] == root[len(root)-1] {
		if u := t[1:]; u == "ing" || u == "ed" {
			return true
		}
	}
	switch t {
	case "ing", "ed", "d", "e":
		return true
	}
	return strings.HasPrefix(t, "e") && (t[1:] == "ing" || t[1:] == "ed")
}

func alnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
