package similar

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/learn-memory/learn/learnings/internal/le"
)

// Weights of the two parts of a Verdict's Score. Word overlap carries the
// meaning; character trigrams catch what light stemming misses (typos,
// "configure" and "configuration", "timeout" and "time-out").
const (
	wordWeight    = 0.6
	trigramWeight = 0.4
	// mismatchFactor scales CoveredBy for a passage whose numbers or
	// negation disagree with the learning.
	mismatchFactor = 0.5
)

// Canonical folds text for comparison, so that two learnings that differ only
// in case, Unicode form, markdown emphasis, punctuation or spacing compare
// equal. It keeps what carries meaning: words, digits, and identifier-like
// tokens whose inner '.', '_', '-', '/', ':', '@', '#' or apostrophe bind
// them ("client.do", "db_password", "docs/api.md#retries", "aren't"), the
// leading dash or dot of flags and dotfiles ("-race", ".gitignore"), a
// negative number's sign ("-3") and a closing "+" or "#" ("C++", "C#",
// "Java 17+"), which make a value another. A
// lead-in that only says the learning is said again ("Again:", "As noted
// before,") is left out, as Prepare leaves it out (see withoutLeadIn), so
// that what is kept by this key is what comparing keeps.
func Canonical(s string) string {
	return strings.Join(canonicalTokens(withoutLeadIn(s)), " ")
}

func canonicalTokens(s string) []string {
	s = fold(s)
	return appendCanonical(make([]string, 0, len(s)/6+1), s) // about one token per six bytes of prose
}

// appendCanonical appends the canonical tokens of s, already folded, to
// toks. Tokens never span white space, so the tokens of a text are those of
// its strings.Fields one after the other: Prepare scans field by field and
// shares the tokens with the same-learning tokenizer.
//
// An ASCII byte is read without decoding it, and tested for a word through
// wordByte rather than isWordRune: the texts outside ASCII that Prepare
// and the store's filter read are mostly ASCII, and decoding and testing
// each of their bytes as a rune took store at 1 MB (callgrind, M
// instructions) long 116.0 -> 112.5, agent 97.5 -> 96.6, default 124.8 ->
// 124.1, paths 114.0 -> 113.5, intl 119.0 -> 118.5, sparse 121.8 -> 121.4.
// FuzzAppendCanonicalByRune holds it to the reading that decodes each rune.
func appendCanonical(toks []string, s string) []string {
	prev := ' '
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		start := i
		switch {
		case r < utf8.RuneSelf && wordByte[r] || r >= utf8.RuneSelf && isWordRune(r):
		case (r == '-' || r == '.') && (unicode.IsSpace(prev) || isOpener(prev)):
			// A flag ("-race", "--json") or a dotfile (".env"): keep the
			// leading mark when letters follow. One dash before a digit
			// is a negative number ("-3" is not "3").
			j := i + 1
			if r == '-' && j < len(s) && s[j] == '-' {
				j++
			}
			if next, _ := utf8.DecodeRuneInString(s[j:]); !unicode.IsLetter(next) && (j > i+1 || r == '.' || next < '0' || next > '9') {
				i, prev = i+size, r
				continue
			}
			size = j - i
		default:
			i, prev = i+size, r
			continue
		}
		i += size
		for i < len(s) {
			if c := s[i]; c < utf8.RuneSelf {
				if wordByte[c] {
					i++
					continue
				}
			} else if r, size := utf8.DecodeRuneInString(s[i:]); isWordRune(r) {
				i += size
				continue
			}
			j := i
			for j < len(s) && isJoiner(s[j]) {
				j++
			}
			if next, _ := utf8.DecodeRuneInString(s[j:]); j > i && isWordRune(next) {
				i = j
				continue
			}
			break
		}
		i = withTrailingMarks(s, i)
		toks = append(toks, s[start:i])
		if prev = rune(s[i-1]); prev >= utf8.RuneSelf {
			prev, _ = utf8.DecodeLastRuneInString(s[:i])
		}
	}
	return toks
}

