// Package search ranks learnings against a query (BM25 over learning text,
// session focus and project) so that a large memory can be searched cheaply:
// the agent reads a few ranked snippets instead of the whole file.
package search

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
	"github.com/learn-memory/learn/learnings/terms"
)

// BM25 parameters: the usual values, which suit short documents like
// learnings well enough that tuning them bought nothing measurable.
const (
	k1 = 1.2
	b  = 0.75
)

// Field weights: a word in the learning itself says more about it than the
// same word in the focus of the session it came from, and the project name
// is shared by every learning of a project.
const (
	weightText    = 1.0
	weightFocus   = 0.5
	weightProject = 0.3
	// weightPrefix scales terms found by completing the last query word,
	// so an exact word always beats a completion of it.
	weightPrefix = 0.6
	// maxExpansions caps how many vocabulary terms one prefix may add.
	maxExpansions = 64
	// minPrefix is the shortest last word that is completed at all.
	minPrefix = 3
)

// Hit is one ranked learning.
type Hit struct {
	Learning *learnings.Learning
	Score    float64
	// Snippet is a short excerpt around the best match, with matched terms
	// marked as **term**.
	Snippet string
	// Plain is Snippet without the marks; Marks are the byte ranges of the
	// matched terms in Plain, for callers that highlight their own way.
	Plain string
	Marks [][2]int
	// Match is the hit's relevance to the work at hand, and why; set only
	// by SearchContext, and nil when the hit is not relevant to it.
	Match *relevance.Match
}

// Options narrows a query.
type Options struct {
	Limit    int    // 0 means no limit
	Category string // canonical category name; empty means all
	// Prefix completes the last query word (when the query does not end
	// in a space), for people typing a partial word.
	Prefix bool
	// Keep, when set, narrows the hits further (learn serve's date
	// filter) before the limit, so that the limit counts kept hits.
	Keep func(*learnings.Learning) bool
}

// Index is built once per Document and answers many queries, from any
// number of goroutines. For a single query, Search is cheaper.
type Index struct {
	docs     []*learnings.Learning
	cats     []string // canonical category per doc, for filtering
	lens     []float32
	avgLen   float64
	terms    map[string]int32
	postings [][]posting
	names    []string // term by id
	vocab    []string // sorted terms, built on the first prefix query
	vocabOne sync.Once
}

type posting struct {
	doc int32
	tf  float32
}

// Build indexes every learning of doc (Consolidated and sessions), in file
// order so that equal scores keep the order a person sees in the file.
func Build(doc *learnings.Document) *Index {
	ix := &Index{terms: make(map[string]int32)}
	if doc == nil {
		return ix
	}
	ix.docs = learnings.Live(doc.Learnings())
	ix.cats = make([]string, len(ix.docs))
	ix.lens = make([]float32, len(ix.docs))
	// Per-document term frequencies live in slices indexed by term id,
	// reset through the list of ids the document used: no map per document.
	var tf []float32
	var seen []int32 // doc index + 1 that last used the term
	var used []int32
	var total float64
	canon := categoryCache()
	for i, l := range ix.docs {
		ix.cats[i] = canon(l.Category)
		used = used[:0]
		var length float32
		var w float32
		add := func(t token) {
			id, ok := ix.terms[t.term]
			if !ok {
				id = int32(len(ix.postings))
				ix.terms[t.term] = id
				ix.postings = append(ix.postings, nil)
				ix.names = append(ix.names, t.term)
				tf = append(tf, 0)
				seen = append(seen, 0)
			}
			if seen[id] != int32(i+1) {
				seen[id] = int32(i + 1)
				tf[id] = 0
				used = append(used, id)
			}
			tf[id] += w
			if !t.part {
				length += w
			}
		}
		eachField(l, func(text string, weight float32) {
			w = weight
			tokenize(text, add)
		})
		for _, id := range used {
			ix.postings[id] = append(ix.postings[id], posting{doc: int32(i), tf: tf[id]})
		}
		ix.lens[i] = length
		total += float64(length)
	}
	if len(ix.docs) > 0 {
		ix.avgLen = total / float64(len(ix.docs))
	}
	return ix
}

