// Package sanitize makes text from the memory file safe to print to a
// terminal and to hand to an agent inside learn's frames. The file is plain
// text anyone with write access to the project can edit (a cloned
// repository ships one), and recall, search and show print it: raw, an
// escape sequence could retitle the window, write the clipboard (OSC 52),
// hide lines or move the cursor, a bidi override could make text read
// differently from what it is, and a closing </project-memory> could end
// the plugin's data frame early so the rest reads as instructions.
//
// Text neutralises all of that visibly: nothing is hidden and nothing runs.
package sanitize

import (
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/internal/le"
)

// FrameTags are the names of the tags learn (its command files, the
// opencode plugin) puts around memory it hands to an agent, and
// system-reminder, Claude Code's frame around a hook's context. No learning
// text may open or close one.
var FrameTags = []string{"project-memory", "project-memory-baseline", "improve-docs-report", "forget-preview", "system-reminder"}

// LookAlikeLT replaces the "<" of a frame tag found in learning text: the
// fullwidth less-than sign reads the same to a person and is no tag to a
// parser or a model.
const LookAlikeLT = "\uFF1C"

// Text returns s with every terminal control character, bidi override and
// frame tag neutralised, and s itself, unallocated, when there is none
// (the common case):
//
//   - C0 controls other than newline and tab (ESC, BEL, backspace, a bare
//     carriage return, ...) and DEL become \xNN, so an escape sequence
//     shows as "\x1b]0;title\x07" instead of running;
//   - C1 controls (U+0080-U+009F, which some terminals obey like ESC [)
//     and the bidi embeddings, overrides and isolates (U+202A-U+202E,
//     U+2066-U+2069) become \uNNNN;
//   - bytes that are not UTF-8 become \xNN, so a lone 0x9b cannot act as
//     an 8-bit CSI;
//   - the "<" of an opening or closing frame tag (any case, with spaces,
//     "_" for "-", attributes: "</Project-Memory >", "< project_memory
//     x=1>") becomes LookAlikeLT.
//
// A carriage return before a newline is kept: it ends a CRLF line.
func Text(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		switch {
		case c == '<':
			if isFrameTag(s[i:]) {
				b.WriteString(LookAlikeLT)
			} else {
				b.WriteByte(c)
			}
			i++
		case c < utf8.RuneSelf:
			if unsafeASCII(s, i) {
				writeHex(&b, c)
			} else {
				b.WriteByte(c)
			}
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				writeHex(&b, c)
			case unsafeRune(r):
				b.WriteString(`\u`)
				const hex = "0123456789abcdef"
				b.WriteByte(hex[r>>12&0xf])
				b.WriteByte(hex[r>>8&0xf])
				b.WriteByte(hex[r>>4&0xf])
				b.WriteByte(hex[r&0xf])
			default:
				b.WriteString(s[i : i+n])
			}
			i += n
		}
	}
	return b.String()
}

// Count is the number of characters of s, utf8.RuneCountInString's, and
// whether Text returns s as it is, read in one pass: stats weighs a full
// recall by the characters of every learning it shows, and checking each
// text and then counting its characters read it twice. Eight bytes are
// read at once and those before the first one outside printable ASCII or
// a "<" skipped (plainBytes), which is most of a memory. When clean is
// false, n is not the count.
func Count(s string) (n int, clean bool) {
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			if k := plainBytes(le.Uint64(s[i : i+8])); k > 0 {
				i += k
				n += k
				continue
			}
		}
		size, unsafe := charAt(s, i)
		if unsafe {
			return n, false
		}
		i += size
		n++
	}
	return n, true
}

// plainBytes is how many of the eight bytes x holds (le.Uint64), from the
// first on, are printable ASCII other than "<", which Text keeps as they
// are: a byte with its top bit set, below 0x20, or equal to 0x7f or "<"
// sets the top bit of its byte of the test, and a borrow it starts only
// reaches the bytes after it, so the lowest bit set is the first such
// byte's. Skipping the plain bytes before it, rather than reading one
// character and testing the next eight, reads a line's newline once, not
// once for each of the eight tests that hold it.
func plainBytes(x uint64) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	del, lt := x^0x7f*ones, x^'<'*ones // a zero byte where x has one
	return bits.TrailingZeros64((x|(x-0x20*ones)&^x|(del-ones)&^del|(lt-ones)&^lt)&highs) >> 3
}

