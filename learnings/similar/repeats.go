package similar

// Telling which of many texts may be the same learning as another without
// reading each through the tokenizer: a text's anchors.

import (
	"hash/maphash"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/internal/le"
)

// A text's anchors are the tokens of its analysis key that the tokenizer
// can only have read from one word, as that word, wherever it stands: a
// word no word table knows (nor its American spelling nor its stem), read
// as its stem. Every other token (one a table's word or value may give,
// the "!" of a negation, a number a word spells out) is left out. Two
// texts can only be the same learning when they have the same analysis
// key, the multiset of their tokens, so they have the same anchors too:
// texts whose anchors no other text has need no key at all. Anchors are
// read word by word, with no clause, phrase or passive to follow, which
// costs a fraction of the tokenizer; TestAnchorsAsTokenizer holds them
// to the anchors of the tokens the tokenizer reads.

// anchorTally is the anchors of a text: the sum of their hashes (a
// multiset's, in any order), and how many there are.
type anchorTally struct {
	sum uint64
	n   int
}

// add counts tok unless it is a token some other word may give
// (anchorStops) or a mark.
func (a *anchorTally) add(stops *lexTable, tok string) {
	if anchor(stops, tok) {
		a.sum += maphash.String(anchorSeed, tok)
		a.n++
	}
}

// addTokens counts the anchors among the tokens of clauses, as the key
// reads them, without the "!" of a negation.
func (a *anchorTally) addTokens(clauses [][]string) {
	stops := anchorStops()
	for _, c := range clauses {
		for _, tok := range c {
			a.add(stops, strings.TrimLeft(tok, "!"))
		}
	}
}

// anchorSum reads the anchors of s from the canonical tokens readText
// reads, with a "%" spelt out as the tokenizer does; ok is false for a
// text outside ASCII whose fields the tokenizer reads other than as
// those tokens (a "%" spelt out, a field folded again), whose anchors
// only its tokens give (keyOf).
func anchorSum(s string) (a anchorTally, ok bool) { return anchorsAndShare(s, nil) }

// anchorsAndShare is anchorSum, and when share is not nil, the terms of s
// added to it (see shareTally): a text outside ASCII is folded once for
// both.
func anchorsAndShare(s string, share *shareTally) (a anchorTally, ok bool) {
	s = withoutLeadIn(s)
	if share != nil && share.fields == nil {
		// A text read alone has a memo of its own.
		share.fields = newShareFields()
	}
	if share == nil {
		stops, memo, fields := anchorStops(), anchorMemos.Get().(wordMemo), fieldMemos.Get().(fieldMemo)
		ok, valid := a.memoText(stops, memo, fields, s)
		anchorMemos.Put(memo)
		fieldMemos.Put(fields)
		if valid {
			return a, ok
		}
	} else if asciiPrefix(s, 0) == len(s) {
		// The tokens of an ASCII text are read in place: the
		// canonical text readText writes is not needed.
		stops, memo := anchorStops(), anchorMemos.Get().(wordMemo)
		defer anchorMemos.Put(memo)
		for i := 0; ; {
			start, end := nextASCIIField(s, i)
			if start == end {
				return a, true
			}
			share.addField(stops, memo, &a, s[start:end])
			i = end
		}
	}
	if share != nil && strings.IndexByte(s, '%') < 0 && utf8.ValidString(s) {
		if a, ok, valid := mixedAnchors(s, share); valid {
			return a, ok
		}
	}
	sc := scratches.Get().(*scratch)
	_, text, toks, fields := readText(sc, s, true)
	ok = true
	if text != s || strings.IndexByte(s, '%') >= 0 {
		// Folded: a field outside ASCII may be read again (see
		// readClauses).
		for _, fl := range fields {
			if c := text[fl.start:fl.end]; !plainField(c) && (strings.Contains(c, "%") || !foldsToItself(c)) {
				ok = false
				break
			}
		}
	}
	if ok {
		stops := anchorStops()
		for _, w := range toks {
			a.token(stops, nil, w)
		}
	}
	if share != nil {
		for _, w := range toks {
			share.token(w)
		}
	}
	clear(toks)
	sc.toks, sc.fields = toks[:0], fields[:0]
	scratches.Put(sc)
	return a, ok
}

