package relevance

import (
	"slices"
	"strings"
	"unicode"
)

// A task names its thing and often where, with what or when it happens:
// "tables look broken in Safari", "register froze on the interactive
// whiteboard", "the till freezes at the kiosk every morning". The place,
// the device or the program is a detail: a memory that lacks it may still
// hold the task's subject, and commonWord must not read the missing word
// as a rarer subject than the one it shares (see detailWords). A missing
// word the task writes as a noun ending in -ing ("a band for the
// wedding") is its thing, though most such words say what happens
// ("logging out", "keeps crashing"; see ingNoun).

// splitWord is a word of a task, lower case, and whether punctuation
// stands between it and the word before.
type splitWord struct {
	text string
	// cut is set when a mark other than a space, a hyphen or an
	// apostrophe stands before the word: a clause or a list item ends.
	cut bool
}

// detailSplit splits task into its words as verbsOf reads them (letters,
// digits and apostrophes), noting where punctuation cuts it.
func detailSplit(task string) []splitWord {
	var ws []splitWord
	var b strings.Builder
	cut := false
	flush := func() {
		if b.Len() > 0 {
			ws = append(ws, splitWord{strings.ReplaceAll(b.String(), "’", "'"), cut})
			b.Reset()
			cut = false
		}
	}
	for _, r := range strings.ToLower(task) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’':
			b.WriteRune(r)
		case unicode.IsSpace(r) || r == '-':
			flush()
		default:
			flush()
			cut = true
		}
	}
	flush()
	return ws
}

// detailPrepositions open a phrase that says where, with what or when
// the task's thing does what it does.
var detailPrepositions = map[string]bool{"in": true, "on": true, "at": true, "with": true, "via": true,
	"through": true, "from": true, "during": true, "inside": true, "using": true}

// nestingPrepositions, with detailPrepositions, are the words that open a
// phrase of a noun before them ("a band for the party", "a batch of
// gloves", "20 cents per minute").
var nestingPrepositions = map[string]bool{"for": true, "of": true, "per": true, "to": true, "into": true,
	"onto": true, "by": true, "about": true, "like": true, "than": true}

// phraseEnds are the words that end a detail's phrase: a conjunction opens
// another clause.
var phraseEnds = map[string]bool{"and": true, "or": true, "but": true, "so": true, "because": true,
	"when": true, "while": true, "if": true, "that": true, "which": true, "who": true, "where": true}

// subordinators open a clause that says when, why or on what condition
// the task's thing does what it does ("cover for the desk shift while
// Priya is on leave", "tables break when Safari loads them").
var subordinators = map[string]bool{"when": true, "while": true, "because": true, "if": true, "whenever": true}

// clauseWords returns the words of ws up to the end of their clause
// (punctuation, or a conjunction that opens another).
func clauseWords(ws []splitWord) map[string]bool {
	detail := map[string]bool{}
	for _, d := range ws {
		if d.cut || phraseEnds[d.text] {
			break
		}
		detail[strings.TrimSuffix(d.text, "'s")] = true
	}
	return detail
}

// detailWords returns the words of the task ws (split by detailSplit) that
// stand in a detail of what the task says of its word shared: a phrase
// opened by one of detailPrepositions after shared, once at least one
// other word (what it does: "look broken", "froze", "don't show up")
// stands between them, none of them a preposition, the first not a word of
// absent, and the phrases after it to the end of its clause ("pilot turned
// up late at the lock for the coaster": the coaster says which ship, as
// the lock says where); or a clause of when, why or on what condition
// after shared ("tables look broken when Zendesk embeds them"; see
// subordinators). A preposition right after the word, or after a noun
// beside it, belongs to that noun ("keys on my laptop's keyboard", "cell
// voltage in the defib battery", "a table for the team lunch at the tapas
// place"): there the missing words say which thing the task means, and
// stay rivals.
func detailWords(ws []splitWord, shared string, absent []string) map[string]bool {
	return details(ws, shared, absent, true)
}

