package similar

import (
	"math/bits"
	"slices"
	"sync/atomic"
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
// machine). (Once a text saying "not" or "instead of" let its pairs
// through where the other text does not say it, they let 14,400 through,
// 1,042 of them one change; since surplusSaysNo reads the other text's
// surplus in such pairs, 2,906, 648 of them one change.) Where learnings
// are short (the default and sparse generators) oneChange is cheap and
// the signatures let three pairs in four through (default: 176,000 of
// 199,000; 4,100 one change): they cost about as much as they save there
// (sparse: 0.70 s with them, 0.66 s without, medians of five).

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
	// words are the change words the signature counts, and order their
	// textOrder, read when placesApart first asks (wordOrder).
	words *changeText
	order atomic.Pointer[textOrder]
}

// textOrder is, for each change word of a text in text order but those of
// "instead of" and "not", which kinds leaves out, the index of its kind in
// kinds with contentBit and proseBit; and whether a content word is not
// prose, a number or code (value), which depends on the text alone.
type textOrder struct {
	words []int32
	value bool
}

// contentBit marks a word of a textOrder that is no function word
// (functionStem), and proseBit one that is also prose and no number.
const (
	contentBit = 1 << 30
	proseBit   = 1 << 29
	kindMask   = proseBit - 1
)

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
	sig := &changeSig{insteadOf: cw.insteadOf, not: cw.not, words: cw}
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
		if cw.number[i] {
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

// wordOrder is s.order, read on first use: only pairs that get past
// the counts of mergeKinds need it. Reading it with every signature took
// lint on the 1 MB memories (callgrind, GOMAXPROCS=1, M instructions)
// from 828.9 to 862.5 on prose (+4.1 %), 756.0 to 770.5 on agent
// (+1.9 %), 1057.3 to 1065.0 on paths, 1021.1 to 1027.5 on intl and
// 1398.4 to 1404.9 on default (+0.5 to 0.7 %), and long, sparse and zipf
// within 0.3 %.
//
// The words of "instead of" and "not" are left out of it, and whether a
// text holds a value is read here once rather than by loneRuns for each
// pair: lint on the default generator's 1 MB memory (callgrind,
// GOMAXPROCS=1) loneRuns 74.9 -> 53.2 M instructions, lint 1185.7 ->
// 1164.4 M.
func (s *changeSig) wordOrder() *textOrder {
	if p := s.order.Load(); p != nil {
		return p
	}
	cw := s.words
	order := &textOrder{words: make([]int32, 0, len(cw.words))}
	for i, w := range cw.words {
		if replaceWord(w) {
			continue
		}
		h := fnv(w) &^ 3
		lo, hi := 0, len(s.kinds)
		for lo < hi {
			if m := int(uint(lo+hi) >> 1); s.kinds[m].hash < h {
				lo = m + 1
			} else {
				hi = m
			}
		}
		v := int32(lo)
		if !functionStem(w) {
			v |= contentBit
			if cw.span[i] == 0 && !cw.number[i] {
				v |= proseBit
			}
		}
		order.value = order.value || v&(contentBit|proseBit) == contentBit
		order.words = append(order.words, v)
	}
	s.order.CompareAndSwap(nil, order)
	return s.order.Load()
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
//     long), which they are not when a surplus word is never in code, or
//   - the words only one text holds lie in at most two runs in a text and
//     three in both, parted by words both hold (placesApart).
//
// The surplus counted here leaves out the words of "instead of" and "not",
// which oneChange may drop. Where one text of the pair replaces an old
// value and the other does not ("use X instead of Y" of "use Y", "now uses
// X, not Y" of "uses Y"), oneChange may also drop the old value they name,
// which takes words from one side's surplus that the counts cannot tell:
// such a pair is let through, unless the other text's surplus alone
// rules it out (see surplusSaysNo). So the surplus is never more than
// oneChange's. Letting through only those pairs, and not every pair one
// of whose texts says "not" somewhere, took the pairs of the prose
// generator's 10 MB memory that reach oneChange from 86,700 to 14,400 (of
// 231,000 the bounds let through; 1,042 are one change either way).
func mayChangeOnce(a, b *changeSig, sameKey bool) bool {
	if sameKey {
		return true
	}
	if a.insteadOf != b.insteadOf || a.not != b.not {
		switch {
		case !a.insteadOf && !a.not:
			return !surplusSaysNo(a, b)
		case !b.insteadOf && !b.not:
			return !surplusSaysNo(b, a)
		}
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
	ok, marks := mergeKinds(a, b)
	return ok && !placesApart(a, b, &marks)
}

// surplusSaysNo reports a surplus of a over b (the words a holds more
// often) that rules out one change on a's side alone, as saysNo reads it:
// more than maxChangedWords words, one of them no number and one never in
// code. mayChangeOnce asks it of a text that names no old value ("instead
// of", "rather than", "not" near the end) paired with one that does. Why:
// oneChange then drops from the other text its "instead of" and maybe the
// old value it names, words of that text only, never of a (dropOldValue
// and dropReplaces leave a text without such words as it is), so a's
// surplus over what is left is at least its surplus here; and every case
// in which onePlace says one change wants a's unpaired middle words to be
// numbers only, none, all in code, or at most maxChangedWords. On the
// 10 MB memories of bench/, the pairs the signatures let through to
// oneChange went from 15,578 to 2,906 on prose (most of them let
// through before because one text said "not" or "instead of" and the
// other did not; 648 pass oneChange either way), 43,127 to 39,928 on
// default, 40,452 to 36,321 on intl and 5,128 to 4,376 on agent, with
// the same findings.
func surplusSaysNo(a, b *changeSig) bool {
	if onlyIn(a, b) > maxChangedWords {
		return true // that many kinds of prose a holds and b lacks
	}
	var sa surplus
	ak, bk := a.kinds, b.kinds
	i, j := 0, 0
	for i < len(ak) {
		x := &ak[i]
		switch {
		case j < len(bk) && bk[j].hash < x.hash:
			j++
			continue
		case j < len(bk) && bk[j].hash == x.hash:
			if x.count > bk[j].count {
				sa.add(x, x.count-bk[j].count)
			}
			j++
		default:
			sa.add(x, x.count)
		}
		i++
		if sa.more > maxChangedWords && sa.nonNumber && sa.prose {
			return true
		}
	}
	return false
}

// placesApart reports texts whose insteadOf and not agree and whose keys
// differ that oneChange finds changed in more places than one, from the
// kinds each lacks (marks). Why: call a word of a text lone when it is no
// function word (functionStem) and of a kind the other text lacks, and a
// separator when the other text holds its kind at least as often. A lone
// word is in the middle onePlace leaves (the words both texts start and
// end with are in both), and compareWords pairs it with nothing; every
// separator in the middle is paired, since the middles hold the kinds of
// the whole texts less the same start and end. So two lone words with a
// separator between them are in two runs of surplusRuns, and the lone
// words, run by run, count no more runs than it does. Where they count
// more than two in a text, or more than three in both, a separator is in
// a middle (the middles share a word: no common == 0), and where a lone
// word is also prose and no number, no middles of the same words, of
// numbers only or of one code span each are left: only rewordedPlace can
// say one change, and it says no to more than two runs in a text, and to
// more than three in both unless both texts hold a number beside a swap
// of one word (swapBesideValue): then each text's two runs are a number
// in prose (digits and function words) and one word, so each holds a
// word that is not prose nor a function word (the number) and at most one
// lone word of prose.
//
// What it buys: of the pairs of the default generator's 1 MB memory that
// got past mergeKinds to oneChange (92,000, 3,700 instructions each,
// about 1,000 of them one change), most are siblings built on one pattern
// about two things, a subject at the start and a value near the end ("The
// session store must expire after 83 minutes; ...", "The i18n loader must
// expire after 74 minutes; ..."): 10,200 get there now. Lint on the 1 MB
// memories (callgrind, GOMAXPROCS=1): default 1563 -> 1421 M
// instructions, sparse 1090 -> 1000; zipf, long, paths, intl, prose and
// agent within 0.7 %. It reads rewordedPlace's limits on the runs (two in
// a text, three in both): a rule that lets more runs through must change
// it too (TestPlacesApartIsConservative, FuzzMayChangeOnce).
//
// The runs of b are not counted where a's decide: more than two runs in
// a with a lone word of prose are more than two whatever b holds. On the
// default generator's 1 MB memory that spares loneRuns of b in a third
// of the pairs.
func placesApart(a, b *changeSig, marks *kindMarks) bool {
	ra, wa, valueA := loneRuns(a, marks.lacks[0], marks.holds[0])
	if ra > 2 && wa > 0 {
		return true
	}
	rb, wb, valueB := loneRuns(b, marks.lacks[1], marks.holds[1])
	if wa == 0 && wb == 0 {
		return false
	}
	swap := valueA && valueB && wa <= 1 && wb <= 1
	return ra > 2 || rb > 2 || ra+rb > 3 && !swap
}

// loneRuns counts the runs of s's lone words with a separator between
// each two and its lone words of prose that are no number, and reports
// any content word that is not prose, a number or code (see
// placesApart); lacks and holds mark the kinds of s that make a word
// lone and a separator.
func loneRuns(s *changeSig, lacks, holds uint64) (n, words int, value bool) {
	between := false
	order := s.wordOrder()
	for _, v := range order.words {
		k := uint64(1) << (v & kindMask)
		switch {
		case lacks&k != 0 && v&contentBit != 0:
			if n == 0 || between {
				n++
			}
			between = false
			if v&proseBit != 0 {
				words++
			}
		case holds&k != 0 && n > 0:
			between = true
		}
	}
	return n, words, order.value
}

// kindMarks mark, for each of two texts, the kinds (bit k for kinds[k])
// the other text lacks and those it holds at least as often. A kind past
// the 64th is not marked: a text with that many is long, and marking
// fewer only lets more pairs through placesApart.
type kindMarks struct{ lacks, holds [2]uint64 }

// mergeKinds reports whether texts whose insteadOf and not agree and
// whose keys differ may be one change as a merge of their kinds tells
// (before placesApart), and their kindMarks, read in the same merge.
func mergeKinds(a, b *changeSig) (ok bool, m kindMarks) {
	// One loop while both texts have kinds left, then the rest of
	// either: on the sparse generator's 1 MB memory, where 67,000 pairs
	// get here, a loop that asked at every kind which text had one left
	// cost 92 M instructions, this one 52 M (callgrind; lint there 1000
	// -> 961 M, on default 1421 -> 1361 M). Marking with bits shifted
	// along the merge, not 1<<i at each kind, and stopping once saysNo
	// (most pairs that get here share most kinds and are let through:
	// on the default generator's 1 MB memory 98,000 of 124,000) took it
	// there from 94.8 to 67.3 M (TestMergeKindsStopsExactly).
	var sa, sb surplus
	ak, bk := a.kinds, b.kinds
	// bi and bj are the bits of kinds[i] and kinds[j] in the marks,
	// shifted along with i and j: past the 64th kind they are 0.
	i, j, bi, bj := 0, 0, uint64(1), uint64(1)
	for i < len(ak) && j < len(bk) {
		x, y := &ak[i], &bk[j]
		switch {
		case x.hash < y.hash:
			m.lacks[0] |= bi
			sa.add(x, x.count)
			i, bi = i+1, bi<<1
		case y.hash < x.hash:
			m.lacks[1] |= bj
			sb.add(y, y.count)
			j, bj = j+1, bj<<1
		default:
			switch {
			case x.count > y.count:
				sa.add(x, x.count-y.count)
				m.holds[1] |= bj
			case y.count > x.count:
				sb.add(y, y.count-x.count)
				m.holds[0] |= bi
			default:
				m.holds[0] |= bi
				m.holds[1] |= bj
				i, j, bi, bj = i+1, j+1, bi<<1, bj<<1
				continue
			}
			i, j, bi, bj = i+1, j+1, bi<<1, bj<<1
		}
		if saysNo(&sa, &sb) {
			return false, m
		}
	}
	for ; i < len(ak); i, bi = i+1, bi<<1 {
		m.lacks[0] |= bi
		sa.add(&ak[i], ak[i].count)
	}
	for ; j < len(bk); j, bj = j+1, bj<<1 {
		m.lacks[1] |= bj
		sb.add(&bk[j], bk[j].count)
	}
	return !saysNo(&sa, &sb), m
}

// saysNo reports surpluses that rule out one change: more than
// maxChangedWords on a side, a word that is no number and one that is
// ever in prose. Each of the three only grows as mergeKinds reads on, so
// once it says no, the rest of the merge cannot say yes, and the marks
// are read only of pairs it lets through (mayChangeOnce).
func saysNo(sa, sb *surplus) bool {
	return (sa.more > maxChangedWords || sb.more > maxChangedWords) &&
		(sa.nonNumber || sb.nonNumber) && (sa.prose || sb.prose)
}

// surplus is what mergeKinds reads of the words one text holds more often
// than the other: how many there are, and whether one is no number and
// one is ever in prose.
type surplus struct {
	more             int32
	nonNumber, prose bool
}

// add counts n more words of kind k.
func (s *surplus) add(k *sigWord, n int32) {
	s.more += n
	s.nonNumber = s.nonNumber || !k.number
	s.prose = s.prose || !k.code
}

// changeSignature is entry n's change signature, read on first use: on a
// memory of few near repeats most learnings are never a candidate update
// (the long generator's 1 MB memory reads 137 of 2,376), though on one
// made from templates nearly all are (the default's: 6,677 of 6,716). The
// entry's words are read through memo, the calling BestBefore's.
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
