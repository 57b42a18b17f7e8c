package similar

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// SameIndex finds, among many learnings, one that is the same learning as
// a text, for recall's collapsing, compact's merging, lint and the repeats
// inside one input. Only the same learning counts, never an update, so a
// map from each text's analysis key (every token, hashed) finds the few
// entries worth testing, whatever the number of learnings.
type SameIndex struct {
	ids   []int
	texts []*Text
	// byKey holds the first and last entry of each key, and next links
	// each entry to the next one with its key: one map entry per key and
	// no list of its own.
	byKey map[string]keyRun
	next  []int32
}

type keyRun struct{ first, last int32 }

// NewSameIndex returns an empty index.
func NewSameIndex() *SameIndex { return &SameIndex{byKey: map[string]keyRun{}} }

// Grow makes room for n more texts, for a caller that knows how many it
// will add.
func (ix *SameIndex) Grow(n int) {
	if len(ix.byKey) == 0 {
		ix.byKey = make(map[string]keyRun, n)
	}
	ix.ids = slices.Grow(ix.ids, n)
	ix.texts = slices.Grow(ix.texts, n)
	ix.next = slices.Grow(ix.next, n)
}

// Add indexes t under id, the caller's own (a position in its list).
func (ix *SameIndex) Add(id int, t *Text) {
	if t.Empty() {
		return
	}
	n := int32(len(ix.texts))
	ix.ids = append(ix.ids, id)
	ix.texts = append(ix.texts, t)
	ix.next = append(ix.next, -1)
	key := t.analysisKey()
	if run, ok := ix.byKey[key]; ok {
		ix.next[run.last] = n
		ix.byKey[key] = keyRun{run.first, n}
	} else {
		ix.byKey[key] = keyRun{n, n}
	}
}

// Find returns the id of the first indexed learning that is the same
// learning as t.
func (ix *SameIndex) Find(t *Text) (id int, ok bool) {
	if t.Empty() {
		return 0, false
	}
	run, ok := ix.byKey[t.analysisKey()]
	if !ok {
		return 0, false
	}
	for n := run.first; n >= 0; n = ix.next[n] {
		if ix.texts[n].Same(t) {
			return ix.ids[n], true
		}
	}
	return 0, false
}