// categoryCache normalises category labels, each distinct label once: a
// file has thousands of learnings but only a handful of labels.
func categoryCache() func(string) string {
	seen := map[string]string{}
	return func(label string) string {
		if c, ok := seen[label]; ok {
			return c
		}
		c, _ := learnings.NormalizeCategory(label)
		seen[label] = c
		return c
	}
}

// eachField hands visit every field a learning is ranked on, with its
// weight: the text itself, then its session's focus and project. Build and
// Search both read learnings through it, so that they rank alike.
func eachField(l *learnings.Learning, visit func(text string, weight float32)) {
	visit(l.Text, weightText)
	sessionFields(l.Session, visit)
}

// sessionFields hands visit the fields a learning takes from its session
// s, if any.
func sessionFields(s *learnings.Session, visit func(text string, weight float32)) {
	if s != nil {
		visit(s.Focus, weightFocus)
		visit(s.Project, weightProject)
	}
}

// Query returns hits, best first; ties break by file order.
func (ix *Index) Query(q string, opts Options) []Hit {
	hits, _ := ix.QueryCount(q, opts)
	return hits
}

// QueryCount is Query that also says how many learnings matched before
// the limit: snippets are made only for the hits returned.
func (ix *Index) QueryCount(q string, opts Options) ([]Hit, int) {
	exact, prefixes := parseQuery(q, opts.Prefix)
	weights := make(map[int32]float64)
	for _, t := range exact {
		if id, ok := ix.terms[t]; ok {
			weights[id] = 1
		}
	}
	if len(prefixes) > 0 {
		for _, id := range ix.completions(prefixes) {
			weights[id] = max(weights[id], weightPrefix)
		}
	}
	ws := make([]wanted, 0, len(weights))
	for id, w := range weights {
		ws = append(ws, wanted{term: ix.names[id], weight: w, postings: ix.postings[id]})
	}
	return ix.rank(ws, opts)
}

// wanted is one term a query looks for, how much it counts, and where it
// occurs.
type wanted struct {
	term     string
	weight   float64
	postings []posting
}

// rank scores the documents holding the wanted terms with BM25 and returns
// the best, with snippets, and how many matched before the limit.
func (ix *Index) rank(ws []wanted, opts Options) ([]Hit, int) {
	hits, matched, weights := ix.score(ws, opts)
	snippets(hits, weights)
	return hits, matched
}

// snippets gives each hit its snippet around the terms weighed in weights.
func snippets(hits []Hit, weights map[string]float64) {
	for i := range hits {
		plain, marks := snippet(hits[i].Learning.Text, weights, snippetLen)
		hits[i].Snippet, hits[i].Plain, hits[i].Marks = markup(plain, marks), plain, marks
	}
}

// score is rank without the snippets: the best hits, how many matched
// before the limit, and each wanted term's weight (its idf, less for a
// completion), which the snippets are centred on.
func (ix *Index) score(ws []wanted, opts Options) ([]Hit, int, map[string]float64) {
	if len(ws) == 0 {
		return nil, 0, nil
	}
	slices.SortFunc(ws, func(a, b wanted) int { return strings.Compare(a.term, b.term) })
	scores := make([]float64, len(ix.docs))
	var touched []int32
	n := float64(len(ix.docs))
	termWeights := make(map[string]float64, len(ws))
	for _, w := range ws {
		df := float64(len(w.postings))
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		termWeights[w.term] = w.weight * idf
		for _, p := range w.postings {
			if scores[p.doc] == 0 {
				touched = append(touched, p.doc)
			}
			tf := float64(p.tf)
			norm := k1 * (1 - b + b*float64(ix.lens[p.doc])/ix.avgLen)
			scores[p.doc] += w.weight * idf * tf * (k1 + 1) / (tf + norm)
		}
	}
	want := ""
	if opts.Category != "" {
		want, _ = learnings.NormalizeCategory(opts.Category)
		want = strings.ToLower(want)
	}
	hits := touched[:0]
	for _, d := range touched {
		if want != "" && strings.ToLower(ix.cats[d]) != want {
			continue
		}
		if opts.Keep != nil && !opts.Keep(ix.docs[d]) {
			continue
		}
		hits = append(hits, d)
	}
	slices.SortFunc(hits, func(a, b int32) int {
		if scores[a] != scores[b] {
			if scores[a] > scores[b] {
				return -1
			}
			return 1
		}
		return int(a - b)
	})
	matched := len(hits)
	if opts.Limit > 0 && len(hits) > opts.Limit {
		hits = hits[:opts.Limit]
	}
	out := make([]Hit, len(hits))
	for i, d := range hits {
		out[i] = Hit{Learning: ix.docs[d], Score: scores[d]}
	}
	return out, matched, termWeights
}

