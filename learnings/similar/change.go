package similar

// What makes an update: one thing changed. See the package comment.

import "strings"

// oneChange reports whether b reads as a with one thing changed: the same
// tokens in another order (two values trading places), or words that
// differ in one place only (a value, a name, a command, a path, a word or
// a run of them; a negation added or dropped, as in "no longer" or
// "never", is such a place), or in numbers only. Two learnings built on
// one pattern about different things ("also in the search index (PR
// #3628)" and "also in the sync client (PR #3252)") differ in two places
// or more: they are siblings, not one learning changed, and asking the
// user which is true would ask about a change that is not one. Nor is a
// learning that differs only in the ticket it cites (see onlyReferences).
//
// The places are counted on the words as written, so that words in
// between part two changes as a reader sees them ("`task lint` in the
// HTTP router" and "`just check` in the CSV exporter" are two), with each
// word read the way the same-learning reading does (American spelling,
// stem, synonyms, number words as digits) and articles, filler and modal
// verbs dropped ("you need to", "must"), so that a rewording around the
// change does not count as another place.
func oneChange(ta, tb *Text) bool {
	if ta.analysisKey() == tb.analysisKey() {
		return true
	}
	a, b := readWords(ta.src), readWords(tb.src)
	if onlyReferences(a, b) {
		return false
	}
	places, matched, onlyNumbers := diffPlaces(a, b)
	if onlyNumbers {
		return true
	}
	// The one place is a value or a phrase, not a clause: a learning
	// that keeps one clause of another and says something else in the
	// rest ("The template engine must use at most 272 workers; old
	// clients still send the v1 payload" and "Use `just check` for the
	// billing worker; old clients ...") is another learning. The longest
	// change among the updates in testdata is three words ("we no
	// longer"); a long learning may change a longer phrase.
	most := max(maxChangedWords, matched/2)
	return places <= 1 && len(a)-matched <= most && len(b)-matched <= most
}

// maxChangedWords is how many words the one place of an update may hold
// on either side, in a learning of up to twice as many unchanged words.
const maxChangedWords = 3

// onlyReferences reports whether every word one text holds more often than
// the other is a reference to an issue, a pull request or a ticket
// ("#3628"): where a learning was learnt, not what it says. Two learnings
// that differ only there are not one learning updated, and asking the
// user which ticket is true asks about a change that is not one.
func onlyReferences(a, b []string) bool {
	count := map[string]int{}
	for _, t := range a {
		count[t]++
	}
	for _, t := range b {
		count[t]--
	}
	any := false
	for t, n := range count {
		if n != 0 {
			if !isReference(t) {
				return false
			}
			any = true
		}
	}
	return any
}

// isReference reports a word like "#3628".
func isReference(w string) bool {
	return len(w) > 1 && w[0] == '#' && strings.Trim(w[1:], "0123456789") == ""
}

// readWords is a text's words as oneChange compares them.
func readWords(s string) []string {
	var out []string
	for f := range strings.FieldsSeq(s) {
		w := fold(trimWord(f))
		lx := lookup(w)
		if lx.synonym != nil {
			w, lx = lx.synonym.word, lx.synonym
		}
		if w == "" || lx.filler || changeFiller[w] || !strings.ContainsFunc(w, isWordRune) {
			continue // a filler word, or a mark or an emoji
		}
		if lx.number != "" {
			out = append(out, lx.number)
			continue
		}
		w = americanOf(w, lx)
		st := stem(w)
		if same := lookup(st).same; same != "" {
			st = same
		}
		out = append(out, st)
	}
	return out
}

// changeFiller are words a rewording adds or drops around a change
// without changing what the learning says, and the words that announce a
// change ("tests now run with vitest", "not anymore"), which are no
// change of their own.
var changeFiller = setOf("a", "an", "the", "must", "should", "shall", "has", "have", "to",
	"now", "anymore", "nowadays")

// diffPlaces counts the places where a and b differ (and the words they
// have in common): the runs of words
// left out of a longest common subsequence of the two, the fewest any such
// alignment leaves (so "black" to "ruff format" in "black to format" and
// "ruff format to format" is one place however the repeated word is
// aligned). It also reports whether every word one holds more often than
// the other is a number ("#123", "v2" and "1.5" count) or a unit.
func diffPlaces(a, b []string) (places, matched int, onlyNumbers bool) {
	// cell (i, j, s) is the best alignment of a[i:] and b[j:], s set when
	// the step before left a word out: the most words matched, then the
	// fewest runs. Learnings are a few dozen words.
	type best struct{ matched, runs int }
	better := func(x, y best) bool { return x.matched > y.matched || x.matched == y.matched && x.runs < y.runs }
	w := len(b) + 1
	cells := make([]best, (len(a)+1)*w*2)
	at := func(i, j, s int) best { return cells[(i*w+j)*2+s] }
	for i := len(a); i >= 0; i-- {
		for j := len(b); j >= 0; j-- {
			for s := range 2 {
				if i == len(a) && j == len(b) {
					continue
				}
				open := 1 - s // a left-out word starts a run unless one is open
				var c best
				found := false
				try := func(x best) {
					if !found || better(x, c) {
						c, found = x, true
					}
				}
				if i < len(a) && j < len(b) && a[i] == b[j] {
					x := at(i+1, j+1, 0)
					try(best{x.matched + 1, x.runs})
				}
				if i < len(a) {
					x := at(i+1, j, 1)
					try(best{x.matched, x.runs + open})
				}
				if j < len(b) {
					x := at(i, j+1, 1)
					try(best{x.matched, x.runs + open})
				}
				cells[(i*w+j)*2+s] = c
			}
		}
	}
	count := map[string]int{}
	for _, t := range a {
		count[t]++
	}
	for _, t := range b {
		count[t]--
	}
	onlyNumbers = true
	for t, n := range count {
		if n != 0 {
			t = strings.TrimLeft(t, "#v")
			onlyNumbers = onlyNumbers && (isNumber(t) || units[t] != "")
		}
	}
	return at(0, 0, 0).runs, at(0, 0, 0).matched, onlyNumbers
}
