package terms

import (
	"strings"
	"unicode/utf8"
)

// Matcher finds a fixed set of wanted words in texts, as Tokenize would
// emit them (plain words and the parts of compounds; never a compound
// whole). It is built for scanning a whole memory file on every run: most
// words are rejected by their first three letters without being
// lower-cased, stemmed or looked up, so a scan costs little more than
// reading the bytes.
type Matcher struct {
	index map[string]int
	// gate holds, by the first two bytes (lower case) of every ASCII
	// wanted word, the index in masks of a bit set with a bit for its
	// third byte (see thirdBit), or 0; a word starting otherwise cannot be
	// one, since stemming only changes a word's end. masks[0] stays
	// empty: a start no wanted word has lets no third byte through.
	gate  [1 << 16]uint8
	masks []uint64
	buf   []byte
	// stems maps a lower-case ASCII word that passed the gate to the index
	// of the wanted word it stems to, or -1: a memory repeats its words, so
	// each is stemmed once.
	stems map[string]int
	// ideographs and wide do for an ideograph (a word of its own, folded)
	// and a word outside ASCII (folded and stemmed) what stems does for
	// an ASCII word: folding is a Unicode normalisation, and a memory in
	// Chinese or Japanese repeats a few thousand ideographs over and over
	// (on bench/'s intl 1 MB memory folding them was 16% of recall
	// --task's instructions).
	ideographs, wide map[string]int
	// kinds remembers runeKind for the runes of the Basic Multilingual
	// Plane outside ASCII met so far (0 for one not met): telling a
	// letter from a mark or an ideograph reads Unicode's range tables,
	// and on bench/'s intl 1 MB memory doing it for every rune was 14%
	// of recall --task's instructions.
	kinds *[0x10000]uint8
	// words is how many wanted words there are; an index from words on
	// is an alias, whose words are fans[index-words].
	words int
	fans  [][]int
	// hyphens is set by JoinHyphens; noAlias while a whole camelCase word
	// is looked up.
	hyphens, noAlias bool
	// families maps a family root (see FamilyOf) to the wanted word Scan
	// reports for a word of that family that is no wanted word itself;
	// roots are its keys in the order they came.
	families map[string]family
	roots    []string
	// acronyms and phrase are for Initials, lasts a bit for each last
	// letter of one of them; capitals are for Capitals.
	acronyms []acronymOf
	lasts    uint32
	phrase   phrase
	capitals map[string][]int
	// splits are the words JoinSplit gave, cut in two every way, by the
	// first byte of the first part; splitLens has a bit for each length
	// of a first part, by the same byte. firstEnd is where the last word
	// Scan read that may be a first part ends (see mayBeFirst).
	splits    [256][]split
	hasSplits bool
	splitLens [256]uint32
	firstEnd  int
	// seen marks the wanted words and aliases Scan has found written as
	// one word (see Seen).
	seen []bool
}

// split is a word given to JoinSplit cut in two: first and rest, lower
// case, and the term and index Scan reports it by.
type split struct {
	first, rest, term string
	k                 int
}

// family is a wanted word's family: the index Scan reports and the
// wanted word's form.
type family struct {
	k    int
	form Form
}

// NewMatcher returns a Matcher for words, each a term as Tokenize emits it
// (folded and stemmed). Scan reports a word by its index in words.
func NewMatcher(words []string) *Matcher {
	m := &Matcher{index: make(map[string]int, len(words)), stems: map[string]int{}, masks: []uint64{0}, words: len(words), seen: make([]bool, len(words))}
	for i, w := range words {
		m.enter(w, i)
	}
	return m
}

// enter makes w found as index i, unless w is empty or already found.
func (m *Matcher) enter(w string, i int) {
	if _, dup := m.index[w]; dup || w == "" {
		return
	}
	m.index[w] = i
	m.gateOpen(w)
	m.forget()
}

// forget drops what Scan remembers of the words it has looked up (stems,
// ideographs, wide), which a word, an alias or a family added after a
// scan may change.
func (m *Matcher) forget() {
	clear(m.stems)
	m.ideographs, m.wide = nil, nil
}

