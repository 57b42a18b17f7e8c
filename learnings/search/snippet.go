package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/shown"
)

// snippetLen is roughly how many bytes of a learning a hit shows: enough
// for a sentence around the match, few enough that ten hits cost an agent
// a few hundred tokens.
const snippetLen = 160

// snippet picks the window of text of about size bytes that holds the most
// (idf-weighted, distinct) matched terms, cut at word boundaries, with runs
// of whitespace folded to one space. It returns the window and the byte
// ranges of the matched words in it. Secrets in text (stored before learn
// guarded the file) are redacted first, so a hit never shows one, and
// terminal controls and frame tags are neutralised (sanitize.Text).
func snippet(text string, matched map[string]float64, size int) (string, [][2]int) {
	text = shown.Text(text)
	type match struct {
		start, end int
		term       string
	}
	var ms []match
	tokenize(text, func(t token) {
		if _, ok := matched[t.term]; ok {
			ms = append(ms, match{t.start, t.end, t.term})
		}
	})
	from, to := 0, len(text)
	if len(text) > size {
		lead := size / 5
		best := -1.0
		from = 0
		for i := range ms {
			start := max(ms[i].start-lead, 0)
			seen := map[string]bool{}
			score := 0.0
			for j := i; j < len(ms) && ms[j].end <= start+size; j++ {
				if !seen[ms[j].term] {
					seen[ms[j].term] = true
					score += matched[ms[j].term]
				}
			}
			if score > best {
				best, from = score, start
			}
			if i > 200 {
				break
			}
		}
		to = min(from+size, len(text))
		from, to = wordBounds(text, from, to)
	}
	var b strings.Builder
	var marks [][2]int
	if from > 0 {
		b.WriteString("… ")
	}
	mi := 0
	for mi < len(ms) && ms[mi].start < from {
		mi++
	}
	space, wrote := false, false
	for i := from; i < to; {
		for mi < len(ms) && ms[mi].start == i && ms[mi].end <= to {
			if space {
				b.WriteByte(' ')
				space = false
			}
			end := ms[mi].end
			for mi < len(ms) && ms[mi].start < end {
				end = max(end, ms[mi].end)
				mi++
			}
			s := b.Len()
			b.WriteString(text[i:end])
			wrote = true
			marks = appendMark(marks, s, b.Len())
			i = end
		}
		if i >= to {
			break
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			space = wrote
		} else {
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteString(text[i : i+n])
			wrote = true
		}
		i += n
		for mi < len(ms) && ms[mi].start < i {
			mi++
		}
	}
	if to < len(text) {
		b.WriteString(" …")
	}
	return b.String(), marks
}

// appendMark adds [s, e), joining it to the previous mark when they touch.
func appendMark(marks [][2]int, s, e int) [][2]int {
	if n := len(marks); n > 0 && marks[n-1][1] >= s {
		marks[n-1][1] = max(marks[n-1][1], e)
		return marks
	}
	return append(marks, [2]int{s, e})
}

// wordBounds widens [from, to) to whole words: from moves back to the start
// of its word and to moves forward to the end of its word, each by at most
// a short stretch, so a long token never makes the snippet run away.
func wordBounds(text string, from, to int) (int, int) {
	const slack = 24
	for i := 0; i < slack && from > 0 && !isSpaceByte(text[from-1]); i++ {
		from--
	}
	for from > 0 && !utf8.RuneStart(text[from]) {
		from--
	}
	for i := 0; i < slack && to < len(text) && !isSpaceByte(text[to]); i++ {
		to++
	}
	for to < len(text) && !utf8.RuneStart(text[to]) {
		to++
	}
	return from, to
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// markup wraps each marked range of plain in ** for output where bold is
// written as Markdown.
func markup(plain string, marks [][2]int) string { return Highlight(plain, marks, "**", "**") }

// Highlight wraps each marked range of plain (a Hit's Plain and Marks) in
// pre and post, so that every output shows the matched words the same
// way whatever it marks them with: Markdown bold, ANSI bold at a terminal.
func Highlight(plain string, marks [][2]int, pre, post string) string {
	if len(marks) == 0 {
		return plain
	}
	var b strings.Builder
	prev := 0
	for _, m := range marks {
		b.WriteString(plain[prev:m[0]])
		b.WriteString(pre)
		b.WriteString(plain[m[0]:m[1]])
		b.WriteString(post)
		prev = m[1]
	}
	b.WriteString(plain[prev:])
	return b.String()
}