// mixedAnchors is anchorsAndShare of a text outside ASCII with no "%",
// read field by field: its ASCII fields in place, as an ASCII text's, and
// each of the others (a field parted from the rest by ASCII white space)
// folded and read as readText reads the folded text. The text must be
// valid UTF-8 (an invalid byte folds to U+FFFD, which can join what the
// folded whole text parts: FuzzMixedAnchors found one): with a share the
// caller checks it, since a share cannot take back the fields it was
// given; without one, it is memoText's reading, and valid is false for a
// text that is not. Folding keeps ASCII white space and never joins
// across it (no character composes with a space, and case folding reads
// one character at a time), so the folded fields and the ASCII fields in
// lower case are the folded text's fields; most such learnings have a
// character or two outside ASCII (an accent, an emoji) and folding and
// reading the whole text through the Unicode tokenizer cost two to three
// times the ASCII reading of it (FuzzMixedAnchors holds the two readings
// equal). A share reads through its memo of fields, which anchorsAndShare
// makes when it has none.
func mixedAnchors(s string, share *shareTally) (a anchorTally, ok, valid bool) {
	if share == nil {
		stops, memo, fields := anchorStops(), anchorMemos.Get().(wordMemo), fieldMemos.Get().(fieldMemo)
		defer anchorMemos.Put(memo)
		defer fieldMemos.Put(fields)
		ok, valid = a.memoText(stops, memo, fields, s)
		return a, ok, valid
	}
	stops, memo := anchorStops(), anchorMemos.Get().(wordMemo)
	defer anchorMemos.Put(memo)
	same, refold := true, false
	var toks []string
	for i := 0; ; {
		start, end := nextASCIIField(s, i)
		if start == end {
			break
		}
		f := s[start:end]
		i = end
		if asciiPrefix(f, 0) == len(f) {
			same = same && !hasUpperASCII(f)
			share.addField(stops, memo, &a, f)
			continue
		}
		// A field outside ASCII is read as an ASCII one is, through
		// the memo of the fields: what it gives depends on it alone,
		// and folding it is most of the reading (callgrind, on the
		// intl 1 MB memory of bench/: learn stats 493.6 -> 394.0 M
		// instructions, improve-docs 489.2 -> 382.1; long 325.5 ->
		// 317.1 and 317.0 -> 311.7). Each field is its own entry, not
		// the run of such fields up to the next ASCII one: a run
		// ending in "#5184）。" is new at every number, and the runs of
		// the intl generator's 10 MB memory fold 1.49 MB in 13,140
		// distinct runs, its fields 87 kB in 7,113 (on its 1 MB
		// memory, callgrind: learn compact 276.3 -> 208.5 M
		// instructions, improve-docs 320.7 -> 248.7).
		var changed, again bool
		changed, again, toks = share.addRun(stops, memo, &a, f, toks)
		same = same && !changed
		refold = refold || again
	}
	if !same && refold {
		// The tokenizer reads a field folded again (see readClauses):
		// only its tokens give the anchors.
		return anchorTally{}, false, true
	}
	return a, true, true
}

// memoText counts the anchors of s as anchorSum reads them, field by
// field through the memos, in one pass that finds each field's end and
// whether it is ASCII eight bytes at a time (fieldEnd) and looks a field
// of at most eight bytes up by the number those bytes make
// (fieldTable.getShort): an ASCII field in place, as asciiField reads it,
// and one outside ASCII folded (memoRun), as mixedAnchors reads it with a
// share. Reading an ASCII text whole and one outside ASCII field by field,
// as anchorSum did, read each byte four or five times over: the test for
// ASCII, the field's end, the field's own test for ASCII and capitals,
// packing it for the look-up; learn compact on the 1 MB memories of
// bench/ (callgrind) then read long 132.4 -> 116.4 M instructions, intl
// 170.7 -> 156.7, default 192.2 -> 184.5. valid is false when the fields
// do not give the anchors: a field outside ASCII in a text with a "%" or
// not valid UTF-8, which readText reads whole; ok as anchorSum's. It
// leaves no anchors counted when either is false.
func (a *anchorTally) memoText(stops *lexTable, memo wordMemo, fields fieldMemo, s string) (ok, valid bool) {
	// A "%" is looked for once, at the first field outside ASCII: an
	// ASCII field spells it out itself (asciiField).
	looked, percent := false, false
	changed, refold := false, false
	var toks []string
	for i := 0; i < len(s); {
		if asciiSpace(s[i]) {
			i++
			continue
		}
		start := i
		end, wide := fieldEnd(s, i)
		i = end
		if wide {
			if !looked {
				looked, percent = true, strings.IndexByte(s, '%') >= 0
			}
			if percent {
				*a = anchorTally{}
				return false, false
			}
			var read fieldAnchors
			if read, toks = a.memoRun(stops, memo, fields, s[start:end], toks); read.invalid {
				*a = anchorTally{}
				return false, false
			}
			changed = changed || read.changed
			refold = refold || read.refold
			continue
		}
		var b fieldAnchors
		var known bool
		if n := end - start; n < 8 && start+8 <= len(s) {
			b, known = fields.getShort(load8(s, start)&(1<<(8*n)-1), n)
		} else {
			b, known = fields.get(s[start:end])
		}
		if !known {
			c := s[start:end]
			b.a.asciiField(stops, memo, c)
			fields.put(c, b)
		}
		a.sum += b.a.sum
		a.n += b.a.n
	}
	if refold && (changed || hasUpperASCII(s)) {
		// Folding changed the text (a field outside ASCII, or an
		// ASCII capital lower-cased) and the tokenizer reads a field
		// of it folded again (see readClauses): only its tokens give
		// the anchors.
		*a = anchorTally{}
		return false, true
	}
	return true, true
}

