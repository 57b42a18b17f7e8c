package relevance

import "github.com/learn-memory/learn/learnings/terms"

// Typos. People type first prompts fast ("the importr job deadloks"): a
// word of the task that no learning holds is looked for as the words one
// slip away from it (a letter dropped, added, changed, or two letters
// swapped). The slips are found in the same single scan as the words; a
// slip only counts when the word as typed is in no learning, so a word the
// memory knows is never read as another.

// typoWeight is what a slip of a task word counts for, of the word's own
// weight: probably what was meant, not certainly.
const typoWeight = 0.8

// minTypoLen is the shortest word read for slips: a short word is one
// letter away from too many others ("form", "from", "fork", "fort").
const minTypoLen = 5

// slips returns the terms one slip away from word, a lower-case word of
// ASCII letters, stemmed as the Matcher stems a learning's words, without
// term (the word's own).
func slips(word, term string) []string {
	seen := map[string]bool{term: true}
	var out []string
	add := func(v string) {
		st := terms.Stem(v)
		if len(st) >= minTypoLen-1 && !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	b := []byte(word)
	for i := range b {
		add(word[:i] + word[i+1:]) // dropped
		if i+1 < len(b) && b[i] != b[i+1] {
			add(word[:i] + string(b[i+1]) + string(b[i]) + word[i+2:]) // swapped
		}
	}
	for i := 0; i <= len(b); i++ {
		for c := byte('a'); c <= 'z'; c++ {
			add(word[:i] + string(c) + word[i:]) // added
			if i < len(b) && c != b[i] {
				add(word[:i] + string(c) + word[i+1:]) // changed
			}
		}
	}
	return out
}

func isLowerASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return w != ""
}
