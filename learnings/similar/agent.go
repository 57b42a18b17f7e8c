package similar

import (
	"slices"
	"strings"
)

// passiveAgent is the agent of the first passive clause of s with one,
// the words after "by" up to a preposition or a mark ("The release notes
// are written by the tech lead."; "... by the night guard at 10pm" gives
// "the night guard"), "" when s has none. A negated passive ("is not
// cleared by") changes more than who does the job and has none.
func passiveAgent(s string) string {
	if !strings.Contains(s, " by ") {
		return "" // most texts: no word read
	}
	ws := strings.Fields(s)
	for i := 0; i+3 < len(ws); i++ {
		w := strings.ToLower(ws[i])
		if !isBe(w) && w != "be" && w != "been" {
			continue
		}
		// The word between is the participle, as the reading takes
		// it ("is reset by"; see tokenizer.by).
		if strings.ContainsAny(ws[i+1], ",;:.`") || strings.ToLower(ws[i+2]) != "by" {
			continue
		}
		var agent []string
		for _, a := range ws[i+3:] {
			la := strings.ToLower(a)
			if endsAgent(la) || clauseLink(la) {
				break
			}
			word := strings.TrimRight(a, ".,;:!?")
			if strings.ContainsAny(word, "0123456789") {
				return "" // a time or a value: "is open by 9am"
			}
			agent = append(agent, word)
			if word != a {
				break
			}
		}
		return strings.Join(agent, " ")
	}
	return ""
}

// clauseLink reports a word that joins or opens a clause, which ends the
// agent before it.
func clauseLink(w string) bool {
	switch w {
	case "and", "or", "but", "if", "when", "whenever", "unless", "while", "because", "since", "so", "then", "until", "once", "before", "after", "where", "which", "who":
		return true
	}
	return false
}

// agentPhrase reports whether two texts say the same once the agent of a
// passive in one runs on through the phrase after it: "The default timeout
// is overridden by the value in the config file" is "The value in the
// config file overrides the default timeout". The reading ends an agent at
// its first preposition ("uploaded by the gateway over LoRa" is "the
// gateway uploads ... over LoRa"), so the phrase goes last; read either
// way the passive says one thing, and the active that names the phrase
// with its agent says it too. Only texts whose keys agree are asked.
func agentPhrase(t, c *Text) bool {
	return agentPhraseOf(t, c) || agentPhraseOf(c, t)
}

// agentPhraseOf reports whether o reads as the passive p with its agent
// and the phrase after it first (see agentPhrase).
func agentPhraseOf(p, o *Text) bool {
	agent := passiveAgent(p.src)
	long := passiveAgentLong(p.src)
	if agent == "" || len(long) <= len(agent) {
		return false
	}
	x, xp := flatten(analyse(agent).items), flatten(analyse(long).items)
	if len(x) == 0 || len(xp) <= len(x) || !slices.Equal(xp[:len(x)], x) {
		return false
	}
	phrase := xp[len(x):]
	pa, oa := p.analysis().items, o.analysis().items
	if len(pa) != len(oa) {
		return false
	}
	for i, cl := range pa {
		n := len(cl)
		if n < len(xp)+1 || !slices.Equal(cl[:len(x)], x) || !slices.Equal(cl[n-len(phrase):], phrase) {
			continue
		}
		moved := slices.Concat(xp, cl[len(x):n-len(phrase)])
		read := slices.Clone(pa)
		read[i] = moved
		return sameItems(read, oa)
	}
	return false
}

// passiveAgentLong is the agent of the first passive clause of s with one
// and the phrases after it to the end of the clause ("the value in the
// config file"), "" when s has none.
func passiveAgentLong(s string) string {
	i := strings.Index(s, " by ")
	if i < 0 {
		return ""
	}
	rest := s[i+len(" by "):]
	if j := strings.IndexAny(rest, ",;:"); j >= 0 {
		rest = rest[:j]
	}
	ws := strings.Fields(strings.TrimRight(rest, ".!? "))
	for k, w := range ws {
		if clauseLink(strings.ToLower(w)) {
			ws = ws[:k]
			break
		}
	}
	return strings.Join(ws, " ")
}
