package similar

// Compounds written three ways: "hardcoded", "hard-coded" and "hard
// coded" are one word, and agents restate a learning writing it another
// way than they stored it. The tokenizer reads a closed compound as one
// token and the others as two, so the texts differ in their tokens; when
// two texts are compared, a compound one writes another way than the other
// is written closed in both, and the texts are the same learning when they
// are so written.

import (
	"strings"
	"unicode"

	"github.com/learn-memory/learn/learnings/terms"
)

// compoundWord is one whitespace-separated piece of a text as the compound
// rules read it: core is the piece without the punctuation around it, at
// [start, end) of the text.
type compoundWord struct {
	core       string
	start, end int
	// letters is set for a core of letters only, hyphen for a core of two
	// or more runs of letters joined by single hyphens ("back-end"); a
	// core with a digit ("x86-64", "utf-8", "2024-06-01", "pre-2020") is
	// a value and neither.
	letters, hyphen bool
	// open is set when the core ends the piece, so that the next piece's
	// core may join it as the second word of an open compound ("time
	// stamp", but not "time, stamp").
	open bool
	// joinable is set when the core starts its piece.
	joinable bool
}

// compoundWords reads the pieces of s outside code, s starting in a code
// span when inCode is set: a piece in backticks,
// or with a backtick in it, is a name or a command as typed ("`re-run`"
// is not "rerun") and is left out, as a nil entry that keeps its
// neighbours from joining across it.
func compoundWords(s string, inCode bool) []*compoundWord {
	var out []*compoundWord
	for i := 0; i < len(s); {
		start, end := nextField(s, i)
		if start == end {
			break
		}
		i = end
		piece := s[start:end]
		if n := strings.Count(piece, "`"); inCode || n > 0 {
			inCode = inCode != (n%2 == 1)
			out = append(out, nil)
			continue
		}
		lead := len(piece) - len(strings.TrimLeft(piece, "\"'“”‘’([*_"))
		core := strings.TrimRight(piece[lead:], "\"'“”‘’)]*_,;.:!?")
		w := &compoundWord{core: core, start: start + lead, end: start + lead + len(core), joinable: lead == 0, open: lead+len(core) == len(piece)}
		w.letters, w.hyphen = compoundShape(core)
		out = append(out, w)
	}
	return out
}

// compoundShape reports whether core is letters only, or runs of letters
// joined by single hyphens.
func compoundShape(core string) (letters, hyphen bool) {
	if core == "" {
		return false, false
	}
	runs, prevHyphen := 1, true
	for _, r := range core {
		switch {
		case r == '-':
			if prevHyphen {
				return false, false // leading or doubled: a flag, a dash
			}
			runs++
			prevHyphen = true
		case unicode.IsLetter(r):
			prevHyphen = false
		default:
			return false, false
		}
	}
	if prevHyphen {
		return false, false
	}
	return runs == 1, runs > 1
}

// compoundForms are the ways a text writes each closed form, as bits.
const (
	formClosed = 1 << iota
	formHyphen
	formOpen
)

// openCompound is the closed form, lower case, of the open compound
// ws[i] and ws[i+1] write, if they write one: two words of letters a
// space apart that may be one word (see terms.SplitJoins: "a part" is not
// "apart", "every day" not "everyday", "work out" the fee no workout, "log
// in" the tank sheet no login).
func openCompound(ws []*compoundWord, i int) (string, bool) {
	w := ws[i]
	if !w.letters || !w.open || i+1 >= len(ws) {
		return "", false
	}
	n := ws[i+1]
	if n == nil || !n.letters || !n.joinable {
		return "", false
	}
	// next is "" where the second word ends a clause or the text, and
	// "`", no letter, where the piece after it is code or opens with
	// punctuation, as terms.WordAfterSpace gives a memory's byte after
	// the space.
	next := ""
	if n.open && i+2 < len(ws) {
		next = "`"
		if x := ws[i+2]; x != nil && x.core != "" && x.joinable {
			next = strings.ToLower(x.core)
		}
	}
	first, second := strings.ToLower(w.core), strings.ToLower(n.core)
	if !terms.SplitJoins(first, second, next) {
		return "", false
	}
	return first + second, true
}

// compoundFormsOf maps the closed form of each word and compound of ws, in
// lower case, to the ways ws writes it.
func compoundFormsOf(ws []*compoundWord) map[string]uint8 {
	forms := map[string]uint8{}
	for i, w := range ws {
		if w == nil {
			continue
		}
		switch {
		case w.hyphen:
			forms[strings.ToLower(strings.ReplaceAll(w.core, "-", ""))] |= formHyphen
		case w.letters:
			forms[strings.ToLower(w.core)] |= formClosed
			if closed, ok := openCompound(ws, i); ok {
				forms[closed] |= formOpen
			}
		}
	}
	return forms
}

