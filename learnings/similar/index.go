package similar

import (
	"cmp"
	"slices"
	"sync"
)

// SameIndex finds, among many learnings, one that is the same learning as
// a text, for recall's collapsing, compact's merging, lint and the repeats
// inside one input. Only the same learning counts, never an update, so a
// map from each text's analysis key (every token, sorted) finds the few
// entries worth testing, whatever the number of learnings.
type SameIndex struct {
	ids   []int
	texts []*Text
	byKey map[string][]int32
}

// NewSameIndex returns an empty index.
func NewSameIndex() *SameIndex { return &SameIndex{byKey: map[string][]int32{}} }

// Add indexes t under id, the caller's own (a position in its list).
func (ix *SameIndex) Add(id int, t *Text) {
	if t.Empty() {
		return
	}
	n := int32(len(ix.texts))
	ix.ids = append(ix.ids, id)
	ix.texts = append(ix.texts, t)
	key := t.analysis().key
	ix.byKey[key] = append(ix.byKey[key], n)
}

// Find returns the id of the first indexed learning that is the same
// learning as t.
func (ix *SameIndex) Find(t *Text) (id int, ok bool) {
	if t.Empty() {
		return 0, false
	}
	for _, n := range ix.byKey[t.analysis().key] {
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
//     scored in full.
//
// An Index is safe for concurrent Best calls once all Adds are done.
type Index struct {
	// Common, when positive, caps the work per text on a very large
	// memory: a word found in more than Common entries is counted as
	// possibly shared (the bounds stay true) but not looked up, so an
	// entry sharing only such words with the text is not found. Zero
	// looks every word up.
	Common int

	ids      []int
	entries  []indexEntry
	postings map[string][]int32
	scratch  sync.Pool
}

type indexEntry struct {
	t      *Text
	sketch gramSketch
}

// boundSlack keeps float rounding from ruling out a pair that scores
// exactly the threshold or the best score so far.
const boundSlack = 1e-9

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{postings: map[string][]int32{}} }

// Add indexes t under id, the caller's own; Best returns it unchanged.
func (ix *Index) Add(id int, t *Text) {
	n := int32(len(ix.entries))
	ix.ids = append(ix.ids, id)
	ix.entries = append(ix.entries, indexEntry{t: t, sketch: sketchOf(t.trigrams())})
	for _, term := range t.f.terms {
		ix.postings[term] = append(ix.postings[term], n)
	}
}

// Best returns the id of the indexed learning t is the closest update of
// and the Verdict (no word diff); ok is false when t updates none. Ties go
// to the entry added first.
func (ix *Index) Best(t *Text) (id int, v Verdict, ok bool) {
	return ix.BestBefore(t, len(ix.entries))
}

// BestBefore is Best among the first n entries added, so that a caller
// pairing each learning with those before it can add them all first and
// then ask for each in parallel.
func (ix *Index) BestBefore(t *Text, n int) (id int, v Verdict, ok bool) {
	f := t.f
	if f.canon == "" || len(f.terms) == 0 {
		return 0, Verdict{}, false
	}
	sc := ix.getScratch()
	defer ix.scratch.Put(sc)

	lists := sc.lists[:0]
	for _, term := range f.terms {
		l := ix.postings[term]
		if n < len(ix.entries) {
			k, _ := slices.BinarySearch(l, int32(n))
			l = l[:k]
		}
		if len(l) > 0 {
			lists = append(lists, posting{l, termWeight(term)})
		}
	}
	sc.lists = lists
	slices.SortFunc(lists, func(a, b posting) int { return cmp.Compare(len(b.ids), len(a.ids)) })
	skipped, budget := 0.0, minSharedShare*f.weight-boundSlack
	for len(lists) > 0 && (skipped+lists[0].weight < budget || ix.Common > 0 && len(lists[0].ids) > ix.Common) {
		skipped += lists[0].weight
		lists = lists[1:]
	}
	gen := sc.next()
	touched := sc.touched[:0]
	for _, l := range lists {
		w := float32(l.weight)
		for _, n := range l.ids {
			if sc.stamp[n] != gen {
				sc.stamp[n] = gen
				sc.shared[n] = 0
				touched = append(touched, n)
			}
			sc.shared[n] += w
		}
	}
	sc.touched = touched
	slices.Sort(touched)

	grams := t.trigrams()
	gramBits := sc.gramBits[:0]
	for _, g := range grams {
		gramBits = append(gramBits, sketchBit(g))
	}
	sc.gramBits = gramBits
	best := int32(-1)
	bestScore := UpdateThreshold - boundSlack
	for _, n := range touched {
		e := &ix.entries[n]
		inter := min(float64(sc.shared[n])+skipped, f.weight, e.t.f.weight)
		if inter < minSharedShare*max(f.weight, e.t.f.weight)-boundSlack {
			continue
		}
		wordBound := inter / (f.weight + e.t.f.weight - inter)
		if wordWeight*wordBound+trigramWeight < bestScore-boundSlack {
			continue
		}
		if wordWeight*wordBound+trigramWeight*diceBound(gramBits, len(e.t.trigrams()), &e.sketch) < bestScore-boundSlack {
			continue
		}
		got := e.t.Compare(t)
		if got.Kind != Update {
			continue
		}
		if best < 0 || got.Score > bestScore {
			best, bestScore, v = n, got.Score, got
		}
	}
	if best < 0 {
		return 0, Verdict{}, false
	}
	return ix.ids[best], v, true
}

type posting struct {
	ids    []int32
	weight float64
}

// gramSketch has the bit sketchBit gives each trigram of an entry set.
type gramSketch [8]uint64

func sketchOf(grams []uint64) gramSketch {
	var s gramSketch
	for _, g := range grams {
		b := sketchBit(g)
		s[b>>6] |= 1 << (b & 63)
	}
	return s
}

func sketchBit(g uint64) uint16 { return uint16((g * 0x9E3779B97F4A7C15) >> 55) }

// diceBound is at least the Dice overlap of trigrams whose sketch bits are
// gramBits with an entry of n trigrams and the given sketch: a trigram whose
// bit the entry lacks is not one of its trigrams.
func diceBound(gramBits []uint16, n int, s *gramSketch) float64 {
	if len(gramBits)+n == 0 {
		return 0
	}
	shared := 0
	for _, b := range gramBits {
		shared += int(s[b>>6] >> (b & 63) & 1)
	}
	shared = min(shared, n)
	return 2 * float64(shared) / float64(len(gramBits)+n)
}

// indexScratch is one Best call's working memory, reused through a pool:
// the per-entry sums are valid where stamp equals the current generation,
// so nothing is cleared between calls.
type indexScratch struct {
	gen      uint32
	stamp    []uint32
	shared   []float32
	touched  []int32
	lists    []posting
	gramBits []uint16
}

func (ix *Index) getScratch() *indexScratch {
	sc, _ := ix.scratch.Get().(*indexScratch)
	if sc == nil {
		sc = &indexScratch{}
	}
	if n := len(ix.entries); len(sc.stamp) < n {
		// Fresh stamps are 0, which next never hands out.
		size := max(n, 2*len(sc.stamp))
		sc.stamp, sc.shared = make([]uint32, size), make([]float32, size)
	}
	return sc
}

// next starts a new generation, clearing the stamps when the counter wraps.
func (sc *indexScratch) next() uint32 {
	sc.gen++
	if sc.gen == 0 {
		clear(sc.stamp)
		sc.gen = 1
	}
	return sc.gen
}
