package similar

import (
	"hash/maphash"
	"math/bits"
	"slices"
	"strings"
)

// Profile is the Profile of the prepared text, sharing its features, so that
// a caller that prepared a learning to find duplicates does not read it a
// second time to match it against docs.
func (t *Text) Profile() Profile { return Profile{t.features()} }

// Shareable computes what p otherwise computes on first use, and returns p,
// so that a doc passage matched against the learnings of a large memory
// from many goroutines has its trigrams computed once rather than by each
// goroutine that meets it first.
func (p Profile) Shareable() Profile {
	p.f.trigrams()
	return p
}

// TermShare is at least the share of the word weight of the terms of s
// (those of NewProfile(s), each weighing TermWeight) that are terms holds
// accepts, and 0 for a text with none: CoveredBy's word part against a
// profile whose terms holds accepts is at most 0.7 times it, so that a
// caller matching many texts against a few docs can leave most of them
// unprofiled. It reads each word's term as fill does (term), keeping
// none: the terms holds accepts are told apart exactly, the others only
// counted by a 64-bit sketch, which may count two as one, so the share
// is never less than the true one. An ASCII text is read in place, with
// no canonical text written.
func TermShare(s string, holds func(term string) bool) float64 {
	lex := lexicon()
	var in float64
	var inTerms []string
	var out, outGeneric uint64
	add := func(tok string) {
		base, not := expandContraction(tok)
		for _, w := range [2]string{base, not} {
			t, generic, ok := lex.term(w)
			switch {
			case !ok:
			case holds(t):
				if !slices.Contains(inTerms, t) {
					inTerms = append(inTerms, t)
					in += termWeight(t)
				}
			case generic:
				outGeneric |= 1 << (maphash.String(anchorSeed, t) & 63)
			default:
				out |= 1 << (maphash.String(anchorSeed, t) & 63)
			}
		}
	}
	if asciiPrefix(s, 0) == len(s) {
		var buf []byte
		for i := 0; ; {
			start, end := nextASCIIToken(s, i)
			if start == end {
				break
			}
			var w string
			w, buf = lowerToken(s[start:end], buf)
			add(w)
			i = end
		}
	} else {
		sc := scratches.Get().(*scratch)
		_, _, toks, fields := readText(sc, s, false)
		for _, w := range toks {
			add(w)
		}
		clear(toks)
		sc.toks, sc.fields = toks[:0], fields[:0]
		scratches.Put(sc)
	}
	own := in + float64(bits.OnesCount64(out)) + 0.5*float64(bits.OnesCount64(outGeneric))
	if in == 0 {
		return 0
	}
	return in / own
}

// term is the term fill reads of the word w, and whether it is generic;
// ok is false for a word that gives none (a negation, a stop word).
func (lex *lexTable) term(w string) (term string, generic, ok bool) {
	if w == "" {
		return "", false, false
	}
	lx := lex.lookup(w)
	if lx.negationTerm {
		return "", false, false
	}
	if trimmed := strings.TrimLeft(w, "-"); len(trimmed) != len(w) {
		w, lx = trimmed, lex.lookup(trimmed)
	}
	if lx.stop || w == "" {
		return "", false, false
	}
	if us := americanOf(w, lx); us != w {
		w, lx = us, lex.lookup(us)
	}
	st := stem(w)
	if st != w {
		lx = lex.lookup(st)
	}
	if lx.same != "" {
		st = lx.same
		lx = lex.lookup(st)
	}
	return st, lx.generic, true
}
