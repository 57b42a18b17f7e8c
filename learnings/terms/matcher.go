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
// occurrence, in text order, and returns how many words text has.
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
		for i < len(text) {
			c := text[i]
			if c < utf8.RuneSelf {
				if !asciiWord[c] || camelBreak(text, start, i) {
					break
				}
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
		words++
		if !ascii {
			m.lookup(Stem(Fold(text[start:i])), hit)
			continue
		}
		var b byte
		if i-start > 1 {
			b = lower(text[start+1])
		}
		if !m.gate[gateKey(lower(text[start]), b)] {
			continue
		}
		m.buf = m.buf[:0]
		for j := start; j < i; j++ {
			m.buf = append(m.buf, lower(text[j]))
		}
		if i-start <= 3 {
			if k, ok := m.index[string(m.buf)]; ok {
				hit(k)
			}
			continue
		}
		m.lookup(Stem(string(m.buf)), hit)
	}
	return words
}

func (m *Matcher) lookup(term string, hit func(int)) {
	if k, ok := m.index[term]; ok {
		hit(k)
	}
}
