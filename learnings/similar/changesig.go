package similar

import (
	"math/bits"
	"slices"
)

// A change signature rules out, without oneChange, most pairs that are not
// one thing changed. oneChange trims the words two texts start and end
// with and pairs the rest word by word; the signature counts the words of
// a text by kind instead, so two signatures merge in one pass. It only
// says no where oneChange says no (see mayChangeOnce), and it reads the
// words through changeWords and the number rule through numberLike, as
// compareWords does, so a change to how oneChange reads words changes the
// signature with it.
//
// What it buys: on the 10 MB memory of bench/'s prose generator (34,000
// learnings whose sentences recur in new combinations), 230,000 pairs of
// learnings got past the bounds to oneChange, which was 38 % of lint's CPU
// time, and 1,000 of them were one change; the signatures let 1,700
// through, and BestBefore for every learning took 1.9-2.6 s of CPU
// instead of 2.8-3.3 s (three interleaved runs each, on a loaded
// machine). (Since a text saying "not" or "instead of" lets its pairs
// through where the other text does not say it, they let 14,400 through,
// 1,042 of them one change.) Where learnings are short (the default and
// sparse generators) oneChange is cheap and the signatures let three pairs
// in four through (default: 176,000 of 199,000; 4,100 one change): they
// cost about as much as they save there (sparse: 0.70 s with them, 0.66 s
// without, medians of five).

// changeSig is what mayChangeOnce reads of a text: its change words (see
// changeWords), each kind once with its count, sorted by hash.
type changeSig struct {
	kinds []sigWord
	// insteadOf and not are oneChange's two tests of whether a text
	// replaces an old value (replaces and saysNot): where the two texts
	// of a pair differ in either, oneChange may drop the old value such
	// words name, however many words it holds, so the counts bound
	// nothing. Where they agree, oneChange reads every word as it is.
	insteadOf, not bool
	// all has a bit for each kind (kindBit), and prose one for each kind
	// never in a code span that is no number: a bit of one text's prose
	// that the other's all lacks is a kind of prose only that text holds
	// (see mayChangeOnce).
	all, prose kindBits
}

// kindBits is a set of kindBit values.
type kindBits [4]uint64

// kindBit is where a kind of word of the given hash sits in kindBits.
func kindBit(hash uint64) uint8 { return uint8((hash * 0x9E3779B97F4A7C15) >> 56) }

// onlyIn is at most how many kinds of prose a holds that b does not: each
// bit of a.prose that b.all lacks stands for at least one such kind.
func onlyIn(a, b *changeSig) int {
	n := 0
	for w := range a.prose {
		n += bits.OnesCount64(a.prose[w] &^ b.all[w])
	}
	return n
}

// sigWord is one kind of word in a text: how often it is there, whether it
// is there in a code span at least once, and whether compareWords counts
// it as a number when it is all that differs (asked once here rather than
// for every pair it is surplus in: on the prose generator's 10 MB memory,
// 230,000 pairs get to the signatures).
type sigWord struct {
	hash         uint64
	count        int32
	code, number bool
}

