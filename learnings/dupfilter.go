package learnings

import (
	"strings"
	"unicode/utf8"
)

// DupFilter rules out, cheaply and for certain, stored learnings that cannot
// be near duplicates of a few candidates. Store checks a handful of new
// learnings against every learning in the file; computing Similarity's
// features for thousands of stored learnings costs more than parsing the
// file, while a substring test against the candidates' words costs little.
//
// The bound: Similarity is at most wordWeight·J + trigramWeight, where J, the
// weighted Jaccard of the terms, is at most the weight of the shared terms
// over the candidate's weight. A stored text that contains too few of a
// candidate's terms cannot reach DuplicateThreshold. A term is looked for as
// prefix of a word of the lower-cased stored text, which holds every term
// the stored text really has: terms start where a word starts, and stemming
// only shortens a word, except "-ies" to "-y", so the trailing "y" is
// dropped from the search. Non-ASCII text,
// which folding can change beyond lower-casing, is never ruled out.
type DupFilter struct {
	cands []filterCandidate
	// all is set when some candidate cannot be filtered.
	all bool
}

type filterCandidate struct {
	roots   []string
	weights []float64
	need    float64
}

// NewDupFilter prepares the filter for candidates.
func NewDupFilter(candidates []string) *DupFilter {
	f := &DupFilter{}
	minJaccard := (DuplicateThreshold - trigramWeight) / wordWeight
	for _, c := range candidates {
		if !asciiOnly(c) {
			f.all = true
			continue
		}
		feat := featuresOf(c)
		fc := filterCandidate{need: minJaccard*feat.weight - 1e-9}
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
		f.cands = append(f.cands, fc)
	}
	return f
}

// MayMatch reports whether stored could be a near duplicate of any
// candidate; false is certain.
func (f *DupFilter) MayMatch(stored string) bool {
	if f.all || !asciiOnly(stored) {
		return true
	}
	lower := strings.ToLower(stored)
	for _, c := range f.cands {
		if c.need <= 0 {
			return true
		}
		have, left := 0.0, 0.0
		for _, w := range c.weights {
			left += w
		}
		for i, r := range c.roots {
			if have+left < c.need {
				break
			}
			left -= c.weights[i]
			if containsWordPrefix(lower, r) {
				have += c.weights[i]
				if have >= c.need {
					return true
				}
			}
		}
	}
	return false
}

// containsWordPrefix reports whether root occurs in s where a word starts
// (at the start or after a character that is not a letter or digit).
func containsWordPrefix(s, root string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], root)
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

func asciiOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