// Index finds, among many stored learnings, the one a text updates most
// closely, so that lint can pair every learning of a 10 MB file with its
// updates without comparing each pair. (The same learning is SameIndex's.)
//
// Two exact filters keep the work per text small:
//
//   - Rare words first. A related entry shares at least minSharedShare of
//     the text's word weight. The text's words with the longest posting
//     lists, up to just under that share, are not looked up: an entry
//     sharing only those is not related, and for the others they are
//     counted as possibly shared in the bound below.
//   - Bounds. Each touched entry gets an upper bound on its score from the
//     shared word weight and a 512-bit sketch of its trigrams (a trigram of
//     the text whose bit is clear in the entry's sketch is certainly not
//     shared); only entries whose bound reaches the best score so far are
//     scored in full, the likeliest first.
//
// Two other filters were measured and left out. Scanning the lists
// shortest first and adding no new entry once the lists left cannot give
// it the share inserts every entry the scan inserts now: the budget above
// already stops where the unread weight and the longest list read reach
// the share.
//
// The other is an exact join (Bayardo et al.'s AllPairs, Xiao et al.'s
// PPJoin), which would need no cap. What the pair test asks of the terms
// is the share: an update shares at least minSharedShare of the larger
// text's word weight (mayUpdate). Its score floor asks less: with the
// trigram part at most trigramWeight, a score of sureUpdateScore needs a
// weighted Jaccard of 1/6, a shared weight of a seventh of the two
// weights, which the share implies. So with the terms of every text in
// one order, rarest first, two texts reported as an update share a term
// in both their prefixes (the shortest head whose tail weighs under half
// the text), and indexing and probing the prefixes only finds every pair.
// But on the 10 MB memories of bench/ the pairs that truly share half
// their weight are 34.6 M (default), 19.9 M (sparse), 18.4 M (paths),
// 47.3 M (intl), 0.39 M (prose), 0.23 M (agent), 28 k (long) and 1 k
// (zipf): siblings built on one pattern share most of their words. Any
// search exact on the share alone must score all of them, where the
// capped lists touch 1.7 M to 7.6 M entries; the join's prefixes
// (with the size and positional filters of PPJoin) touch 175 M entries on
// default, 15 M on zipf, 38 M on prose, and leave 82 M, 6 M and 12.5 M
// candidate pairs.
//
// A bound strong enough for those memories is oneChange's, as
// mayChangeOnce reads it from the change signatures: two texts whose
// "instead of" and "not" agree and whose keys differ are one change only
// when the words each holds more often than the other (its surplus) are
// all numbers on both sides, all in code on both sides, or at most
// maxChangedWords on each side. In the last case the two multisets of
// change words (a word's k-th use an element of its own) differ in at
// most three elements each way, and they share an element that is among
// the four rarest of both. On the 1 MB memories, of the pairs that share
// the share and that mayChangeOnce lets through ("not" and "instead of"
// agreeing, keys not), a join on those four elements finds all but the
// ones the exceptions let through (default 13,070 of 13,098, sparse
// 7,322 of 7,366, paths 3,880 of 3,907, the others all in code; prose 69
// of 77, the 8 all numbers; intl 47,152 and agent 744, every one; zipf
// and long have none). It leaves few candidate pairs where learnings are
// long or varied (10 MB: prose 1.5 M, agent 2.0 M, long 0.19 M, zipf
// 3.1 M) and too many where they are short and built on patterns
// (default 45.6 M, sparse 24.2 M, paths 24.1 M, intl 56.4 M; two
// elements shared among the five rarest of both still leave 29.8 M,
// 16.4 M, 12.7 M, 43.5 M), reads the change words of every learning
// (lint reads them only for the texts that get past the bounds), and
// needs another search beside it for the exceptions: the pairs in which
// one text says "not" or "instead of" (13 % of the learnings of default,
// 22 % of agent's), those whose surplus is numbers (one key: the words
// that are no number) or code, and those with one analysis key
// (SameIndex's).
//
// An Index is built by PrepareInOrder and is then safe for concurrent
// BestBefore calls.
type Index struct {
	// Common, when positive, caps the work per text on a very large
	// memory: a word found in more than Common entries is counted as
	// possibly shared (the bounds stay true) but not looked up, so an
	// entry sharing only such words with the text is not found. Zero
	// looks every word up. With lint's cap the learnings found to update
	// an earlier one on the 1 MB memories of bench/ are those found
	// without it but for default (179 of 180) and paths (43 of 50); on
	// the 10 MB memories, default 2,731 of 11,239, sparse 2,249 of
	// 7,291, paths 642 of 3,028, intl 2,096 of 2,241, prose 622 of 780,
	// agent 558 of 1,073, zipf 0 of 1 (long none), and the search
	// without it took 46 (default), 11, 15, 25, 1.0, 3.5, 2.0 and 5.3
	// times as long (one run each, on a loaded machine).
	Common int

	entries []indexEntry
	// termID numbers the terms of the entries, and termWeights[id] is the
	// term's termWeight. termIDs holds each entry's term ids one after
	// another, in the order of its terms, and sortedIDs the same runs
	// sorted, for looking one up.
	termID      map[string]int32
	termWeights []float64
	// termCount[id] is how many entries have term id, and lastFiled[id]
	// the last entry filed with it.
	termCount []int32
	lastFiled []int32
	termIDs   []int32
	sortedIDs []int32
	// postings[id] lists the entries with term id, in the order added: a
	// window of one array, laid out once every entry is filed.
	postings [][]int32
	// hot[n] is what BestBefore reads of every entry a text's words
	// touch: entry n's summed term weight and its common mask (see
	// entryHot).
	hot []entryHot
	// commonBit[id] is the bit of term id in an entry's common mask when
	// the term is one of the commonTerms on the most entries, else -1:
	// those are the terms BestBefore leaves unread, and the mask tells
	// whether an entry has one without searching its terms.
	commonBit []int16
	// rank holds, beside each term id in termIDs, the entry's place in
	// that term's posting list: the entries before it there are those
	// before it in the index.
	rank []int32
	// sigs are the entries' change signatures, read on first use (see
	// changeSignature).
	sigs []atomic.Pointer[changeSig]
	// reference has BestBefore skip its shortcuts, the change
	// signatures before oneChange, the share test without the common
	// masks and the masks' count of the unread terms in place of
	// searching for them: the reference a test holds them to.
	reference bool
	scratch   sync.Pool
	// mayRepeat[i] says whether text i may be the same learning as
	// another: one whose anchors no other text has is not. copyOf[i] and
	// search[i] are RepeatOf(i).
	mayRepeat []bool
	copyOf    []int32
	search    []bool
}

// indexEntry keeps beside the text what the bounds read of it, so that
// ruling an entry out touches one array and not the text's own memory.
type indexEntry struct {
	t *Text
	// from and to delimit the entry's term ids in Index.termIDs and
	// Index.sortedIDs.
	from, to int32
	// canon is a hash of the canonical text, so that the entries that are
	// certainly not equal to the text are told without reading it.
	canon uint64
	// sketch is read when the entry first gets past the word bound of
	// some text (see Index.sketch).
	sketch atomic.Pointer[entrySketch]
}

// entryHot is what the first tests of a touched entry read of it, its
// text's summed term weight and its common mask (the commonTerms it has),
// side by side in one array rather than in two, as the scratch's accum
// keeps an entry's shared weight beside its generation: on a large memory
// a touched entry is mostly a read of memory the first-level cache does
// not hold, and two arrays took two. BestBefore for every learning of the
// zipf generator's 10 MB memory (7.6 M entries touched; cachegrind):
// 33.2 -> 22.8 M first-level cache misses, 1664 -> 1454 M instructions;
// lint on the 1 MB memories (callgrind) default 1306 -> 1278 M, sparse
// 924 -> 904.
type entryHot struct {
	weight float64
	common commonMask
}

// entrySketch is how many distinct trigrams an entry's words have, and
// their sketch.
type entrySketch struct {
	grams  int
	sketch gramSketch
}

