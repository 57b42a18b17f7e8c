package similar

import (
	"slices"
	"strings"
)

// onlyByVerb reports whether two texts are written alike but for an
// "only" that stands right before the verb in one and right after it in
// the other: "the backup job only runs on weekdays" and "the backup job
// runs only on weekdays", "admins can only delete projects" and "admins
// can delete only projects". An "only" before the verb is how people say
// what the one right after it says; one moved further ("the roastery
// ships whole beans only to cafes"), before the subject, or between two
// words after the verb ("back up only databases on Sundays", "back up
// databases only on Sundays") limits another thing (onlyGlued). The verb
// is told from a noun by how it is written, since the reading keeps
// stems: it follows a modal ("can only delete"), or it is the first word
// in -s after the article that opens the text ("the backup job only
// runs"). The texts are compared as written, so this is asked only when
// the reading found them apart.
func onlyByVerb(srcA, srcB string) bool {
	if !strings.Contains(srcA, "only") || !strings.Contains(srcB, "only") {
		return false
	}
	wa, wb := textWords(srcA), textWords(srcB)
	return onlyBeforeVerb(wa, wb) || onlyBeforeVerb(wb, wa)
}

// onlyBeforeVerb reports whether a has "only" right before its verb where
// b has it right after, the words otherwise the same (see onlyByVerb).
func onlyBeforeVerb(a, b []string) bool {
	i, j := onlyAt(a), onlyAt(b)
	if i < 1 || j != i+1 || len(a) != len(b) || a[i+1] != b[i] || !slices.Equal(a[:i], b[:i]) || !slices.Equal(a[j+1:], b[j+1:]) {
		return false
	}
	verb := a[i+1]
	if isModal(a[i-1]) {
		return true
	}
	if !strings.HasSuffix(verb, "s") || strings.HasSuffix(verb, "ss") || !isArticle(a[0]) {
		return false
	}
	for _, w := range a[1:i] {
		if strings.HasSuffix(w, "s") || strings.ContainsAny(w, "'’`") {
			return false // the subject has a word in -s: which is the verb?
		}
	}
	return true
}

// onlyAt is where the one "only" of ws stands, -1 when it has none or
// more than one.
func onlyAt(ws []string) int {
	i := slices.Index(ws, "only")
	if i < 0 || slices.Index(ws[i+1:], "only") >= 0 {
		return -1
	}
	return i
}

// textWords is s's words in lower case, without the marks around them.
func textWords(s string) []string {
	var out []string
	for f := range strings.FieldsSeq(s) {
		if w := strings.ToLower(strings.Trim(f, ".,;:!?()\"*_")); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// isModal reports a modal verb (modal) or its negation as one word,
// after which the word is a verb.
func isModal(w string) bool {
	return modal(w) || w == "cannot" || w == "can't" || w == "won't"
}