// gateOpen lets the words starting as w does through the gate.
func (m *Matcher) gateOpen(w string) {
	key := gateKey(w[0], second(w))
	if m.gate[key] == 0 {
		if len(m.masks) < 255 {
			m.masks = append(m.masks, 0)
		}
		// Past 254 distinct starts the last mask is shared: it lets
		// more words through, never fewer.
		m.gate[key] = uint8(len(m.masks) - 1)
	}
	g := &m.masks[m.gate[key]]
	*g |= 1 << thirdBit(w)
	if len(w) == 3 && w[2] == 'y' {
		// "spies" and "spied" stem to "spy".
		*g |= 1 << byteBit('i')
	}
}

// Alias makes Scan report the wanted words ks wherever a text has the word
// term (folded and stemmed, as Tokenize emits it), unless term is wanted
// itself. It is how one word written two ways is one term: a task that
// writes "front end" or "e-paper" wants the learnings that write
// "frontend" or "epaper", as much as those that write the two words.
func (m *Matcher) Alias(term string, ks ...int) {
	if _, ok := m.index[term]; ok || len(ks) == 0 {
		return
	}
	m.enter(term, m.words+len(m.fans))
	m.fans = append(m.fans, ks)
	m.seen = append(m.seen, false)
}

// Seen reports whether a text Scan read wrote term, a wanted word or an
// alias, as one word: joined, hyphenated or in camelCase ("frontend",
// "front-end" or "FrontEnd" for a task's "front end"), not split as
// JoinSplit reads it.
func (m *Matcher) Seen(term string) bool {
	k, ok := m.index[term]
	return ok && m.seen[k]
}

// JoinSplit makes Scan also report the wanted word k, written (ASCII
// letters, read lower case as Scan reads a text) as a text wrote it,
// where a text writes it as two words a single space apart that may be
// one (see SplitJoins): "set up" for a task's "setup" or "Setup", "data
// base" for its "database", "time stamps" for its "timestamp".
func (m *Matcher) JoinSplit(written string, k int) {
	if k < 0 || k >= m.words || !asciiLetters(written) {
		return
	}
	written = strings.ToLower(written) // the same string when it has no capital
	for cut := 1; cut <= len(written)-2 && cut < 32; cut++ {
		first, rest := written[:cut], written[cut:]
		if !firstPart(first) || functionWord(rest) && !Particle(rest) || otherSense(written) {
			continue
		}
		m.splits[first[0]] = append(m.splits[first[0]], split{first, rest, Stem(written), k})
		m.hasSplits = true
		m.splitLens[first[0]] |= 1 << cut
		// A first part of three letters or more starts as the word
		// does, so the gate lets it through already.
		m.gateOpen(first)
	}
}

// Family makes Scan report the wanted word k wherever a text has a word of
// the family root that is neither a wanted word nor an alias, and whose
// form joins form (see FamilyOf and Joins): "deployments" for a task's
// "deploy", "payouts" for its "paid". k is a word of its own, so that a
// caller can weigh another form of a word below the word itself.
func (m *Matcher) Family(root string, form Form, k int) {
	if root == "" {
		return
	}
	if m.families == nil {
		m.families = map[string]family{}
	}
	if _, dup := m.families[root]; dup {
		return
	}
	m.families[root] = family{k, form}
	m.roots = append(m.roots, root)
	m.forget()
	// Every word of the family starts with the root's first three
	// letters, but for irregular forms ("paid" for "pay").
	m.gateOpen(root)
	for _, f := range FamilyForms(root) {
		m.gateOpen(f)
	}
}

// JoinHyphens makes Scan also report a wanted word written as two words
// joined by a hyphen: "e-paper", "Wi-Fi" and "log-in" are found as
// "epaper", "wifi" and "login" (each part is still reported if wanted).
// Only ASCII words are joined, and only two at a time: in "x-api-key",
// "xapi" and "apikey".
func (m *Matcher) JoinHyphens() { m.hyphens = true }

func second(w string) byte {
	if len(w) > 1 {
		return w[1]
	}
	return 0
}

func gateKey(a, b byte) int { return int(a)<<8 | int(b) }