// sketch is entry n's trigram sketch, read on first use: most entries
// never get past the word bound of any text, and their trigrams were
// worked out for nothing. Of the learnings of the 10 MB memories of
// bench/, the sketch of 24 k of 67 k (default), 38 k of 67 k (zipf), 6.6 k
// of 24 k (long), 20 k of 54 k (intl) and 32 k of 34 k (prose) is read.
func (ix *Index) sketch(n int32) *entrySketch {
	p := &ix.entries[n].sketch
	if s := p.Load(); s != nil {
		return s
	}
	s := new(entrySketch)
	s.grams, s.sketch = ix.entries[n].t.f.gramSketch()
	p.CompareAndSwap(nil, s)
	return p.Load()
}

// fnv is the 64-bit FNV-1a hash of s.
func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// boundSlack keeps float rounding from ruling out a pair that scores
// exactly the threshold or the best score so far.
const boundSlack = 1e-9

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{termID: map[string]int32{}} }

// PrepareInOrder is similar.PrepareInOrder of text(i) for every i below n,
// each text indexed as entry i: its canonical text is hashed where it is
// prepared, and its terms are numbered, in order, where it is visited
// (its trigram sketch is read when first needed, see Index.sketch): the
// keys the texts need are read while the texts before are visited, on
// every CPU. It is called once, on a new Index.
//
// Only a text whose anchors (anchorSum) another text shares, or that has
// none, may be the same learning as another (Index.mayRepeat), and only
// those whose repeat is searched for (RepeatOf: not a word-for-word copy,
// nor a text only its copies may repeat) are given their analysis key up
// front; the others' key is read if a comparison asks for it, which
// their anchors mostly spare (Text.sameKey). The features and anchors of
// every text are read first, the anchors with the words (features.fill),
// and then the keys, which wait for every text's anchors. Of the learnings of the 10 MB memories
// of bench/, 10 % share their anchors on default and agent, 1-4 % on the
// other generators. Against keying every text and reading each word
// afresh (termReadingMemo, which alone gives default 1367 and prose
// 803), lint on the 1 MB memories (callgrind, GOMAXPROCS=1) reads default
// 1388 -> 1286 M instructions, zipf 625 -> 514, long 788 -> 642, sparse
// 980 -> 906, paths 1052 -> 950, intl 1016 -> 937, prose 828 -> 682,
// agent 755 -> 676; on the prose 10 MB memory 12071 -> 10166.
func (ix *Index) PrepareInOrder(n int, text func(i int) string, visit func(i int, t *Text)) []*Text {
	ix.entries = make([]indexEntry, n)
	ix.hot = make([]entryHot, n)
	ix.sigs = make([]atomic.Pointer[changeSig], n)
	// Room for more terms than the texts usually have, so that the lists
	// are rarely copied as they grow; memory fresh from the system that is
	// never written is never touched.
	size := 0
	for i := range n {
		size += len(text(i))
	}
	ix.termIDs = make([]int32, 0, size/bytesPerTerm+n)
	ix.rank = make([]int32, 0, size/bytesPerTerm+n)
	texts := make([]*Text, n)
	Parallel(n, func(i int) {
		t := prepareAnchored(text(i))
		texts[i] = t
		ix.entries[i].t, ix.entries[i].canon = t, fnv(t.f.canon)
	})
	// A text with no anchors may be the same as any other with none.
	shared := make(map[uint64]bool, n)
	for _, t := range texts {
		_, seen := shared[t.anchors]
		shared[t.anchors] = seen || t.anchors == 0
	}
	ix.mayRepeat = make([]bool, n)
	for i, t := range texts {
		ix.mayRepeat[i] = shared[t.anchors]
	}
	ix.copyOf, ix.search = copiesOf(texts, ix.mayRepeat)
	prepareInOrder(n, func(i int) *Text {
		t := texts[i]
		if ix.search[i] {
			// Only a text that may repeat another is compared by its
			// terms (SameIndex, Compare): they are sorted here, on
			// the worker, before it is visited (file sums its
			// weight).
			t.f.terms, t.f.inTextOrder = sortUniqueStrings(t.f.terms), false
			if !t.hasKey {
				t.key, t.hasKey = t.analysisKey(), true
			}
		}
		return t
	}, func(i int, t *Text) {
		ix.file(int32(i), t)
		visit(i, t)
	})
	ix.post()
	return texts
}

// RepeatOf tells a caller that finds each text's first earlier repeat
// (SameIndex, in the order of PrepareInOrder) how to find text i's.
// When i is word for word an earlier text that may repeat another (its
// lead-in aside), first is the first such text: i's repeat is first's
// repeat if it has one, else first itself, since every comparison reads
// the two alike and first comes before i; else first is -1. When search
// is set, i's repeat is to be searched for and i indexed for the texts
// after it. When neither, i repeats no earlier text, and no later one but
// its copies, which first tells. Only texts that search have their analysis key read up
// front: a text whose anchors only its copies share needs none, nor do
// the copies.
func (ix *Index) RepeatOf(i int) (first int, search bool) {
	return int(ix.copyOf[i]), ix.search[i]
}