// signatureOf is the change signature of t.
func signatureOf(t *Text) *changeSig {
	cw := t.changeWords()
	sig := &changeSig{insteadOf: cw.insteadOf, not: cw.not}
	// Each word is one integer, its hash with the two low bits holding
	// whether it is in code and a number, so that the words sort as
	// integers and a kind's words sit together: sorting the words as
	// structs with a comparison function cost more than the rest of
	// signatureOf (4 % of lint's search on the prose generator's 10 MB
	// memory, callgrind).
	var stack [64]uint64
	keys := stack[:0]
	for i, w := range cw.words {
		if replaceWord(w) {
			// oneChange may drop "instead of" and "rather than":
			// leaving these words out only lowers the counts.
			continue
		}
		k := fnv(w) &^ 3
		if cw.span[i] > 0 {
			k |= 1
		}
		if numberLike(w) {
			k |= 2
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	// One entry a kind. Two words sharing a hash would count as one
	// kind, which lets more pairs through, and as a number if either is
	// one, which does too: a 62-bit hash of the few hundred thousand
	// words of a memory does not collide.
	n := 0
	for i, k := range keys {
		if i == 0 || k&^3 != keys[i-1]&^3 {
			n++
		}
	}
	sig.kinds = make([]sigWord, 0, n)
	for i, k := range keys {
		if i > 0 && k&^3 == keys[i-1]&^3 {
			last := &sig.kinds[len(sig.kinds)-1]
			last.count++
			last.code = last.code || k&1 != 0
			last.number = last.number || k&2 != 0
			continue
		}
		sig.kinds = append(sig.kinds, sigWord{hash: k &^ 3, count: 1, code: k&1 != 0, number: k&2 != 0})
	}
	for _, k := range sig.kinds {
		b := kindBit(k.hash)
		sig.all[b>>6] |= 1 << (b & 63)
		if !k.code && !k.number {
			sig.prose[b>>6] |= 1 << (b & 63)
		}
	}
	return sig
}

// replaceWord reports the words of "instead of" and "rather than", which
// oneChange drops from both texts when one of them says it, and the "not"
// of "now uses X, not Y", which it drops with the old value it names.
func replaceWord(w string) bool {
	switch w {
	case "instead", "of", "rather", "than", "not":
		return true
	}
	return false
}

// mayChangeOnce is false only where oneChange(a, b) is false, for texts
// whose analysis keys differ (sameKey tells). Why: oneChange keeps the
// words both texts start and end with, so every word one holds more often
// than the other (its surplus) is in its changed middle. oneChange is true
// only when
//
//   - the surplus on both sides is numbers, or empty (the same words in
//     another order), or
//   - the middles share no word and hold at most maxChangedWords each,
//     unless both are all in code spans (a command is one value however
//     long), which they are not when a surplus word is never in code.
//
// The surplus counted here leaves out the words of "instead of" and "not",
// which oneChange may drop. Where one text of the pair replaces an old
// value and the other does not ("use X instead of Y" of "use Y", "now uses
// X, not Y" of "uses Y"), oneChange may also drop the old value they name,
// which takes words from one side's surplus that the counts cannot tell:
// such a pair is let through. So the surplus is never more than
// oneChange's. Letting through only those pairs, and not every pair one
// of whose texts says "not" somewhere, took the pairs of the prose
// generator's 10 MB memory that reach oneChange from 86,700 to 14,400 (of
// 231,000 the bounds let through; 1,042 are one change either way).
func mayChangeOnce(a, b *changeSig, sameKey bool) bool {
	if sameKey || a.insteadOf != b.insteadOf || a.not != b.not {
		return true
	}
	// A kind of prose that is no number and that only one text holds is
	// a surplus of that text that makes nonNumber and its prose flag
	// true below: more than maxChangedWords of them say no without the
	// merge. On the prose generator's 10 MB memory, whose siblings share
	// a sentence and differ in another, the search for every learning's
	// update took 7.4 G instructions, 6.9 G with the bits (callgrind).
	if onlyIn(a, b) > maxChangedWords || onlyIn(b, a) > maxChangedWords {
		return false
	}
	return mergeChangeOnce(a, b)
}

// mergeChangeOnce is mayChangeOnce of texts whose insteadOf and not agree
// and whose keys differ, from a merge of their kinds.
func mergeChangeOnce(a, b *changeSig) bool {
	var moreA, moreB int32
	nonNumber, proseA, proseB := false, false, false
	i, j := 0, 0
	for i < len(a.kinds) || j < len(b.kinds) {
		var x, y sigWord
		switch {
		case j == len(b.kinds) || i < len(a.kinds) && a.kinds[i].hash < b.kinds[j].hash:
			x = a.kinds[i]
			i++
		case i == len(a.kinds) || b.kinds[j].hash < a.kinds[i].hash:
			y = b.kinds[j]
			j++
		default:
			x, y = a.kinds[i], b.kinds[j]
			i++
			j++
		}
		switch {
		case x.count > y.count:
			moreA += x.count - y.count
			nonNumber = nonNumber || !x.number
			proseA = proseA || !x.code
		case y.count > x.count:
			moreB += y.count - x.count
			nonNumber = nonNumber || !y.number
			proseB = proseB || !y.code
		}
	}
	if !nonNumber || !proseA && !proseB {
		return true
	}
	return moreA <= maxChangedWords && moreB <= maxChangedWords
}

// changeSignature is entry n's change signature, read on first use:
// most learnings are never a candidate update. The entry's words are read
// through memo, the calling BestBefore's.
func (ix *Index) changeSignature(n int32, memo *changeMemo) *changeSig {
	p := &ix.sigs[n]
	if s := p.Load(); s != nil {
		return s
	}
	t := ix.entries[n].t
	t.changeWordsWith(memo) // kept for signatureOf and oneChange
	p.CompareAndSwap(nil, signatureOf(t))
	return p.Load()
}