// fieldEnd is where the field of s that starts at i (not white space)
// ends, as nextASCIIField finds it, and whether it holds a byte outside
// ASCII, read eight bytes at a time where there are eight.
func fieldEnd(s string, i int) (end int, wide bool) {
	const high = 0x8080808080808080
	var outside uint64
	for ; i+8 <= len(s); i += 8 {
		w := load8(s, i)
		h := w & high
		if m := spaceBytes(w&^high) &^ h; m != 0 {
			n := bits.TrailingZeros64(m) >> 3
			return i + n, outside|h&(1<<(8*n)-1) != 0
		}
		outside |= h
	}
	for ; i < len(s) && !asciiSpace(s[i]); i++ {
		outside |= uint64(s[i] & 0x80)
	}
	return i, outside != 0
}

// load8 is the eight bytes of s from i on as one number, the first in
// the low byte, as packField packs them.
func load8(s string, i int) uint64 {
	return le.Uint64(s[i : i+8])
}

// spaceBytes marks with its high bit each byte of w, eight bytes below
// 0x80, that asciiSpace reads as white space: ' ' and '\t' to '\r'.
// Adding 0x80-n to such a byte sets its high bit when it is n or more and
// never carries into the next byte, so each mark is exact.
func spaceBytes(w uint64) uint64 {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	atLeast := func(n uint64) uint64 { return (w + (0x80-n)*ones) & high }
	return atLeast('\t')&^atLeast('\r'+1) | atLeast(' ')&^atLeast(' '+1)
}

// foldedRun reads field, one outside ASCII, as mixedAnchors reads it:
// folded, and the canonical tokens of each field of the folded text (toks
// is scratch for them: folding may part it at a space outside ASCII)
// given to visit; changed reports that folding changed it, refold a field
// the tokenizer reads folded again (see readClauses).
func foldedRun(field string, toks []string, visit func(w string)) (changed, refold bool, _ []string) {
	folded := fold(field)
	for j := 0; j < len(folded); {
		fs, fe := nextField(folded, j)
		if fs == fe {
			break
		}
		c := folded[fs:fe]
		if !refold && !plainField(c) && (strings.IndexByte(c, '%') >= 0 || !foldsToItself(c)) {
			refold = true
		}
		toks = appendCanonical(toks[:0], c)
		for _, w := range toks {
			visit(w)
		}
		j = fe
	}
	return folded != field, refold, toks
}

// hasUpperASCII reports an ASCII capital letter in s.
func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// asciiField counts the anchors of the ASCII field c (no white space):
// the tokenizer reads a field with a "%" with it spelt out (readClauses).
func (a *anchorTally) asciiField(stops *lexTable, memo wordMemo, c string) {
	if strings.IndexByte(c, '%') >= 0 {
		c = strings.ReplaceAll(c, "%", " percent ")
	}
	a.asciiTokens(stops, memo, c)
}

