package similar

// What makes an update: one thing changed. See the package comment.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// oneChange reports whether b reads as a with one thing changed: the same
// tokens in another order (two values trading places), or words that
// differ in one place only (a value, a name, a command, a path, a word or
// a run of them of up to maxChangedWords; a negation added or dropped, as
// in "no longer" or "never", is such a place), or in numbers only. Two
// learnings built on one pattern about different things ("also in the
// search index (PR #3628)" and "also in the sync client (PR #3252)")
// differ in two places or more: they are siblings, not one learning
// changed, and asking the user which is true would ask about a change
// that is not one. Nor is a learning that differs only in the ticket it
// cites (see compareWords).
//
// The places are counted on the words as written, so that words in
// between part two changes as a reader sees them ("`task lint` in the
// HTTP router" and "`just check` in the CSV exporter" are two), with each
// word read the way the same-learning reading does (American spelling,
// stem, synonyms, number words as digits) and articles, filler and modal
// verbs dropped ("you need to", "must"), so that a rewording around the
// change does not count as another place.
//
// One place: once the words both texts start and end with are set aside,
// the rest of one shares no word with the rest of the other.
func oneChange(ta, tb *Text) bool {
	ca, cb := ta.changeWords(), tb.changeWords()
	if replaces(ca.words) != replaces(cb.words) {
		// "Use X instead of Y" of "Use Y" announces that X replaces
		// Y, as "now" does: the change is X alone. Where both say
		// "instead", the words stand between two places ("use X
		// instead of Y" and "use Z instead of W").
		ca, cb = ca.dropReplaces(), cb.dropReplaces()
	}
	a, b := ca.words, cb.words
	// The words both start and end with stay; what is left between is
	// where the texts differ. It is one place when the two middles share
	// no word: a word in common would stand between two changes.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	common, onlyNumbers, onlyRefs := compareWords(ma, mb)
	switch {
	case onlyRefs:
		// Checked first: the same-learning reading drops the
		// tickets, so the two keys may be equal.
		return false
	case ta.analysisKey() == tb.analysisKey():
		return true // the same tokens in another order
	case onlyNumbers, common == len(ma) && common == len(mb):
		return true // numbers changed, or the same words in another order
	}
	// The one place is a value or a phrase, not a clause: a learning
	// that keeps one clause of another and says something else in the
	// rest ("The template engine must use at most 272 workers; old
	// clients still send the v1 payload" and "Use `just check` for the
	// billing worker; old clients ...") is another learning. The longest
	// change among the updates in testdata is three words ("we no
	// longer"). A command is one value however many words it has
	// (`docker compose up -d` for `go test ./...`), so a change inside
	// code spans may be longer in a long learning; a longer change in
	// prose ("must cap at 94 s" and "must keep payloads below 169 KB")
	// says another thing.
	most := maxChangedWords
	if allCode(ca.code[pre:len(a)-suf]) && allCode(cb.code[pre:len(b)-suf]) {
		most = max(most, (pre+suf)/2)
	}
	return common == 0 && len(ma) <= most && len(mb) <= most
}

func allCode(code []bool) bool {
	for _, c := range code {
		if !c {
			return false
		}
	}
	return true
}

// maxChangedWords is how many words the one place of an update may hold
// on either side, in a learning of up to twice as many unchanged words.
const maxChangedWords = 3

// compareWords compares a and b as multisets of words: how many they have
// in common, whether every word one holds more often than the other is a
// number ("#123", "v2" and "1.5" count), a unit, or a word holding a
// number ("numpy<2", "node18", "python3.12": a version written into a
// name), and whether every such
// word is a reference to an issue, a pull request or a ticket ("#3628"):
// where a learning was learnt, not what it says. Two learnings that
// differ only there are not one learning updated, and asking the user
// which ticket is true asks about a change that is not one. The two are
// the few words where two learnings differ: pairing them costs less than
// a map.
func compareWords(a, b []string) (common int, onlyNumbers, onlyRefs bool) {
	var stack [64]bool
	used := stack[:0]
	if len(b) > len(stack) {
		used = make([]bool, 0, len(b))
	}
	used = used[:len(b)]
	onlyNumbers, onlyRefs = true, true
	differ := func(t string) {
		onlyRefs = onlyRefs && isReference(t)
		t = strings.TrimLeft(t, "#v")
		onlyNumbers = onlyNumbers && (isNumber(t) || units[t] != "" || strings.ContainsAny(t, "0123456789"))
	}
	for _, t := range a {
		j := 0
		for j < len(b) && (used[j] || b[j] != t) {
			j++
		}
		if j < len(b) {
			used[j] = true
			common++
			continue
		}
		differ(t)
	}
	for j, t := range b {
		if !used[j] {
			differ(t)
		}
	}
	differs := common < len(a) || common < len(b)
	return common, onlyNumbers && differs, onlyRefs && differs
}

