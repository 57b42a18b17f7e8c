package similar

import (
	"slices"
	"strings"
	"sync"
)

// WordGroups returns the groups of synonyms the same-learning analysis
// reads as one word: sameWords, synonymGroups and commonGroups
// (spelling.go, lexicon.go, lexicon_common.go), and each word of synonyms with the short forms and
// spellings read as it ("database" with "db" and "dbs"). Context-aware
// recall reads them to find a learning that says in other words what a
// task says (learnings/relevance); it gets a new copy on each call, so it
// cannot change the tables. The groups of sameWords that hold the roles of
// wording (see wordingRoles) are left out: they say how a learning is
// worded, not what it is about.
func WordGroups() [][]string {
	var out [][]string
	for _, g := range slices.Concat(sameWords, synonymGroups, commonGroups) {
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

// Spellings returns the other spellings of w (a lower-case word) that the
// same-learning analysis reads as w: its American spelling where w is
// British ("colour": "color"; "optimised": "optimized"), its British ones
// where w is American ("color": "colour"; "canceled": "cancelled";
// "center": "centre"; "analyze": "analyse"). Context-aware recall looks
// for them too, since a task and a learning are often written on two
// sides of the Atlantic. A British spelling is given only where reading
// it the American way gives w back, so the two directions agree.
func Spellings(w string) []string {
	if len(w) < 3 {
		return nil
	}
	var out []string
	if us := american(w); us != w {
		out = append(out, us)
	}
	for _, gb := range britishOf()[w] {
		if !slices.Contains(out, gb) {
			out = append(out, gb)
		}
	}
	for _, gb := range britishByRule(w) {
		if gb != w && !slices.Contains(out, gb) && american(gb) == w {
			out = append(out, gb)
		}
	}
	return out
}

// britishOf maps each American spelling of britishRoots, with its
// suffixes, to the British ones, built on first use.
var britishOf = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for gb, us := range americanWords() {
		m[us] = append(m[us], gb)
	}
	for _, gbs := range m {
		slices.Sort(gbs)
	}
	return m
})

// britishByRule gives the British spellings the rules of american would
// read as w, for the words no table lists: "-ize" and "-yze" as "-ise"
// and "-yse" ("organization", "analyzed"), "-og" as "-ogue"
// ("catalogs"), one "l" before "-ed", "-ing" and "-er" as two ("labeled",
// "traveling"). They are candidates: Spellings keeps one only where
// american reads it back as w. The "-or" and "-er" words with a British
// "-our" and "-re" are few and listed (britishRoots): by rule "motor" and
// "number" would give "motour" and "numbre".
func britishByRule(w string) []string {
	var out []string
	if i := strings.LastIndex(w, "iz"); i >= 2 {
		out = append(out, w[:i]+"is"+w[i+2:])
	}
	if i := strings.LastIndex(w, "yz"); i >= 2 {
		out = append(out, w[:i]+"ys"+w[i+2:])
	}
	for _, rest := range [...]string{"og", "ogs"} {
		if base, ok := strings.CutSuffix(w, rest); ok && len(base) >= 4 {
			out = append(out, base+"ogue"+rest[2:])
		}
	}
	for _, rest := range [...]string{"ed", "ing", "er", "ers"} {
		if base, ok := strings.CutSuffix(w, "el"+rest); ok && len(base) >= 2 {
			out = append(out, base+"ell"+rest)
		}
	}
	return out
}
