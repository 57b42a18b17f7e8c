package similar

import "sync"

// Asking whether: "find out whether the dock is online", "see if it is",
// "determine whether it is" and "check whether it is" all ask one yes-or-no
// question, so a verb of finding out read right before "whether" or "if"
// is read as "check". Only there: "find the logs" and "check the logs"
// stay apart, and a condition ("restart it if the dock is offline") has an
// object between the verb and "if".

// askVerbs are the verbs that ask a question when "whether" or "if"
// follows them at once; each is read as the first. "Test" is not one:
// "skip the test if the cache is cold" names a test.
var askVerbs = []string{"check", "find", "determine", "see", "verify", "confirm"}

// askReadings are the analysis tokens and oneChange words of askVerbs,
// and what each is read as before "whether" or "if".
type askReadings struct {
	tokens, words map[string]bool
	token, word   string
}

// asks are the askReadings, read on first use from the readings
// themselves (set in init: the reading of a word calls it).
var asks func() *askReadings

func init() { asks = sync.OnceValue(readAsks) }

func readAsks() *askReadings {
	r := &askReadings{tokens: map[string]bool{}, words: map[string]bool{}}
	lex := lexicon()
	for i, v := range askVerbs {
		tok := analyse(v).items[0][0]
		w, _ := wordOf(v, lex.lookup(v), lex)
		r.tokens[tok], r.words[w] = true, true
		if i == 0 {
			r.token, r.word = tok, w
		}
	}
	return r
}

// asksWhether reports "whether" and "if", the words after which a verb of
// askVerbs asks a question.
func asksWhether(w string) bool { return w == "whether" || w == "if" }

// readAsked reads the last token of a clause, toks, as "check" when it is
// a verb of askVerbs and w, the word after it, is "whether" or "if".
func readAsked(toks []string, w string) {
	if n := len(toks); n > 0 && asksWhether(w) && asks().tokens[toks[n-1]] {
		toks[n-1] = asks().token
	}
}

// readAskedWord is readAsked for oneChange's words; "whether" is read
// as "if" there too, as the same-learning reading does.
func readAskedWord(words []string, w string) string {
	if !asksWhether(w) {
		return w
	}
	if n := len(words); n > 0 && asks().words[words[n-1]] {
		words[n-1] = asks().word
	}
	return "if"
}