// details is detailWords with or without a clause of when, why or on what
// condition (clauses).
func details(ws []splitWord, shared string, absent []string, clauses bool) map[string]bool {
	at := -1
	for i, w := range ws {
		if w.text == shared || strings.TrimSuffix(w.text, "'s") == shared {
			at = i
			break
		}
	}
	if at < 0 || at+2 >= len(ws) || ws[at+1].cut || slices.Contains(absent, ws[at+1].text) {
		return nil
	}
	for j := at + 1; j < len(ws); j++ {
		w := ws[j]
		if clauses && subordinators[w.text] {
			return clauseWords(ws[j+1:])
		}
		if w.cut || phraseEnds[w.text] || nestingPrepositions[w.text] {
			return nil
		}
		if !detailPrepositions[w.text] {
			continue
		}
		if j == at+1 {
			return nil
		}
		detail := map[string]bool{}
		for _, d := range ws[j+1:] {
			if d.cut || phraseEnds[d.text] {
				break
			}
			if !nestingPrepositions[d.text] && !detailPrepositions[d.text] {
				detail[strings.TrimSuffix(d.text, "'s")] = true
			}
		}
		return detail
	}
	return nil
}

// ingNoun reports whether the task ws (split by detailSplit) writes word,
// ending in -ing, as a noun: right after a determiner or a possessive, and
// at the end of its phrase, before a preposition, a determiner or as a
// possessive itself ("a band for the wedding", "my sister's wedding in
// June", "the building's gate", "frame for a painting my aunt gave me").
// Before another noun it is most often a modifier ("the ceiling lights",
// "the booking page"), and after anything else what happens ("keeps
// logging out").
func ingNoun(ws []splitWord, word string) bool {
	if !strings.HasSuffix(word, "ing") {
		return false
	}
	for i, w := range ws {
		bare := strings.TrimSuffix(w.text, "'s")
		if bare != word || i == 0 || w.cut {
			continue
		}
		if prev := ws[i-1].text; !ownerWords[prev] && !strings.HasSuffix(prev, "'s") {
			continue
		}
		if bare != w.text || i+1 == len(ws) {
			return true
		}
		next := ws[i+1]
		if next.cut || detailPrepositions[next.text] || nestingPrepositions[next.text] || phraseEnds[next.text] || ownerWords[next.text] {
			return true
		}
	}
	return false
}

// ownerWords are the words before a noun that say which or whose.
var ownerWords = map[string]bool{"the": true, "a": true, "an": true, "my": true, "our": true, "your": true,
	"his": true, "her": true, "its": true, "their": true, "this": true, "that": true, "these": true,
	"those": true, "each": true, "every": true, "some": true, "any": true, "no": true}

// thing reports whether the task writes its word w as a thing, not as
// what happens to one: no verb (see verbsOf), no participle but an -ing
// noun (see ingNoun), no symptom word. Only a thing has details.
// The answer is kept (things): company and commonWord ask of a word for
// each match they weigh.
func (s *scan) thing(w int) bool {
	if s.things == nil {
		s.things = make([]int8, len(s.q.words))
	}
	if s.things[w] == 0 {
		t := s.q.shown[w]
		s.things[w] = 2
		if (!participle(t) || ingNoun(s.split(), t)) && symptomIndex()[s.q.words[w]] == nil && !slices.Contains(s.verbs(), t) {
			s.things[w] = 1
		}
	}
	return s.things[w] == 1
}

// split is detailSplit of the task, split once a scan: detailOf and
// commonWord read it for every match they weigh, thing for every word.
func (s *scan) split() []splitWord {
	if s.taskWords == nil {
		s.taskWords = detailSplit(s.task)
		if s.taskWords == nil {
			s.taskWords = []splitWord{}
		}
	}
	return s.taskWords
}

// verbs is verbsOf the task, read once a scan: commonWord and company ask
// thing of every word of the task for each match they weigh.
func (s *scan) verbs() []string {
	if s.taskVerbs == nil {
		s.taskVerbs = verbsOf(s.task)
		if s.taskVerbs == nil {
			s.taskVerbs = []string{}
		}
	}
	return s.taskVerbs
}