// copiesOf is RepeatOf for texts, of which those marked in mayRepeat may
// repeat another: copyOf[i] is the first text i copies word for word, or
// -1, and search[i] whether i's repeat is searched for. A text whose
// anchors (anchorSum) are shared by its copies only is not: a repeat has
// the same anchors (its analysis key holds every token they are read
// from), so it has no earlier repeat, and its copies find it as copies.
// A text with no anchors (sum 0) is always searched for: its canonical
// text may be empty, which is the same as no text. Of the learnings of the
// 10 MB memories of bench/, those keyed up front (whose anchors another
// text shares, before) go from default 6,804 to 3,712, zipf 1,350 to 730,
// long 242 to 146, sparse 1,666 to 1,083, paths 1,521 to 937, intl 1,791
// to 670, agent 1,176 to 207, prose 663 to 385: a key is a whole
// same-learning analysis, 71 k instructions a text on default
// (callgrind).
func copiesOf(texts []*Text, mayRepeat []bool) (copyOf []int32, search []bool) {
	copyOf = make([]int32, len(texts))
	search = make([]bool, len(texts))
	first := make(map[string]int32)
	distinct := make(map[uint64]int)
	for i, t := range texts {
		copyOf[i] = -1
		if !mayRepeat[i] || t.anchors == 0 || t.Empty() {
			continue
		}
		if j, ok := first[t.src]; ok {
			copyOf[i] = j
			continue
		}
		first[t.src] = int32(i)
		distinct[t.anchors]++
	}
	for i, t := range texts {
		search[i] = mayRepeat[i] && (t.anchors == 0 || t.Empty() || copyOf[i] < 0 && distinct[t.anchors] > 1)
	}
	return copyOf, search
}

// prepareAnchored is Prepare of s without the analysis key, which
// analysisKey reads when asked for, and with its anchors; a text whose
// anchors only its tokens give (see anchorSum) gets its key up front.
func prepareAnchored(s string) *Text {
	read := withoutLeadIn(s)
	p := new(struct {
		t Text
		f features
	})
	p.f.inTextOrder = true // see Index.file
	// fill reads the anchors with the words, but for the few texts whose
	// tokens the tokenizer reads otherwise: one with a "%" is known to be
	// one up front, and when anchorSum cannot read its anchors either it
	// is read once, with its key, not once without and again with it (635
	// of the 23,881 learnings of the agent generator's 10 MB memory, 2,707
	// of which hold a "%"; the 157 of prose with one have their anchors
	// read, the other generators have none): lint on the agent 1 MB
	// memory (callgrind, GOMAXPROCS=1) 658.3 -> 647.9 M instructions.
	var a anchorTally
	ok := false
	if strings.IndexByte(read, '%') < 0 {
		if _, ok = prepareIntoAnchors(read, &p.f, nil, false, &a); !ok {
			a, ok = anchorSum(s)
		}
	} else if a, ok = anchorSum(s); ok {
		prepareInto(read, &p.f, nil, false)
	}
	s = read
	if !ok {
		p.t.key, _ = prepareIntoAnchors(s, &p.f, nil, true, &a)
		p.t.hasKey = true
	}
	if a.n > 0 && a.sum == 0 {
		a.sum = 1 // 0 stands for no anchors
	}
	if a.n == 0 {
		a.sum = 0
	}
	p.t.f, p.t.src, p.t.anchors, p.t.hasAnchors = &p.f, s, a.sum, true
	return &p.t
}

// bytesPerTerm is fewer bytes of text than a learning has for each of its
// terms: 9.7 to 11.4 on the seven generators of bench/, whose learnings
// have 10 to 41 terms. With room for 16 terms a learning, the lists of
// the long generator's 10 MB memory (41 terms a learning) were copied
// five times as they grew: 9 % of the CPU time of building its index
// (pprof: growslice 0.23 s of 2.49 s), none now.
const bytesPerTerm = 8

// file numbers the terms of entry n, whose text is t, and counts the
// entry into each term's posting list: its place there is how many entries
// before it have the term.
//
// A text's terms come in text order, repeats and all (inTextOrder), but
// for the few that may repeat another: a term is filed once, the first
// time, which the entry its id was last filed for tells, and the text's
// weight is summed here, over its terms once each, as fill sums it over
// the sorted ones. Which order the terms are numbered and listed in
// changes nothing BestBefore finds: the common terms and the lists of one
// length it reads first are exact bounds either way (see BestBefore).
func (ix *Index) file(n int32, t *Text) {
	e := &ix.entries[n]
	e.from = int32(len(ix.termIDs))
	weight := 0.0
	for _, term := range t.f.terms {
		id, ok := ix.termID[term]
		if !ok {
			id = int32(len(ix.termWeights))
			ix.termID[term] = id
			ix.termWeights = append(ix.termWeights, termWeight(term))
			ix.termCount = append(ix.termCount, 0)
			ix.lastFiled = append(ix.lastFiled, -1)
		}
		if ix.lastFiled[id] == n {
			continue
		}
		ix.lastFiled[id] = n
		weight += ix.termWeights[id]
		ix.termIDs = append(ix.termIDs, id)
		ix.rank = append(ix.rank, ix.termCount[id])
		ix.termCount[id]++
	}
	e.to = int32(len(ix.termIDs))
	t.f.weight, ix.hot[n].weight = weight, weight
}

