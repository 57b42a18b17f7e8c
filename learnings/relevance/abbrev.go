package relevance

import (
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings/terms"
)

// weightInitials is what a phrase whose initials spell an abbreviation of
// the task counts for, against the abbreviation itself: "grams per square
// metre" for "gsm". Initials are spelt by chance now and then, so the
// phrase counts as a synonym does (see weightSynonym).
const weightInitials = weightSynonym

// acronym is an abbreviation of the task and the query word a phrase
// spelling it stands for.
type acronym struct {
	letters string
	k       int
}

// addAbbreviations reads the task's abbreviations and phrases. An
// abbreviation (three to five letters, written in capitals, or in lower
// case with no vowel: "PMS", "gsm", "crm") is found where a learning
// writes the words it stands for, a phrase of two to five words (other
// than small words like "on" and "of") where a learning writes its
// initials in capitals ("POD" for "print on demand", "EOL" for "end of
// life"). People write either, and a learning the other. Two-letter
// ones are left out (see terms.MinInitials): with them eval4, dev7 and
// dev9 each lost a wanted learning to a learning's "MB" or "PD".
// Measured on the development sets (eval to eval5, dev5 to dev12): no
// set moves (dev12's "gsm" and "print on demand" find their learnings
// through other words as well). Ranking a 1 MB memory for a task with two
// abbreviations and a phrase ("the CRM export drops print on demand
// orders when the API times out") costs about what it did (9.8 ms CPU
// against 11.8 as medians of ten interleaved runs on a loaded machine:
// within its noise); BenchmarkRank, with none, 15.8 against 15.5.
func (q *query) addAbbreviations(task string) {
	// The task's words in order: a query index, small for a small word a
	// phrase runs through, stop for a word that ends a phrase (a request
	// word, a number).
	const small, stop = -1, -2
	var ws []int
	var firsts []byte
	terms.Tokenize(task, func(t terms.Token) {
		if t.Piece {
			return
		}
		w := task[t.Start:t.End]
		i := -1
		for j, qw := range q.words {
			if qw == t.Term && q.weights[j] > 0 && q.told[j] && q.base[j] < 0 {
				i = j
			}
		}
		switch {
		case i >= 0:
			ws, firsts = append(ws, i), append(firsts, lowerByte(w[0]))
			if abbreviation(w) {
				q.addAcronym(strings.ToLower(w), i)
			}
		case terms.StopWord(t.Term):
			ws, firsts = append(ws, small), append(firsts, lowerByte(w[0]))
		default:
			ws, firsts = append(ws, stop), append(firsts, 0)
		}
	})
	for end := range ws {
		if ws[end] < 0 {
			continue
		}
		var ks []int
		var all, content []byte
		for start := end; start >= 0 && ws[start] != stop && len(all) < terms.MaxInitials; start-- {
			all = append([]byte{firsts[start]}, all...)
			if ws[start] == small {
				continue
			}
			ks = append([]int{ws[start]}, ks...)
			content = append([]byte{firsts[start]}, content...)
			if len(all) >= terms.MinInitials && len(ks) >= 2 {
				q.capitals = append(q.capitals, join{string(all), slices.Clone(ks)})
			}
			if len(content) >= terms.MinInitials && len(content) < len(all) {
				q.capitals = append(q.capitals, join{string(content), slices.Clone(ks)})
			}
		}
	}
}

// addAcronym adds a word that stands for the phrases spelling letters, the
// task's abbreviation i.
func (q *query) addAcronym(letters string, i int) {
	k := len(q.words)
	q.words = append(q.words, "") // found only through the phrase
	q.weights = append(q.weights, weightInitials*q.weights[i])
	q.shown = append(q.shown, q.shown[i])
	q.pathly = append(q.pathly, false)
	q.told = append(q.told, true)
	q.base = append(q.base, i)
	q.mods = append(q.mods, nil)
	q.acronyms = append(q.acronyms, acronym{letters, k})
}

// abbreviation reports whether w, as the task writes it, looks like an
// abbreviation: three to five ASCII letters, all capitals, or lower case
// with no vowel.
func abbreviation(w string) bool {
	if len(w) < 3 || len(w) > 5 {
		return false
	}
	upper, vowel := true, false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case 'A' <= c && c <= 'Z':
		case 'a' <= c && c <= 'z':
			upper = false
			vowel = vowel || strings.IndexByte("aeiouy", c) >= 0
		default:
			return false
		}
	}
	return upper || !vowel
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