// firstUnsafe is the offset of the first byte Text changes, or -1, read
// eight bytes at a time where they are plain (plainBytes), as Count reads
// them: a character at a time, it was 13 % of the instructions of learn
// compact --dry-run on the default generator's 10 MB memory (callgrind),
// which cleans an 18 MB diff.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			if k := plainBytes(le.Uint64(s[i : i+8])); k > 0 {
				i += k
				continue
			}
		}
		size, unsafe := charAt(s, i)
		if unsafe {
			return i
		}
		i += size
	}
	return -1
}

// charAt is the size in bytes of the character at s[i] and whether Text
// changes it: firstUnsafe and Count read a text by the same rule.
func charAt(s string, i int) (size int, unsafe bool) {
	switch c := s[i]; {
	case c >= 0x20 && c < 0x7f && c != '<':
		return 1, false
	case c == '<':
		return 1, isFrameTag(s[i:])
	case c < utf8.RuneSelf:
		return 1, unsafeASCII(s, i)
	default:
		r, n := utf8.DecodeRuneInString(s[i:])
		return n, r == utf8.RuneError && n == 1 || unsafeRune(r)
	}
}

// unsafeASCII reports a control character at s[i] that a terminal acts
// on: every C0 control but newline, tab and the CR of a CRLF, and DEL.
func unsafeASCII(s string, i int) bool {
	switch c := s[i]; {
	case c == '\n', c == '\t':
		return false
	case c == '\r':
		return i+1 >= len(s) || s[i+1] != '\n'
	default:
		return c < 0x20 || c == 0x7f
	}
}

// unsafeRune reports the C1 controls and the bidi embeddings, overrides
// and isolates.
func unsafeRune(r rune) bool {
	return r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

func writeHex(b *strings.Builder, c byte) {
	const hex = "0123456789abcdef"
	b.WriteString(`\x`)
	b.WriteByte(hex[c>>4])
	b.WriteByte(hex[c&0xf])
}

// isFrameTag reports whether s, which starts with "<", starts an opening
// or closing tag of one of FrameTags: "<", spaces, an optional "/" and
// spaces, the name with "-", "_" or spaces between its words in any case,
// then the end of the name (">", "/", a space or the end of s).
func isFrameTag(s string) bool {
	i := skipSpace(s, 1)
	if i < len(s) && s[i] == '/' {
		i = skipSpace(s, i+1)
	}
	for _, name := range FrameTags {
		if end, ok := matchName(s, i, name); ok && (end == len(s) || !isNameByte(s[end])) {
			return true
		}
	}
	return false
}

// matchName matches name at s[i:], ASCII case folded, taking any run of
// "-", "_", spaces and tabs in s (none included) for each "-" of name and
// skipping characters that render as nothing, so that "</project_memory>",
// "</projectmemory>" and a tag split by a zero-width space count; it
// returns where the match ends.
func matchName(s string, i int, name string) (int, bool) {
	for j := 0; j < len(name); j++ {
		i = skipInvisible(s, i)
		if name[j] == '-' {
			for i < len(s) && (s[i] == '-' || s[i] == '_' || s[i] == ' ' || s[i] == '\t') {
				i = skipInvisible(s, i+1)
			}
			continue
		}
		if i >= len(s) || lower(s[i]) != name[j] {
			return 0, false
		}
		i++
	}
	return skipInvisible(s, i), true
}

// skipInvisible skips the zero-width characters, soft hyphens and byte-order
// marks at s[i:].
func skipInvisible(s string, i int) int {
	for i < len(s) && s[i] >= utf8.RuneSelf {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !(r >= 0x200b && r <= 0x200f || r >= 0x2060 && r <= 0x2064 || r == 0xfeff || r == 0xad) {
			break
		}
		i += n
	}
	return i
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':'
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
