package search

import "github.com/learn-memory/learn/learnings/terms"

// token is one word of a text; see terms.Token.
type token struct {
	term       string
	start, end int
	part       bool
}

// tokenize is terms.Tokenize in this package's spelling.
func tokenize(text string, emit func(token)) {
	terms.Tokenize(text, func(t terms.Token) { emit(token{t.Term, t.Start, t.End, t.Part}) })
}

func fold(s string) string { return terms.Fold(s) }

// countWords is terms.Count: the tokens of text that count towards its
// length.
func countWords(text string) int { return terms.Count(text) }
