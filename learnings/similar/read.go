package similar

// Reading a text into an analysis: folding, cutting into clauses, and the
// key that two texts must share to be the same learning.

import (
	"encoding/binary"
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// sepKind is what separates a clause from the one before it.
type sepKind uint8

const (
	sepStrong sepKind = iota // start, sentence punctuation, a subordinating word
	sepList                  // a comma, "and", "or", "&"
)

type item struct {
	toks []string
	sep  sepKind
	// conj counts the "and"/"or"/"&" separators among the list separators,
	// which tell a list from a clause opened with a comma.
	conj bool
	// participle is 1 + the position of the participle of a passive
	// clause without an agent ("tests are run with X"), 0 when none.
	participle int
	// ofs has bit p set when an "of" stands before token p, poss when a
	// possessive "'s" ends the token before p (see ofSwapped).
	ofs, poss uint64
}

func analyse(s string) *analysis {
	a := new(analysis)
	prepareInto(s, nil, a, false)
	return a
}

// scratch is what one Prepare uses and drops, kept for the next one on a
// pool so that preparing many texts allocates only what the results keep.
type scratch struct {
	toks     []string
	fields   []field
	items    []item
	act      []item
	features []string
	// ends are where each token ends in the canonical text readText
	// writes.
	ends []int
	// read is what features.fill read of each token, for the tokenizer.
	read []wordReading
	// clause and clauses hold the clauses of a text whose analysis is not
	// kept (see keyOf).
	clause  []string
	clauses [][]string
	// grams gathers a text's trigrams (see features.computeTrigrams).
	grams gramSet
}

// field is one strings.Fields piece of the text readText hands the
// tokenizer, [start, end), and the end of its tokens in scratch.toks.
type field struct{ start, end, toks int }

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// prepareInto fills f with the features and a with the analysis of s, each
// when not nil, and returns the analysis key when a or withKey asks for
// it. The text is folded and scanned once for all: the tokenizer reads the
// canonical tokens field by field, and those of a field are the field's
// share of the whole text's.
func prepareInto(s string, f *features, a *analysis, withKey bool) (key string) {
	key, _ = prepareIntoAnchors(s, f, a, withKey, nil)
	return key
}

// prepareIntoAnchors is prepareInto, adding the anchors of the tokens to
// anchors when not nil: keyOf's when it reads the key alone, else fill's,
// read from the canonical tokens as anchorSum reads them. Those are the
// tokens the tokenizer reads, and so the key's, unless s has a "%" (which
// the tokenizer spells out) or a field of its folded text folds to
// another (which the tokenizer folds again, see readClauses): for such a
// text fill's anchors are not the key's, and anchorsRead is false.
func prepareIntoAnchors(s string, f *features, a *analysis, withKey bool, anchors *anchorTally) (key string, anchorsRead bool) {
	sc := scratches.Get().(*scratch)
	canon, text, toks, fields := readText(sc, s, a != nil || withKey || anchors != nil)
	// One block holds the terms and words and, for an analysis, the
	// clauses' tokens, which live as long as each other. The features are
	// read into scratch first and kept at their size: most tokens are stop
	// words, and a large memory keeps tens of thousands of prepared
	// learnings. The clauses fit in the token count.
	featureSize, clauseSize := 0, 0
	var read []wordReading
	if f != nil {
		sc.features = slices.Grow(sc.features[:0], 2*len(toks))[:2*len(toks)]
		if a != nil || withKey {
			read = slices.Grow(sc.read[:0], len(toks))[:len(toks)]
		}
		fillAnchors := anchors
		if a != nil || withKey {
			fillAnchors = nil
		}
		f.fill(canon, toks, sc.features, read, fillAnchors)
		featureSize = len(f.terms) + len(f.words)
	}
	if a != nil {
		clauseSize = len(toks) + 4
	}
	block := make([]string, featureSize+clauseSize)
	if f != nil {
		n := copy(block, f.terms)
		copy(block[n:], f.words)
		f.terms, f.words = block[:n:n], block[n:featureSize:featureSize]
		clear(sc.features)
	}
	switch {
	case a != nil:
		a.fill(sc, text, toks, fields, read, block[featureSize:featureSize])
		key = a.key
	case withKey:
		// Only the key is kept: the clauses are read into scratch.
		key = keyOf(sc, text, toks, fields, read, anchors)
		anchorsRead = anchors != nil
	case anchors != nil && f != nil:
		anchorsRead = strings.IndexByte(s, '%') < 0
		if text != s {
			for _, fl := range fields {
				if c := text[fl.start:fl.end]; !plainField(c) && !foldsToItself(c) {
					anchorsRead = false
					break
				}
			}
		}
	}
	clear(read)
	sc.read = read[:0]
	clear(toks)
	sc.toks, sc.fields = toks[:0], fields[:0]
	scratches.Put(sc)
	return key, anchorsRead
}

// readText reads the canonical tokens of s into sc's lists, and the
// fields they come from when the tokenizer is to read them (byField), and
// returns the canonical text and the text the fields are of: s folded,
// or s itself when it is ASCII (see plainField).
//
// An ASCII text, most learnings, is read in one scan that writes the
// canonical text as it finds the tokens, which are then its substrings:
// no folded copy is made, nor the canonical text joined from the tokens
// after. With the tokenizer taking fill's reading of each word
// (wordReading), reading every learning of the 10 MB memories of bench/
// costs in CPU (BenchmarkPrepareMemory, the least of five interleaved
// runs on a machine loaded 10-16 on 2 cores): full default 582 -> 520
// ms, zipf 525 -> 439, long 678 -> 642, prose 653 -> 443; keyed default
// 285 -> 279, zipf 288 -> 233, long 368 -> 316, prose 322 -> 293.
func readText(sc *scratch, s string, byField bool) (canon, text string, toks []string, fields []field) {
	if asciiPrefix(s, 0) < len(s) {
		folded := fold(s)
		toks, fields = readTokens(sc, folded, byField)
		return strings.Join(toks, " "), folded, toks, fields
	}
	toks, fields = sc.toks[:0], sc.fields[:0]
	ends := sc.ends[:0]
	var b strings.Builder
	b.Grow(len(s)) // the tokens and one space between each two fit in s
	for i := 0; ; {
		start, end := nextASCIIField(s, i)
		if start == end {
			break
		}
		ends = appendASCIITokens(&b, ends, s[start:end])
		if byField {
			fields = append(fields, field{start, end, len(ends)})
		}
		i = end
	}
	canon = b.String()
	from := 0
	for _, end := range ends {
		toks = append(toks, canon[from:end])
		from = end + 1
	}
	sc.ends = ends[:0]
	return canon, s, toks, fields
}

// appendASCIITokens writes the canonical tokens of the ASCII field s to b,
// in lower case and each after a space but the first of the text, and
// appends where each ends in b to ends. It reads as appendCanonical does
// (FuzzReadText).
func appendASCIITokens(b *strings.Builder, ends []int, s string) []int {
	for i := 0; ; {
		start, end := nextASCIIToken(s, i)
		if start == end {
			return ends
		}
		if len(ends) > 0 {
			b.WriteByte(' ')
		}
		lowerASCII(b, s[start:end])
		ends = append(ends, b.Len())
		i = end
	}
}

// nextASCIIToken is where the next canonical token of the ASCII text s
// from i on starts and ends, start == end when there is none: a run of
// letters and digits joined by joiners, or a flag or dotfile's leading
// mark and the letters after it (see appendCanonical). A token never
// holds white space, so the tokens of a text are those of its fields.
func nextASCIIToken(s string, i int) (start, end int) {
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case isWordByte(c):
			return i, asciiTokenEnd(s, i+1)
		case (c == '-' || c == '.') && (i == 0 || asciiSpace(s[i-1]) || isOpener(rune(s[i-1]))):
			// A flag or a dotfile (see appendCanonical).
			j := i + 1
			if c == '-' && j < len(s) && s[j] == '-' {
				j++
			}
			if j < len(s) && (isLetterByte(s[j]) || c == '-' && j == i+1 && '0' <= s[j] && s[j] <= '9') {
				return i, asciiTokenEnd(s, j)
			}
		}
	}
	return len(s), len(s)
}

