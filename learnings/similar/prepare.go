package similar

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// PrepareInOrder is Prepare of text(i) for every i below n, spread over
// the CPUs (preparing is most of the work of comparing a large memory's
// learnings, and each text is prepared on its own), handing each prepared
// text to visit, in index order and on the calling goroutine, while later
// texts are still being prepared: a walk that must go in file order
// (finding each learning's earlier repeat) then adds no time of its own.
func PrepareInOrder(n int, text func(i int) string, visit func(i int, t *Text)) []*Text {
	return prepareInOrder(n, func(i int) *Text { return Prepare(text(i)) }, visit)
}

// PrepareKeysInOrder is PrepareInOrder for a caller that only tells the
// same learning (SameIndex): each text's canonical form and analysis key
// are read up front, and its features only when a text with the same key
// but another canonical form is compared with it. Compact folds with it:
// few texts share a key, and a compact of the 10 MB memory of each
// generator of bench/ took, in median process CPU of three interleaved
// runs, 5 % (sparse, default 6 %) to 26 % (long; zipf 24 %, paths 25 %,
// prose and agent 19 %, intl 17 %) less.
func PrepareKeysInOrder(n int, text func(i int) string, visit func(i int, t *Text)) []*Text {
	return prepareInOrder(n, func(i int) *Text { return prepareKeyed(text(i)) }, visit)
}

// PrepareRepeatsInOrder is PrepareKeysInOrder for a caller that tells the
// same learning among the n texts only, each against the ones before it
// (SameIndex): a text that no other of them may be the same learning as
// is visited with a nil Text, and needs no index entry, since no text is
// found as its repeat and it is found as no text's; the others are read
// as PrepareKeysInOrder reads them, but for a text that repeats an
// earlier one of them word for word, which is visited with that one's
// Text, the same pointer (withoutCopies): a caller must not tell texts
// apart by their *Text. All are visited in index order, on the calling
// goroutine.
//
// A text may only be the same learning as one with the same anchors
// (anchorSum), which cost a fraction of the key to read, and most texts
// of a memory have anchors no other text has: of the learnings of the
// 10 MB memories of bench/, 12 % share their anchors on default and 1-3 %
// on the other generators. Reading them this way rather than keying every
// one (BenchmarkPrepareMemory repeats against keyed, median CPU of three
// on a machine loaded 10-15 on 2 cores) costs default 356 -> 213 ms, zipf
// 356 -> 147, long 426 -> 255, sparse 196 -> 99, paths 303 -> 146, intl
// 498 -> 357, agent 240 -> 209, prose 301 -> 146.
func PrepareRepeatsInOrder(n int, text func(i int) string, visit func(i int, t *Text)) {
	prepareRepeats(n, text, nil, false, visit, nil)
}

// PrepareCopiesInOrder is PrepareRepeatsInOrder for a caller that files
// a text that repeats an earlier one word for word, and has anchors,
// where it filed that one (compact): such a text is neither keyed nor
// visited but handed to copied with the index of the earlier one, whose
// learning it is (a text with anchors has a canonical form, and is the
// same learning as itself; SameIndex.Find of a copy finds what Find of
// the earlier one found, or the earlier one). Nor is a text keyed whose
// anchors only its copies share: it is visited with a nil Text, as one no
// other text may repeat. A text with no anchors, which may have no
// canonical form, and its copies are visited as PrepareRepeatsInOrder
// visits them. A compact of the default generator's 10 MB memory keyed
// 5,905 texts and looked 6,804 up in its index, a copy's look-up asking
// whether the text it repeats is the same learning as itself; with copies
// handed on it keys 5,083 and looks up 5,083 (callgrind, GOMAXPROCS=1:
// keying 218.3 -> 187.3 M instructions, look-ups 92.3 -> 74.7, the whole
// process 1,531.0 -> 1,482.9).
func PrepareCopiesInOrder(n int, text func(i int) string, visit func(i int, t *Text), copied func(i, first int)) {
	prepareRepeats(n, text, nil, false, visit, copied)
}

// PrepareRepeatsSharesInOrder is PrepareRepeatsInOrder that also returns
// by i the share of text(i)'s word weight the terms holds accepts give,
// narrowed by narrow when not nil (shareTally.shareOf), read with the anchors: a
// text outside ASCII is folded once for both. A text that repeats an
// earlier one word for word, and has anchors, is not visited at all: it
// is the same learning as that one, or as the one that one repeats, so a
// caller that keeps the first of each learning (SameIndex) drops it
// without its key. Nor is a text keyed whose anchors only its word for
// word repeats share: it is visited with a nil Text, as one no other
// text may repeat.
func PrepareRepeatsSharesInOrder(n int, text func(i int) string, holds func(term string) bool, narrow func(share float64, held []HeldTerm) float64, visit func(i int, t *Text)) []float64 {
	shares := make([]float64, n)
	// What a field gives depends on holds: its memos serve this call only.
	fields := &sync.Pool{New: func() any { return newShareFields() }}
	prepareRepeats(n, text, func(i int, s string) (anchorTally, bool) {
		t := shareTally{holds: holds, memo: termMemos.Get().(termMemo), fields: fields.Get().(shareFields)}
		a, ok := anchorsAndShare(s, &t)
		shares[i] = t.shareOf(narrow)
		termMemos.Put(t.memo)
		fields.Put(t.fields)
		return a, ok
	}, true, visit, nil)
	return shares
}

