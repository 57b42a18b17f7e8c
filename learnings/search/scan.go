package search

import (
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// Search answers one query without building an index: it reads every
// learning once, counting lengths for BM25 and keeping the postings of the
// query's terms only. The ranking is the same as Build(doc).Query(q, opts);
// a single query, as "learn search" runs, costs a fraction of the index.
// It also returns how many learnings matched before opts.Limit applied.
func Search(doc *learnings.Document, q string, opts Options) ([]Hit, int) {
	ix := &Index{}
	if doc != nil {
		ix.docs = learnings.Live(doc.Learnings())
	}
	exact, prefixes := parseQuery(q, opts.Prefix)
	if len(exact) == 0 {
		return nil, 0
	}
	ix.cats = make([]string, len(ix.docs))
	ix.lens = make([]float32, len(ix.docs))
	canon := categoryCache()

	// slot numbers every term seen so far that the query wants: the exact
	// terms first, then any term that completes the last word.
	slot := map[string]int{}
	var terms []string
	var postings [][]posting
	for _, t := range exact {
		slot[t] = len(terms)
		terms = append(terms, t)
		postings = append(postings, nil)
	}
	var tf []float32
	var used []int
	var total float64
	// A session's focus and project are the same for each of its
	// learnings: they are read once per session, and what they add is
	// replayed, in the same order, so that the sums come out the same to
	// the last bit. "search retry" on a generated 10 MB memory of short
	// learnings took 856-878 ms of CPU, now 732-801 ms.
	var session *learnings.Session
	var replay []step
	recording := false
	for i, l := range ix.docs {
		ix.cats[i] = canon(l.Category)
		used = used[:0]
		var length, w float32
		apply := func(st step) {
			if st.counts {
				length += st.w
			}
			if st.k < 0 {
				return
			}
			for len(tf) <= st.k {
				tf = append(tf, 0)
			}
			if tf[st.k] == 0 {
				used = append(used, st.k)
			}
			tf[st.k] += st.w
		}
		add := func(t token) {
			k := -1
			for j, e := range exact {
				if e == t.term {
					k = j
					break
				}
			}
			if k < 0 && len(prefixes) > 0 && hasAnyPrefix(t.term, prefixes) {
				var ok bool
				if k, ok = slot[t.term]; !ok {
					k = len(terms)
					slot[t.term] = k
					terms = append(terms, t.term)
					postings = append(postings, nil)
				}
			}
			st := step{counts: !t.part, k: k, w: w}
			if recording && (st.counts || k >= 0) {
				replay = append(replay, st)
			}
			apply(st)
		}
		read := func(text string, weight float32) {
			w = weight
			tokenize(text, add)
		}
		read(l.Text, weightText)
		if l.Session != nil && l.Session == session {
			for _, st := range replay {
				apply(st)
			}
		} else {
			session, replay, recording = l.Session, replay[:0], true
			sessionFields(l.Session, read)
			recording = false
		}
		for _, k := range used {
			postings[k] = append(postings[k], posting{doc: int32(i), tf: tf[k]})
			tf[k] = 0
		}
		ix.lens[i] = length
		total += float64(length)
	}
	if len(ix.docs) > 0 {
		ix.avgLen = total / float64(len(ix.docs))
	}

	weights := map[int]float64{}
	for k := range exact {
		if len(postings[k]) > 0 {
			weights[k] = 1
		}
	}
	var completing []int
	for k, t := range terms {
		if len(postings[k]) > 0 && hasAnyPrefix(t, prefixes) {
			completing = append(completing, k)
		}
	}
	for _, k := range mostFrequent(completing, func(k int) (string, int) { return terms[k], len(postings[k]) }) {
		weights[k] = max(weights[k], weightPrefix)
	}
	ws := make([]wanted, 0, len(weights))
	for k, w := range weights {
		ws = append(ws, wanted{term: terms[k], weight: w, postings: postings[k]})
	}
	return ix.rank(ws, opts)
}

// step is what one word of a text adds to a learning's sums: counts, to
// its length, and w to the frequency of query term k (none when k < 0).
type step struct {
	counts bool
	k      int
	w      float32
}

func hasAnyPrefix(term string, prefixes []string) bool {
	return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(term, p) })
}