// joinCompounds returns a and b with every compound that one writes in a
// way the other does not (closed, hyphenated or open) written closed
// wherever either writes it hyphenated or open, the parts joined as
// written ("Back-end" to "Backend"), and whether there was one. A closed
// form counts only as the parts concatenated, so "non-zero" is never
// "zero", and a hyphen between digits or in code is left alone.
func joinCompounds(a, b string) (string, string, bool) {
	pa, pb, codeA, codeB := differingWindows(a, b)
	if len(compoundsToJoin(compoundWords(pa, codeA), compoundWords(pb, codeB))) == 0 {
		return a, b, false
	}
	wa, wb := compoundWords(a, false), compoundWords(b, false)
	join := compoundsToJoin(wa, wb)
	if len(join) == 0 {
		return a, b, false
	}
	return joinIn(a, wa, join), joinIn(b, wb, join), true
}

// compoundsToJoin are the closed forms of the compounds ws and vs write in
// ways the other does not.
func compoundsToJoin(ws, vs []*compoundWord) map[string]bool {
	fa, fb := compoundFormsOf(ws), compoundFormsOf(vs)
	var join map[string]bool
	for k, x := range fa {
		if y := fb[k]; y != 0 && x != y && (x|y)&((x|y)-1) != 0 {
			if join == nil {
				join = map[string]bool{}
			}
			join[k] = true // written two ways, in one text or across
		}
	}
	return join
}

// differingWindows are the parts of a and b between the bytes both start
// with and those both end with, widened to whole pieces and one piece more
// on each side (the other word of an open compound), and whether each
// starts inside a code span. A compound one writes another way than the
// other is in them: what the texts share is written alike in both. Lint
// asks judge about pairs of learnings that differ in a word or two, and
// looking in their windows first, rather than reading the whole texts,
// took the instructions of lint on the agent generator's 1 MB memory from
// 854 M to 835 M (826 M without the compound rules; callgrind).
func differingWindows(a, b string) (wa, wb string, codeA, codeB bool) {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	window := func(s string) (string, bool) {
		start := pieceStart(s, pieceStart(s, pre))
		end := pieceEnd(s, pieceEnd(s, len(s)-suf))
		return s[start:end], strings.Count(s[:start], "`")%2 == 1
	}
	wa, codeA = window(a)
	wb, codeB = window(b)
	return wa, wb, codeA, codeB
}

// pieceStart is where the piece of s that holds or ends before i starts,
// stepping back over the white space before i first.
func pieceStart(s string, i int) int {
	for i > 0 && asciiSpace(s[i-1]) {
		i--
	}
	for i > 0 && !asciiSpace(s[i-1]) {
		i--
	}
	return i
}

// pieceEnd is where the piece of s that holds or starts after i ends,
// stepping over the white space at i first.
func pieceEnd(s string, i int) int {
	for i < len(s) && asciiSpace(s[i]) {
		i++
	}
	for i < len(s) && !asciiSpace(s[i]) {
		i++
	}
	return i
}

// joinIn writes in s every hyphenated or open compound of ws whose closed
// form is in join closed, the parts as written.
func joinIn(s string, ws []*compoundWord, join map[string]bool) string {
	var b strings.Builder
	from, joined := 0, false
	for i, w := range ws {
		if w == nil || joined {
			joined = false
			continue
		}
		switch {
		case w.hyphen && join[strings.ToLower(strings.ReplaceAll(w.core, "-", ""))]:
			b.WriteString(s[from:w.start])
			b.WriteString(strings.ReplaceAll(w.core, "-", ""))
			from = w.end
		case w.letters:
			if closed, ok := openCompound(ws, i); !ok || !join[closed] {
				continue
			}
			b.WriteString(s[from:w.end])
			from, joined = ws[i+1].start, true
		}
	}
	if from == 0 {
		return s
	}
	b.WriteString(s[from:])
	return b.String()
}

// joinedFloor is the least Score of two texts whose compounds are joined
// to see whether they are the same learning: a compound written two ways
// costs a short text much of its score ("Hard-coded timeout." and
// "Hardcoded time out." score 0.29), while texts under it share too little
// to be the same once joined, and are not read again.
const joinedFloor = 0.25

// sameOnceJoined reports whether t and c are the same learning once every
// compound one writes another way than the other is written closed in
// both (see joinCompounds).
func (t *Text) sameOnceJoined(c *Text) bool {
	a, b, ok := joinCompounds(t.src, c.src)
	return ok && Prepare(a).Same(Prepare(b))
}