// thirdBit is the gate's bit for a word (lower case) by its third byte:
// one per letter and digit, one for a word of two bytes or fewer, one for
// anything else.
func thirdBit(w string) uint {
	if len(w) < 3 {
		return 36
	}
	return byteBit(w[2])
}

// byteBit is thirdBit for a word whose third byte (lower case) is c.
func byteBit(c byte) uint {
	switch {
	case 'a' <= c && c <= 'z':
		return uint(c - 'a')
	case '0' <= c && c <= '9':
		return 26 + uint(c-'0')
	}
	return 37
}

// passes reports whether the ASCII word w may be a wanted one. It is
// small enough to be inlined into Scan, which calls it for every word of
// a memory: the call was 10% of the scan's instructions.
func (m *Matcher) passes(w string) bool {
	i := m.gate[gateKey(lowerByte[w[0]], secondLower(w))]
	bit := uint64(1 << 36)
	if len(w) >= 3 {
		bit = thirdMask[w[2]]
	}
	return m.masks[i]&bit != 0
}

// thirdMask is the gate's bit (1 << byteBit) for a word's third byte c,
// lower-cased.
var thirdMask = func() (t [256]uint64) {
	for c := range 256 {
		t[c] = 1 << byteBit(lower(byte(c)))
	}
	return t
}()

func lower(c byte) byte {
	if isUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}

// Scan calls hit with the index of every wanted word in text, once per
// occurrence, in text order (a camelCase word before its pieces), and
// returns how many words text has, counting the pieces of a camelCase word
// and not the word itself.
func (m *Matcher) Scan(text string, hit func(int)) int {
	words := 0
	i := 0
	m.phrase.reset()
	// The word before, for JoinHyphens and JoinSplit; prevEnd is -2
	// before the first.
	prevStart, prevEnd, prevASCII := 0, -2, false
	m.firstEnd = -2
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf && !asciiWord[c] {
			m.phrase.pending = m.phrase.pending || phraseBreak[c]
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			kind := m.runeKind(r)
			if kind == kindNone {
				i += size
				continue
			}
			if kind == kindIdeograph {
				words++
				m.report(m.wideIndex(&m.ideographs, text[i:i+size], false), hit)
				i += size
				continue
			}
		}
		start := i
		ascii := true
		// seen ORs the classes of the word's bytes after the first: only a
		// word with an upper-case letter there can be camelCase, which is
		// rare enough to check afterwards.
		var seen byte
		if c < utf8.RuneSelf {
			i++
		}
		for i < len(text) {
			v := byteClass[text[i]]
			if v&classWord != 0 {
				seen |= v
				i++
				continue
			}
			if v != classOther {
				break
			}
			r, size := utf8.DecodeRuneInString(text[i:])
			if m.runeKind(r) != kindWord {
				break
			}
			ascii = false
			i += size
		}
		if prevEnd == start-1 && ascii {
			switch {
			case text[prevEnd] == '-':
				if m.hyphens && prevASCII {
					m.joined(text[prevStart:prevEnd], text[start:i], hit)
				}
			case m.firstEnd == prevEnd && text[prevEnd] == ' ':
				m.spaced(text, text[prevStart:prevEnd], text[start:i], i, hit)
			}
		}
		prevStart, prevEnd, prevASCII = start, i, ascii
		if m.acronyms != nil {
			m.initial(text[start:i], hit)
		}
		if m.capitals != nil && seen&classUpper != 0 {
			m.capital(text[start:i], hit)
		}
		if seen&classUpper == 0 || !hasCamelBreak(text, start, i) {
			words++
			if ascii && !m.passes(text[start:i]) {
				continue
			}
			m.word(text[start:i], ascii, hit)
			if m.hasSplits && ascii && m.mayBeFirst(text, start, i) {
				m.firstEnd = i
			}
			continue
		}
		// A camelCase word's pieces are reported next: reporting an
		// alias ("WiFi" for "wi" and "fi") here too would count them twice.
		m.noAlias = true
		m.word(text[start:i], ascii, hit)
		m.noAlias = false
		from := start
		for j := start + 1; j < i; j++ {
			if camelBreak(text, start, j) {
				words++
				m.word(text[from:j], !hasNonASCII(text[from:j]), hit)
				from = j
			}
		}
		words++
		m.word(text[from:i], !hasNonASCII(text[from:i]), hit)
	}
	return words
}

