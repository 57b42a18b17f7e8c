package similar

import "strings"

// directionClash reports whether one text turns round a direction the
// other states: where one says "from" (or "out of") the other says "to"
// (or "into", "onto", "towards") between the same words. The reading
// drops these words as stop words, since most of the time they only link
// a verb to its object ("send the report to finance") and a rewording
// moves or drops them; so "copy the file from the server" and "copy the
// file to the server" held the same tokens and store skipped the
// correction (direction21.txt). A "to" may also mark an infinitive ("to
// rebuild the index, run make index"), which a rewording drops or adds,
// so a text clashes only when one way rises as the other falls, and only
// where a word of one way follows the same word as a word of the other
// way ("copy the file from", "... to"), or comes before the same word
// after a verb ("arrive from the depot", "come to the depot"): an
// adjective or a participle takes its own word ("invisible to
// subscribers", "hidden from subscribers": swaps15.txt), and "off" after
// a verb is mostly its particle ("drop off the guitars at the desk").
// Like modalClash it is asked only of texts the reading took for the same
// learning, so it costs nothing elsewhere.
func directionClash(a, b *Text) bool {
	ca, cb := a.f.canon, b.f.canon
	if !mayGoAway(ca) && !mayGoAway(cb) {
		// Neither says "from" nor "out of": no way falls or rises
		// against the other. Most pairs lint finds the same hold
		// neither; reading their words cost lint 1.5 M of 1090 M
		// instructions on the default generator's 1 MB memory.
		return false
	}
	da, db := directionsOf(ca), directionsOf(cb)
	dt, dw := db.toward-da.toward, db.away-da.away
	if !(dt > 0 && dw < 0 || dt < 0 && dw > 0) {
		return false
	}
	for _, x := range da.words {
		for _, y := range db.words {
			if x.toward == y.toward {
				continue
			}
			if x.prev == y.prev || x.next == y.next && !takesOwnWord(x.prev) && !takesOwnWord(y.prev) {
				return true
			}
		}
	}
	return false
}

// directions are the words of a text that say which way a thing goes,
// counted each way, with the words around each.
type directions struct {
	toward, away int
	words        []directionWord
}

// directionWord is one word of direction, with the word of content
// before and after it ("the" and "a" skipped).
type directionWord struct {
	toward     bool
	prev, next string
}

// directionsOf reads the directions of the canonical text s (see
// Canonical): toward a place ("to", "into", "onto", "towards") and away
// from one ("from", "out of").
func directionsOf(s string) directions {
	var d directions
	prev, before, open := "", "", -1
	for w := range strings.FieldsSeq(s) {
		toward, away := false, false
		switch w {
		case "the", "a", "an":
			continue
		case "to", "into", "onto", "toward", "towards":
			toward = true
		case "from":
			away = true
		case "of":
			away = prev == "out"
		}
		if open >= 0 {
			d.words[open].next = w
			open = -1
		}
		if toward || away {
			p := prev
			if w == "of" {
				p = before // the word before "out of"
			}
			d.words = append(d.words, directionWord{toward: toward, prev: p})
			open = len(d.words) - 1
			if toward {
				d.toward++
			} else {
				d.away++
			}
		}
		before, prev = prev, w
	}
	return d
}

// takesOwnWord reports a word that looks like an adjective or a
// participle, which takes its own "to" or "from" ("invisible to",
// "hidden from", "exempt from"): a change of that word and its
// preposition together is no turned direction.
func takesOwnWord(w string) bool {
	return isParticiple(w) || strings.HasSuffix(w, "ible") || strings.HasSuffix(w, "able")
}

// mayGoAway reports whether the canonical text s may hold a word of the
// way away: whether it holds "from" or "out".
func mayGoAway(s string) bool {
	return strings.Contains(s, "from") || strings.Contains(s, "out")
}