// wordSpace is what separates words for oneChange: white space, and the
// punctuation of scripts written without spaces ("。", "、", "（"), so that
// a Japanese sentence is not one word whose change is one place.
func wordSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= utf8.RuneSelf && unicode.IsPunct(r)
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// replaces reports words that say "instead of" or "rather than".
func replaces(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if replacing(ws, i-1) {
			return true
		}
	}
	return false
}

// replacing reports "instead of" or "rather than" at ws[i:].
func replacing(ws []string, i int) bool {
	return i+1 < len(ws) && (ws[i] == "instead" && ws[i+1] == "of" || ws[i] == "rather" && ws[i+1] == "than")
}

// dropReplaces is c without its "instead of" and "rather than".
func (c *changeText) dropReplaces() *changeText {
	if !replaces(c.words) {
		return c
	}
	out := &changeText{words: make([]string, 0, len(c.words)), code: make([]bool, 0, len(c.words))}
	for i := 0; i < len(c.words); i++ {
		if replacing(c.words, i) {
			i++
			continue
		}
		out.words = append(out.words, c.words[i])
		out.code = append(out.code, c.code[i])
	}
	return out
}

// isReference reports a word that cites where a learning was learnt
// rather than what it says: an issue or a ticket ("#3628"), a file and
// line ("docs/api.md:144"), or the "see" that introduces one.
func isReference(w string) bool {
	if w == "see" {
		return true
	}
	if len(w) > 1 && w[0] == '#' {
		return strings.Trim(w[1:], "0123456789") == ""
	}
	file, line, ok := strings.Cut(w, ":")
	return ok && strings.ContainsAny(file, "./") && line != "" && strings.Trim(line, "0123456789") == ""
}

// changeText is a text's words as oneChange compares them, and which of
// them are inside a code span.
type changeText struct {
	words []string
	code  []bool
}

// changeWords is readWords of the text, read on first use and kept: lint
// compares one learning with several.
func (t *Text) changeWords() *changeText {
	if w := t.words.Load(); w != nil {
		return w
	}
	t.words.CompareAndSwap(nil, readWords(t.src))
	return t.words.Load()
}

// readWords is a text's words as oneChange compares them.
func readWords(s string) *changeText {
	out := new(changeText)
	inCode := false
	// A run of phrases ("out of date") is read as the word it stands
	// for, as the same-learning reading does.
	var runs phraseReader[int]
	for _, f := range strings.FieldsFunc(s, wordSpace) {
		// A word is in code when a backtick opens before it, or at
		// its start; one that closes the span is in it too.
		code := inCode || strings.HasPrefix(f, "`")
		if strings.Count(f, "`")%2 == 1 {
			inCode = !inCode
		}
		w := fold(trimWord(f))
		lx := lookup(w)
		if to, from, ok := runs.read(lx, len(out.words)); ok {
			out.words, out.code = out.words[:from], out.code[:from]
			w, lx = to, lookup(to)
		}
		if lx.synonym != nil {
			w, lx = lx.synonym.word, lx.synonym
		}
		if w == "" || lx.filler || changeFiller[w] || !strings.ContainsFunc(w, isLetterOrDigit) {
			continue // a filler word, or a mark or an emoji ("⚠️" holds a mark)
		}
		if lx.number != "" {
			out.add(lx.number, code)
			continue
		}
		if isReference(w) {
			out.add(w, code) // as cited: "see" is no stem
			continue
		}
		w = americanOf(w, lx)
		st := stem(w)
		if same := lookup(st).same; same != "" {
			st = same
		}
		out.add(st, code)
	}
	return out
}

func (c *changeText) add(w string, code bool) {
	c.words = append(c.words, w)
	c.code = append(c.code, code)
}

// changeFiller are words a rewording adds or drops around a change
// without changing what the learning says, and the words that announce a
// change ("tests now run with vitest", "not anymore"), which are no
// change of their own.
var changeFiller = setOf("a", "an", "the", "must", "should", "shall", "has", "have", "to",
	"now", "anymore", "nowadays")