// Byte classes for the scan's inner loop: ASCII letters and digits are
// word bytes (upper-case ones marked), bytes from 0x80 start a rune to
// decode, everything else ends a word.
const (
	classEnd   = 0
	classWord  = 1
	classUpper = 2
	classOther = 4
)

var byteClass = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = classOther
		case 'A' <= c && c <= 'Z':
			t[c] = classWord | classUpper
		case asciiWord[c]:
			t[c] = classWord
		}
	}
	return t
}()

var lowerByte = func() (t [256]byte) {
	for c := range 256 {
		t[c] = lower(byte(c))
	}
	return t
}()

// secondLower is the lower-cased second byte of w, or 0 for a word of one
// byte, as the gate is keyed.
func secondLower(w string) byte {
	if len(w) > 1 {
		return lowerByte[w[1]]
	}
	return 0
}

// hasCamelBreak reports whether the word text[start:end] breaks anywhere
// into camelCase pieces.
func hasCamelBreak(text string, start, end int) bool {
	for j := start + 1; j < end; j++ {
		if camelBreak(text, start, j) {
			return true
		}
	}
	return false
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// word looks up one word of text as Tokenize would fold and stem it; an
// ASCII word whose first two letters start no wanted word is rejected
// without folding it.
func (m *Matcher) word(w string, ascii bool, hit func(int)) {
	if !ascii {
		m.report(m.wideIndex(&m.wide, w, true), hit)
		return
	}
	if !m.passes(w) {
		return
	}
	m.buf = m.buf[:0]
	for j := 0; j < len(w); j++ {
		m.buf = append(m.buf, lower(w[j]))
	}
	m.report(m.find(), hit)
}

// find is the index of the wanted word or alias the lower-case ASCII word
// in m.buf stems to, or -1.
func (m *Matcher) find() int {
	if len(m.buf) <= 3 && m.families == nil {
		if k, ok := m.index[string(m.buf)]; ok {
			return k
		}
		return -1
	}
	k, ok := m.stems[string(m.buf)]
	if !ok {
		k = -1
		if j, found := m.index[Stem(string(m.buf))]; found {
			k = j
		} else if root, form := FamilyOf(string(m.buf)); m.families != nil {
			if f, found := m.family(root); found && Joins(f.form, form) {
				k = f.k
			}
		}
		m.stems[string(m.buf)] = k
	}
	return k
}

// family returns the wanted family of root: the one whose root it is,
// or else one whose root is near it (see Near). A Matcher has a family
// for each word of a task, a handful, and looks each word of a memory up
// once.
func (m *Matcher) family(root string) (family, bool) {
	if f, ok := m.families[root]; ok {
		return f, true
	}
	for _, r := range m.roots {
		if Near(r, root) {
			return m.families[r], true
		}
	}
	return family{}, false
}

// report calls hit with k, or with the words of alias k; nothing for -1.
func (m *Matcher) report(k int, hit func(int)) {
	if k >= 0 {
		m.seen[k] = true
	}
	switch {
	case k < 0:
	case k < m.words:
		hit(k)
	case m.noAlias:
	default:
		for _, j := range m.fans[k-m.words] {
			hit(j)
		}
	}
}

// How runeKind tells a rune outside ASCII.
const (
	kindNone      = 1 // no word rune
	kindWord      = 2 // a word rune that is no ideograph
	kindIdeograph = 3 // a word of its own (isIdeographic)
)

// runeKind is kindNone, kindWord or kindIdeograph for r, read from the
// tables once for each rune of the Basic Multilingual Plane.
func (m *Matcher) runeKind(r rune) uint8 {
	if r >= 0x10000 || r < 0 {
		return kindOf(r)
	}
	if m.kinds == nil {
		m.kinds = new([0x10000]uint8)
	}
	k := m.kinds[r]
	if k == 0 {
		k = kindOf(r)
		m.kinds[r] = k
	}
	return k
}

func kindOf(r rune) uint8 {
	switch {
	case !isWordRune(r):
		return kindNone
	case isIdeographic(r):
		return kindIdeograph
	}
	return kindWord
}

// wideIndex is the index of the wanted word or alias that s, outside
// ASCII, folds to (and stems to, with stem), or -1, looked up once for
// each s in memo.
func (m *Matcher) wideIndex(memo *map[string]int, s string, stem bool) int {
	if k, ok := (*memo)[s]; ok {
		return k
	}
	t := Fold(s)
	if stem {
		t = Stem(t)
	}
	k, ok := m.index[t]
	if !ok {
		k = -1
	}
	if *memo == nil {
		*memo = map[string]int{}
	}
	(*memo)[s] = k
	return k
}

// joined reports the wanted word that the ASCII words a and b, written
// a-b, make together, if any. An alias is not reported: a text that writes
// both words of an alias is found by them.
func (m *Matcher) joined(a, b string, hit func(int)) {
	if !isLetter(a[0]) || !isLetter(b[0]) {
		// "10-20" and "v1-2" are ranges, not a word.
		return
	}
	c := b[0]
	if len(a) >= 2 {
		c = a[1]
	}
	third := byte(0)
	switch {
	case len(a) >= 3:
		third = a[2]
	case len(a) == 2:
		third = b[0]
	case len(b) >= 2:
		third = b[1]
	}
	i := m.gate[gateKey(lowerByte[a[0]], lowerByte[c])]
	if i == 0 || third == 0 || m.masks[i]&(1<<byteBit(lowerByte[third])) == 0 {
		return
	}
	m.buf = m.buf[:0]
	for _, w := range [2]string{a, b} {
		for j := 0; j < len(w); j++ {
			m.buf = append(m.buf, lower(w[j]))
		}
	}
	k := m.find()
	if k >= 0 {
		m.seen[k] = true
	}
	if k >= 0 && k < m.words {
		hit(k)
	}
}

// mayBeFirst reports whether the ASCII word text[start:end], which the
// gate let through, may be the first part of a word JoinSplit gave: only
// such a word is checked with the word after it (see spaced). Checking
// every pair of words a space apart instead cost recall --task 4-8% more
// instructions on bench/'s default and prose 1 MB memories (callgrind).
func (m *Matcher) mayBeFirst(text string, start, end int) bool {
	n := end - start
	return n < 32 && m.splitLens[lowerByte[text[start]]]&(1<<n) != 0
}

// spaced reports the word given to JoinSplit that a and b, ASCII words
// written "a b" in text with b ending at end, make together, if any.
func (m *Matcher) spaced(text, a, b string, end int, hit func(int)) {
	for _, s := range m.splits[lowerByte[a[0]]] {
		if len(s.first) != len(a) || lowerByte[b[0]] != s.rest[0] || !equalLower(a, s.first) {
			continue
		}
		m.buf = m.buf[:0]
		for _, w := range [2]string{a, b} {
			for j := 0; j < len(w); j++ {
				m.buf = append(m.buf, lower(w[j]))
			}
		}
		if !asciiLetters(b) || Stem(string(m.buf)) != s.term {
			continue
		}
		if lb := m.buf[len(a):]; (string(lb) == "in" || string(lb) == "on") && !SplitJoins(s.first, string(lb), WordAfterSpace(text, end)) {
			return
		}
		hit(s.k)
		return
	}
}

// equalLower reports whether w written in lower case is lw.
func equalLower(w, lw string) bool {
	for j := 0; j < len(w); j++ {
		if lower(w[j]) != lw[j] {
			return false
		}
	}
	return true
}

// WordAfterSpace is the word (lower case, ASCII letters) after the
// single space at text[i], or the byte there when it is no letter ("/" of
// "/var/log", "2" of "2 places"), or "" where text[i] is no space: the
// next that SplitJoins reads, in a task as in a memory.
func WordAfterSpace(text string, i int) string {
	if i+1 >= len(text) || text[i] != ' ' {
		return ""
	}
	j := i + 1
	for j < len(text) && isLetter(text[j]) {
		j++
	}
	if j == i+1 {
		return text[i+1 : i+2]
	}
	return strings.ToLower(text[i+1 : j])
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