// post lays out the posting lists and the sorted term runs of the filed
// entries. Every list goes in one array at its final size, and since
// file counted each entry's place in its lists, the entries fill it on
// every CPU.
func (ix *Index) post() {
	ix.markCommon(ix.termCount)
	start := make([]int32, len(ix.termCount)+1)
	for id, c := range ix.termCount {
		start[id+1] = start[id] + c
	}
	all := make([]int32, len(ix.termIDs))
	ix.postings = make([][]int32, len(ix.termCount))
	for id := range ix.postings {
		ix.postings[id] = all[start[id]:start[id+1]:start[id+1]]
	}
	ix.sortedIDs = make([]int32, len(ix.termIDs))
	Parallel(len(ix.entries), func(n int) {
		e := &ix.entries[n]
		for k, id := range ix.termIDs[e.from:e.to] {
			all[start[id]+ix.rank[int(e.from)+k]] = int32(n)
		}
		ids := ix.sortedIDs[e.from:e.to]
		copy(ids, ix.termIDs[e.from:e.to])
		for _, id := range ids {
			if b := ix.commonBit[id]; b >= 0 {
				ix.hot[n].common[b>>6] |= 1 << (b & 63)
			}
		}
		slices.Sort(ids)
	})
}

// commonTerms is how many terms have a bit in an entry's commonMask: on a
// large memory, every term on more than Index.Common entries is left
// unread, a few hundred of them.
const commonTerms = 256

type commonMask [commonTerms / 64]uint64

// markCommon gives a bit to each of the commonTerms terms on the most
// entries; count[id] is how many entries have term id. The bits go in
// that order, most entries first and ties to the lower id.
//
// Only those terms are sorted, not every term: a count of the counts
// finds the least count among them, and how many of the terms with that
// count, lowest ids first, they take. Sorting every term took 11.1 M
// instructions of lint's 570.7 M on the long generator's 1 MB memory and
// 12.4 M of 474.7 M on zipf's (callgrind, GOMAXPROCS=1), whose words are
// many and most on few learnings.
func (ix *Index) markCommon(count []int32) {
	ix.commonBit = make([]int16, len(count))
	for id := range ix.commonBit {
		ix.commonBit[id] = -1
	}
	ids := commonIDs(count, commonTerms)
	for b, id := range ids {
		ix.commonBit[id] = int16(b)
	}
}

// commonIDs is the k ids with the highest count (all when there are fewer),
// ordered by count, highest first, and ties by id.
func commonIDs(count []int32, k int) []int32 {
	k = min(k, len(count))
	most := int32(0)
	for _, c := range count {
		most = max(most, c)
	}
	// atLeast[c] is how many ids have count c, then how many have c or
	// more; least is the count of the k-th id.
	atLeast := make([]int, most+2)
	for _, c := range count {
		atLeast[c]++
	}
	for c := most - 1; c >= 0; c-- {
		atLeast[c] += atLeast[c+1]
	}
	least := most
	for atLeast[least] < k {
		least--
	}
	ties := k - atLeast[least+1] // the ids of count least that are taken
	ids := make([]int32, 0, k)
	for id, c := range count {
		switch {
		case c > least:
			ids = append(ids, int32(id))
		case c == least && ties > 0:
			ids = append(ids, int32(id))
			ties--
		}
	}
	slices.SortFunc(ids, func(a, b int32) int { return cmp.Or(cmp.Compare(count[b], count[a]), cmp.Compare(a, b)) })
	return ids
}

// hasTerm reports whether entry n has term id.
func (ix *Index) hasTerm(n, id int32) bool {
	if b := ix.commonBit[id]; b >= 0 {
		return ix.hot[n].common[b>>6]>>(b&63)&1 == 1
	}
	e := &ix.entries[n]
	_, ok := slices.BinarySearch(ix.sortedIDs[e.from:e.to], id)
	return ok
}

