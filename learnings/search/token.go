package search

import (
	"strings"

	"github.com/learn-memory/learn/learnings/terms"
)

// token is one word of a text; see terms.Token.
type token struct {
	term       string
	start, end int
	part       bool
}

// tokenize is terms.Tokenize in this package's spelling, but for a word
// written two ways: two letter-words joined by one hyphen ("e-paper",
// "Wi-Fi", "log-ins") are the term of the word written joined ("epaper",
// "wifi", "login"), so that a query finds either spelling. Their parts are
// still terms of their own.
func tokenize(text string, emit func(token)) {
	terms.Tokenize(text, func(t terms.Token) {
		term := t.Term
		if t.Compound {
			term = joined(term)
		}
		emit(token{term, t.Start, t.End, t.Part})
	})
}

// joined is term, or, when term is two ASCII letter-words joined by one
// hyphen, their terms.JoinedTerm.
func joined(term string) string {
	a, b, ok := strings.Cut(term, "-")
	if !ok {
		return term
	}
	if j, ok := terms.JoinedTerm(a, b); ok {
		return j
	}
	return term
}

func fold(s string) string { return terms.Fold(s) }