// withTrailingMarks is the end of a token that ends at i, taking in the
// marks that make it another value when they close it: a run of '+' ("C++",
// "600+", "18+", "A+") or one '#' ("C#", "F#"). Set aside as punctuation,
// "Java 17+" read as "Java 17" and a correction to it was skipped as the
// same learning. Inside a token they still part words ("a+b").
func withTrailingMarks(s string, i int) int {
	j := i
	for j < len(s) && s[j] == '+' {
		j++
	}
	if j == i && j < len(s) && s[j] == '#' {
		j++
	}
	if j == i {
		return i
	}
	if next, _ := utf8.DecodeRuneInString(s[j:]); isWordRune(next) {
		return i
	}
	return j
}

// withoutFlagDashes is a token without the dashes that open it as a flag
// ("-race" reads as "race"), but a negative number keeps its sign: "-3" is
// not "3".
func withoutFlagDashes(w string) string {
	if len(w) > 1 && w[0] == '-' && '0' <= w[1] && w[1] <= '9' {
		return w
	}
	return strings.TrimLeft(w, "-")
}

// fold applies NFKC and case folding, and maps the typographic apostrophe to
// the ASCII one. ASCII text, the common case, takes a cheap path with the
// same result, and so do the ASCII stretches of other text: only its runs
// of other characters go through NFKC and case folding, each with the
// ASCII character before it (a combining mark may join that one). Neither
// crosses the start of an ASCII character, which combines with nothing
// before it and is never reordered, so each run reads as in the whole
// text (FuzzFold). A fifth to two fifths of the learnings of the bench's
// generated memories hold a character outside ASCII (an accent, an emoji,
// a dash), and folding them whole was about a tenth of preparing them;
// folding the runs folds every learning of their 1 MB memories in a third
// to half the time (BenchmarkFold, best of three on a loaded machine:
// default 48 -> 20 ms, long 112 -> 40, sparse 31 -> 10, paths 24 -> 12,
// agent 44 -> 24; intl, mostly other letters, 188 -> 170).
func fold(s string) string {
	i := asciiPrefix(s, 0)
	if i == len(s) {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	done := 0 // s[:done] is written
	for i < len(s) {
		// s[done:i] is ASCII and s[i] is not: fold from the
		// character before s[i] to the end of the run, or of the next
		// runs when only a few ASCII bytes part them.
		from := max(done, i-1)
		end := i
		for {
			for end < len(s) && s[end] >= utf8.RuneSelf {
				end++
			}
			if next := asciiPrefix(s, end); next < len(s) && next-end < foldGap {
				end = next
				continue
			}
			break
		}
		if !utf8.ValidString(s[from:end]) {
			// A run cut short inside a broken sequence reads apart
			// from the byte after it ("\xf2¾" leaves the ¾ as it is,
			// "\xf2¾0" does not): fold the rest whole.
			end = len(s)
		}
		lowerASCII(&b, s[done:from])
		b.WriteString(strings.ReplaceAll(cases.Fold().String(norm.NFKC.String(s[from:end])), "\u2019", "'"))
		done = end
		i = asciiPrefix(s, end)
	}
	lowerASCII(&b, s[done:])
	return signDashes(b.String())
}

// signDashes is the folded text s with the dashes people paste for a
// minus sign written as the ASCII one, which the reading keeps on a
// number ("-3" is not "3"): the minus sign U+2212 everywhere, and an en
// dash or a figure dash before a digit that follows no digit ("by –2
// seconds", but not the range "9–17"). Left as they were, "−3" read as
// "3" and a correction of "3" to "−3" was the same learning
// (direction21.txt). NFKC already folds the small and the full-width
// hyphen-minus to the ASCII one. Only a text with a byte 0xE2, which
// opens every one of these dashes, is read again.
func signDashes(s string) string {
	i := strings.IndexByte(s, 0xE2)
	if i < 0 {
		return s
	}
	var b strings.Builder
	done := 0 // s[:done] is written
	for i >= 0 {
		if isSignDash(s, i) {
			if done == 0 {
				b.Grow(len(s))
			}
			b.WriteString(s[done:i])
			b.WriteByte('-')
			done = i + 3
		}
		j := strings.IndexByte(s[i+1:], 0xE2)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// isSignDash reports whether s holds at i a dash signDashes writes as
// "-": a minus sign, or an en dash or a figure dash before a digit and
// after no digit.
func isSignDash(s string, i int) bool {
	if i+3 > len(s) {
		return false
	}
	switch s[i : i+3] {
	case "\u2212":
		return true
	case "\u2013", "\u2012":
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		return i+3 < len(s) && '0' <= s[i+3] && s[i+3] <= '9' && !unicode.IsDigit(before)
	}
	return false
}

// signedInContext reports a rune that signDashes writes as "-" or leaves
// as it is by the runes around it (an en dash, a figure dash), so that
// it folds apart from its neighbours nowhere.
func signedInContext(r string) bool {
	return r == "\u2013" || r == "\u2012"
}

// foldGap is the fewest ASCII bytes between two runs of other characters
// that fold folds apart: a shorter gap is folded with them, which costs
// less than starting the transforms again.
const foldGap = 16

// asciiPrefix is the index of the first byte at or after i that is not
// ASCII, len(s) when none is. It reads eight bytes at a time while they
// are all ASCII. fold asks it of every text it folds; when the store
// filter also asked it of every stored learning (it now reads the runes
// outside ASCII in its own pass), byte by byte it was 5% of store's
// instructions on the long 1 MB memory, the one memory measured then
// (callgrind).
func asciiPrefix(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if le.Uint64(s[i:i+8])&0x8080808080808080 != 0 {
			break
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// lowerASCII writes the ASCII text s in lower case.
func lowerASCII(b *strings.Builder, s string) {
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && (s[j] < 'A' || s[j] > 'Z') {
			j++
		}
		b.WriteString(s[i:j])
		if j < len(s) {
			b.WriteByte(s[j] + 'a' - 'A')
			j++
		}
		i = j
	}
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

func isJoiner(r byte) bool {
	switch r {
	case '.', '_', '-', '/', ':', '@', '#', '\'':
		return true
	}
	return false
}

// isOpener reports punctuation after which a flag or dotfile may start, as in
// "(`-race`)" or "`.env`".
func isOpener(r rune) bool {
	switch r {
	case '`', '(', '[', '"', '\'', '*', '_', '=', ',':
		return true
	}
	return false
}

// features are the words a Verdict's Score and CoveredBy compare, computed
// once per text so that an index compares one candidate with many stored
// learnings cheaply.
type features struct {
	canon string
	terms []string // sorted, unique stemmed content words
	words []string // the content words as written, for trigrams
	// numbers are the sorted, unique numbers ("30", "1.22").
	numbers []string
	// negated holds what each negation applies to, sorted and unique: the
	// first content word after "not", "never"... that is not a generic word
	// ("npm" in "never use npm"), or "" when none follows.
	negated []string
	weight  float64               // the terms' summed termWeight
	grams   atomic.Pointer[grams] // trigrams(), once computed
	// inTextOrder leaves terms as fill read them, in text order with
	// repeats, and weight unset: a text lint's Index prepares is ranked
	// by its term ids, which the index sorts and counts once each, and
	// only compared by its terms (relatedness) when it may repeat
	// another. Sorting the terms of every learning was 2 % of lint's CPU
	// on the default and prose generators' 10 MB memories and 6.5 % on
	// long's (pprof).
	inTextOrder bool
}

func featuresOf(s string) *features {
	f := new(features)
	prepareInto(s, f, nil, false)
	return f
}

// fill sets f from the canonical text and tokens of a text. A token gives at most
// one term and one word (the "not" of a contraction is a negation), so
// block, 2*len(toks) long, holds both lists. When read is not nil (as
// long as toks), fill writes there what it read of each token for the
// tokenizer, which reads the same words next (see wordReading).
//
// When anchors is not nil, fill adds to it the anchors of the tokens, as
// anchorSum reads them (see prepareIntoAnchors): a word of the lexicon
// gives none (it is known to anchorStops), and another's are kept with
// its termReading.
func (f *features) fill(canon string, toks, block []string, read []wordReading, anchors *anchorTally) {
	f.canon = canon
	f.terms = block[:0:len(toks)]
	f.words = block[len(toks) : len(toks) : 2*len(toks)]
	// Numbers are gathered on the stack and kept in a slice of their own
	// size.
	var stack, genericStack [16]string
	numbers := stack[:0]
	generic := genericStack[:0] // the generic terms, once each
	pendingNegation := false
	lex := lexicon() // once per text, not per word (see lexTable.lookup)
	memo := termReadings.Get().(termReadingMemo)
	for i, t := range toks {
		base, not := expandContraction(t)
		for k, w := range [2]string{base, not} {
			if w == "" {
				continue
			}
			lx := lex.lookup(w)
			var r *wordReading
			if k == 0 && read != nil {
				r = &read[i]
				*r = wordReading{lx: lx}
			}
			if lx.negationTerm {
				if pendingNegation {
					f.negated = append(f.negated, "")
				}
				pendingNegation = true
				continue
			}
			if lx.stop && w[0] != '-' {
				// Most words: a stop word needs no more than its entry.
				continue
			}
			tr := memo.read(lex, w, lx)
			if anchors != nil && lx == noEntry {
				a := tr.anchorsOf(w)
				anchors.sum += a.sum
				anchors.n += a.n
			}
			if tr.dropped {
				continue
			}
			if r != nil {
				r.word, r.stem, r.stemEntry = tr.word, tr.stem, tr.stemEntry
			}
			st := tr.term
			if pendingNegation && !tr.generic {
				f.negated = append(f.negated, st)
				pendingNegation = false
			}
			f.terms = append(f.terms, st)
			f.words = append(f.words, tr.us)
			if tr.digits {
				numbers = appendNumbers(numbers, tr.us)
			}
			if tr.generic && !slices.Contains(generic, st) {
				generic = append(generic, st)
			}
		}
	}
	termReadings.Put(memo)
	if pendingNegation {
		f.negated = append(f.negated, "")
	}
	if !f.inTextOrder {
		f.terms = sortUniqueStrings(f.terms)
		// The terms' summed termWeight: halves and ones add up exactly
		// in any order.
		f.weight = float64(len(f.terms)) - 0.5*float64(len(generic))
	}
	if len(numbers) > 0 {
		f.numbers = slices.Clone(sortUniqueStrings(numbers))
	}
	if len(f.negated) > 0 {
		f.negated = sortUniqueStrings(f.negated)
	}
}

// termReading is what fill reads of a word that is no stop word as
// written, past its lexicon entry: the word without its leading dashes,
// the stem of its American spelling and the stem's entry (wordReading),
// the American spelling the features keep, the term and whether it is
// generic. It depends on the word alone, and a memory repeats its words
// (the tokens of the 10 MB memories of bench/ are 43 to 132 times as many
// as the distinct ones): read through a memo, lint on the 1 MB memories
// (callgrind, GOMAXPROCS=1) reads default 1388 -> 1367 M instructions,
// prose 828 -> 803. A stop word, most tokens, is told by its entry
// alone, which costs less than the memo's look-up.
type termReading struct {
	word, stem, us, term string
	stemEntry            *lexEntry
	// dropped is set for a word that trimmed of its dashes is a stop word
	// or nothing, digits for one whose American spelling holds a digit.
	dropped, generic, digits bool
	// anchors are the word's anchors (anchorTally.word), once
	// anchorsRead: only lint asks for them.
	anchors     anchorTally
	anchorsRead bool
}

// anchorsOf is the anchors of w, the word tr was read of. A memo is a
// worker's own, so tr is read by one goroutine at a time.
func (tr *termReading) anchorsOf(w string) anchorTally {
	if !tr.anchorsRead {
		tr.anchors.word(anchorStops(), w)
		tr.anchorsRead = true
	}
	return tr.anchors
}

// termReadingMemo holds the termReading of each word read before. A
// worker keeps one across the texts it prepares (termReadings). It is a
// fieldTable, not a map: most words are at most eight bytes, found by
// their bytes packed in one number.
type termReadingMemo struct{ *fieldTable[*termReading] }

var termReadings = sync.Pool{New: func() any { return newTermReadingMemo() }}

// newTermReadingMemo is an empty termReadingMemo, whose table is given
// copies of the words it keeps (see read).
func newTermReadingMemo() termReadingMemo {
	t := newFieldTable[*termReading](maxMemoWords)
	t.copies = false
	return termReadingMemo{t}
}

// read is the termReading of w, whose entry is lx, from m when it is
// there, else read and added to m while it holds fewer than maxMemoWords
// words. The memo keeps its own copy of w, so that it holds no text's
// memory.
func (m termReadingMemo) read(lex *lexTable, w string, lx *lexEntry) *termReading {
	if tr, ok := m.get(w); ok {
		return tr
	}
	keep := m.n < m.limit
	if keep {
		w = strings.Clone(w)
	}
	key, tr := w, new(termReading)
	if trimmed := withoutFlagDashes(w); len(trimmed) != len(w) {
		w, lx = trimmed, lex.lookup(trimmed)
	}
	if lx.stop || w == "" {
		tr.dropped = true
	} else {
		tr.word = w
		if us := americanOf(w, lx); us != w {
			w, lx = us, lex.lookup(us)
		}
		st := stem(w)
		if st != w {
			lx = lex.lookup(st)
		}
		tr.stem, tr.stemEntry = st, lx
		if lx.same != "" {
			st = lx.same
			lx = lex.lookup(st)
		}
		tr.us, tr.term, tr.generic = w, st, lx.generic
		tr.digits = strings.ContainsAny(w, "0123456789")
	}
	if keep {
		m.put(key, tr)
	}
	return tr
}

// trigrams are computed on demand, not by featuresOf: store's filter
// prepares many stored texts and scores only a few of them in full. They
// are kept once computed, since improve-docs scores every learning against
// the same few passages, and kept atomically, since lint and improve-docs
// compare prepared texts from many goroutines at once (two that compute
// them together store the same trigrams).
func (f *features) trigrams() *grams {
	if g := f.grams.Load(); g != nil {
		return g
	}
	g := f.computeTrigrams()
	f.grams.Store(g)
	return g
}

// computeTrigrams gathers the trigrams in scratch and keeps them at their
// size: repeated words and letters make many of them the same, and a large
// memory keeps the trigrams of tens of thousands of learnings.
func (f *features) computeTrigrams() *grams {
	sc := scratches.Get().(*scratch)
	gs := sc.grams.distinct(f.words)
	slices.Sort(gs)
	kept := gramsOf(gs)
	scratches.Put(sc)
	return kept
}

// gramSketch is how many distinct trigrams f's words have and their
// sketch, read without sorting or keeping the trigrams.
func (f *features) gramSketch() (n int, s gramSketch) {
	sc := scratches.Get().(*scratch)
	gs := sc.grams.distinct(f.words)
	n, s = len(gs), sketchOf(gs)
	scratches.Put(sc)
	return n, s
}

// intersect counts the elements two sorted, unique slices share.
func intersect[T string | uint32 | uint64](a, b []T) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}

// sortUniqueStrings sorts s and drops repeats, in place.
func sortUniqueStrings(s []string) []string {
	sortStrings(s)
	return slices.Compact(s)
}

// sortStrings is slices.Sort for the short lists of a learning's words:
// an insertion sort on the stack that compares the first eight bytes of
// two strings as one integer, and the strings only when those are equal.
// Zero padding keeps the order: a string that ends first is either a
// prefix of the other or differs from it within the eight bytes.
func sortStrings(s []string) {
	if len(s) > 48 {
		slices.Sort(s)
		return
	}
	type entry struct {
		prefix uint64
		s      string
	}
	var stack [48]entry
	es := stack[:len(s)]
	for i, x := range s {
		var p uint64
		for k := range 8 {
			p <<= 8
			if k < len(x) {
				p |= uint64(x[k])
			}
		}
		es[i] = entry{p, x}
	}
	for i := 1; i < len(es); i++ {
		e := es[i]
		j := i
		for ; j > 0 && (e.prefix < es[j-1].prefix || e.prefix == es[j-1].prefix && e.s < es[j-1].s); j-- {
			es[j] = es[j-1]
		}
		es[j] = e
	}
	for i, e := range es {
		if s[i] != e.s {
			s[i] = e.s
		}
	}
}

// expandContraction splits "aren't" into "are" and "not" and drops the
// clitic of "it's" or "we'll", so that a contraction and its long form
// compare equal. not is "not" or empty.
func expandContraction(t string) (base, not string) {
	i := strings.LastIndexByte(t, '\'')
	if i <= 0 {
		return t, ""
	}
	base, tail := t[:i], t[i+1:]
	switch tail {
	case "t":
		switch base {
		case "won":
			return "will", "not"
		case "can":
			return "can", "not"
		case "shan":
			return "shall", "not"
		}
		if b, ok := strings.CutSuffix(base, "n"); ok {
			return b, "not"
		}
	case "s", "re", "ll", "ve", "d", "m":
		return base, ""
	}
	return t, ""
}

// stem strips the commonest English inflections from a plain lower-case
// word, so that "retries"/"retry" and "committed"/"commit" meet. Identifiers,
// numbers and non-ASCII words are left alone: their exact form matters.
func stem(w string) string {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	if len(w) < 4 {
		return strings.TrimSuffix(w, "e")
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") &&
		!keepsItsS(w):
		w = w[:len(w)-1]
	}
	for _, suf := range []string{"ing", "ed"} {
		if r, ok := strings.CutSuffix(w, suf); ok && len(r) >= 2 && strings.ContainsAny(r, "aeiouy") {
			w = r
			if n := len(w); n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("lsz", rune(w[n-1])) {
				w = w[:n-1]
			}
			break
		}
	}
	if len(w) > 2 {
		w = strings.TrimSuffix(w, "e")
	}
	if w == "not" {
		// "note", "notes", "noted" and "noting" keep their "e": as
		// "not" they read as a negation ("Errors are noted in the
		// log", "Errors are not in the log").
		return "note"
	}
	return w
}

// keepsItsS reports a word whose closing "s" is no plural and which,
// stripped of it, reads as another word: a secure protocol's "s"
// ("https", "amqps", "mqtts", "sips"), and "news". Stemmed, "redirect
// HTTP to HTTPS" and "redirect HTTPS to HTTP" were the same learning
// (direction21.txt), and so were "over AMQP" and "over AMQPS", "the news
// channel" and "the new channel". A switch, not a set: asked of every
// word ending in "s", it took stem's own instructions in lint on the
// default generator's 1 MB memory from 2.128 to 2.144 M (callgrind).
func keepsItsS(w string) bool {
	switch w {
	case "https", "ftps", "smtps", "imaps", "ldaps", "amqps", "mqtts", "rtmps", "rtsps", "sips", "nntps", "ircs", "news":
		return true
	}
	return false
}

// appendTrigrams adds the trigrams of w padded with a space at each end,
// each packed exactly into 63 bits (three 21-bit runes).
func appendTrigrams(gs []uint64, w string) []uint64 {
	var g uint64 = ' '
	n := 1
	for _, r := range w {
		g = (g<<21 | uint64(r)) & (1<<63 - 1)
		if n++; n >= 3 {
			gs = append(gs, g)
		}
	}
	if n >= 2 {
		gs = append(gs, (g<<21|' ')&(1<<63-1))
	}
	return gs
}

// appendNumbers adds the numbers inside a word ("30", "1.22" from "go1.22").
func appendNumbers(ns []string, w string) []string {
	for i := 0; i < len(w); {
		if w[i] < '0' || w[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(w) && (w[j] >= '0' && w[j] <= '9' || w[j] == '.' && j+1 < len(w) && w[j+1] >= '0' && w[j+1] <= '9') {
			j++
		}
		ns = append(ns, w[i:j])
		i = j
	}
	return ns
}

// Profile is a text prepared for comparison. A matcher that compares one
// learning with many texts (the docs matcher, an index) prepares each text
// once and scores with the same words and rules as Similarity.
type Profile struct{ f *features }

// NewProfile prepares s for comparison.
func NewProfile(s string) Profile { return Profile{featuresOf(withoutLeadIn(s))} }

// Canonical is Canonical of the prepared text, so that a caller keying
// learnings by their canonical form does not fold the text twice.
func (p Profile) Canonical() string { return p.f.canon }

// Terms returns the content words a Profile is compared on (stemmed, sorted,
// unique), the keys for an inverted index. The slice must not be modified.
func (p Profile) Terms() []string { return p.f.terms }

// TermWeight is the weight a term carries in every score: generic words
// ("use", "run", "file") count half.
func TermWeight(term string) float64 { return termWeight(term) }

// CoveredBy scores from 0 to 1 how much of p a longer text q already says,
// for checking a short learning against a passage of documentation, where
// symmetric similarity would punish the passage for saying more. It blends
// the weighted share of p's content words found in q (0.7) with the share of
// p's trigrams found in q (0.3), and halves the result when q lacks one of
// p's numbers or uses it about something else ("backoff caps at 60 s" is not
// covered by "backoff caps at 30 s; the gateway drops connections at 60 s"),
// does not negate what p negates, or negates what p asks for.
func (p Profile) CoveredBy(q Profile) float64 {
	if p.f.weight == 0 {
		return 0
	}
	var shared float64
	for _, t := range p.f.terms {
		if _, ok := slices.BinarySearch(q.f.terms, t); ok {
			shared += termWeight(t)
		}
	}
	gp := p.f.trigrams()
	s := 0.7*shared/p.f.weight + 0.3*float64(sharedGrams(gp, q.f.trigrams()))/float64(max(gp.len(), 1))
	if !numbersAgree(p.f, q.f) {
		s *= mismatchFactor
	}
	if len(p.f.negated) > 0 && !subset(negatedTerms(p.f), q.f.negated) ||
		len(p.f.negated) == 0 && intersect(q.f.negated, p.f.terms) > 0 {
		s *= mismatchFactor
	}
	return s
}

// negatedTerms is f.negated without the "" of a negation with nothing after
// it, which names nothing a passage could negate too.
func negatedTerms(f *features) []string {
	if len(f.negated) > 0 && f.negated[0] == "" {
		return f.negated[1:] // sorted: "" comes first
	}
	return f.negated
}

func subset(a, b []string) bool { return intersect(a, b) == len(a) }

// numbersAgree reports whether q has each of p's numbers in the same
// context: one of the three words on either side of it in p (units and
// other numbers aside) is next to it in q too.
func numbersAgree(p, q *features) bool {
	if !subset(p.numbers, q.numbers) {
		return false
	}
	if len(p.numbers) == 0 {
		return true
	}
	pc, qc := numberContexts(p.words), numberContexts(q.words)
	for n, ctx := range pc {
		agree := len(ctx) == 0
		for t := range ctx {
			agree = agree || qc[n][t]
		}
		if !agree {
			return false
		}
	}
	return true
}

// numberContexts maps each number in words to the stems of the words
// around its occurrences.
func numberContexts(words []string) map[string]map[string]bool {
	m := map[string]map[string]bool{}
	for i, w := range words {
		ns := appendNumbers(nil, w)
		for _, c := range words[max(0, i-3):min(len(words), i+4)] {
			if len(c) < 3 || len(appendNumbers(nil, c)) > 0 {
				continue // units ("s", "ms", "mb") and numbers say nothing of what is counted
			}
			for _, n := range ns {
				if m[n] == nil {
					m[n] = map[string]bool{}
				}
				m[n][stem(c)] = true
			}
		}
	}
	return m
}

// sortedTerms is f's terms sorted and unique: a copy for a text prepared
// with its terms in text order (inTextOrder), which another goroutine may
// be reading.
func (f *features) sortedTerms() []string {
	if !f.inTextOrder {
		return f.terms
	}
	return sortUniqueStrings(slices.Clone(f.terms))
}

// weightedJaccard is the Jaccard overlap of two sorted, unique term lists in
// which generic words count half, so that swapping "test" for "vet" weighs
// more than swapping "use" for "run".
func weightedJaccard(a, b []string) (float64, float64) {
	var inter, union float64
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			union += termWeight(a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			union += termWeight(b[j])
			j++
		default:
			inter += termWeight(a[i])
			union += termWeight(a[i])
			i++
			j++
		}
	}
	if union == 0 {
		return 0, 0
	}
	return inter / union, inter
}

func termWeight(t string) float64 {
	if genericWords[t] {
		return 0.5
	}
	return 1
}