// fieldMemo holds the anchors of the ASCII fields (words parted by white
// space, punctuation and case as written) read before: tokens never cross
// white space, so a text's anchors are the sum of its fields', and a
// memory repeats its fields as it repeats its words. A hit costs one
// look-up (see fieldTable) instead of cutting the field into tokens,
// lowering them and looking each up in the tables (wordMemo only spares a
// word no table knows its forms' look-ups): learn stats on the 1 MB
// memories of bench/ (callgrind) reads prose 320.1 -> 290.0 M
// instructions, default 369.2 -> 341.1, long 358.9 -> 325.5, agent 329.2
// -> 299.1, intl 517.0 -> 493.6.
type fieldMemo = *fieldTable[fieldAnchors]

// fieldAnchors is what a field gives a text's anchors: its own, and for a
// field outside ASCII (mixedAnchors), whether folding changed it,
// whether the tokenizer reads a field of it folded again and whether it
// is not valid UTF-8 (memoRun).
type fieldAnchors struct {
	a                        anchorTally
	changed, refold, invalid bool
}

// maxMemoFields bounds a fieldMemo, as maxMemoWords a wordMemo.
const maxMemoFields = 1 << 16

var fieldMemos = sync.Pool{New: func() any { return newFieldTable[fieldAnchors](maxMemoFields) }}

// memoRun counts the anchors of c, a field outside ASCII, through
// fields, returning what it gives (toks is scratch), as memoText an
// ASCII text's; a field that is not valid UTF-8 is only marked invalid.
// Its validity is read here, once for each field, not over every text
// outside ASCII before it is read (utf8.ValidString, 2.4 % of learn
// compact's instructions on the intl 1 MB memory of bench/, callgrind).
func (a *anchorTally) memoRun(stops *lexTable, memo wordMemo, fields fieldMemo, c string, toks []string) (_ fieldAnchors, _ []string) {
	f, ok := fields.get(c)
	if !ok {
		if f.invalid = !utf8.ValidString(c); !f.invalid {
			f.changed, f.refold, toks = foldedRun(c, toks, func(w string) { f.a.token(stops, memo, w) })
		}
		fields.put(c, f)
	}
	a.sum += f.a.sum
	a.n += f.a.n
	return f, toks
}

// asciiTokens counts the anchors of the canonical tokens of the ASCII
// text s.
func (a *anchorTally) asciiTokens(stops *lexTable, memo wordMemo, s string) {
	eachASCIIToken(s, func(w string) bool { a.token(stops, memo, w); return true })
}

// eachTokenWhile calls visit with each canonical token of s, as readText
// reads them, until visit reports false: an ASCII text's in place
// (eachASCIIToken), another's from its folded text (eachFoldedToken).
// readTerms stops at the token that puts a stored text out of every
// candidate's reach, and reading the tokens after it only to skip them
// cost store at 1 MB (callgrind, M instructions) long 118.3 -> 116.0 and
// agent 98.5 -> 97.5, whose long texts mostly stop early; the others,
// whose texts never do, within 0.2.
func eachTokenWhile(s string, visit func(string) bool) {
	if asciiPrefix(s, 0) == len(s) {
		eachASCIIToken(s, visit)
		return
	}
	eachFoldedToken(s, visit)
}

// eachFoldedToken calls visit with each canonical token of s, a text
// outside ASCII, read from its folded text, until visit reports false;
// it does not join the canonical text readText would from them, which
// cost the store filter's readTerms at 1 MB (callgrind, M instructions)
// long 112.5 -> 110.4, agent 96.6 -> 96.4, default 124.1 -> 123.8.
func eachFoldedToken(s string, visit func(string) bool) {
	sc := scratches.Get().(*scratch)
	toks, fields := readTokens(sc, fold(s), false)
	for _, w := range toks {
		if !visit(w) {
			break
		}
	}
	clear(toks)
	sc.toks, sc.fields = toks[:0], fields[:0]
	scratches.Put(sc)
}

// eachASCIIToken calls visit with each canonical token of the ASCII text
// s in lower case, read in place, until visit reports false: the anchors
// and the word share of a text read its tokens this way without the
// canonical text readText writes.
func eachASCIIToken(s string, visit func(string) bool) {
	var buf []byte
	for i := 0; ; {
		start, end := nextASCIIToken(s, i)
		if start == end {
			return
		}
		var w string
		w, buf = lowerToken(s[start:end], buf)
		if !visit(w) {
			return
		}
		i = end
	}
}

