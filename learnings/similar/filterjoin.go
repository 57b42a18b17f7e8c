package similar

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// The filter's word weight bounds every path Compare takes but one: two
// texts that write a compound two ways ("banneris", "banner is") are the
// same learning when they are once it is written closed in both
// (sameOnceJoined), at a Score as low as joinedFloor and with no word weight
// shared before joining. Such a pair has a compound both texts write, one
// of them in a way the other does not (compoundsToJoin), so the filter looks
// in each stored text for the closed forms of the candidate's compounds,
// written another way than the candidate writes them, and lets a pair that
// has one through to the bounds of the joined path (see Matches).

// filterKey is the closed form of a compound or a word of a candidate
// ("banneris" for "banner is"), lower-cased as compoundFormsOf has it, and
// the ways the candidate writes it (formClosed, formHyphen, formOpen).
type filterKey struct {
	s     string
	cand  int32
	forms uint8
}

// keyPairs are the keys of one first byte by the byte after it, as
// rootPairs are the roots: lists[at[n]] holds the keys whose second byte is
// n, and lists[1] every key of the first byte, which a stored text may
// follow with a non-ASCII rune whose lower case is the key's second letter;
// at[n] is afterSpace for white space and a hyphen, which a stored text may
// write after a key's first letter ("e mail"), and 0 for a byte no key may
// have there.
type keyPairs struct {
	at    [256]uint16
	lists []keyList
}

// afterSpace marks in keyPairs.at the bytes after which the letter that
// follows tells which keys may start there.
const afterSpace = 0xffff

// keyList is a list of keys and what tells, from the run of ASCII letters
// a stored word starts with and the byte after it, that none of them is
// written there in a way its candidate does not write it (see markKeys).
// closedLens has bit n set for a key of n bytes the candidate does not
// write closed only, which a stored word of n letters may be; openAt[n]
// and hyphenAt[n] have, for each key of more than n bytes the candidate
// does not write open only (hyphenated only), the bit of its byte n (a-z,
// or splitOther for another), which may follow a run of n and white space
// (a hyphen). long is set when a key has maxKeyRun bytes or more, which
// the bits leave out.
type keyList struct {
	keys             []filterKey
	closedLens       uint64
	openAt, hyphenAt [maxKeyRun]uint32
	long             bool
}

const (
	maxKeyRun  = 32
	splitOther = 1 << 31
)

// add lists k, and sets its bits for the ways a stored text may write it
// that its candidate does not (newForm).
func (l *keyList) add(k filterKey) {
	l.keys = append(l.keys, k)
	if len(k.s) >= maxKeyRun {
		l.long = true
		return
	}
	if newForm(formClosed, k.forms) {
		l.closedLens |= 1 << len(k.s)
	}
	open, hyphen := newForm(formOpen, k.forms), newForm(formHyphen, k.forms)
	for n := 1; n < len(k.s); n++ {
		if open {
			l.openAt[n] |= letterBit(k.s[n])
		}
		if hyphen {
			l.hyphenAt[n] |= letterBit(k.s[n])
		}
	}
}

// newForm reports whether a stored text that writes a key the way form
// says may write it in a way a candidate that writes it the ways forms
// says does not (compoundsToJoin): form is not among forms, or forms
// holds two ways, and the stored text may write only one.
func newForm(form, forms uint8) bool {
	return form&^forms != 0 || forms&(forms-1) != 0
}

// letterBit is the bit of c in keyList.openAt and hyphenAt.
func letterBit(c byte) uint32 {
	if 'a' <= c && c <= 'z' {
		return 1 << (c - 'a')
	}
	return splitOther
}

// addKeys lists the keys of candidate i, the closed forms of its words and
// compounds as compoundFormsOf reads them from its text: a stored text
// shares with it a compound to join only where it writes one of them. A
// one-letter word the candidate writes only closed is none: it cannot be
// written another way.
func addKeys(i int, t *Text, byFirst *[256][]filterKey, holders map[string][]filterKey) {
	for k, forms := range compoundFormsOf(compoundWords(t.src, false)) {
		if forms == formClosed && utf8.RuneCountInString(k) < 2 {
			continue
		}
		key := filterKey{s: k, cand: int32(i), forms: forms}
		byFirst[k[0]] = append(byFirst[k[0]], key)
		holders[k] = append(holders[k], key)
	}
}

