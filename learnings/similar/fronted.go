package similar

import "strings"

// frontedPassive reports whether two texts say the same once a time or a
// place that opens a passive clause is read at the end of that clause:
// "On Mondays the PRs are opened by Dependabot" is "the PRs are opened by
// Dependabot on Mondays", which reads as "Dependabot opens the PRs on
// Mondays". Fronted before an active clause the phrase is a rotation of
// the clause already ("On Mondays Dependabot opens the PRs"); before a
// passive it sits inside the subject the passive reading moves, so the
// clause is written again with it last and read anew. The phrase runs from
// the preposition that opens the text to the last article before the verb
// "to be" ("At the end of each lesson the logbook is signed by ..."); a
// text with no article there, or a comma, is left as it is.
func frontedPassive(t, c *Text) bool {
	if s := frontedLast(t.src); s != "" && sameContent(analyse(s), c.analysis()) {
		return true
	}
	if s := frontedLast(c.src); s != "" && sameContent(t.analysis(), analyse(s)) {
		return true
	}
	return false
}

// frontedLast is s with the time or place that opens it before a passive
// clause with an agent moved to the end of that clause (see
// frontedPassive), "" when s has none.
func frontedLast(s string) string {
	ws := strings.Fields(s)
	if len(ws) < 6 || !frontingWord(strings.ToLower(ws[0])) {
		return ""
	}
	subject := -1 // where the last article before the verb "to be" stands
	be := -1
	for i, w := range ws {
		lw := strings.ToLower(w)
		if strings.ContainsAny(w, ",;:") {
			return ""
		}
		if isBe(lw) {
			be = i
			break
		}
		if i > 0 && (lw == "the" || lw == "a" || lw == "an") {
			subject = i
		}
	}
	if subject < 2 || be < subject+2 || be+2 >= len(ws) || strings.ToLower(ws[be+2]) != "by" {
		return ""
	}
	end := len(ws) // the clause ends at the first mark after the verb
	for i := be; i < len(ws); i++ {
		if strings.ContainsAny(ws[i], ",;:") {
			end = i + 1
			break
		}
	}
	last := ws[end-1]
	mark := last[len(strings.TrimRight(last, ".,;:!?")):]
	out := make([]string, 0, len(ws))
	out = append(out, ws[subject:end-1]...)
	out = append(out, strings.TrimRight(last, ".,;:!?"))
	out = append(out, ws[:subject]...)
	out[len(out)-1] += mark
	out = append(out, ws[end:]...)
	return strings.Join(out, " ")
}

// frontingWord reports a preposition that opens a phrase of time or place
// fronted before its clause ("On Mondays", "In winter", "Every Friday").
func frontingWord(w string) bool {
	switch w {
	case "on", "in", "at", "during", "every", "each", "within":
		return true
	}
	return false
}

// isBe reports a form of "to be" or "get" that makes a passive ("is
// opened by", "gets opened by").
func isBe(w string) bool {
	switch w {
	case "is", "are", "was", "were", "gets", "get":
		return true
	}
	return false
}
