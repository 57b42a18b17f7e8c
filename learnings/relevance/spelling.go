package relevance

import (
	"github.com/learn-memory/learn/learnings/similar"
	"github.com/learn-memory/learn/learnings/terms"
)

// addSpellings makes each word of the task or branch that counts found in
// its other spellings, British or American (see similar.Spellings): a
// task's "colour" in a learning's "colors", "canceled" in "cancelled",
// "optimise" in "optimized". One word spelt two ways is the same word, so
// a spelling is an alias of the word and counts as much; people and
// agents write whichever they learnt, and a memory holds both. The
// spellings come from summarise's tables and rules, which were written
// from general knowledge of the two spellings, not from any set.
func (q *query) addSpellings() {
	n := len(q.words)
	for i := range n {
		if q.weights[i] == 0 || !q.told[i] || q.base[i] >= 0 {
			continue
		}
		for _, s := range similar.Spellings(q.shown[i]) {
			if t := terms.Stem(s); t != q.words[i] && !aWordOf(q, t) {
				q.syns = append(q.syns, join{t, []int{i}})
			}
		}
	}
}