// asciiTokenEnd is where the token going on at s[i] ends: at the first
// byte that is neither a letter nor a digit, nor joiners with one after.
func asciiTokenEnd(s string, i int) int {
	for i < len(s) {
		if isWordByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isJoiner(s[j]) {
			j++
		}
		if j > i && j < len(s) && isWordByte(s[j]) {
			i = j
			continue
		}
		break
	}
	return withTrailingMarks(s, i)
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z'
}

func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// readTokens reads the canonical tokens of folded into sc's lists, and
// the fields they come from when the tokenizer is to read them (byField).
func readTokens(sc *scratch, folded string, byField bool) (toks []string, fields []field) {
	toks, fields = sc.toks[:0], sc.fields[:0]
	if !byField {
		// No tokenizer to hand fields to: one scan of the whole text
		// gives the same tokens.
		return appendCanonical(toks, folded), fields
	}
	for i := 0; i < len(folded); {
		start, end := nextField(folded, i)
		if start == end {
			break
		}
		toks = appendCanonical(toks, folded[start:end])
		fields = append(fields, field{start, end, len(toks)})
		i = end
	}
	return toks, fields
}

// canonAndKey is the canonical text of s and its analysis key, all that
// telling the same learning needs of most texts (see PrepareKeysInOrder).
func canonAndKey(s string) (canon, key string) { return canonKeyAnchors(s, nil) }