// pairKeys sets f.keys from the keys by their first byte, and f.upper.
func (f *Filter) pairKeys(byFirst *[256][]filterKey) {
	for c, keys := range byFirst {
		if len(keys) == 0 {
			continue
		}
		p := &keyPairs{lists: make([]keyList, 2)}
		for _, k := range keys {
			p.lists[1].add(k)
			n := k.s[1] // every key has two bytes: a letter is one only in ASCII
			if n >= utf8.RuneSelf {
				continue // in lists[1]
			}
			if p.at[n] == 0 {
				p.at[n] = uint16(len(p.lists))
				p.lists = append(p.lists, keyList{})
			}
			p.lists[p.at[n]].add(k)
		}
		for n := range 256 {
			switch {
			case n == '-' || asciiSpace(byte(n)):
				p.at[n] = afterSpace
			case n >= utf8.RuneSelf:
				p.at[n] = 1
			}
		}
		f.keys[c] = p
		for n, at := range p.at {
			if at != 0 {
				f.keySeconds[c][n/64] |= 1 << (n % 64)
			}
		}
	}
	for _, r := range casedRunes() {
		var up, low [utf8.UTFMax]byte
		utf8.EncodeRune(up[:], r)
		utf8.EncodeRune(low[:], unicode.ToLower(r))
		if f.keys[low[0]] != nil {
			f.upper[up[0]][up[1]/64] |= 1 << (up[1] % 64)
			f.keySeconds[up[0]][up[1]/64] |= 1 << (up[1] % 64)
		}
	}
}

// casedRunes are the runes outside ASCII that unicode.ToLower changes
// into a letter, as strings.ToLower changes them in compoundFormsOf: the
// upper-case and title-case letters ("Ä", "ǅ", the Kelvin sign).
// TestCasedRunes checks the list against every rune.
var casedRunes = sync.OnceValue(func() []rune {
	var out []rune
	add := func(lo, hi, stride rune) {
		for r := lo; r <= hi; r += stride {
			if l := unicode.ToLower(r); r >= utf8.RuneSelf && l != r && unicode.IsLetter(l) {
				out = append(out, r)
			}
		}
	}
	for _, t := range []*unicode.RangeTable{unicode.Upper, unicode.Title} {
		for _, rg := range t.R16 {
			add(rune(rg.Lo), rune(rg.Hi), rune(rg.Stride))
		}
		for _, rg := range t.R32 {
			add(rune(rg.Lo), rune(rg.Hi), rune(rg.Stride))
		}
	}
	return out
})

// keysAt marks the candidates one of whose keys the stored text writes at
// text[i], in the raw text, in a way that may differ from the candidate's
// (newForm); c and next are text[i] and the byte after it lower-cased,
// end is where the run of ASCII letters and digits at i ends. A stored
// word that starts with a non-ASCII letter whose lower case starts with
// another byte (the Kelvin sign, "k") is looked for by its lower case,
// when upper has a bit for its first two bytes.
func (f *Filter) keysAt(text string, i, end int, c, next byte, sc *filterScratch) {
	if c >= 0xc0 && f.upper[c][next/64]&(1<<(next%64)) != 0 {
		r, _ := utf8.DecodeRuneInString(text[i:])
		var low [utf8.UTFMax]byte
		utf8.EncodeRune(low[:], unicode.ToLower(r))
		if p := f.keys[low[0]]; p != nil {
			markKeys(text[i:], 0, 0, 0, &p.lists[1], sc)
		}
	}
	p := f.keys[c]
	if p == nil || p.at[next] == 0 {
		return
	}
	at := p.at[next]
	if at == afterSpace {
		// The letter after the white space or hyphens tells.
		j := i + 1
		for j < len(text) && (text[j] == '-' || asciiSpace(text[j])) {
			j++
		}
		if j == len(text) {
			return
		}
		if at = p.at[lower(text[j])]; at == afterSpace {
			return
		}
	}
	l, run, after := &p.lists[at], end-i, byte(0)
	if end < len(text) {
		after = text[end]
	}
	if run == 0 || after >= utf8.RuneSelf || l.long || run >= maxKeyRun {
		markKeys(text[i:], 0, 0, 0, l, sc)
		return
	}
	// Most places a key is tried hold a word of the candidate as written
	// (a key of its own, or the first word of one of its pairs), which
	// the run rules out without reading the text again: as compoundWords
	// reads it, a word of ASCII letters and the byte after it tell the
	// one way a key may be written there, closed in a run as long as the
	// key, open in a shorter one that white space ends, hyphenated in one
	// a hyphen ends, with the key's next letter after it.
	split, resumes := byte(0), byte(0)
	closed := after != '-' && l.closedLens&(1<<run) != 0
	if after == '-' || asciiSpace(after) {
		bits, j := &l.openAt, end+1
		split = formOpen
		if after == '-' {
			bits, split = &l.hyphenAt, formHyphen
		} else {
			for j < len(text) && asciiSpace(text[j]) {
				j++
			}
		}
		if j < len(text) {
			resumes = lower(text[j])
		}
		if resumes < utf8.RuneSelf && bits[run]&letterBit(resumes)&^splitOther == 0 || bits[run] == 0 {
			split = 0 // no key of this run's letters written apart here
		}
	}
	if (closed || split != 0) && !f.markWritten(text, i, end, closed, split, sc) {
		markKeys(text[i:], run, split, resumes, l, sc)
	}
}

