package search

import (
	"math/bits"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/internal/le"
	"github.com/learn-memory/learn/learnings/terms"
)

// anyHolds reports whether a field of one of the learnings may hold one of
// the terms (see holds): when none may, no learning matches, and Search
// answers without reading a word, since the lengths it counts only rank
// the learnings that match. "learn search zyzzyvaquux" read every word
// of the file as "learn search retry" does.
func (g *gate) anyHolds(docs []*learnings.Learning) bool {
	var session *learnings.Session
	for _, l := range docs {
		if g.holds(l.Text) {
			return true
		}
		if s := l.Session; s != nil && s != session {
			session = s
			if g.holds(s.Focus) || g.holds(s.Project) {
				return true
			}
		}
	}
	return false
}

// ones has a 1 in every byte, highs the top bit of every byte.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// holds reports whether a word of text may hold a term: it is false only
// when none does. skim stops where a root is spelt (rootAt) and at a rune
// beyond ASCII it cannot pass over; holds looks for both anywhere, not
// only where a word or a camelCase piece starts, so it is true wherever
// skim may stop but at a rune past U+FFFF that is no part of a word (an
// emoji), which skim leaves to may and no word holds.
//
// Eight bytes at a time, it passes over those that hold no root's first
// letter in either case and no byte beyond ASCII, with no branch but the
// loop's, and looks closer only at the others. Only a gate that reads with
// the table (every term starts in ASCII) is read this way; any other may
// stop in every text.
func (g *gate) holds(text string) bool {
	if !g.stepped {
		return true
	}
	if g.firsts == nil {
		return g.holdsBytes(text, 0)
	}
	for i := 0; ; {
		if len(g.firsts) == 1 {
			i = passFirst(text, i, g.firsts[0])
		}
		if i+8 > len(text) {
			return g.holdsBytes(text, i)
		}
		x := le.Uint64(text[i:])
		m := g.firstsIn(x)
		wide := x & highs
		if wide == 0 {
			if m != 0 && g.rootsAt(text, i, m) {
				return true
			}
			i += 8
			continue
		}
		// The chunk's bytes before the first one beyond ASCII are ASCII,
		// so that byte starts a rune.
		n := bits.TrailingZeros64(wide) / 8
		if m &= 1<<(8*n) - 1; m != 0 && g.rootsAt(text, i, m) {
			return true
		}
		// Then the runes beyond ASCII from there on, one by one.
		for i += n; i < len(text) && text[i] >= utf8.RuneSelf; {
			k, size := g.rune(text, i)
			if k&runeStop != 0 && (size < 4 || wordRune(text[i:])) {
				return true
			}
			i += size
		}
	}
}

// passFirst is where the first eight bytes of text from i on that hold
// first's byte in either case, or a byte beyond ASCII, start, or where
// fewer than eight are left. A text's eight bytes cost 26 instructions
// (amd64, go1.26, counted in go build -gcflags=-S); for a word no
// learning holds it saves learn search 0.5% to 2.7% of its instructions
// on the 8 generators' 1 MB memories (intl 0.5%, long 2.7%; callgrind).
func passFirst(text string, i int, first uint64) int {
	for ; i+8 <= len(text); i += 8 {
		x := le.Uint64(text[i:])
		v := (x | 0x20*ones) ^ first
		if (^(v+0x7f*ones)|x)&highs != 0 {
			return i
		}
	}
	return i
}

// firstsIn is the top bits of the bytes of x (eight bytes of a text from
// little to big end) that are a root's first letter in either case (or a
// digit's control byte, which rootAt turns down), up to the first byte
// beyond ASCII: adding 0x7f sets the top bit of every byte of v but those
// that are 0, and a byte over 0x80 carries into the next.
func (g *gate) firstsIn(x uint64) uint64 {
	l := x | 0x20*ones
	var m uint64
	for _, p := range g.firsts {
		v := l ^ p
		m |= ^(v + 0x7f*ones) & highs
	}
	return m
}

// rootsAt reports whether a root starts at one of the bytes of text from
// i on that m marks with its top bit.
func (g *gate) rootsAt(text string, i int, m uint64) bool {
	for ; m != 0; m &= m - 1 {
		if g.rootAt(text, i+bits.TrailingZeros64(m)/8) {
			return true
		}
	}
	return false
}

// holdsBytes is holds reading text a byte (or a rune) at a time from byte
// i, where a rune starts.
func (g *gate) holdsBytes(text string, i int) bool {
	for i < len(text) {
		c := text[i]
		if c >= 0x80 {
			k, size := g.rune(text, i)
			if k&runeStop != 0 && (size < 4 || wordRune(text[i:])) {
				return true
			}
			i += size
			continue
		}
		if g.starts[c] && g.rootAt(text, i) {
			return true
		}
		i++
	}
	return false
}

// firstLetters is the first bytes of the roots, each in every byte of a
// number, when holds may look for them eight at a time, else nil: each
// with bit 5 set, as the lower case of an ASCII letter and a digit are, so
// that setting bit 5 of a text's byte turns both cases of a letter into it.
func (g *gate) firstLetters() []uint64 {
	var firsts []uint64
	for c, roots := range g.spell {
		if len(roots) == 0 {
			continue
		}
		if c&0x20 == 0 || c >= 0x80 {
			return nil
		}
		firsts = append(firsts, uint64(c)*ones)
	}
	return firsts
}

// wordRune reports whether the rune s starts with is part of a word
// (terms.WordRune).
func wordRune(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	word, _ := terms.WordRune(r)
	return word
}
