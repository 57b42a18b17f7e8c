package similar

import (
	_ "embed"
	"strings"
)

// wordnetText holds, one pair a line, sorted, the words WordNet 3.0 names
// one thing with in the commonest senses of both (the first two of each
// word, in the order of how often the word was found used in that sense),
// each written as its stems, in every irregular form the database lists
// ("torn" for "tear"), runs of two words as one ("turn up" and "show up"):
// "beginner novice", "compulsory mandatory", "pile stack", "permit allow".
// TestWordNetTable writes it from Debian's wordnet-base (see
// WORDNET-LICENSE) and checks it.
//
// The hand tables (synonymGroups, sameWords) read each word as the head
// of one group, which joins words only where every sense of each meets;
// an agent restating a learning reaches for any everyday word of the same
// sense ("novices" for "beginners", "stitched" for "sewn", "compulsory"
// for "mandatory"), and most of those pairs are in no hand table: on
// synonyms12.txt, written in issue 24's round 14 before its rules, main
// called 54 of 60 such restatements an update or new. A pair of this table
// is read as one word only where two texts differ by it (sameOnceSwapped),
// never in the same-learning key: a word with several senses pairs with
// words that do not pair with one another ("clear" with "free" and with
// "remove"), which no group can hold.
//
// Measured before adopting it: no update or new pair of any development
// set (1390, testdata/*.txt, heldout9, heldout12) differs only by words
// WordNet pairs in their first two senses; from the third sense on it
// pairs "main" and "primary", and counting the synsets a pointer away (a
// kind of, similar to) pairs "payment" and "refund", "staging" and
// "production", "key" and "important", which are values.
//
//go:embed wordnet.txt
var wordnetText string

// wordnetPaired reports whether wordnetText pairs the readings a and b
// (readingOf): a binary search of the sorted lines, with no table built,
// since most runs ask it nothing.
func wordnetPaired(a, b string) bool {
	if a == b || a == "" || b == "" {
		return false
	}
	key := min(a, b) + "\t" + max(a, b)
	text := wordnetText
	lo, hi := 0, len(text)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := strings.LastIndexByte(text[:mid], '\n') + 1
		end := start + strings.IndexByte(text[start:], '\n')
		switch line := text[start:end]; {
		case line == key:
			return true
		case line < key:
			lo = end + 1
		default:
			hi = start
		}
	}
	return false
}

// readingOf is the key wordnet.txt writes a word or a run of words as:
// the stem of each.
func readingOf(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		ws[i] = stem(w)
	}
	return strings.Join(ws, " ")
}

// maxSwaps is the most words sameOnceSwapped reads as others in a pair: a
// restatement that swaps one, two or three words, not a text reworded
// throughout.
const maxSwaps = 3

// maxDiffer is the most places two texts of as many words may differ in
// for sameOnceSwapped to read them: its swaps, and words the tables read
// alike.
const maxDiffer = 4

// sameOnceSwapped reports whether t and c are the same learning once each
// word c holds where t holds another that WordNet pairs with it
// (wordnetPaired) is written as t's: "Beginners stay near the barrier"
// and "Novices stay near the barrier". The texts are compared as they
// are, a word at a time where they differ in as many words (up to
// maxSwaps of them, beside words the tables read alike: "get a text" and
// "receive a message"), else the whole differing run of up to two words,
// or a word and the particle after it that both share ("turn up" and
// "show up"). A word a hand
// table reads another way is not paired again: a word of looseGroups
// (the same only in some sentences: "keep" and "store", "record" and
// "log"), words the lexicon puts in two groups, a stop word, a filler, a
// negation, a number, a unit, a relation or a clause opener. Code is never
// read (a name or a command as typed).
func (t *Text) sameOnceSwapped(c *Text, w pieceWindows) bool {
	b, ok := swapPaired(c.src, w)
	if !ok {
		return false
	}
	// As an update, the pair scores sameFloor at the least and shares most
	// of the larger text's word weight as written: the store filter keeps
	// every such pair (see Filter), and two texts that share less are
	// more than a swap apart.
	score, shared := relatedness(t.features(), t.trigrams(), c.features(), c.trigrams())
	if score < sameFloor || shared < minSharedShare*max(t.features().weight, c.features().weight)-boundSlack {
		return false
	}
	return Prepare(t.src).Same(Prepare(b))
}