// prepareRepeats is PrepareRepeatsInOrder with anchors(i, s) reading
// the anchors of text i, s, when not nil, and with repeats, a text that
// repeats an earlier one word for word left out as
// PrepareRepeatsSharesInOrder says, or with copied, handed to it as
// PrepareCopiesInOrder says.
func prepareRepeats(n int, text func(i int) string, anchors func(i int, s string) (anchorTally, bool), repeats bool, visit func(i int, t *Text), copied func(i, first int)) {
	if anchors == nil {
		anchors = func(_ int, s string) (anchorTally, bool) { return anchorSum(s) }
	}
	sums := make([]uint64, n)
	read := make([]*Text, n)
	Parallel(n, func(i int) {
		s := text(i)
		a, ok := anchors(i, s)
		if !ok {
			read[i] = prepareKeyedAnchors(s, &a)
		}
		if a.n > 0 && a.sum == 0 {
			a.sum = 1 // 0 stands for no anchors
		}
		if a.n == 0 {
			a.sum = 0
		}
		sums[i] = a.sum
	})
	// A text with no anchors may be the same as any other with none.
	shared := make(map[uint64]bool, n)
	for _, sum := range sums {
		_, seen := shared[sum]
		shared[sum] = seen || sum == 0
	}
	var need []int
	for i, sum := range sums {
		if shared[sum] {
			need = append(need, i)
		}
	}
	var repeated []bool
	var copyOf, firstOf []int32
	switch {
	case repeats:
		need, repeated = withoutRepeats(need, sums, text)
	case copied != nil:
		need, copyOf, firstOf = withoutAnchoredCopies(need, n, sums, text)
	default:
		need, copyOf = withoutCopies(need, n, text)
	}
	// given holds the Text each keyed text was visited with, by index,
	// for its copies.
	var given []*Text
	if copyOf != nil {
		given = make([]*Text, n)
	}
	next := 0
	visitUpTo := func(end int) {
		for ; next < end; next++ {
			switch {
			case firstOf != nil && firstOf[next] >= 0:
				copied(next, int(firstOf[next]))
			case copyOf != nil && copyOf[next] >= 0:
				visit(next, given[copyOf[next]])
			case repeated == nil || !repeated[next]:
				visit(next, nil)
			}
		}
	}
	prepareInOrder(len(need), func(j int) *Text {
		if t := read[need[j]]; t != nil {
			return t
		}
		return prepareKeyed(text(need[j]))
	}, func(j int, t *Text) {
		visitUpTo(need[j])
		if given != nil {
			given[next] = t
		}
		visit(next, t)
		next++
	})
	visitUpTo(n)
}

// withoutCopies is need, the texts (of n) whose anchors another text has, without
// those that repeat an earlier text of need word for word, each marked in
// copyOf with the index of the first (-1 for the rest; copyOf is nil when
// there is no copy). A copy is visited with the Text of its first, which
// is keyed: read from the same words, its own would be the same, and a
// caller finds in its index what the first's finds there (SameIndex.Find
// returns the first entry that is the same learning, and an entry the
// first was added as is the same learning as its copy). Keying a text is
// most of the work of reading one that may repeat another: of the texts
// that share their anchors on the 10 MB memories of bench/, default
// 6,321 with 831 copies, zipf 1,243 with 157, intl 1,640 with 383, long
// 236 with 30.
func withoutCopies(need []int, n int, text func(i int) string) (_ []int, copyOf []int32) {
	first := make(map[string]int32, len(need))
	keyed := need[:0]
	for _, i := range need {
		s := text(i)
		if j, ok := first[s]; ok {
			if copyOf == nil {
				copyOf = make([]int32, n)
				for k := range copyOf {
					copyOf[k] = -1
				}
			}
			copyOf[i] = j
			continue
		}
		first[s] = int32(i)
		keyed = append(keyed, i)
	}
	return keyed, copyOf
}