// canonKeyAnchors is canonAndKey, adding the anchors of the tokens to
// anchors when not nil.
func canonKeyAnchors(s string, anchors *anchorTally) (canon, key string) {
	sc := scratches.Get().(*scratch)
	canon, text, toks, fields := readText(sc, s, true)
	key = keyOf(sc, text, toks, fields, nil, anchors)
	clear(toks)
	sc.toks, sc.fields = toks[:0], fields[:0]
	scratches.Put(sc)
	return canon, key
}

// nextASCIIField is nextField for ASCII text: the bounds of the first run
// of bytes that are not white space from i, start == end when none is
// left. The loops that read an ASCII text in place share it.
func nextASCIIField(s string, i int) (start, end int) {
	for i < len(s) && asciiSpace(s[i]) {
		i++
	}
	start = i
	for i < len(s) && !asciiSpace(s[i]) {
		i++
	}
	return start, i
}

// nextField is the next piece of s from i on as strings.Fields cuts it,
// [start, end); start == end when there is none.
func nextField(s string, i int) (start, end int) {
	for i < len(s) {
		space, size := spaceAt(s, i)
		if !space {
			break
		}
		i += size
	}
	start = i
	for i < len(s) {
		if b := s[i]; b < utf8.RuneSelf && !asciiSpace(b) {
			i++
			continue
		}
		space, size := spaceAt(s, i)
		if space {
			break
		}
		i += size
	}
	return start, i
}

func asciiSpace(b byte) bool { return b == ' ' || '\t' <= b && b <= '\r' }

// spaceAt reports whether the rune at s[i] is white space, as
// unicode.IsSpace, and its size.
func spaceAt(s string, i int) (bool, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return asciiSpace(b), 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r), size
}

// fill runs the tokenizer over the fields of the text readText read and sets a
// from what it read.
func (a *analysis) fill(sc *scratch, text string, toks []string, fields []field, read []wordReading, cur []string) {
	t := readClauses(sc, text, toks, fields, read, cur)
	a.set(sc, &t)
}

// readClauses runs the tokenizer over the fields of text, whose
// canonical tokens are toks, writing the clauses' tokens into cur; read
// is what features.fill read of each token, or nil.
func readClauses(sc *scratch, text string, toks []string, fields []field, read []wordReading, cur []string) tokenizer {
	t := tokenizer{lex: lexicon(), items: sc.items[:0], cur: cur, nextSep: sepStrong}
	t.phrases.hold = true
	k := 0
	for _, fl := range fields {
		c := text[fl.start:fl.end]
		words := toks[k:fl.toks]
		var wr []wordReading
		if read != nil {
			wr = read[k:fl.toks]
		}
		k = fl.toks
		if !plainField(c) && (strings.Contains(c, "%") || !foldsToItself(c)) {
			// A field of a folded text that folding again leaves as
			// it is has the tokens read of it already: see
			// foldsToItself.
			words, wr = canonicalTokens(strings.ReplaceAll(c, "%", " percent ")), nil
		}
		t.chunk(c, words, wr)
	}
	t.flush(sepStrong, false)
	return t
}

// keyOf is the analysis key of the text a.fill would read, without
// keeping the clauses: the key is the multiset of the tokens of every
// clause, which normaliseLists only reorders, and the count of "or"s.
// When anchors is not nil, the anchors of the tokens are added to it
// (see anchorSum).
func keyOf(sc *scratch, text string, toks []string, fields []field, read []wordReading, anchors *anchorTally) string {
	sc.clause = slices.Grow(sc.clause[:0], len(toks)+4)
	t := readClauses(sc, text, toks, fields, read, sc.clause)
	clauses := sc.clauses[:0]
	for _, it := range t.items {
		clauses = append(clauses, it.toks)
	}
	if anchors != nil {
		anchors.addTokens(clauses)
	}
	joined := key(clauses, t.or)
	clear(clauses)
	sc.clauses = clauses[:0]
	clear(sc.clause[:cap(sc.clause)])
	clear(t.items)
	sc.items = t.items[:0]
	return joined
}