// swapPaired returns b with the words it holds where the other text
// holds a word WordNet pairs with them written as the other writes them,
// and whether it found such words; w are the pieces of the texts' windows
// (windowPieces). What else differs is left for Same to read.
func swapPaired(b string, w pieceWindows) (string, bool) {
	wa, wb, ib := w.a, w.b, w.startB
	pre := 0
	for pre < len(wa) && pre < len(wb) && samePiece(wa[pre], wb[pre]) {
		pre++
	}
	suf := 0
	for suf < len(wa)-pre && suf < len(wb)-pre && samePiece(wa[len(wa)-1-suf], wb[len(wb)-1-suf]) {
		suf++
	}
	ma, mb := wa[pre:len(wa)-suf], wb[pre:len(wb)-suf]
	if len(ma) == 0 || len(mb) == 0 {
		return b, false
	}
	type edit struct {
		start, end int
		with       string
	}
	var edits []edit
	var paired []int
	if len(ma) == len(mb) {
		paired = pairedPieces(wa, wb, pre, len(ma))
	}
	afterNumber := pre > 0 && numberPiece(wa[pre-1]) // a unit or what is counted: a value
	switch {
	case len(paired) > 0:
		for _, i := range paired {
			x, y := wa[i], wb[i]
			edits = append(edits, edit{ib + y.start, ib + y.end, x.core})
		}
	case afterNumber:
		return b, false
	case len(ma)+len(mb) > 2 && len(ma) <= 2 && len(mb) <= 2 && pairedRuns(ma, mb):
		edits = append(edits, edit{ib + mb[0].start, ib + mb[len(mb)-1].end, runText(ma)})
	case len(ma) == 1 && len(mb) == 1 && contentWord(ma[0]) && contentWord(mb[0]) &&
		suf > 0 && particle(wa[pre+1]) && pairedRuns(wa[pre:pre+2], wb[pre:pre+2]):
		edits = append(edits, edit{ib + mb[0].start, ib + mb[0].end, ma[0].core})
	default:
		return b, false
	}
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		b = b[:e.start] + e.with + b[e.end:]
	}
	return b, true
}

// runText is the words of run, one space between each.
func runText(run []*compoundWord) string {
	ws := make([]string, len(run))
	for i, x := range run {
		ws[i] = x.core
	}
	return strings.Join(ws, " ")
}

// samePiece reports whether two pieces outside code are the same word,
// whatever their case.
func samePiece(x, y *compoundWord) bool {
	return x != nil && y != nil && strings.EqualFold(x.core, y.core)
}

// pairedPieces are the places, from pre on for n pieces, where wa and wb
// hold two words of content WordNet pairs, none after a number (a unit
// or what is counted is a value); nil where the texts differ in more
// than maxDiffer places or WordNet pairs more than maxSwaps. The places
// where they differ otherwise are left to Same: words the tables already
// read alike ("get" and "receive"), or a change.
func pairedPieces(wa, wb []*compoundWord, pre, n int) []int {
	var at []int
	differ := 0
	for i := pre; i < pre+n; i++ {
		x, y := wa[i], wb[i]
		if samePiece(x, y) {
			continue
		}
		if differ++; differ > maxDiffer {
			return nil
		}
		if !contentWord(x) || !contentWord(y) || i > 0 && numberPiece(wa[i-1]) {
			continue
		}
		sx, sy := stem(strings.ToLower(x.core)), stem(strings.ToLower(y.core))
		if wordnetPaired(sx, sy) && !keptApart(sx, sy) {
			at = append(at, i)
		}
	}
	if len(at) > maxSwaps {
		return nil
	}
	return at
}

// pairedRuns reports whether the runs of words ra and rb, each read as
// one, are a pair of WordNet, no word of either one of looseGroups.
func pairedRuns(ra, rb []*compoundWord) bool {
	read := func(r []*compoundWord) string {
		ws := make([]string, len(r))
		for i, x := range r {
			if !swappable(x) {
				return ""
			}
			ws[i] = strings.ToLower(x.core)
			if lookup(stem(ws[i])).change != "" {
				return ""
			}
		}
		return readingOf(strings.Join(ws, " "))
	}
	return wordnetPaired(read(ra), read(rb))
}

// particles are the adverbs a phrasal verb ends with: a swap of one ("back
// up", "back off") changes the act, and a verb swapped before one is read
// with it ("turn up", "show up").
var particles = map[string]bool{
	"up": true, "down": true, "out": true, "off": true, "in": true, "on": true, "over": true,
	"back": true, "away": true, "through": true, "about": true, "around": true, "along": true,
	"across": true, "by": true, "forward": true, "into": true, "onto": true, "apart": true,
}

// particle reports a piece that is a word of particles.
func particle(x *compoundWord) bool {
	return x != nil && particles[strings.ToLower(x.core)]
}

// numberPiece reports a piece that holds a digit or a number word: the
// word after it is a unit or what is counted, a value ("10 seconds", "10
// minutes").
func numberPiece(x *compoundWord) bool {
	if x == nil {
		return false
	}
	w := strings.ToLower(x.core)
	return strings.ContainsAny(w, "0123456789") || lookup(w).number != ""
}

// swappable reports a piece of letters outside code.
func swappable(x *compoundWord) bool { return x != nil && x.letters }

// keptApart reports words the hand tables read on their own: a word of
// looseGroups, two words of two lexicon groups, or a word of a table that
// is no content word.
func keptApart(a, b string) bool {
	la, lb := lookup(a), lookup(b)
	for _, l := range []*lexEntry{la, lb} {
		if l.change != "" || !contentEntry(l) {
			return true
		}
	}
	return la.same != "" && lb.same != "" && la.same != lb.same
}

// contentWord reports a piece of letters that is a word of content: no
// stop word, filler, negation, number, unit, relation or clause opener,
// as written or as its stem ("seconds" is a unit).
func contentWord(x *compoundWord) bool {
	if !swappable(x) || particle(x) {
		return false
	}
	w := strings.ToLower(x.core)
	return contentEntry(lookup(w)) && contentEntry(lookup(stem(w)))
}

func contentEntry(l *lexEntry) bool {
	return !(l.stop || l.filler || l.fillerStem || l.negation || l.number != "" || l.unit != "" || l.relation != "" || l.opener != "")
}