// markWritten marks the candidates that hold the closed form of what the
// stored text writes at text[i], a word of ASCII letters that ends at end:
// the word itself when closed is set, and when split is, the word and the
// letters after it, across the white space or the hyphens (split says
// which) as compoundWords reads them: one look-up in keyHolders each,
// however many keys there are. It reports false, having marked nothing,
// where a rune outside ASCII after the letters leaves the form to
// markKeys. Against markKeys' walk through every key of the list, it took
// summarise - of 40 candidates on each generator's 1 MB memory from, in M
// instructions (callgrind, GOMAXPROCS=1), 571.3 to 533.5 on prose, 877.3
// to 838.6 on long, 726.9 to 707.4 on agent, 503.7 to 492.6 on zipf,
// 798.9 to 789.3 on paths, 726.2 to 719.5 on sparse, 959.7 to 952.7 on
// default and 1315.6 to 1314.5 on intl, and left store's four-learning
// session as it was (148.4 and 149.0 on default). Before the keys,
// summarise took 477.3 on prose (measured with 578.9 and 541.3 for the
// two above).
func (f *Filter) markWritten(text string, i, end int, closed bool, split byte, sc *filterScratch) bool {
	word := text[i:end]
	for k := range len(word) {
		if !isLetterByte(word[k]) {
			return true // a digit: no form of a key
		}
	}
	buf := sc.keyBuf[:0]
	if split != 0 {
		buf = append(buf, word...)
		j := end + 1
		for split == formOpen && j < len(text) && asciiSpace(text[j]) {
			j++
		}
		for {
			k := j
			for k < len(text) && isLetterByte(text[k]) {
				k++
			}
			if k < len(text) && text[k] >= utf8.RuneSelf {
				sc.keyBuf = buf
				return false // a letter outside ASCII may start or go on
			}
			if k == j {
				break
			}
			buf = append(buf, text[j:k]...)
			if split != formHyphen || k+1 >= len(text) || text[k] != '-' {
				break
			}
			j = k + 1
		}
		if len(buf) > len(word) {
			f.markHolders(buf, split, sc)
		}
	}
	if closed {
		buf = append(buf[:0], word...)
		f.markHolders(buf, formClosed, sc)
	}
	sc.keyBuf = buf
	return true
}

// markHolders marks the candidates that hold the key buf spells, in any
// case, as a stored text that writes it the way form says may write it
// another way than they do.
func (f *Filter) markHolders(buf []byte, form uint8, sc *filterScratch) {
	for k, c := range buf {
		buf[k] = lower(c)
	}
	for _, h := range f.keyHolders[string(buf)] {
		if newForm(form, h.forms) {
			sc.joined[h.cand] = true
		}
	}
}

// markKeys marks the candidates of the keys of l that s writes at its
// start in a way that may differ from the candidate's (newForm). When run
// is not 0, s starts with a word of run ASCII letters and digits, that
// may be a key written closed when as long, and one written the way split
// says (0 for neither), with resumes after it, when longer; when run is 0,
// keyFormAt tells for every key.
func markKeys(s string, run int, split, resumes byte, l *keyList, sc *filterScratch) {
	for _, k := range l.keys {
		if sc.joined[k.cand] {
			continue
		}
		switch {
		case run == 0:
			if form := keyFormAt(s, k.s); form != 0 && newForm(form, k.forms) {
				sc.joined[k.cand] = true
			}
			continue
		case run == len(k.s):
			if (run == len(s) || s[run] != '-') && newForm(formClosed, k.forms) {
				break
			}
			continue
		case run < len(k.s) && split != 0:
			if (resumes >= utf8.RuneSelf || resumes == k.s[run]) && newForm(split, k.forms) {
				break
			}
			continue
		default:
			continue
		}
		if keyFormAt(s, k.s) != 0 {
			sc.joined[k.cand] = true
		}
	}
}

// keyFormAt is the way s writes key at its start, as compoundWords would
// read it: formClosed for the word itself in any case, formHyphen for its
// letters with hyphens between them, formOpen with white space between
// them; 0 when s does not start with key followed by no letter. It errs
// towards finding a form (a hyphen and a space in one, a space after a
// comma's word, a word in backticks): a form found where compoundWords
// reads none only sends a pair on to the bounds.
func keyFormAt(s, key string) uint8 {
	form := uint8(0)
	i, j := 0, 0
	for j < len(key) {
		if i >= len(s) {
			return 0
		}
		if b := s[i]; b < utf8.RuneSelf {
			switch {
			case lower(b) == key[j]:
				i++
				j++
			case j > 0 && b == '-':
				form |= formHyphen
				i++
			case j > 0 && asciiSpace(b):
				form |= formOpen
				i++
			default:
				return 0
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var buf [utf8.UTFMax]byte
		n := utf8.EncodeRune(buf[:], unicode.ToLower(r))
		switch {
		case len(key)-j >= n && string(buf[:n]) == key[j:j+n]:
			j += n
		case j > 0 && unicode.IsSpace(r):
			form |= formOpen
		default:
			return 0
		}
		i += size
	}
	if r, _ := utf8.DecodeRuneInString(s[i:]); i < len(s) && unicode.IsLetter(r) {
		return 0 // a longer word
	}
	if form == 0 {
		return formClosed
	}
	return form
}