// set reads the clauses t found into a.
func (a *analysis) set(sc *scratch, t *tokenizer) {
	a.or, a.pronoun = t.or, t.pronoun
	var out [][]string
	if n := len(t.items); n > 0 {
		block := make([][]string, 2*n)
		a.raw = block[:n:n]
		for i, it := range t.items {
			a.raw[i] = it.toks
		}
		out = block[n:n]
	}
	a.items, a.gapped = normaliseLists(out, t.items)
	a.joins, a.conjs = joinsOf(t.items)
	a.marks = marksOf(t.items)
	passive := false
	for _, it := range t.items {
		passive = passive || it.participle > 0
	}
	if passive {
		act := append(sc.act[:0], t.items...)
		for i, it := range act {
			if v := it.participle - 1; v > 0 {
				// The verb goes first, after the word that opens
				// the clause ("when the image is pushed" is "when
				// push the image").
				o := 0
				if opensClause(it.toks[0]) {
					o = 1
				}
				act[i].toks = slices.Concat(it.toks[:o], it.toks[v:v+1], it.toks[o:v], it.toks[v+1:])
			}
		}
		a.active, _ = normaliseLists(make([][]string, 0, len(act)), act)
		clear(act)
		sc.act = act[:0]
	}
	a.key = key(a.items, a.or)
	clear(t.items)
	sc.items = t.items[:0]
}

// plainField reports a field whose canonical tokens are those the
// tokenizer reads: it is ASCII, so that folding it again changes nothing
// but the case of its letters (readText hands the tokenizer the fields of
// an ASCII text as written, the tokens in lower case; the tokenizer reads
// only marks of the field itself), and it has no "%" to spell out.
func plainField(c string) bool {
	for i := 0; i < len(c); i++ {
		if b := c[i]; b >= utf8.RuneSelf || b == '%' {
			return false
		}
	}
	return true
}

// foldsToItself reports a text fold returns as it is: one in lower case,
// in NFKC, that case folding leaves alone, with no typographic apostrophe.
// The fields of a text outside ASCII come from the folded text, and the
// tokenizer read each again from the field folded once more, which is
// the field itself nearly always: on the intl generator's 10 MB memory
// that second fold was 19 % of Prepare's CPU time (BenchmarkPrepareMemory
// intl/full, pprof). The tests are spans that allocate nothing; a field
// they are not sure of is folded again (FuzzFoldsToItself).
func foldsToItself(s string) bool {
	dash := false // a byte 0xE2 opens each dash signDashes reads
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
		dash = dash || s[i] == 0xE2
	}
	if dash && signDashes(s) != s || strings.Contains(s, "\u2019") || !norm.NFKC.IsNormalString(s) {
		return false
	}
	n, err := cases.Fold().Span([]byte(s), true)
	return err == nil && n == len(s)
}

// key is the analysis key of the clauses items with or "or"s: two texts
// can only be the same learning when they have the same tokens, each as
// many times, in any order ("after" read as "before", see afterSwapped),
// and as many "or"s. It is that multiset hashed: the sum of every token's
// 128-bit hash (two 64-bit hashes under seeds of their own), with "or"
// counted as a token no text can hold, and "" for a text with neither.
// Summing needs no sort and keeps no list of tokens: the sorted, joined
// list this was cost reading the keys of every learning of the 10 MB
// memories of bench/ 5-14 % more CPU (BenchmarkPrepareMemory keyed,
// median of six on a loaded machine: default 438 -> 382 ms, zipf 397 ->
// 343, long 582 -> 551; full 2-8 %), and every map of keys hashed its
// bytes again. Different multisets get one key with a chance of 2^-128 a
// pair; a key that differs always means different tokens.
func key(items [][]string, or int) string {
	var h0, h1 uint64
	n := or
	for _, it := range items {
		for _, tok := range it {
			if tok == "after" {
				// "B after A" may say "A before B" (see afterSwapped).
				tok = "before"
			}
			h0 += maphash.String(keySeeds[0], tok)
			h1 += maphash.String(keySeeds[1], tok)
			n++
		}
	}
	if n == 0 {
		return ""
	}
	if or > 0 {
		h0 += uint64(or) * maphash.String(keySeeds[0], orToken)
		h1 += uint64(or) * maphash.String(keySeeds[1], orToken)
	}
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], h0)
	binary.LittleEndian.PutUint64(b[8:], h1)
	return string(b[:])
}

// orToken stands for an "or" in a key: a token holds no "|".
const orToken = "|or"

// keySeeds are the seeds of the two halves of a key, new in every process:
// keys are only compared within one.
var keySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