// parseQuery turns q into the terms it looks for and, when the last word is
// to be completed, the prefixes (as typed and stemmed) that complete it.
// Stop words are dropped unless nothing else is left.
func parseQuery(q string, prefix bool) (exact, prefixes []string) {
	var toks []token
	tokenize(q, func(t token) {
		if !terms.StopWord(t.term) {
			toks = append(toks, t)
		}
	})
	if len(toks) == 0 {
		tokenize(q, func(t token) { toks = append(toks, t) })
	}
	for i, t := range toks {
		if !slices.Contains(exact, t.term) {
			exact = append(exact, t.term)
		}
		// Two words a space apart in the query ("front end", "log in")
		// also find the learnings that write them as one ("frontend").
		if i > 0 && !t.part && !toks[i-1].part && q[toks[i-1].end:t.start] == " " {
			j := joined(fold(q[toks[i-1].start:toks[i-1].end]) + "-" + fold(q[t.start:t.end]))
			if !strings.Contains(j, "-") && !slices.Contains(exact, j) {
				exact = append(exact, j)
			}
		}
	}
	if prefix && !endsInSpace(q) {
		for i := len(toks) - 1; i >= 0; i-- {
			if t := toks[i]; !t.part {
				if len([]rune(t.term)) >= minPrefix {
					prefixes = append(prefixes, fold(q[t.start:t.end]))
					if t.term != prefixes[0] {
						prefixes = append(prefixes, t.term)
					}
					// "e-pa" completes to "epaper", the term of "e-paper".
					if j := strings.Replace(prefixes[0], "-", "", 1); j != prefixes[0] && joined(prefixes[0]) != prefixes[0] && !slices.Contains(prefixes, j) {
						prefixes = append(prefixes, j)
					}
				}
				break
			}
		}
	}
	return exact, prefixes
}

func endsInSpace(q string) bool {
	return q != "" && strings.ContainsRune(" \t\n\r", rune(q[len(q)-1]))
}

// completions are the indexed terms that start with one of the prefixes,
// the most frequent first, at most maxExpansions of them.
func (ix *Index) completions(prefixes []string) []int32 {
	ix.vocabOne.Do(func() {
		ix.vocab = slices.Clone(ix.names)
		sort.Strings(ix.vocab)
	})
	var ids []int32
	for _, p := range prefixes {
		i := sort.SearchStrings(ix.vocab, p)
		for ; i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i], p); i++ {
			if id := ix.terms[ix.vocab[i]]; !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return mostFrequent(ids, func(id int32) (string, int) { return ix.names[id], len(ix.postings[id]) })
}

// mostFrequent keeps the maxExpansions terms that occur in the most
// documents, ties broken by the term, so the choice never depends on order.
func mostFrequent[T any](ts []T, key func(T) (string, int)) []T {
	if len(ts) <= maxExpansions {
		return ts
	}
	slices.SortFunc(ts, func(a, b T) int {
		an, adf := key(a)
		bn, bdf := key(b)
		if adf != bdf {
			return bdf - adf
		}
		return strings.Compare(an, bn)
	})
	return ts[:maxExpansions]
}
