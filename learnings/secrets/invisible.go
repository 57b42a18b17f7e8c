package secrets

import (
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/internal/le"
)

// isInvisible reports the characters that render as nothing: zero-width
// spaces and joiners, the word joiner, the byte-order mark, the soft
// hyphen, bidi marks and controls, variation selectors, Hangul fillers and
// tag characters. Pasted into a key ("ghp_abc\u200bdef…") they hide it
// from a scanner that reads bytes while leaving it whole for whoever
// copies it, so Scan reads the text without them.
func isInvisible(r rune) bool {
	switch {
	case r == 0x00AD, r == 0x034F, r == 0x061C, r == 0x115F, r == 0x1160, r == 0x17B4, r == 0x17B5,
		r >= 0x180B && r <= 0x180F, r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E,
		r >= 0x2060 && r <= 0x206F, r == 0x3164, r >= 0xFE00 && r <= 0xFE0F, r == 0xFEFF, r == 0xFFA0,
		r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}

// asASCII is the printable ASCII character that r stands for in a key:
// the long s (U+017F) and the Kelvin sign (U+212A), which Unicode case
// folding, and so the rules' (?i), reads as s and k, and the fullwidth
// forms of ASCII (U+FF01-FF5E, "ｐａｓｓｗｏｒｄ＝…"), which a person reads
// as the ASCII they stand for. The hint index matches ASCII bytes only:
// "paſſword" and "ＰＡＳＳＷＯＲＤ" held no hint, so a secret set with
// either was stored and shown. 0 for any other character.
func asASCII(r rune) byte {
	switch {
	case r == 0x017F:
		return 's'
	case r == 0x212A:
		return 'K'
	case r >= 0xFF01 && r <= 0xFF5E:
		return byte(r - 0xFF01 + '!')
	}
	return 0
}

// invisibleLead reports the first bytes of the UTF-8 encodings of the
// invisible characters and of those asASCII reads, so that fold decodes
// only where one can start.
func invisibleLead(c byte) bool {
	switch c {
	case 0xC2, 0xC5, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF3:
		return true
	}
	return false
}

// cut is where fold changed the text: an invisible character it removed,
// at its offset in the folded text and n its length in bytes, or, with
// tail set, the last n bytes of a character it wrote as the one ASCII byte
// before at.
type cut struct {
	at, n int
	tail  bool
}

// fold returns text without the invisible characters that follow a
// printable ASCII character (the only place one can split a key or the
// word "password"), with the characters asASCII reads written as ASCII,
// and where it changed them; text itself, and no cuts, when there is
// none. The common case costs one pass over the bytes and no allocation:
// an emoji's variation selector or a byte-order mark at the start follows
// no such character and stays.
func fold(text string) (string, []cut) {
	var b strings.Builder
	var cuts []cut
	prev, afterKey := 0, false
	for i := 0; i < len(text); {
		if i+8 <= len(text) && ascii8(text[i:]) {
			// Eight ASCII bytes at once: reading each generator's 10 MB
			// memory took 2-3 ms of CPU instead of 15-22 (intl, mostly
			// not ASCII, 12 instead of 21; BenchmarkFold).
			i += 8
			for i+8 <= len(text) && ascii8(text[i:]) {
				i += 8
			}
			c := text[i-1]
			afterKey = c > ' ' && c != 0x7f
			continue
		}
		c := text[i]
		if c < utf8.RuneSelf {
			afterKey = c > ' ' && c != 0x7f
			i++
			continue
		}
		if !invisibleLead(c) {
			afterKey = false
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if a := asASCII(r); a != 0 {
			if cuts == nil {
				b.Grow(len(text))
			}
			b.WriteString(text[prev:i])
			b.WriteByte(a)
			cuts = append(cuts, cut{at: b.Len(), n: n - 1, tail: true})
			prev = i + n
			afterKey = true
			i += n
			continue
		}
		switch {
		case !isInvisible(r):
			afterKey = false
		case afterKey:
			if cuts == nil {
				b.Grow(len(text))
			}
			b.WriteString(text[prev:i])
			cuts = append(cuts, cut{at: b.Len(), n: n})
			prev = i + n
		}
		i += n
	}
	if cuts == nil {
		return text, nil
	}
	b.WriteString(text[prev:])
	return b.String(), cuts
}

// ascii8 reports whether the first eight bytes of s are ASCII; s has
// eight at least. The compiler reads them in one load.
func ascii8(s string) bool {
	return le.Uint64(s)&0x8080808080808080 == 0
}

// unfold moves findings in folded text back onto the original text: a
// finding covers the invisible characters inside it, none around it, and
// the whole of a character fold wrote as ASCII.
func unfold(found []Finding, cuts []cut) {
	for i := range found {
		end := found[i].End
		found[i].Start = original(found[i].Start, cuts)
		found[i].End = original(end-1, cuts) + 1
		for _, c := range cuts {
			if c.at > end {
				break
			}
			if c.at == end && c.tail {
				found[i].End += c.n
			}
		}
	}
}

// original is the offset in the original text of the byte at folded
// offset at: every character cut at or before it comes first.
func original(at int, cuts []cut) int {
	o := at
	for _, c := range cuts {
		if c.at > at {
			break
		}
		o += c.n
	}
	return o
}
