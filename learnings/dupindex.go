package learnings

import (
	"cmp"
	"slices"
	"sync"
)

// DupIndex finds, among many stored learnings, the one most similar to a
// candidate, so that store, compact and recall can check every learning of a
// 10 MB file against the others without comparing each pair.
//
// Three exact filters keep the work per candidate small:
//
//   - Partitions. Two texts whose negation or numbers disagree score at most
//     mismatchFactor, below DuplicateThreshold, so postings are kept per
//     negation-and-numbers key and a candidate only meets entries with its
//     own key.
//   - Rare words first. Since the trigram part of Similarity is at most
//     trigramWeight, a duplicate shares at least minSharedShare of the
//     candidate's word weight. The candidate's words with the longest
//     posting lists, up to just under that share, are not looked up: an
//     entry sharing only those cannot reach the threshold, and for the
//     others they are counted as possibly shared in the bound below.
//   - Bounds. Each touched entry gets an upper bound on its score from the
//     shared word weight and a 512-bit sketch of its trigrams (a trigram of
//     the candidate whose bit is clear in the entry's sketch is certainly
//     not shared); only entries whose bound reaches the best score so far
//     are scored in full.
//
// Each entry keeps its trigrams (about half a kilobyte for a typical
// learning), so that scoring a candidate against it computes nothing twice.
// A DupIndex is safe for concurrent Best calls once all Adds are done.
type DupIndex struct {
	ids      []int
	entries  []indexEntry
	parts    map[string]int32
	postings map[postingKey][]int32
	exact    map[string]int32
	scratch  sync.Pool
}

type indexEntry struct {
	f      *features
	grams  []uint64
	sketch gramSketch
}

type postingKey struct {
	part int32
	term string
}

// minSharedShare is the least share of a candidate's word weight a
// duplicate shares with it: wordWeight·J + trigramWeight ≥
// DuplicateThreshold needs J ≥ (DuplicateThreshold-trigramWeight)/wordWeight,
// and J ≤ shared/candidate weight.
const minSharedShare = (DuplicateThreshold - trigramWeight) / wordWeight

// boundSlack keeps float rounding from ruling out a pair that scores
// exactly the threshold or the best score so far.
const boundSlack = 1e-9

// NewDupIndex returns an empty index.
func NewDupIndex() *DupIndex {
	return &DupIndex{parts: map[string]int32{}, postings: map[postingKey][]int32{}, exact: map[string]int32{}}
}

// Add indexes text under id. The id is the caller's (a position in its own
// list); Best returns it unchanged.
func (ix *DupIndex) Add(id int, text string) { ix.AddProfile(id, NewProfile(text)) }

// AddProfile is Add for a text already prepared, so that a caller that
// first asks BestProfile and then adds the same text prepares it once.
func (ix *DupIndex) AddProfile(id int, p Profile) {
	f := p.f
	n := int32(len(ix.entries))
	grams := f.trigrams()
	ix.ids = append(ix.ids, id)
	ix.entries = append(ix.entries, indexEntry{f: f, grams: grams, sketch: sketchOf(grams)})
	if _, seen := ix.exact[f.canon]; !seen {
		ix.exact[f.canon] = n
	}
	key := partKey(f)
	part, ok := ix.parts[key]
	if !ok {
		part = int32(len(ix.parts))
		ix.parts[key] = part
	}
	for _, t := range f.terms {
		k := postingKey{part, t}
		ix.postings[k] = append(ix.postings[k], n)
	}
}

// Best returns the id of the indexed learning most similar to text and its
// Similarity. ok is false when none reaches DuplicateThreshold, and for a
// text with no words at all. Ties go to the entry added first.
func (ix *DupIndex) Best(text string) (id int, score float64, ok bool) {
	return ix.BestProfile(NewProfile(text))
}

// BestProfile is Best for a text already prepared.
func (ix *DupIndex) BestProfile(p Profile) (id int, score float64, ok bool) {
	f := p.f
	if f.canon == "" {
		return 0, 0, false
	}
	if n, hit := ix.exact[f.canon]; hit {
		return ix.ids[n], 1, true
	}
	if len(f.terms) == 0 {
		return 0, 0, false
	}
	part, ok := ix.parts[partKey(f)]
	if !ok {
		return 0, 0, false
	}
	sc := ix.getScratch()
	defer ix.scratch.Put(sc)

	lists := sc.lists[:0]
	for _, t := range f.terms {
		if l := ix.postings[postingKey{part, t}]; len(l) > 0 {
			lists = append(lists, posting{l, termWeight(t)})
		}
	}
	sc.lists = lists
	// Leave out the longest lists while their weight stays below the share
	// a duplicate must have in common with f.
	slices.SortFunc(lists, func(a, b posting) int { return cmp.Compare(len(b.ids), len(a.ids)) })
	skipped, budget := 0.0, minSharedShare*f.weight-boundSlack
	for len(lists) > 0 && skipped+lists[0].weight < budget {
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
	// Entries are scored in the order they were added, so that ties keep
	// going to the first.
	slices.Sort(touched)

	grams := f.trigrams()
	gramBits := sc.gramBits[:0]
	for _, g := range grams {
		gramBits = append(gramBits, sketchBit(g))
	}
	sc.gramBits = gramBits
	best := int32(-1)
	score = DuplicateThreshold
	for _, n := range touched {
		e := &ix.entries[n]
		inter := min(float64(sc.shared[n])+skipped, f.weight, e.f.weight)
		if inter <= 0 {
			continue
		}
		wordBound := inter / (f.weight + e.f.weight - inter)
		if wordWeight*wordBound+trigramWeight < score-boundSlack {
			continue
		}
		if wordWeight*wordBound+trigramWeight*diceBound(gramBits, len(e.grams), &e.sketch) < score-boundSlack {
			continue
		}
		s := f.scoreGrams(grams, e.f, e.grams)
		if s > score || s == score && best < 0 {
			best, score = n, s
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return ix.ids[best], score, true
}

type posting struct {
	ids    []int32
	weight float64
}

// partKey is what two texts must share for their Similarity to reach the
// threshold: mismatch is 1 only when both parts are equal.
func partKey(f *features) string { return f.negKey + "\x00" + f.numKey }

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

// dupScratch is one Best call's working memory, reused through a pool: the
// per-entry sums are valid where stamp equals the current generation, so
// nothing is cleared between calls.
type dupScratch struct {
	gen      uint32
	stamp    []uint32
	shared   []float32
	touched  []int32
	lists    []posting
	gramBits []uint16
}

func (ix *DupIndex) getScratch() *dupScratch {
	sc, _ := ix.scratch.Get().(*dupScratch)
	if sc == nil {
		sc = &dupScratch{}
	}
	if n := len(ix.entries); len(sc.stamp) < n {
		// Fresh stamps are 0, which next never hands out.
		size := max(n, 2*len(sc.stamp))
		sc.stamp, sc.shared = make([]uint32, size), make([]float32, size)
	}
	return sc
}

// next starts a new generation, clearing the stamps when the counter wraps.
func (sc *dupScratch) next() uint32 {
	sc.gen++
	if sc.gen == 0 {
		clear(sc.stamp)
		sc.gen = 1
	}
	return sc.gen
}