// lowerToken is the ASCII token w in lower case, written in buf when it
// has a capital: most tokens have none, and are not copied.
func lowerToken(w string, buf []byte) (string, []byte) {
	i := 0
	for i < len(w) && (w[i] < 'A' || w[i] > 'Z') {
		i++
	}
	if i == len(w) {
		return w, buf
	}
	buf = append(buf[:0], w...)
	for ; i < len(buf); i++ {
		if c := buf[i]; 'A' <= c && c <= 'Z' {
			buf[i] = c + 'a' - 'A'
		}
	}
	return string(buf), buf
}

// token counts the anchors of the canonical token w, a contraction's
// words each (see tokenizer.word), through memo when not nil.
func (a *anchorTally) token(stops *lexTable, memo wordMemo, w string) {
	base, not := expandContraction(w)
	a.words(stops, memo, base, not)
}

// words counts the anchors of the words of a token, base and not, as
// expandContraction parts them.
func (a *anchorTally) words(stops *lexTable, memo wordMemo, base, not string) {
	if base != "" {
		a.memoWord(stops, memo, base)
	}
	if not != "" {
		a.memoWord(stops, memo, not)
	}
}

// wordMemo holds the anchors of words no table knows, as word counts
// them, which depend on the word alone. Such a word is looked up in
// every form it may take (a quantity, its American spelling, its stem)
// before it is known to be an anchor or not, and a memory repeats them:
// code names, paths, the words of its domain. A worker keeps one across
// the texts it reads (anchorMemos): with it, learn stats on the 10 MB
// memories of bench/ reads 4-5 % fewer instructions (callgrind: prose
// 2931 -> 2782 M, long 3184 -> 3068 M). It is a fieldTable, as the memos
// of fields are, rather than a map keyed by words pointing into the text:
// stats and compact on the long and zipf 1 MB memories read 1.5-2.5 %
// fewer instructions (long 287.6 -> 283.4 M and 168.6 -> 164.5).
type wordMemo = *fieldTable[anchorTally]

// maxMemoWords bounds a wordMemo: a memory of ever new words stops adding
// to it rather than growing it without end.
const maxMemoWords = 1 << 14

var anchorMemos = sync.Pool{New: func() any { return newFieldTable[anchorTally](maxMemoWords) }}

// memoWord is word, reading a word no table knows from memo when it is
// there, and adding it when there is room.
func (a *anchorTally) memoWord(stops *lexTable, memo wordMemo, w string) {
	if memo == nil {
		a.word(stops, w)
		return
	}
	if stops.lookup(w).known() {
		// A word of the tables gives no anchor, as word finds, but
		// without a second look-up of a word most texts are made of.
		return
	}
	b, ok := memo.get(w)
	if !ok {
		b.word(stops, w)
		memo.put(w, b)
	}
	a.sum += b.sum
	a.n += b.n
}

// word counts the anchors of the word w, following the tokenizer's
// reading of a word (tokenizer.one, readWord) as far as a word no table
// knows goes: any other word gives none. Each form of the word is looked
// up once, in stops, which holds the lexicon's entries (see anchorStops).
func (a *anchorTally) word(stops *lexTable, w string) {
	e := stops.lookup(w)
	if e.known() || readsAlone(w) {
		return
	}
	if num, unit, ok := splitQuantity(w); ok {
		a.add(stops, num)
		a.add(stops, unit)
		return
	}
	if trimmed := withoutFlagDashes(w); len(trimmed) != len(w) {
		if w, e = trimmed, stops.lookup(trimmed); e.known() {
			return
		}
	}
	if w == "" {
		return
	}
	if hyphenated(w) {
		for p := range strings.SplitSeq(w, "-") {
			a.word(stops, p)
		}
		return
	}
	if us := americanOf(w, noEntry); us != w {
		if w, e = us, stops.lookup(us); e.known() {
			return
		}
	}
	if st := stem(w); st != w {
		if w, e = st, stops.lookup(st); e.known() {
			return
		}
	}
	if e == noEntry && marked(w) {
		a.sum += maphash.String(anchorSeed, w)
		a.n++
	}
}

// anchor reports whether the token tok counts as an anchor.
func anchor(stops *lexTable, tok string) bool {
	return tok != "" && stops.lookup(tok) == noEntry && marked(tok)
}

