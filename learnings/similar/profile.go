package similar

import (
	"hash/maphash"
	"math/bits"
	"strings"
	"sync"
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

// shareTally counts the terms of a text read so far, for the share of
// its word weight (each term weighing TermWeight) that terms holds
// accepts give (share), 0 for a text with none: CoveredBy's word part
// against a profile whose terms holds accepts is at most 0.7 times it, so
// that a caller matching many texts against a few docs can leave most of
// them unprofiled. It reads each word's term as fill does (term), keeping
// none: the terms holds accepts are told apart exactly, the others only
// counted by a 64-bit sketch, which may count two as one, so the share
// is never less than the true one (TestTermShareAsProfile). An ASCII text
// is read in place, with no canonical text written.
type shareTally struct {
	holds func(term string) bool
	in    float64
	// inTerms are the terms holds accepts, each once, and inSketch has
	// the bit of each (heldBit): a term whose bit it lacks is not among
	// them, with no need to look.
	inTerms  []HeldTerm
	inSketch uint64
	// out and outGeneric sketch the other terms, generic or not.
	out, outGeneric uint64
	// memo, when not nil, holds the terms of words read before.
	memo termMemo
	// fields holds what ASCII fields read before gave, for this tally's
	// holds only (see anchorsAndShare, which makes it when it is nil).
	fields shareFields
}

// shareFields holds what each ASCII field (a word parted by white space,
// as written) or run of fields outside ASCII (see mixedAnchors) gave the
// anchors and the share of a text, for one holds:
// tokens never cross white space, so a text's anchors are its fields' sum
// and its share reads their terms in order. A memory repeats its fields,
// and a hit costs one look-up instead of cutting the field into tokens
// and reading each word's anchors and term: learn improve-docs on the
// 1 MB memories of bench/ (callgrind) reads prose 370.0 -> 275.5 M
// instructions, default 475.3 -> 375.2, long 438.0 -> 317.0, intl 561.9
// -> 489.2.
type shareFields = *shareMemo

// shareMemo is a shareFields' table, and the room the tally of the text
// being read through it keeps its held terms in (see hold): a memo serves
// one tally at a time, whose terms are read (share) before the next text's
// tally starts, so each text's terms need no list of their own. Growing a
// fresh list for each text was 6 % of learn improve-docs' CPU on the long
// generator's 10 MB memory (pprof, one CPU: 17 of 272 ms, with the
// collections it brought on).
type shareMemo struct {
	*fieldTable[fieldShare]
	held []HeldTerm
}

// newShareFields is an empty shareFields. Its keys are the fields as the
// texts hold them, not copies (see put): a share's memo is made for one
// call, which reads the texts it points into.
func newShareFields() shareFields {
	t := newFieldTable[fieldShare](maxMemoFields)
	t.copies = false
	return &shareMemo{fieldTable: t}
}

// fieldShare is what one field gives: what it gives the anchors (with
// foldedRun's changed and refold, for a field outside ASCII), its terms'
// sketches, and the terms holds accepts, in order, each once.
type fieldShare struct {
	fieldAnchors
	out, outGeneric uint64
	held            []HeldTerm
}

// addField adds the ASCII field c to t and its anchors to a, through
// t.fields.
func (t *shareTally) addField(stops *lexTable, memo wordMemo, a *anchorTally, c string) {
	f := t.fields.ref(c)
	if f == nil {
		var read fieldShare
		one := shareTally{holds: t.holds, memo: t.memo}
		if strings.IndexByte(c, '%') < 0 {
			// The anchors and the terms read the same tokens: cut once.
			eachASCIIToken(c, func(w string) bool {
				read.a.token(stops, memo, w)
				one.token(w)
				return true
			})
		} else {
			read.a.asciiField(stops, memo, c)
			one.ascii(c)
		}
		read.out, read.outGeneric, read.held = one.out, one.outGeneric, one.inTerms
		t.fields.put(c, read)
		f = &read
	}
	t.apply(a, f)
}

// addRun is addField for run, a field outside ASCII, read as foldedRun
// reads it (toks is scratch), returning foldedRun's changed and refold.
func (t *shareTally) addRun(stops *lexTable, memo wordMemo, a *anchorTally, run string, toks []string) (changed, refold bool, _ []string) {
	f := t.fields.ref(run)
	if f == nil {
		var read fieldShare
		one := shareTally{holds: t.holds, memo: t.memo}
		read.changed, read.refold, toks = foldedRun(run, toks, func(w string) {
			read.a.token(stops, memo, w)
			one.token(w)
		})
		read.out, read.outGeneric, read.held = one.out, one.outGeneric, one.inTerms
		t.fields.put(run, read)
		f = &read
	}
	t.apply(a, f)
	return f.changed, f.refold, toks
}

// apply adds what a field gave, f, to t and a.
func (t *shareTally) apply(a *anchorTally, f *fieldShare) {
	a.sum += f.a.sum
	a.n += f.a.n
	t.out |= f.out
	t.outGeneric |= f.outGeneric
	for _, h := range f.held {
		if t.inSketch&h.bit == 0 || !t.holding(h.Term) {
			t.hold(h)
		}
	}
}

// holding reports term among t.inTerms.
func (t *shareTally) holding(term string) bool {
	for _, h := range t.inTerms {
		if h.Term == term {
			return true
		}
	}
	return false
}

// hold adds h, a term not among t.inTerms, to them, in the room of
// t.fields when t has one.
func (t *shareTally) hold(h HeldTerm) {
	if t.fields == nil {
		t.inTerms = append(t.inTerms, h)
	} else {
		if t.inTerms == nil {
			t.inTerms = t.fields.held[:0]
		}
		t.inTerms = append(t.inTerms, h)
		t.fields.held = t.inTerms
	}
	t.inSketch |= h.bit
	t.in += h.Weight
}

// HeldTerm is a term holds accepts, with its weight (TermWeight), as
// shareOf's narrow is given them, and its bit in a shareTally's
// inSketch, read once for the field that gives it: a long learning holds
// dozens of the docs' terms, and looking each field's up in the terms
// added before, and its weight, cost learn improve-docs (callgrind) on
// the long 10 MB memory 2020.2 -> 1953.1 M instructions, on the 1 MB
// memories long 312.1 -> 303.3, default 365.9 -> 358.6.
type HeldTerm struct {
	Term   string
	Weight float64
	bit    uint64
}

// heldBit is term's bit in inSketch.
func heldBit(term string) uint64 { return 1 << (maphash.String(anchorSeed, term) & 63) }

// termMemo holds what lexTable.termWord reads of each word, which depends
// on the word alone: every word but a stop word is looked up in its
// American spelling and its stem, and a memory repeats its words. A worker
// keeps one across the texts it reads (termMemos); the store filter's
// scratch keeps a table of its own that also numbers the terms
// (filterScratch.read).
//
// It is a fieldTable, not a map: a map of its maxMemoWords words grew to
// twice what it holds, doubling as it filled, and allocated 8.0 MB of
// fresh memory in each improve-docs run at 10 MB (pprof alloc_space) on
// long, default and agent alike; the table allocates 3-5 MB of it. A hit
// is read in place (ref), not copied out by get: on the 1 MB memories
// (callgrind, GOMAXPROCS=1) store reads long 311.8 -> 301.7 M
// instructions, default 321.9 -> 315.2, improve-docs long 231.2 -> 228.0.
type termMemo struct{ *fieldTable[wordTerm] }

// newTermMemo is an empty termMemo, whose table is given copies of the
// words it keeps (see read).
func newTermMemo() termMemo {
	t := newFieldTable[wordTerm](maxMemoWords)
	t.copies = false
	return termMemo{t}
}

// wordTerm is what fill reads of a word: the word it keeps and its term,
// whether the term is generic, and ok when the word gives one.
type wordTerm struct {
	word, term  string
	generic, ok bool
}

var termMemos = sync.Pool{New: func() any { return newTermMemo() }}

// read is lex.termWord(w), through m, which keeps it while it holds fewer
// than maxMemoWords words. The word and the term it keeps are read from a
// copy of w, not from the text w is in: most are w itself, or a part of
// it, and would hold that text as the memo's keys did (see put).
func (m termMemo) read(lex *lexTable, w string) wordTerm {
	if r := m.ref(w); r != nil {
		return *r
	}
	keep := m.n < m.limit
	if keep {
		w = strings.Clone(w)
	}
	var r wordTerm
	r.word, r.term, r.generic, r.ok = lex.termWord(w)
	if keep {
		m.put(w, r)
	}
	return r
}

// term is lex.term(w), through t.memo when there is one.
func (t *shareTally) term(lex *lexTable, w string) (term string, generic, ok bool) {
	if t.memo.fieldTable == nil {
		return lex.term(w)
	}
	r := t.memo.read(lex, w)
	return r.term, r.generic, r.ok
}

// ascii adds the terms of the ASCII text s, read in place.
func (t *shareTally) ascii(s string) {
	eachASCIIToken(s, func(w string) bool { t.token(w); return true })
}

// token adds the terms of the canonical token tok, as fill reads them.
func (t *shareTally) token(tok string) {
	base, not := expandContraction(tok)
	t.words(base, not)
}

// words adds the terms of the words of a token, base and not, as
// expandContraction parts them.
func (t *shareTally) words(base, not string) {
	lex := lexicon()
	for _, w := range [2]string{base, not} {
		term, generic, ok := t.term(lex, w)
		switch {
		case !ok:
		case t.holds(term):
			if !t.holding(term) {
				t.hold(HeldTerm{term, termWeight(term), heldBit(term)})
			}
		case generic:
			t.outGeneric |= 1 << (maphash.String(anchorSeed, term) & 63)
		default:
			t.out |= 1 << (maphash.String(anchorSeed, term) & 63)
		}
	}
}

// share is the share the terms added give.
func (t *shareTally) share() float64 { return t.shareOf(nil) }

// shareOf is share narrowed by narrow when not nil: given the share and
// the terms holds accepts (each once, with its weight), narrow returns
// the share the caller counts, at most the one given. A caller whose docs
// hold those terms in many passages, of which a text is matched against
// one at a time, counts only the terms of the passage that holds most of
// them (see docs.Corpus.PassageShare), and so rules out many more texts
// than the share of all the docs' terms does.
func (t *shareTally) shareOf(narrow func(share float64, held []HeldTerm) float64) float64 {
	if t.in == 0 {
		return 0
	}
	share := t.in / (t.in + float64(bits.OnesCount64(t.out)) + 0.5*float64(bits.OnesCount64(t.outGeneric)))
	if narrow != nil {
		share = narrow(share, t.inTerms)
	}
	return share
}

// term is the term fill reads of the word w, and whether it is generic;
// ok is false for a word that gives none (a negation, a stop word).
func (lex *lexTable) term(w string) (term string, generic, ok bool) {
	_, term, generic, ok = lex.termWord(w)
	return term, generic, ok
}

// termWord is term, and the word fill keeps of w for its trigrams (its
// American spelling, unstemmed).
func (lex *lexTable) termWord(w string) (word, term string, generic, ok bool) {
	if w == "" {
		return "", "", false, false
	}
	lx := lex.lookup(w)
	if lx.negationTerm {
		return "", "", false, false
	}
	if trimmed := withoutFlagDashes(w); len(trimmed) != len(w) {
		w, lx = trimmed, lex.lookup(trimmed)
	}
	if lx.stop || w == "" {
		return "", "", false, false
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
	return w, st, lx.generic, true
}