// BestBefore returns the entry before entry n that entry n is the closest
// update of, and the Verdict (no word diff); ok is false when it updates
// none. Ties go to the earlier entry. It is safe to call for every entry
// in parallel.
func (ix *Index) BestBefore(n int) (id int, v Verdict, ok bool) {
	t := ix.entries[n].t
	f := t.f
	if f.canon == "" || len(f.terms) == 0 {
		return 0, Verdict{}, false
	}
	sc := ix.getScratch()
	defer ix.scratch.Put(sc)

	self := &ix.entries[n]
	// The lists, longest first. Entry n is on each of its own lists,
	// after those before it: its place there is the length of the part
	// it searches. The lengths are sorted as integers, each with the
	// term's place in the entry below it, rather than the lists with a
	// comparison function: sorting them took 0.23 s of CPU, 0.40 s
	// before (lint's profile, three runs on each of the 10 MB memories of
	// default, long and prose). Which of two lists of one length comes
	// first changes nothing that is found: the words not looked up weigh
	// less than an update shares, and the bounds count them.
	order := sc.order[:0]
	for k := range ix.termIDs[self.from:self.to] {
		if r := ix.rank[int(self.from)+k]; r > 0 {
			order = append(order, uint64(r)<<32|uint64(k))
		}
	}
	slices.Sort(order)
	sc.order = order
	lists := sc.lists[:0]
	for i := len(order) - 1; i >= 0; i-- {
		k, size := int(self.from)+int(uint32(order[i])), order[i]>>32
		id := ix.termIDs[k]
		lists = append(lists, posting{ix.postings[id][:size], id, ix.termWeights[id]})
	}
	sc.lists = lists
	k, skipped, budget := 0, 0.0, minSharedShare*f.weight-boundSlack
	for k < len(lists) && (skipped+lists[k].weight < budget || ix.Common > 0 && len(lists[k].ids) > ix.Common) {
		skipped += lists[k].weight
		k++
	}
	unread := lists[:k]
	unknown, ones, halves := ix.unreadMasks(unread)
	// The unread terms without a bit in the common masks: whether an
	// entry has one of them takes a search of its terms.
	searched := sc.searched[:0]
	for _, l := range unread {
		if ix.commonBit[l.id] < 0 {
			searched = append(searched, l)
		}
	}
	sc.searched = searched
	gen := sc.next()
	touched := sc.touched[:0]
	for _, l := range lists[k:] {
		w := float32(l.weight)
		for _, n := range l.ids {
			a := &sc.acc[n]
			if a.gen != gen {
				*a = accum{gen, 0}
				touched = append(touched, n)
			}
			a.shared += w
		}
	}
	sc.touched = touched

	// The query's sketch is read when the first entry gets this far.
	var q *querySketch
	// Score the entry with the highest bound first, then the others in
	// any order: once an update is found, an entry whose bound cannot
	// reach its score (as rounded: ties go to the entry added first) is
	// never scored. The best is the same in any order; sorting every
	// candidate cost more than it saved.
	cands := sc.cands[:0]
	floor := updateFloor(f.weight) - boundSlack
	// Every unread term counted as shared: an entry that cannot reach
	// the share even so is ruled out without reading its common mask
	// (unknown + maskShared is at most this). On the 10 MB memories of bench/,
	// 3.2 M of the 7.5 M entries zipf's learnings touch end here, 1.8 M
	// of 6.2 M on long, 1.6 M of 5.1 M on prose, 0.2 M of 1.3 M on
	// default.
	allUnread := unknown + float64(maskCount(&ones)) + 0.5*float64(maskCount(&halves))
	for _, n := range touched {
		hot := &ix.hot[n]
		weight, shared := hot.weight, float64(sc.acc[n].shared)
		need := minSharedShare*larger(f.weight, weight) - boundSlack
		if !ix.reference && (shared+allUnread < need || f.weight < need || weight < need) {
			continue
		}
		known := maskShared(&hot.common, &ones, &halves)
		inter := smaller(shared+unknown+known, smaller(f.weight, weight))
		if inter < need ||
			wordWeight*inter/(f.weight+weight-inter)+trigramWeight < floor {
			continue
		}
		if q == nil {
			q = sc.querySketch(sc.grams.distinct(f.words))
			// The text's sketch as an entry has the same bits: kept,
			// its trigrams are not read again when a later text
			// gets this far with it. Of the 10 MB memories of
			// bench/, the trigrams of 45 k texts were read on
			// default, 30 k now (prose 62 k, 34 k; intl 41 k, 28 k;
			// long 11 k, 9 k), for 1-2 MB of kept sketches.
			if self.sketch.Load() == nil {
				self.sketch.CompareAndSwap(nil, &entrySketch{q.n, q.bits})
			}
		}
		e := ix.sketch(n)
		dice := q.diceBound(e.grams, &e.sketch)
		bound := wordWeight*inter/(f.weight+weight-inter) + trigramWeight*dice
		if bound < floor {
			continue
		}
		cands = append(cands, candidate{n, bound, dice, known})
	}
	sc.cands = cands
	if len(cands) > 1 {
		top := 0
		for i, c := range cands {
			if c.bound > cands[top].bound {
				top = i
			}
		}
		cands[0], cands[top] = cands[top], cands[0]
	}
	canon := self.canon
	best := int32(-1)
	bestScore := 0.0
	for _, c := range cands {
		if best >= 0 && c.bound < bestScore-roundingSlack {
			continue
		}
		e := &ix.entries[c.n]
		if e.canon == canon && e.t.f.canon == f.canon && e.t.sameKey(t) {
			continue // the same learning (Compare's first test)
		}
		// The words not looked up, looked for in the entry: the shared
		// weight is then exact. reaches says whether an entry sharing s
		// can still be an update at least as good as the best: most
		// entries that got this far only through the words not looked up
		// end here, as soon as enough of them are missing, before their
		// trigrams are read. (Weights are halves and ones: the sums are
		// exact, and the bound only grows with s.)
		weight := ix.hot[c.n].weight
		need := minSharedShare*max(f.weight, weight) - boundSlack
		reaches := func(s float64) bool {
			bound := wordWeight*(s/(f.weight+weight-s)) + trigramWeight*c.dice
			return s >= need && bound >= floor && (best < 0 || bound >= bestScore-roundingSlack)
		}
		shared, rest, lookup := float64(sc.acc[c.n].shared), skipped, unread
		if !ix.reference {
			// The unread terms the masks hold are counted exactly
			// already: only the others are searched for. Of the 8.3 M
			// terms looked for in the entries of the prose
			// generator's 10 MB memory, 1.9 M are.
			shared, rest, lookup = shared+c.known, unknown, searched
		}
		for _, l := range lookup {
			rest -= l.weight
			if ix.hasTerm(c.n, l.id) {
				shared += l.weight
			} else if !reaches(shared + rest) {
				break
			}
		}
		if !reaches(shared) {
			continue
		}
		// Only an update counts, and what an update needs besides its
		// score is asked first: most entries that get this far are
		// siblings (the same pattern about another thing) whose
		// trigrams were read for nothing. On the 10 MB memories of
		// bench/, 213 k (default), 240 k (sparse, paths, intl) pairs
		// get here and 4.0 k, 2.8 k, 0.8 k, 2.6 k pass; BestBefore for
		// every learning took 0.95-1.13 s of CPU on default, 0.70-0.87
		// s now (paths 1.00-1.16, 0.62-0.81; sparse and intl within
		// the noise of a loaded machine). The change signatures ask
		// oneChange's question first in one merge of two sorted lists
		// (see changesig.go).
		if !ix.reference && !mayChangeOnce(ix.changeSignature(c.n, &sc.memo), ix.changeSignature(int32(n), &sc.memo), e.t.sameKey(t)) ||
			!e.t.mayUpdate(t, shared) {
			continue
		}
		words := shared / (f.weight + weight - shared) // as weightedJaccard, to the last bit
		score := wordWeight*words + trigramWeight*gramDice(e.t.trigrams(), t.trigrams())
		if !ix.reference && !mayBeBest(score, floor, c.n, best, bestScore) {
			continue
		}
		// judge calls no sibling an update (the same pattern about
		// another thing, see Text.sibling), and on the template
		// generators most pairs that get here are siblings: asked
		// first, the sibling test spares them judge's tests of the same
		// learning (sameOnceJoined reads both texts' compounds) and its
		// second oneChange, and judge is told not to ask it again of
		// the rest. lint at 1 MB, M instructions (callgrind, GOMAXPROCS=1),
		// judge alone -> sibling first -> and judge not asking again:
		// default 1,087.2 -> 1,082.4 -> 1,081.0, paths 787.2 -> 785.8
		// -> 785.0, prose 571.1 -> 572.5 -> 570.3, agent 542.5 -> 544.8
		// -> 541.5 (asked twice, the test cost more than it spared
		// where pairs are updates, not siblings).
		if !ix.reference && e.t.sibling(t) {
			continue
		}
		got := e.t.judge(t, score, shared, !ix.reference)
		if got.Kind != Update {
			continue
		}
		if best < 0 || got.Score > bestScore || got.Score == bestScore && c.n < best {
			best, bestScore, v = c.n, got.Score, got
		}
	}
	if best < 0 {
		return 0, Verdict{}, false
	}
	return int(best), v, true
}

