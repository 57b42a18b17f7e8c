package similar

import (
	"bytes"
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
	need    float64
}

// NewFilter prepares the filter for candidates.
func NewFilter(candidates []string) *Filter {
	f := &Filter{cands: make([]filterCandidate, len(candidates))}
	for i, c := range candidates {
		t := Prepare(c)
		fc := filterCandidate{t: t}
		fc.need = minSharedShare*t.f.weight - boundSlack
		loose := looseTerms(t.f)
		for _, term := range t.f.terms {
			root := term
			switch {
			case loose[term] || term == "will" || term == "shall":
				// Spelt otherwise in a text that is the same, or
				// expanded from "won't" and "shan't", which do not
				// contain them: count as always present.
				fc.need -= termWeight(term)
				continue
			case strings.HasSuffix(term, "y"):
				root = term[:len(term)-1]
			}
			if root == "" {
				fc.need -= termWeight(term)
				continue
			}
			fc.roots = append(fc.roots, root)
			fc.weights = append(fc.weights, termWeight(term))
		}
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
		if num || syn || unit || opener || rel || qty || fillerWords[w] || synonymTargets[w] || w == "make" || w == "sure" || isDigits(w) {
			loose[stem(w)] = true
		}
	}
	return loose
}

var synonymTargets = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range synonyms {
		m[t] = true
	}
	return m
}()

func isDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// MayMatch reports whether stored could be the same learning as a
// candidate, or an update of it; false is certain.
func (f *Filter) MayMatch(stored string) bool {
	s := newFilterText(stored)
	defer s.release()
	for i := range f.cands {
		if f.cands[i].mayMatch(s) {
			return true
		}
	}
	return false
}

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
			st = Prepare(stored)
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
	return filterText{folded: folded, buf: buf}
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
