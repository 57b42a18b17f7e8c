package similar

import (
	"slices"
	"strings"
)

// WordGroups returns the groups of synonyms the same-learning analysis
// reads as one word: sameWords and synonymGroups (spelling.go,
// lexicon.go), and each word of synonyms with the short forms and
// spellings read as it ("database" with "db" and "dbs"). Context-aware
// recall reads them to find a learning that says in other words what a
// task says (learnings/relevance); it gets a new copy on each call, so it
// cannot change the tables. The groups of sameWords that hold the roles of
// wording (see wordingRoles) are left out: they say how a learning is
// worded, not what it is about.
func WordGroups() [][]string {
	var out [][]string
	for _, g := range slices.Concat(sameWords, synonymGroups) {
		ws := strings.Fields(g)
		if !wordingRoles[ws[0]] {
			out = append(out, ws)
		}
	}
	by := map[string][]string{}
	var heads []string
	for w, to := range synonyms {
		if by[to] == nil {
			heads = append(heads, to)
			by[to] = []string{to}
		}
		by[to] = append(by[to], w)
	}
	// synonyms is a map: sort so that every call gives the same groups.
	slices.Sort(heads)
	for _, h := range heads {
		g := by[h]
		slices.Sort(g[1:])
		out = append(out, g)
	}
	return out
}

// wordingRoles are the first words of the groups of sameWords that play
// one role in how a learning is worded (a wish, a showing, an end, a
// failure, a hang...) rather than name what it is about. A task and a
// learning that share one of them in two senses are about two things: a
// room "freezing" is no motor's "stall", a player who "plays" a track is
// no "display". Measured on the development sets with them: eval4, eval5
// and dev7 each chose a learning on such a word alone or beside a common
// one, and no wanted learning was found by one.
var wordingRoles = map[string]bool{"want": true, "show": true, "finish": true, "fail": true, "hang": true,
	"help": true, "try": true, "choose": true, "usually": true, "easy": true, "hard": true,
	"explain": true, "happen": true, "seem": true, "keep": true, "fix": true, "say": true}
