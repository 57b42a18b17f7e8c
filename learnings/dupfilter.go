package learnings

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// DupFilter checks a few candidates against every learning of a file, for
// store and summarise. Computing Similarity's features for thousands of
// stored learnings costs more than parsing the file, while a substring test
// against the candidates' words and numbers costs little, so most stored
// learnings are ruled out, cheaply and for certain, before anything else.
//
// The bounds look at the stored text folded as Canonical folds it
// (lower-cased, for ASCII text), of which every term and number of the
// stored text is a substring:
//
//   - Words. Similarity is at most wordWeight·J + trigramWeight, where J, the
//     weighted Jaccard of the terms, is at most the weight of the shared
//     terms over the candidate's weight. A stored text that contains too few
//     of a candidate's terms cannot reach DuplicateThreshold. A term is
//     looked for as prefix of a word of the folded stored text, which holds
//     every term the stored text really has: terms start where a word
//     starts, and stemming only shortens a word, except "-ies" to "-y", so
//     the trailing "y" is dropped from the search.
//   - Numbers. Texts whose numbers differ score at most mismatchFactor,
//     below the threshold. Every ASCII digit of a folded text is part of one
//     of its numbers, so a stored text with a digit is no duplicate of a
//     candidate without numbers, and one that lacks a candidate's number as
//     a substring is no duplicate of it.
type DupFilter struct {
	cands []filterCandidate
}

type filterCandidate struct {
	f       *features
	grams   []uint64
	roots   []string
	weights []float64
	need    float64
}

// NewDupFilter prepares the filter for candidates.
func NewDupFilter(candidates []string) *DupFilter {
	f := &DupFilter{cands: make([]filterCandidate, len(candidates))}
	for i, c := range candidates {
		feat := featuresOf(c)
		fc := filterCandidate{f: feat, grams: feat.trigrams()}
		fc.need = minSharedShare*feat.weight - 1e-9
		for _, t := range feat.terms {
			root := t
			switch {
			case t == "will" || t == "shall":
				// Expanded from "won't" and "shan't", which do not
				// contain them: count as always present.
				fc.need -= termWeight(t)
				continue
			case strings.HasSuffix(t, "y"):
				root = t[:len(t)-1]
			}
			if root == "" {
				fc.need -= termWeight(t)
				continue
			}
			fc.roots = append(fc.roots, root)
			fc.weights = append(fc.weights, termWeight(t))
		}
		f.cands[i] = fc
	}
	return f
}

// MayMatch reports whether stored could be a near duplicate of any
// candidate; false is certain.
func (f *DupFilter) MayMatch(stored string) bool {
	s := newFilterText(stored)
	defer s.release()
	for i := range f.cands {
		if f.cands[i].mayMatch(s) {
			return true
		}
	}
	return false
}

// Matches calls found for each candidate, by position, that stored is an
// exact or near duplicate of, with their Similarity. It may be called from
// several goroutines at once.
func (f *DupFilter) Matches(stored string, found func(candidate int, score float64)) {
	s := newFilterText(stored)
	defer s.release()
	var sf *features
	var grams []uint64
	for i := range f.cands {
		c := &f.cands[i]
		if !c.mayMatch(s) {
			continue
		}
		if sf == nil {
			sf = featuresOf(stored)
		}
		if c.f.canon == "" {
			continue
		}
		if c.f.canon == sf.canon {
			found(i, 1)
			continue
		}
		if c.f.mismatch(sf) < 1 {
			continue
		}
		if grams == nil {
			grams = sf.trigrams()
		}
		if score := c.f.scoreGrams(c.grams, sf, grams); score >= DuplicateThreshold {
			found(i, score)
		}
	}
}

// filterText is a stored text as the bounds look at it: folded as fold
// does, into a pooled buffer, since most stored texts are looked at only
// here.
type filterText struct {
	folded   []byte
	hasDigit bool
	buf      *[]byte
}

var foldBufs = sync.Pool{New: func() any { return new([]byte) }}

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
	return filterText{folded: folded, hasDigit: bytes.ContainsAny(folded, "0123456789"), buf: buf}
}

func (t filterText) release() { foldBufs.Put(t.buf) }

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
	if len(c.f.numbers) == 0 && s.hasDigit {
		return false
	}
	for _, n := range c.f.numbers {
		if !bytes.Contains(s.folded, []byte(n)) {
			return false
		}
	}
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
		if containsWordPrefix(s.folded, r) {
			have += c.weights[i]
			if have >= c.need {
				return true
			}
		}
	}
	return false
}

// containsWordPrefix reports whether root occurs in s where a word starts
// (at the start or after a byte that is not an ASCII letter or digit).
func containsWordPrefix(s []byte, root string) bool {
	for from := 0; ; {
		i := bytes.Index(s[from:], []byte(root))
		if i < 0 {
			return false
		}
		at := from + i
		if at == 0 || !alnumByte(s[at-1]) {
			return true
		}
		from = at + 1
	}
}

func alnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
