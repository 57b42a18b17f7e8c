package similar

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// analysis is a text as the same-learning test reads it: the words that
// carry meaning, in clauses, with every value still next to what it is
// about.
//
// The text is folded like Canonical and cut into clauses at sentence
// punctuation, commas and conjunctions. Each word is reduced to what its
// meaning needs: stop words and filler ("use", "make sure", "the project")
// go, contractions are expanded, plurals and tenses stemmed, number words
// written as digits ("two" is "2"), units spelt one way ("30s", "30 sec"
// and "30 seconds" are "30 s"). A negation ("not", "never", "avoid") is
// glued to the word it negates ("!npm"). Words that relate the things a
// clause names keep their place ("over", "than", "to", "from", "then"),
// and the subordinating words that open a clause ("before", "after",
// "when", "if", "unless", "because", "instead") stay as its first word, so
// "run make gen before go test" and "before go test, run make gen" read
// alike while "run go test before make gen" does not.
//
// A list of single words ("Go, Rust and Python") is sorted in place: its
// order says nothing.
type analysis struct {
	items [][]string
	// gapped is items with the words a clause shares with the one before
	// it written out ("store uploads in S3 and metadata in Postgres" has
	// "store" in both), nil when no clause leaves any out.
	gapped [][]string
	// raw is the clauses before lists were sorted: a comma before "not"
	// may or may not start a list, so both readings are compared.
	raw [][]string
	// active is items with every passive clause read as an instruction
	// ("tests are run with X" as "run tests with X"), nil when there is
	// none: people write both, and "tests run with X" too.
	active [][]string
	// or counts the "or" conjunctions: "X or Y" is a choice, "X and Y" is
	// both, and nothing else in the tokens tells them apart.
	or int
	// key is the sorted multiset of every token: two texts can only be the
	// same learning when their keys are equal.
	key string
}

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
	// clause and clauses hold the clauses of a text whose analysis is not
	// kept (see keyOf).
	clause  []string
	clauses [][]string
	// grams gathers a text's trigrams (see features.computeTrigrams).
	grams gramSet
}

