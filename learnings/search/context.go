package search

import (
	"cmp"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
	"github.com/learn-memory/learn/learnings/terms"
)

// weightWhy is what a context word or path counts for when picking a
// snippet, against a query word's idf: enough to show the sentence that
// names the file at hand when the query found nothing better.
const weightWhy = 0.5

// SearchContext is Search with the work at hand taken into account, so
// that among the learnings about "retry" the one about the file being
// edited comes first. With a query, the hits are the query's, each scored
// by its query score plus its relevance to ctx (relevance.Rank over the
// whole memory); with an empty query, the hits are every learning ctx
// gives a positive relevance, best first. Hit.Match says why a hit is
// relevant. An empty ctx gives exactly Search's hits. It also returns how
// many learnings matched before opts.Limit applied.
func SearchContext(doc *learnings.Document, q string, ctx relevance.Context, opts Options) ([]Hit, int) {
	if ctx.Empty() {
		return Search(doc, q, opts)
	}
	var all []*learnings.Learning
	if doc != nil {
		all = doc.Learnings()
	}
	ranking := relevance.Rank(all, ctx)
	matches := make(map[*learnings.Learning]*relevance.Match, len(ranking.Matches))
	for i := range ranking.Matches {
		matches[ranking.Matches[i].Learning] = &ranking.Matches[i]
	}
	limit := opts.Limit
	opts.Limit = 0
	var hits []Hit
	// weights are the query's terms, which the snippets of its hits are
	// centred on. They are made for the hits shown only: with a file at
	// hand, "search retry" on a generated 10 MB memory of long learnings
	// made a snippet for each of its thousands of hits, 2/3 of the
	// search's CPU past the parse.
	var weights map[string]float64
	if strings.TrimSpace(q) != "" {
		hits, _, weights = search(doc, q, opts)
		for i := range hits {
			if m := matches[hits[i].Learning]; m != nil {
				hits[i].Match = m
				hits[i].Score += m.Score
			}
		}
		slices.SortStableFunc(hits, func(a, b Hit) int { return cmp.Compare(b.Score, a.Score) })
	} else {
		want := ""
		if opts.Category != "" {
			want, _ = learnings.NormalizeCategory(opts.Category)
		}
		canon := categoryCache()
		for i := range ranking.Matches {
			m := &ranking.Matches[i]
			if want != "" && !strings.EqualFold(canon(m.Learning.Category), want) {
				continue
			}
			hits = append(hits, Hit{Learning: m.Learning, Score: m.Score, Match: m})
		}
	}
	matched := len(hits)
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	if weights != nil {
		snippets(hits, weights)
	}
	for i := range hits {
		if hits[i].Plain == "" {
			plain, marks := snippet(hits[i].Learning.Text, whyTerms(hits[i].Match), snippetLen)
			hits[i].Snippet, hits[i].Plain, hits[i].Marks = markup(plain, marks), plain, marks
		}
	}
	return hits, matched
}

// whyTerms is what a snippet of a context-only hit is centred on: the
// context's words the learning holds and the words of the paths it names.
func whyTerms(m *relevance.Match) map[string]float64 {
	out := map[string]float64{}
	if m == nil {
		return out
	}
	add := func(s string, w float64) {
		for _, t := range terms.Words(s) {
			out[t] = max(out[t], w)
		}
	}
	for i, t := range m.Terms {
		add(t, weightWhy*float64(len(m.Terms)-i))
	}
	for _, p := range m.Paths {
		add(p.Ref, weightWhy)
	}
	return out
}