// mayBeBest reports whether a pair of the given score can be the update
// BestBefore keeps, before judge is asked: judge's Verdict has the score
// rounded (round2) whatever it decides, and no update scores under the
// floor (updateFloor), so a pair under the floor, or whose rounded score
// is below the best so far (or equal to it, from a later entry), is not
// kept whatever judge says. On the 10 MB memories of bench/, judge was
// asked of every pair that got past oneChange, and is now asked of agent
// 423 of 4,291 (whose learnings have many updates, the best of them
// found first), prose 538 of 648, and within 1 % of them on the others
// (default 3,448 of 3,474, where nearly every such pair is a sibling and
// no update). A judge costs 87 k instructions on default's (callgrind).
func mayBeBest(score, floor float64, n, best int32, bestScore float64) bool {
	if score < floor {
		return false
	}
	r := round2(score)
	return best < 0 || r > bestScore || r == bestScore && n < best
}

// larger and smaller are max and min of two weights, which are never NaN
// nor -0: the built-ins handle both, with more instructions, in the loop
// over every entry a text's words touch (7.5 M of them on the zipf
// generator's 10 MB memory, 0.28 M on its 1 MB one). Lint on the 1 MB
// memories (callgrind, GOMAXPROCS=1): zipf 443.0 -> 439.5 M
// instructions, long 540.6 -> 534.1 M.
func larger(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

func smaller(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

// unreadMasks sorts the weight of the terms BestBefore leaves unread: those
// with a bit in the common masks go in ones or halves, by weight, and the
// rest, whose presence in an entry is not known without a search, add up
// in unknown.
func (ix *Index) unreadMasks(unread []posting) (unknown float64, ones, halves commonMask) {
	for _, l := range unread {
		b := ix.commonBit[l.id]
		switch {
		case b >= 0 && l.weight == 1:
			ones[b>>6] |= 1 << (b & 63)
		case b >= 0 && l.weight == 0.5:
			halves[b>>6] |= 1 << (b & 63)
		default:
			unknown += l.weight
		}
	}
	return unknown, ones, halves
}

// maskShared is the weight of the unread terms the masks ones and halves
// hold that an entry with the common mask m has; with the weight of the
// others, which it may have, it is at most the weight of the unread terms
// it shares. Counting every unread term as possibly shared let half the
// entries a long learning touches through its rare words through to the
// trigram bound and the search of their terms: BestBefore for every
// learning of a generated 10 MB memory of long learnings took 1.06 s of
// CPU, with the masks 0.21 s (zipf's prose 0.49 s, 0.23 s; the default
// generator's the same), with the same results on every generator.
func maskShared(m, ones, halves *commonMask) float64 {
	c1, c2 := 0, 0
	for w := range m {
		c1 += bits.OnesCount64(m[w] & ones[w])
		c2 += bits.OnesCount64(m[w] & halves[w])
	}
	return float64(c1) + 0.5*float64(c2)
}

// maskCount is how many terms m has.
func maskCount(m *commonMask) int {
	c := 0
	for _, w := range m {
		c += bits.OnesCount64(w)
	}
	return c
}

// roundingSlack is how far below a rounded score the score of an entry
// that rounds to it can be (Verdict.Score has two decimals), plus float
// rounding.
const roundingSlack = 0.005 + 1e-6

// candidate is an entry worth scoring, with a bound on its score and the
// bound on its trigram overlap that went into it.
type candidate struct {
	n     int32
	bound float64
	dice  float64
	// known is the weight of the unread terms in the common masks the
	// entry has (maskShared).
	known float64
}

type posting struct {
	ids    []int32
	id     int32
	weight float64
}

// gramSketch has the bit sketchBit gives each trigram of an entry set.
type gramSketch [8]uint64

func sketchOf(gs []uint64) gramSketch {
	var s gramSketch
	for _, g := range gs {
		b := sketchBit(g)
		s[b>>6] |= 1 << (b & 63)
	}
	return s
}

func sketchBit(g uint64) uint16 { return uint16((g * 0x9E3779B97F4A7C15) >> 55) }

// querySketch is what diceBound needs of a query's trigrams: the sketch
// bits they set, and in more the bits that more than one of them sets, a
// word of a layer each (see diceBound); n is how many trigrams there are.
type querySketch struct {
	bits   gramSketch
	layers []gramSketch
	more   []sketchWord
	n      int
}

// sketchWord is a word of bits of a gramSketch, and its place there.
type sketchWord struct {
	bits uint64
	w    int
}

// querySketch reads the sketch of gs, a query's distinct trigrams in any
// order, into sc's reusable querySketch.
func (sc *indexScratch) querySketch(gs []uint64) *querySketch {
	q := &sc.query
	q.bits, q.layers, q.more, q.n = gramSketch{}, q.layers[:0], q.more[:0], len(gs)
	// layers[k] has the bits that at least k+2 trigrams set.
next:
	for _, x := range gs {
		b := sketchBit(x)
		w, m := b>>6, uint64(1)<<(b&63)
		if q.bits[w]&m == 0 {
			q.bits[w] |= m
			continue
		}
		for k := range q.layers {
			if q.layers[k][w]&m == 0 {
				q.layers[k][w] |= m
				continue next
			}
		}
		var layer gramSketch
		layer[w] = m
		q.layers = append(q.layers, layer)
	}
	for k := range q.layers {
		for w, m := range q.layers[k] {
			if m != 0 {
				q.more = append(q.more, sketchWord{m, w})
			}
		}
	}
	return q
}

// diceBound is at least the Dice overlap of the query's trigrams with an
// entry of n trigrams and the given sketch: a trigram whose bit the entry
// lacks is not one of its trigrams. It counts the query's trigrams whose
// bit the entry has, each bit as often as trigrams set it: a population
// count of the query's bits, and one of each word of bits set more often.
// Counting a bit's further trigrams one by one, in a list of the bits set
// more than once, took 214 M instructions of lint's 8,861 M on the prose
// generator's 10 MB memory (callgrind), where a query's ~100 trigrams
// share a bit ~10 times.
func (q *querySketch) diceBound(n int, s *gramSketch) float64 {
	if q.n+n == 0 {
		return 0
	}
	shared := 0
	for w := range q.bits {
		shared += bits.OnesCount64(q.bits[w] & s[w])
	}
	for _, x := range q.more {
		shared += bits.OnesCount64(x.bits & s[x.w])
	}
	shared = min(shared, n)
	return 2 * float64(shared) / float64(q.n+n)
}

// indexScratch is one BestBefore call's working memory, reused through a pool:
// the per-entry sums are valid where their generation is the current one,
// so nothing is cleared between calls.
type indexScratch struct {
	gen uint32
	// acc[n] is the weight of the looked-up terms entry n shares with
	// the text, valid where acc[n].gen is gen: one read of memory for
	// both, as entryHot.
	acc     []accum
	touched []int32
	lists   []posting
	// searched are the unread lists of terms without a common bit.
	searched []posting
	order    []uint64
	query    querySketch
	grams    gramSet
	cands    []candidate
	// memo reads each distinct field of the entries' words once (see
	// changeMemo).
	memo changeMemo
}

func (ix *Index) getScratch() *indexScratch {
	sc, _ := ix.scratch.Get().(*indexScratch)
	if sc == nil {
		sc = &indexScratch{}
	}
	if n := len(ix.entries); len(sc.acc) < n {
		// Fresh generations are 0, which next never hands out.
		sc.acc = make([]accum, max(n, 2*len(sc.acc)))
	}
	return sc
}

// accum is an entry's shared weight in one BestBefore call, and the
// generation (the call) it is of.
type accum struct {
	gen    uint32
	shared float32
}

// next starts a new generation, clearing every entry's generation when the
// counter wraps.
func (sc *indexScratch) next() uint32 {
	sc.gen++
	if sc.gen == 0 {
		clear(sc.acc)
		sc.gen = 1
	}
	return sc.gen
}