// withoutAnchoredCopies is need, the texts (of n) whose anchors another
// text has (sums, by text), without those PrepareCopiesInOrder hands on
// as copies, each marked in firstOf with the index of the text it
// repeats (-1 for the rest), and without the first of each text only its
// copies share its anchors with. A text with no anchors (sum 0) that
// repeats an earlier one is marked in copyOf, as withoutCopies marks it;
// copyOf is nil when there is none.
func withoutAnchoredCopies(need []int, n int, sums []uint64, text func(i int) string) (_ []int, copyOf, firstOf []int32) {
	firstOf = make([]int32, n)
	for k := range firstOf {
		firstOf[k] = -1
	}
	first := make(map[string]int32, len(need))
	distinct := make(map[uint64]int)
	for _, i := range need {
		s := text(i)
		j, seen := first[s]
		switch {
		case !seen:
			first[s] = int32(i)
			if sums[i] != 0 {
				distinct[sums[i]]++
			}
		case sums[i] != 0:
			firstOf[i] = j
		default:
			if copyOf == nil {
				copyOf = make([]int32, n)
				for k := range copyOf {
					copyOf[k] = -1
				}
			}
			copyOf[i] = j
		}
	}
	keyed := need[:0]
	for _, i := range need {
		switch {
		case firstOf[i] >= 0:
		case sums[i] == 0:
			if copyOf == nil || copyOf[i] < 0 {
				keyed = append(keyed, i)
			}
		case distinct[sums[i]] > 1:
			keyed = append(keyed, i)
		}
	}
	return keyed, copyOf, firstOf
}

// withoutRepeats is need, the texts whose anchors another text has
// (sums, by text), without those that need no key because they repeat an
// earlier text of need word for word, marked in repeated, and without
// the first of each text only such repeats share its anchors with. A
// text with no anchors (sum 0) is kept: its canonical form may be empty,
// and an empty text is the same as none. On the 10 MB memories of bench/
// the texts keyed go from default 6,804 to 5,083, zipf 1,350 to 1,024,
// sparse 1,666 to 1,282, intl 1,791 to 955, agent 1,176 to 244.
func withoutRepeats(need []int, sums []uint64, text func(i int) string) (_ []int, repeated []bool) {
	repeated = make([]bool, len(sums))
	first := make(map[string]bool, len(need))
	distinct := make(map[uint64]int)
	for _, i := range need {
		if sums[i] == 0 {
			continue
		}
		if s := text(i); first[s] {
			repeated[i] = true
		} else {
			first[s] = true
			distinct[sums[i]]++
		}
	}
	keyed := need[:0]
	for _, i := range need {
		if sums[i] == 0 || !repeated[i] && distinct[sums[i]] > 1 {
			keyed = append(keyed, i)
		}
	}
	return keyed, repeated
}

// prepareKeyed reads the canonical form and analysis key of s, leaving its
// features for Text.features.
func prepareKeyed(s string) *Text { return prepareKeyedAnchors(s, nil) }

// prepareKeyedAnchors is prepareKeyed, adding the anchors of the tokens to
// anchors when not nil.
func prepareKeyedAnchors(s string, anchors *anchorTally) *Text {
	s = withoutLeadIn(s)
	p := new(struct {
		t Text
		f features
	})
	p.f.canon, p.t.key = canonKeyAnchors(s, anchors)
	p.t.f, p.t.hasKey, p.t.keyOnly, p.t.src = &p.f, true, true, s
	return &p.t
}

// prepareInOrder is PrepareInOrder with prepare(i) doing a worker's part
// for index i.
func prepareInOrder(n int, prepare func(i int) *Text, visit func(i int, t *Text)) []*Text {
	out := make([]*Text, n)
	chunks := (n + chunk - 1) / chunk
	workers := workersFor(n)
	if workers <= 1 {
		for i := range n {
			out[i] = prepare(i)
			visit(i, out[i])
		}
		return out
	}
	ready := make([]chan struct{}, chunks)
	for c := range ready {
		ready[c] = make(chan struct{})
	}
	var next atomic.Int64
	for range workers {
		go func() {
			for {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				for i := c * chunk; i < min((c+1)*chunk, n); i++ {
					out[i] = prepare(i)
				}
				close(ready[c])
			}
		}()
	}
	for c := range ready {
		<-ready[c]
		for i := c * chunk; i < min((c+1)*chunk, n); i++ {
			visit(i, out[i])
		}
	}
	return out
}

// chunk is how many consecutive indexes a worker takes at a time.
const chunk = 64

// workersFor is how many goroutines share n indexes: one per CPU, but no
// more than leaves each four chunks, so that a small n stays on the calling
// goroutine.
func workersFor(n int) int { return min(runtime.GOMAXPROCS(0), (n+4*chunk-1)/(4*chunk)) }

// Parallel calls f for every index below n, spread over the CPUs in chunks;
// f must only write what belongs to its own index. Small n runs on the
// calling goroutine.
func Parallel(n int, f func(i int)) {
	workers := workersFor(n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(chunk)) - chunk
				if i >= n {
					return
				}
				for k := i; k < min(i+chunk, n); k++ {
					f(k)
				}
			}
		}()
	}
	wg.Wait()
}