// marked reports a token with a letter or a digit: a path of marks
// ("./...") or a currency sign ("£", see currencyOf) is no word.
func marked(tok string) bool {
	for i := 0; i < len(tok); i++ {
		if isWordByte(tok[i]) {
			return true
		}
		if tok[i] >= utf8.RuneSelf {
			if r, _ := utf8.DecodeRuneInString(tok[i:]); isWordRune(r) || r == utf8.RuneError {
				return true
			}
		}
	}
	return false
}

var anchorSeed = maphash.MakeSeed()

// readsAlone reports the words tokenizer.readWord reads by themselves,
// before any table: the links that end a clause, the forms of "to be"
// and "get", "by" of a passive, "sure" of "make sure".
func readsAlone(w string) bool {
	switch w {
	case "get", "gets", "got", "gotten", "getting",
		"and", "but", "so", "yet", "plus", "because", "since", "therefore", "hence",
		"or", "otherwise", "nor", "instead", "rather", "than",
		"is", "are", "was", "were", "be", "been", "being", "by", "sure", "make":
		return true
	}
	return false
}

// anchorStops are the tokens a word other than an anchor may give in some
// place: every word of the tables and every value, each as it is, stemmed,
// in American spelling and as its group's stem, the parts of one with
// several, and the words readsAlone reads. (A table's word gives no other
// token: a synonym is read as its word, a run of phrases as its reading,
// a unit after a number as its value, each a word of the tables.) The
// words of the tables are held as their lexicon entries (known), so that
// one look-up tells a word of the tables and a stop; the rest as entries
// of their own, the words of anchorStopText.
var anchorStops = sync.OnceValue(func() *lexTable { return stopsTable(lexicon(), anchorStopText) })

// stopsTable is a table of the entries of lex and, as entries of their
// own, the words of stops, one a line, which lex does not hold. The words
// are anchorStopWords' of the lexicon, written to anchorstops_data.go by
// TestAnchorStopsData: worked out on every run that reads anchors
// (compact, lint, store, improve-docs), stemming and spelling each word of
// the tables into a map cost 20 M instructions (callgrind, compact on the
// zipf 1 MB memory).
func stopsTable(lex *lexTable, stops string) *lexTable {
	n := strings.Count(stops, "\n")
	for _, e := range lex.slots {
		if e != nil {
			n++
		}
	}
	t := emptyLexTable(n)
	for _, e := range lex.slots {
		if e != nil {
			t.put(e)
		}
	}
	own := make([]lexEntry, 0, strings.Count(stops, "\n"))
	for w := range strings.SplitSeq(strings.TrimSuffix(stops, "\n"), "\n") {
		own = append(own, lexEntry{word: w, stopOnly: true})
		t.put(&own[len(own)-1])
	}
	return &t
}

// anchorStopWords are the words of anchorStops that lex, the lexicon,
// does not hold, sorted (see anchorStops).
func anchorStopWords(lex *lexTable) []string {
	set := make(map[string]bool, 2*len(lex.slots)/3)
	for _, e := range lex.slots {
		if e != nil {
			set[e.word] = true
		}
	}
	var out []string
	put := func(s string) {
		if s != "" && !set[s] {
			set[s] = true
			out = append(out, s)
		}
	}
	done := make(map[string]bool, len(set))
	var add func(s string, parts bool)
	add = func(s string, parts bool) {
		if s == "" || done[s] {
			return
		}
		done[s] = true
		put(s)
		st, us := stem(s), americanOf(s, lex.lookup(s))
		for _, v := range [...]string{st, us, stem(us), lex.lookup(s).same, lex.lookup(st).same, lex.lookup(stem(us)).same} {
			put(v)
		}
		if parts && strings.ContainsAny(s, " -") {
			for p := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ' ' || r == '-' }) {
				add(p, false)
			}
		}
	}
	for _, e := range lex.slots {
		if e == nil {
			continue
		}
		for _, s := range [...]string{e.word, e.opener, e.relation, e.number, e.unit, e.american, e.same} {
			add(s, true)
		}
	}
	for _, w := range [...]string{"get", "gets", "got", "gotten", "getting", "and", "but", "so", "yet", "plus",
		"because", "since", "therefore", "hence", "or", "nor", "instead", "rather", "than",
		"is", "are", "was", "were", "be", "been", "being", "by", "sure", "make", "over", "before", "after", "to", "percent", "not"} {
		add(w, false)
	}
	slices.Sort(out)
	return out
}