// field is one strings.Fields piece of the folded text, [start, end), and
// the end of its tokens in scratch.toks.
type field struct{ start, end, toks int }

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// prepareInto fills f with the features and a with the analysis of s, each
// when not nil, and returns the analysis key when a or withKey asks for
// it. The text is folded and scanned once for all: the tokenizer reads the
// canonical tokens field by field, and those of a field are the field's
// share of the whole text's.
func prepareInto(s string, f *features, a *analysis, withKey bool) (key string) {
	sc := scratches.Get().(*scratch)
	folded := fold(s)
	toks, fields := sc.toks[:0], sc.fields[:0]
	tokenize := a != nil || withKey
	if !tokenize {
		// No tokenizer to hand fields to: one scan of the whole text
		// gives the same tokens.
		toks = appendCanonical(toks, folded)
	}
	for i := 0; tokenize && i < len(folded); {
		start, end := nextField(folded, i)
		if start == end {
			break
		}
		toks = appendCanonical(toks, folded[start:end])
		fields = append(fields, field{start, end, len(toks)})
		i = end
	}
	// One block holds the terms and words and, for an analysis, the
	// clauses' tokens, which live as long as each other. The features are
	// read into scratch first and kept at their size: most tokens are stop
	// words, and a large memory keeps tens of thousands of prepared
	// learnings. The clauses fit in the token count.
	featureSize, clauseSize := 0, 0
	if f != nil {
		sc.features = slices.Grow(sc.features[:0], 2*len(toks))[:2*len(toks)]
		f.fill(toks, sc.features)
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
		a.fill(sc, folded, toks, fields, block[featureSize:featureSize])
		key = a.key
	case withKey:
		// Only the key is kept: the clauses are read into scratch.
		key = keyOf(sc, folded, toks, fields)
	}
	clear(toks)
	sc.toks, sc.fields = toks[:0], fields[:0]
	scratches.Put(sc)
	return key
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

// fill runs the tokenizer over the fields of the folded text and sets a
// from what it read.
func (a *analysis) fill(sc *scratch, folded string, toks []string, fields []field, cur []string) {
	t := readClauses(sc, folded, toks, fields, cur)
	a.set(sc, &t)
}

// readClauses runs the tokenizer over the fields of folded, whose
// canonical tokens are toks, writing the clauses' tokens into cur.
func readClauses(sc *scratch, folded string, toks []string, fields []field, cur []string) tokenizer {
	t := tokenizer{items: sc.items[:0], cur: cur, nextSep: sepStrong}
	k := 0
	for _, fl := range fields {
		c := folded[fl.start:fl.end]
		words := toks[k:fl.toks]
		k = fl.toks
		if !plainField(c) {
			words = canonicalTokens(strings.ReplaceAll(c, "%", " percent "))
		}
		t.chunk(c, words)
	}
	t.flush(sepStrong, false)
	return t
}

// keyOf is the analysis key of the text a.fill would read, without
// keeping the clauses: the key is the sorted multiset of the tokens of
// every clause, which normaliseLists only reorders, and the count of
// "or"s.
func keyOf(sc *scratch, folded string, toks []string, fields []field) string {
	sc.clause = slices.Grow(sc.clause[:0], len(toks)+4)
	t := readClauses(sc, folded, toks, fields, sc.clause)
	clauses := sc.clauses[:0]
	for _, it := range t.items {
		clauses = append(clauses, it.toks)
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
	a.or = t.or
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
	passive := false
	for _, it := range t.items {
		passive = passive || it.participle > 0
	}
	if passive {
		act := append(sc.act[:0], t.items...)
		for i, it := range act {
			if v := it.participle - 1; v > 0 {
				act[i].toks = slices.Concat(it.toks[v:v+1], it.toks[:v], it.toks[v+1:])
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
// tokenizer reads: folding it again changes nothing (ASCII with no upper
// case) and it has no "%" to spell out.
func plainField(c string) bool {
	for i := 0; i < len(c); i++ {
		if b := c[i]; b >= utf8.RuneSelf || 'A' <= b && b <= 'Z' || b == '%' {
			return false
		}
	}
	return true
}

// key is the sorted multiset of the tokens of items, then the count of
// "or"s: see analysis.
func key(items [][]string, or int) string {
	// Sorting in a buffer on the stack spares the GC's write barriers.
	if countTokens(items) <= 64 {
		var stack [64]string
		return joinKey(stack[:0], items, or)
	}
	return joinKey(nil, items, or)
}

func countTokens(items [][]string) int {
	n := 0
	for _, it := range items {
		n += len(it)
	}
	return n
}

// joinKey is key, sorting in all.
func joinKey(all []string, items [][]string, or int) string {
	size := 0
	for _, it := range items {
		all = append(all, it...)
		for _, tok := range it {
			size += len(tok) + 1
		}
	}
	sortStrings(all)
	if or > 0 {
		size += len(" |or") + or
	}
	var b strings.Builder
	b.Grow(size)
	for i, tok := range all {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(tok)
	}
	if or > 0 {
		b.WriteString(" |or")
		for range or {
			b.WriteByte('|')
		}
	}
	return b.String()
}

type tokenizer struct {
	items   []item
	cur     []string
	nextSep sepKind
	conj    bool
	negate  int // pending negations
	or      int
	prev    string // the previous kept word, before normalisation, for "make sure"
	rather  bool   // "rather" was the last word: the "than" after it is not a relation
	// be is 1 + the position in cur of the word after a form of "to be"
	// (0 when none), and by 1 + the position after "by" following that
	// word: "X is owned by Y" is "Y owns X".
	be, by int
	// participle is set when the word after "to be" is a past participle.
	participle bool
	// reading is the word being read, before stemming.
	reading string
	// get is set after a form of "get", which is "to be" before a
	// participle ("logs get shipped") and a verb otherwise.
	get bool
}

// flush closes the current clause; the next one starts after sep.
func (t *tokenizer) flush(sep sepKind, conj bool) {
	t.endGet()
	if t.negate > 0 {
		t.cur = append(t.cur, "!")
		t.negate = 0
	}
	if t.by > 0 && t.by-1 < len(t.cur) {
		// Passive: subject, participle, agent becomes agent,
		// participle, subject.
		v := t.be - 1
		active := slices.Clone(t.cur[t.by-1:])
		active = append(active, t.cur[v])
		active = append(active, t.cur[:v]...)
		t.cur = active
	}
	part := 0
	if t.by == 0 && t.be > 1 && t.participle {
		part = t.be
	}
	t.be, t.by, t.participle = 0, 0, false
	if len(t.cur) > 0 {
		// The next clause goes on in the same block.
		t.items = append(t.items, item{toks: slices.Clip(t.cur), sep: t.nextSep, conj: t.conj, participle: part})
		t.cur = t.cur[len(t.cur):]
		t.nextSep, t.conj = sep, conj
		return
	}
	// Two separators in a row: the stronger wins.
	if sep == sepStrong || len(t.items) == 0 {
		t.nextSep = sepStrong
	} else if t.nextSep == sepList {
		t.conj = t.conj || conj
	}
}

// chunk reads one whitespace-separated piece of the folded text, whose
// canonical tokens (with "%" spelt out) are words.
func (t *tokenizer) chunk(c string, words []string) {
	trimmed := trimMarksRight(trimMarksLeft(c), true)
	if strings.HasPrefix(trimmed, "(") {
		t.flush(sepStrong, false)
	}
	switch trimmed {
	case "-", "–", "—", "--":
		t.flush(sepStrong, false)
		return
	case "&":
		t.flush(sepList, true)
		return
	case "->", "→", "=>":
		t.word("to")
		return
	}
	if len(words) == 0 {
		// A path or pattern made of marks only ("./...", "."), which
		// the word scan drops but which changes a command.
		p := strings.Trim(strings.Map(dropMarks, trimmed), "(),;!?")
		if strings.HasSuffix(p, "....") {
			p = p[:len(p)-1] // a sentence's period after "./..."
		}
		if p != "" && strings.Trim(p, "./") == "" && strings.ContainsAny(p, "./") {
			t.emit(p)
		}
		return
	}
	for _, w := range words {
		t.word(w)
	}
	end := trimMarksRight(c, false)
	if end == "" {
		return
	}
	switch end[len(end)-1] {
	case ',':
		t.flush(sepList, false)
	case ';', '!', '?', ')':
		t.flush(sepStrong, false)
	case '.':
		if !strings.HasSuffix(end, "..") {
			t.flush(sepStrong, false)
		}
	}
	// A colon ("Supported: Go, Rust") labels what follows: the label stays
	// attached to its values.
}

// trimMarksLeft is strings.TrimLeft(s, "*_~`\"'“”‘’[]") without the
// search of the cutset for every rune.
func trimMarksLeft(s string) string {
	for len(s) > 0 {
		r, size := rune(s[0]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s)
		}
		if !isMark(r, true) {
			break
		}
		s = s[size:]
	}
	return s
}

// trimMarksRight is strings.TrimRight(s, "*_~`\"'“”‘’]"), with "[" in the
// cutset when bracket is set.
func trimMarksRight(s string, bracket bool) string {
	for len(s) > 0 {
		r, size := rune(s[len(s)-1]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeLastRuneInString(s)
		}
		if !isMark(r, bracket) {
			break
		}
		s = s[:len(s)-size]
	}
	return s
}

// isMark reports emphasis, quotes and a closing bracket, the marks a chunk
// is read without; an opening bracket too when bracket is set.
func isMark(r rune, bracket bool) bool {
	switch r {
	case '*', '_', '~', '`', '"', '\'', '“', '”', '‘', '’', ']':
		return true
	case '[':
		return bracket
	}
	return false
}

func dropMarks(r rune) rune {
	if strings.ContainsRune("*_~`\"'“”‘’", r) {
		return -1
	}
	return r
}

// word handles one canonical token.
func (t *tokenizer) word(w string) {
	base, not := expandContraction(w)
	for _, x := range [2]string{base, not} {
		if x != "" {
			t.one(x)
		}
	}
}

func (t *tokenizer) one(w string) {
	if t.get {
		t.get = false
		if !isParticiple(w) {
			t.emit(stem("get"))
		} else if t.be == 0 {
			t.be = -(len(t.cur) + 1)
		}
	}
	switch w {
	case "get", "gets", "got", "gotten", "getting":
		if t.be == 0 {
			t.get = true
			return
		}
	}
	t.reading = w
	switch w {
	case "and", "but", "so", "yet", "plus":
		t.flush(sepList, true)
		return
	case "because", "since", "therefore", "hence":
		// A reason is a clause of its own; the link itself states
		// nothing the clauses do not.
		t.flush(sepStrong, false)
		return
	case "or":
		t.or++
		t.flush(sepList, true)
		return
	case "nor":
		t.flush(sepList, true)
		t.negate++
		return
	case "instead", "rather":
		// "use X instead of Y" and "use X rather than Y" say "use X,
		// not Y".
		t.flush(sepList, true)
		t.negate++
		t.rather = w == "rather"
		return
	case "than":
		if t.rather {
			t.rather = false
			return
		}
	}
	t.rather = false
	lx := lookup(w)
	if lx.negation {
		t.negate++
		return
	}
	switch w {
	case "is", "are", "was", "were", "be", "been", "being":
		if t.be == 0 {
			t.be = -(len(t.cur) + 1) // armed: the next word is the participle
		}
		return
	case "by":
		if t.be > 0 && len(t.cur) == t.be {
			t.by = len(t.cur) + 1
		}
		return
	}
	if lx.opener != "" {
		t.flush(sepStrong, false)
		t.emit(lx.opener)
		return
	}
	if w == "sure" && t.prev == "make" && len(t.cur) > 0 && t.cur[len(t.cur)-1] == stem("make") {
		t.cur = t.cur[:len(t.cur)-1]
		t.prev = ""
		return
	}
	prev := t.prev
	t.prev = w
	if n, unit, ok := splitQuantity(w); ok {
		t.emit(n)
		t.emit(unit)
		return
	}
	if lx.relation != "" {
		t.emit(lx.relation)
		return
	}
	if trimmed := strings.TrimLeft(w, "-"); len(trimmed) != len(w) {
		w, lx = trimmed, lookup(trimmed)
	}
	if lx.synonym != nil {
		w, lx = lx.synonym.word, lx.synonym
	}
	if w == "" || lx.stop || lx.filler {
		return
	}
	if lx.number != "" {
		t.emit(lx.number)
		return
	}
	if lx.unit != "" && prev != "" && isNumber(prev) {
		t.emit(lx.unit)
		return
	}
	if parts, ok := hyphenated(w); ok {
		for _, p := range parts {
			t.one(p)
		}
		return
	}
	st := stem(w)
	if st != w {
		lx = lookup(st)
	}
	if lx.fillerStem {
		return
	}
	t.emit(st)
}

// lexEntry is what the word tables say of one word, so that reading a
// word takes one map lookup rather than one per table.
type lexEntry struct {
	word string
	// negation is negationWords, negationTerm the negations features
	// count.
	negation, negationTerm            bool
	stop, filler, fillerStem, generic bool
	// opener, relation, number and unit are the values of those tables,
	// "" when the word is not in them (no value is empty).
	opener, relation, number, unit string
	// synonym is the entry of the word this one is a spelling of.
	synonym *lexEntry
}

var (
	lexicon = newLexTable(newLexicon())
	noEntry = new(lexEntry)
)

// lexTable is an open-addressing hash table of the lexicon: reading a text
// looks up every word, most of them in no table, and a small hash over
// short keys beats a map's.
type lexTable struct {
	slots  []*lexEntry
	maxLen int
}

func newLexTable(m map[string]*lexEntry) lexTable {
	t := lexTable{slots: make([]*lexEntry, 1024)}
	for len(t.slots) < 4*len(m) {
		t.slots = make([]*lexEntry, 2*len(t.slots))
	}
	for w, e := range m {
		i := t.slot(w)
		for t.slots[i] != nil {
			i = (i + 1) & (len(t.slots) - 1)
		}
		t.slots[i] = e
		t.maxLen = max(t.maxLen, len(w))
	}
	return t
}

// slot is where w's search starts: a hash of its length and its first,
// middle and last bytes, cheap for the many words in no table (lookup
// compares whole words).
func (t lexTable) slot(w string) int {
	n := len(w)
	if n == 0 {
		return 0
	}
	h := uint32(n)*0x9e3779b1 ^ uint32(w[0])*0x85ebca6b ^ uint32(w[n/2])*0xc2b2ae35 ^ uint32(w[n-1])*0x27d4eb2f
	h ^= h >> 15
	return int(h) & (len(t.slots) - 1)
}

// lookup is the lexicon entry of w, an empty one for a word no table has.
func lookup(w string) *lexEntry {
	if len(w) > lexicon.maxLen {
		return noEntry
	}
	for i := lexicon.slot(w); ; i = (i + 1) & (len(lexicon.slots) - 1) {
		e := lexicon.slots[i]
		if e == nil {
			return noEntry
		}
		if e.word == w {
			return e
		}
	}
}

func newLexicon() map[string]*lexEntry {
	m := map[string]*lexEntry{}
	entry := func(w string) *lexEntry {
		if m[w] == nil {
			m[w] = &lexEntry{word: w}
		}
		return m[w]
	}
	// Each table's value (true for a set) goes in its field of the entry.
	fillLex(entry, negationWords, func(e *lexEntry) *bool { return &e.negation })
	fillLex(entry, negations, func(e *lexEntry) *bool { return &e.negationTerm })
	fillLex(entry, stopwords, func(e *lexEntry) *bool { return &e.stop })
	fillLex(entry, fillerWords, func(e *lexEntry) *bool { return &e.filler })
	fillLex(entry, fillerStems, func(e *lexEntry) *bool { return &e.fillerStem })
	fillLex(entry, genericWords, func(e *lexEntry) *bool { return &e.generic })
	fillLex(entry, clauseOpeners, func(e *lexEntry) *string { return &e.opener })
	fillLex(entry, relationWords, func(e *lexEntry) *string { return &e.relation })
	fillLex(entry, numberWords, func(e *lexEntry) *string { return &e.number })
	fillLex(entry, units, func(e *lexEntry) *string { return &e.unit })
	for w, v := range synonyms {
		entry(w).synonym = entry(v)
	}
	return m
}

// fillLex stores each value of table in field of the entry of its word.
func fillLex[V any](entry func(w string) *lexEntry, table map[string]V, field func(*lexEntry) *V) {
	for w, v := range table {
		*field(entry(w)) = v
	}
}

// endGet emits a pending "get" that no participle followed.
func (t *tokenizer) endGet() {
	if t.get {
		t.get = false
		t.emit(stem("get"))
	}
}

// isParticiple reports a word that reads as a past participle after "to
// be" or "get": a regular one, or a common irregular one.
func isParticiple(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") || irregularParticiples[w]
}

var irregularParticiples = setOf("run", "built", "written", "done", "made", "kept", "set", "put", "sent",
	"shown", "taken", "given", "read", "found", "held", "hidden", "known", "seen", "thrown", "split",
	"bound", "broken", "chosen", "driven", "frozen", "spun", "stuck", "torn", "won", "cut", "shut", "left", "rebuilt", "rewritten")

// emit adds a token to the current clause, negated when a negation is
// pending.
func (t *tokenizer) emit(tok string) {
	if t.negate > 0 {
		tok = "!" + tok
		t.negate = 0
	}
	if t.be < 0 {
		if -t.be-1 == len(t.cur) && len(t.cur) > 0 {
			t.be = len(t.cur) + 1
			t.participle = isParticiple(t.reading)
		} else {
			t.be = 0
		}
	}
	t.cur = append(t.cur, tok)
}

// normaliseLists sorts the elements of every list of single words and
// joins each list into the clause around it, so that "use Go, Rust and
// Python" and "use Python, Go and Rust" give the same clause. A run of
// clauses joined by commas and "and"/"or" is such a list when every clause
// inside it is one word, an end clause is one word too (or there are three
// or more elements), and a conjunction or three elements say it is a list
// rather than a clause opened with a comma.
//
// A run that is no such list but whose later clauses are all shorter than
// the first by the same number of words leaves those words out ("store
// uploads in S3 and metadata in Postgres"); gapped has them written out.
func normaliseLists(out [][]string, items []item) (_, gapped [][]string) {
	for i := 0; i < len(items); {
		j := i + 1
		for j < len(items) && items[j].sep == sepList {
			j++
		}
		// items[i:j] are joined by list separators.
		if merged, ok := asList(items[i:j]); ok {
			out = append(out, merged)
			if gapped != nil {
				gapped = append(gapped, merged)
			}
		} else {
			head := gapHead(items[i:j])
			if len(head) > 0 && gapped == nil {
				// The first gap: the clauses before it read the same.
				gapped = append(make([][]string, 0, len(items)), out...)
			}
			for k, it := range items[i:j] {
				out = append(out, it.toks)
				switch {
				case gapped == nil:
				case k > 0 && len(head) > 0:
					gapped = append(gapped, slices.Concat(head, it.toks))
				default:
					gapped = append(gapped, it.toks)
				}
			}
		}
		i = j
	}
	return out, gapped
}

// gapHead is the words the later clauses of run leave out: the first d
// words of the first clause, when every later clause is d words shorter
// and the first is not a subordinate clause.
func gapHead(run []item) []string {
	if len(run) < 2 || len(run[0].toks) > 0 && opensClause(run[0].toks[0]) {
		// "when the build fails, check the logs": a condition and
		// its clause, not a gapped list.
		return nil
	}
	d := len(run[0].toks) - len(run[1].toks)
	if d < 1 {
		return nil
	}
	for _, it := range run[2:] {
		if len(run[0].toks)-len(it.toks) != d {
			return nil
		}
	}
	return run[0].toks[:d]
}

func asList(run []item) ([]string, bool) {
	k := len(run)
	if k < 2 {
		return nil, false
	}
	conj := false
	for _, it := range run[1:] {
		conj = conj || it.conj
	}
	for _, it := range run[1 : k-1] {
		if len(it.toks) != 1 {
			return nil, false
		}
	}
	first, last := run[0].toks, run[k-1].toks
	if k == 2 && len(first) != 1 && len(last) != 1 {
		return nil, false
	}
	if !conj && k < 3 {
		return nil, false
	}
	merged := make([]string, 0, len(first)+k-2+len(last))
	merged = append(merged, first...)
	for _, it := range run[1 : k-1] {
		merged = append(merged, it.toks[0])
	}
	merged = append(merged, last[0])
	slices.Sort(merged[len(first)-1:])
	return append(merged, last[1:]...), true
}

// sameContent reports whether two analysed texts say the same thing: the
// same tokens, in the same clauses up to their order and up to a rotation
// inside each clause ("unit tests use jest", "use jest for unit tests"), or
// the same sequence up to a rotation as a whole ("run make gen before go
// test", "before go test, run make gen"). A value that moved to another
// clause or changed places with another inside one is not the same.
func sameContent(a, b *analysis) bool {
	if a.key != b.key || a.key == "" {
		return false
	}
	if sameItems(a.items, b.items) {
		return true
	}
	if (a.gapped != nil || b.gapped != nil) && sameItems(a.clauses(), b.clauses()) {
		return true
	}
	if sameItems(a.raw, b.raw) || rotationOf(flatten(a.raw), flatten(b.raw)) {
		return true
	}
	if rotationOf(flatten(a.items), flatten(b.items)) {
		return true
	}
	if a.active == nil && b.active == nil {
		return false
	}
	for _, pa := range [2][][]string{a.items, a.active} {
		for _, pb := range [2][][]string{b.items, b.active} {
			if pa != nil && pb != nil && (sameItems(pa, pb) || rotationOf(flatten(pa), flatten(pb))) {
				return true
			}
		}
	}
	return false
}

// clauses are the clauses with what gapping left out written out.
func (a *analysis) clauses() [][]string {
	if a.gapped != nil {
		return a.gapped
	}
	return a.items
}

func flatten(items [][]string) []string {
	var out []string
	for _, it := range items {
		out = append(out, it...)
	}
	return out
}

// sameItems reports whether two readings have the same units: each main
// clause with the subordinate clauses attached to it ("run lint before
// commit"), in any order.
func sameItems(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	return slices.Equal(clauseUnits(a), clauseUnits(b))
}

// clauseUnits groups clauses into a main clause and the subordinate clauses
// ("before push", "when tests fail") that belong to it, and returns each
// group as one sorted key. A subordinate clause belongs to the main
// clause before it unless that one already has one ("run lint before
// commit and tests before push"); then, or at the start, to the next main
// clause ("when the build fails, rerun the tests; when ..."). Which clause
// a condition or an order is attached to is what it says, so "run lint
// before push and tests before commit" is another learning.
func clauseUnits(items [][]string) []string {
	type unit struct {
		main string
		subs []string
	}
	var out []*unit
	var pending []string // subordinate clauses waiting for their main clause
	var last *unit       // the unit of the previous clause, when it was a main clause with no sub yet
	for _, it := range items {
		key := minRotation(quantityLast(it))
		if len(it) == 0 || !opensClause(it[0]) {
			u := &unit{main: key, subs: pending}
			pending = nil
			out = append(out, u)
			last = u
			if len(u.subs) > 0 {
				last = nil
			}
			continue
		}
		if last != nil {
			last.subs = append(last.subs, key)
			last = nil
			continue
		}
		pending = append(pending, key)
	}
	if len(pending) > 0 {
		if len(out) == 0 {
			out = append(out, &unit{})
		}
		u := out[len(out)-1]
		u.subs = append(u.subs, pending...)
	}
	keys := make([]string, len(out))
	for i, u := range out {
		slices.Sort(u.subs)
		keys[i] = u.main + "\x01" + strings.Join(u.subs, "\x01")
	}
	slices.Sort(keys)
	return keys
}

func opensClause(tok string) bool {
	_, ok := openerTokens[strings.TrimPrefix(tok, "!")]
	return ok
}

var openerTokens = valueSet(clauseOpeners)

// quantityLast moves the one quantity of a clause, a number with its unit
// ("5 min"), to its end: "cache responses for 5 minutes in Redis" and
// "cache responses in Redis for 5 minutes" say the same, and with no other
// number in the clause there is nothing it could change places with.
func quantityLast(toks []string) []string {
	at := -1
	for i, tok := range toks {
		if !isNumber(strings.TrimPrefix(tok, "!")) {
			continue
		}
		if at >= 0 || i+1 == len(toks) || !unitTokens[toks[i+1]] {
			return toks
		}
		at = i
	}
	if at < 0 || at+2 == len(toks) {
		return toks
	}
	out := slices.Concat(toks[:at], toks[at+2:], toks[at:at+2])
	return out
}

// unitTokens are the units as the tokenizer spells them.
var unitTokens = valueSet(units)

// minRotation is the least rotation of a clause, joined, so that two
// rotations of one clause compare equal.
func minRotation(toks []string) string {
	best := ""
	for i := range toks {
		s := strings.Join(toks[i:], "\x00") + "\x00" + strings.Join(toks[:i], "\x00")
		if i == 0 || s < best {
			best = s
		}
	}
	return best
}

func rotationOf(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for shift := range a {
		ok := true
		for i := range a {
			if a[i] != b[(i+shift)%len(b)] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// hyphenated splits a word of letters joined by hyphens ("squash-merged",
// "table-driven"), which people write with a space as often; an
// identifier with digits or other marks ("eu-west-1") stays whole.
func hyphenated(w string) ([]string, bool) {
	if !strings.Contains(w, "-") {
		return nil, false
	}
	parts := strings.Split(w, "-")
	for _, p := range parts {
		if p == "" {
			return nil, false
		}
		for _, r := range p {
			if !unicode.IsLetter(r) {
				return nil, false
			}
		}
	}
	return parts, true
}

// splitQuantity splits a number glued to its unit ("30s", "512mb", "80%").
func splitQuantity(w string) (n, unit string, ok bool) {
	i := 0
	for i < len(w) && (w[i] >= '0' && w[i] <= '9' || w[i] == '.' && i > 0) {
		i++
	}
	if i == 0 || i == len(w) {
		return "", "", false
	}
	u, known := units[w[i:]]
	if !known {
		return "", "", false
	}
	return strings.TrimRight(w[:i], "."), u, true
}

func isNumber(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsDigit(r) || numberWords[w] != ""
}

// negationWords negate the next word that carries meaning.
var negationWords = setOf("not", "no", "never", "avoid", "cannot", "neither", "none", "dont")

// clauseOpeners start a clause and stay as its first word; several
// spellings of one relation share a token.
var clauseOpeners = map[string]string{
	"before": "before", "after": "after", "until": "until", "unless": "unless",
	"if": "if", "when": "when", "whenever": "when", "once": "when",
	"while": "while", "whereas": "while",
	"although": "although", "though": "although",
}

// relationWords are stop words elsewhere that decide which way a relation
// goes ("prefer tabs over spaces", "from jest to vitest").
var relationWords = map[string]string{
	"over": "over", "than": "over", "then": "then", "vs": "vs", "versus": "vs", "per": "per", "without": "without",
	"above": "above", "below": "below", "under": "below",
}

// fillerWords say nothing a learning depends on: "use X" states what "X"
// as a tool choice does, and "the project", "make sure" or "remember"
// frame a learning without changing it.
var fillerWords = setOf("use", "uses", "using", "used", "utilize", "utilise", "ensure", "remember",
	"note", "important", "importantly", "currently", "actually", "really", "simply", "basically",
	"project", "project's", "repo", "repository", "codebase", "generally", "typically")

var fillerStems = stemmedSet("use", "ensure", "remember")

// synonyms are spellings of one word.
var synonyms = map[string]string{
	"requires": "need", "require": "need", "required": "need", "needs": "need", "needed": "need",
	"execute": "run", "executes": "run", "executed": "run",
	"directory": "dir", "directories": "dir", "folder": "dir", "folders": "dir",
	"configuration": "config", "configurations": "config", "configs": "config",
	"documentation": "doc", "docs": "doc",
	"start-up": "startup", "e-mail": "email",
	"db": "database", "dbs": "database", "prod": "production", "env": "environment", "envs": "environment",
	"k8s": "kubernetes", "js": "javascript", "ts": "typescript", "through": "via",
}

// numberWords are written as digits, so that "two" and "2" are one value.
var numberWords = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
	"seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
	"thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
	"eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40",
	"fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
	"hundred": "100", "thousand": "1000", "million": "1000000", "billion": "1000000000",
	"single": "1", "twice": "2x",
}

// units are spelt one way after a number.
var units = map[string]string{
	"s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
	"ms": "ms", "msec": "ms", "millisecond": "ms", "milliseconds": "ms",
	"m": "min", "min": "min", "mins": "min", "minute": "min", "minutes": "min",
	"h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
	"d": "d", "day": "d", "days": "d",
	"percent": "%", "pct": "%",
	"kb": "kb", "mb": "mb", "gb": "gb", "tb": "tb", "kib": "kib", "mib": "mib", "gib": "gib",
	"x": "x",
}

// valueSet is the set of a map's values: the spellings the tokenizer
// writes for the words of a table.
func valueSet(m map[string]string) map[string]bool {
	out := make(map[string]bool, len(m))
	for _, v := range m {
		out[v] = true
	}
	return out
}
