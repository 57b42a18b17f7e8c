package similar

import (
	"slices"
	"strings"
	"unicode"
)

// namedStopClash reports whether one text writes a stop word as a name,
// a month or an acronym ("in May", "ask Will", "the US", "IT", "2 AM")
// that the other text does not write so as often. The reading drops
// "may", "will", "us", "it" and "am" as stop words, so "The plant sale
// is held in May" and "The plant sale is held" held the same tokens
// (score 1) and store would drop the month as a duplicate. Like
// modalClash it is asked only of texts the reading took for the same
// learning, so it costs nothing elsewhere; and not of texts with the same
// canonical text, which differ in case alone and which Compare takes for
// the same learning before it asks any clash.
func namedStopClash(a, b *Text) bool {
	if a.f.canon == b.f.canon {
		return false
	}
	na, nb := namedStops(a.src), namedStops(b.src)
	if len(na) != len(nb) {
		return true
	}
	slices.Sort(na)
	slices.Sort(nb)
	return !slices.Equal(na, nb)
}

// namedStops lists, in lower case, the stop words s writes as a name:
// any stop word of two letters or more in capitals ("US", "IT", "AM",
// "OR") in a text that is not all capitals; "May" and "Will" capitalised
// inside a sentence, unless the words on both sides are capitalised too
// (a title); and "may" after "in", "by", "since", "until", "till" or
// "during", or before a number ("May 5", "by may 1"), which is the month.
// "May" or "Will" opening a sentence stays the modal: "May cause flaky
// tests".
func namedStops(s string) []string {
	if !strings.ContainsFunc(s, unicode.IsLower) {
		return nil
	}
	var out []string
	words := strings.Fields(s)
	start := true
	for i, f := range words {
		w := strings.Trim(f, ".,;:!?()[]\"'*_`")
		lw := strings.ToLower(w)
		switch {
		case len(w) < 2 || !stopwords[lw]:
		case w == strings.ToUpper(w):
			out = append(out, lw)
		case lw == "may" && (monthAfter(words, i) || i > 0 && monthBefore(words[i-1])):
			out = append(out, lw)
		case (w == "May" || w == "Will") && !start && !(i > 0 && capitalised(words[i-1]) && i+1 < len(words) && capitalised(words[i+1])):
			out = append(out, lw)
		}
		start = strings.ContainsAny(f[len(f)-1:], ".!?:")
	}
	return out
}

// monthBefore reports a word after which "may" is the month: "in May",
// "by may", "until May".
func monthBefore(w string) bool {
	switch strings.ToLower(strings.Trim(w, "([\"'*_")) {
	case "in", "by", "since", "until", "till", "during":
		return true
	}
	return false
}

// monthAfter reports whether the word after words[i] is a number, as in
// "May 5" or "may 2025".
func monthAfter(words []string, i int) bool {
	return i+1 < len(words) && '0' <= words[i+1][0] && words[i+1][0] <= '9'
}

// capitalised reports a word that opens with a capital letter.
func capitalised(w string) bool {
	w = strings.TrimLeft(w, "([\"'*_`")
	return w != "" && 'A' <= w[0] && w[0] <= 'Z'
}
