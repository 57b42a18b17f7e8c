package learnings

// DupIndex finds, among many stored learnings, the one most similar to a
// candidate, so that store and summarise can check a candidate against a
// 10 MB file without comparing it with every learning in turn.
//
// It keeps the features Similarity compares for every entry and an inverted
// index from content word to entries. Two texts that share no content word
// score at most the trigram part of Similarity, which is below
// DuplicateThreshold, so only entries sharing a word with the candidate can
// be duplicates; among those, an upper bound from the shared words skips the
// ones that cannot reach the threshold before scoring the rest in full.
//
// A DupIndex is safe for concurrent Best calls once all Adds are done.
type DupIndex struct {
	ids      []int
	entries  []*features
	postings map[string][]int32
	exact    map[string]int32
}

// NewDupIndex returns an empty index.
func NewDupIndex() *DupIndex {
	return &DupIndex{postings: map[string][]int32{}, exact: map[string]int32{}}
}

// Add indexes text under id. The id is the caller's (a position in its own
// list); Best returns it unchanged.
func (ix *DupIndex) Add(id int, text string) {
	f := featuresOf(text)
	n := int32(len(ix.entries))
	ix.ids = append(ix.ids, id)
	ix.entries = append(ix.entries, f)
	if _, seen := ix.exact[f.canon]; !seen {
		ix.exact[f.canon] = n
	}
	for _, t := range f.terms {
		ix.postings[t] = append(ix.postings[t], n)
	}
}

// Best returns the id of the indexed learning most similar to text and its
// Similarity. ok is false when none reaches DuplicateThreshold, and for a
// text with no words at all. Ties go to the entry added first.
func (ix *DupIndex) Best(text string) (id int, score float64, ok bool) {
	f := featuresOf(text)
	if f.canon == "" {
		return 0, 0, false
	}
	if n, hit := ix.exact[f.canon]; hit {
		return ix.ids[n], 1, true
	}
	if len(f.terms) == 0 {
		return 0, 0, false
	}
	shared := make([]float32, len(ix.entries))
	var touched []int32
	for _, t := range f.terms {
		w := float32(termWeight(t))
		for _, n := range ix.postings[t] {
			if shared[n] == 0 {
				touched = append(touched, n)
			}
			shared[n] += w
		}
	}
	grams := f.trigrams()
	best := int32(-1)
	score = DuplicateThreshold
	for _, n := range touched {
		e := ix.entries[n]
		// shared[n] is the weighted intersection, so the word part is
		// exact; the trigram part cannot exceed 1.
		inter := float64(shared[n])
		bound := wordWeight*inter/(f.weight+e.weight-inter) + trigramWeight
		if bound < score || bound*f.mismatch(e) < score {
			continue
		}
		s := f.score(grams, e)
		if s > score || s == score && (best < 0 || n < best) {
			best, score = n, s
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return ix.ids[best], score, true
}
