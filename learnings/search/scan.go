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
	for i, l := range ix.docs {
		ix.cats[i] = canon(l.Category)
		used = used[:0]
		var length, w float32
		add := func(t token) {
			if !t.part {
				length += w
			}
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
			if k < 0 {
				return
			}
			for len(tf) <= k {
				tf = append(tf, 0)
			}
			if tf[k] == 0 {
				used = append(used, k)
			}
			tf[k] += w
		}
		eachField(l, func(text string, weight float32) {
			w = weight
			tokenize(text, add)
		})
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

func hasAnyPrefix(term string, prefixes []string) bool {
	return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(term, p) })
}
