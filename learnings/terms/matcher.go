package terms

import "unicode/utf8"

// Matcher finds a fixed set of wanted words in texts, as Tokenize would
// emit them (plain words and the parts of compounds; never a compound
// whole). It is built for scanning a whole memory file on every run: most
// words are rejected by their first two letters without being lower-cased,
// stemmed or looked up, so a scan costs little more than reading the bytes.
type Matcher struct {
	index map[string]int
	// gate marks the first two bytes (lower case) of every ASCII wanted
	// word; a word starting otherwise cannot be one.
	gate [1 << 16]bool
	buf  []byte
}

// NewMatcher returns a Matcher for words, each a term as Tokenize emits it
// (folded and stemmed). Scan reports a word by its index in words.
func NewMatcher(words []string) *Matcher {
	m := &Matcher{index: make(map[string]int, len(words))}
	for i, w := range words {
		if _, dup := m.index[w]; dup || w == "" {
			continue
		}
		m.index[w] = i
		m.gate[gateKey(w[0], second(w))] = true
	}
	return m
}

func second(w string) byte {
	if len(w) > 1 {
		return w[1]
	}
	return 0
}

func gateKey(a, b byte) int { return int(a)<<8 | int(b) }

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
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf && !asciiWord[c] {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			if !isWordRune(r) {
				i += size
				continue
			}
			if isIdeographic(r) {
				words++
				m.lookup(Fold(text[i:i+size]), hit)
				i += size
				continue
			}
		}
		start := i
		ascii := true
		camel := false
		for i < len(text) {
			c := text[i]
			if c < utf8.RuneSelf {
				if !asciiWord[c] {
					break
				}
				camel = camel || camelBreak(text, start, i)
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(text[i:])
			if !isWordRune(r) || isIdeographic(r) {
				break
			}
			ascii = false
			i += size
		}
		if !camel {
			words++
			m.word(text[start:i], ascii, hit)
			continue
		}
		m.word(text[start:i], ascii, hit)
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
		m.lookup(Stem(Fold(w)), hit)
		return
	}
	var b byte
	if len(w) > 1 {
		b = lower(w[1])
	}
	if !m.gate[gateKey(lower(w[0]), b)] {
		return
	}
	m.buf = m.buf[:0]
	for j := 0; j < len(w); j++ {
		m.buf = append(m.buf, lower(w[j]))
	}
	if len(w) <= 3 {
		if k, ok := m.index[string(m.buf)]; ok {
			hit(k)
		}
		return
	}
	m.lookup(Stem(string(m.buf)), hit)
}

func (m *Matcher) lookup(term string, hit func(int)) {
	if k, ok := m.index[term]; ok {
		hit(k)
	}
}
