package search

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
)

func contextDoc() *learnings.Document {
	doc := buildDoc(nil,
		testSession{"2026-11-01 10:00 UTC", "Sync client", "acme", [][2]string{
			{"Fresh Discoveries", "The sync client retries on 502 with backoff; `internal/sync/client.go` caps it at five tries."},
			{"User Corrections", "Keep retry logs at debug level."},
		}},
		testSession{"2026-10-01 10:00 UTC", "Uploads", "acme", [][2]string{
			{"Fresh Discoveries", "Upload retries need a fresh presigned URL each time."},
			{"Fresh Discoveries", "S3 multipart parts must be at least 5 MB."},
		}},
		testSession{"2026-09-01 10:00 UTC", "Billing", "acme", [][2]string{
			{"User Corrections", "Stripe webhook handlers must be idempotent on the event id."},
		}},
	)
	doc.Sessions[1].Docs = []string{"ios/Uploader.swift"}
	return doc
}

func texts(hs []Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Learning.Text)
	}
	return out
}

func TestSearchContext(t *testing.T) {
	doc := contextDoc()
	tests := []struct {
		name  string
		query string
		ctx   relevance.Context
		opts  Options
		first string // the best hit, by the start of its text
		n     int    // how many hits
	}{
		{"query ranks alone", "retry", relevance.Context{}, Options{}, "Keep retry logs", 3},
		{"file at hand lifts its learning", "retry", relevance.Context{Paths: []string{"ios/Uploader.swift"}}, Options{}, "Upload retries", 3},
		{"path in text lifts its learning", "retry", relevance.Context{Paths: []string{"internal/sync/client.go"}}, Options{}, "The sync client", 3},
		{"no query: every relevant learning", "", relevance.Context{Branch: "fix/stripe-webhook"}, Options{}, "Stripe webhook", 1},
		{"no query, file at hand", "", relevance.Context{Paths: []string{"ios/Uploader.swift"}}, Options{}, "Upload retries", 2},
		{"category filter", "", relevance.Context{Task: "retry uploads and logs"}, Options{Category: "user corrections"}, "Keep retry logs", 1},
		{"limit", "retry", relevance.Context{Task: "sync client"}, Options{Limit: 1}, "The sync client", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits, matched := SearchContext(doc, tt.query, tt.ctx, tt.opts)
			if len(hits) != tt.n {
				t.Fatalf("%d hits %q, want %d", len(hits), texts(hits), tt.n)
			}
			if tt.opts.Limit == 0 && matched != len(hits) {
				t.Errorf("matched = %d, want %d", matched, len(hits))
			}
			if got := hits[0].Learning.Text; len(got) < len(tt.first) || got[:len(tt.first)] != tt.first {
				t.Errorf("first hit %q, want one starting %q (all: %q)", got, tt.first, texts(hits))
			}
			if !tt.ctx.Empty() && hits[0].Match == nil {
				t.Errorf("first hit has no Match")
			}
			for _, h := range hits {
				if h.Plain == "" {
					t.Errorf("hit %q has no snippet", h.Learning.Text)
				}
			}
			if again, _ := SearchContext(doc, tt.query, tt.ctx, tt.opts); !slices.EqualFunc(again, hits, func(a, b Hit) bool {
				return a.Learning == b.Learning && a.Score == b.Score
			}) {
				t.Errorf("a second run ranks otherwise")
			}
		})
	}
}

// TestSearchContextEmptyIsSearch: with no context the hits are exactly
// Search's.
func TestSearchContextEmptyIsSearch(t *testing.T) {
	doc := contextDoc()
	for _, q := range []string{"retry", "presigned url", "stripe", "nothing matches this"} {
		want, wn := Search(doc, q, Options{Prefix: true})
		got, gn := SearchContext(doc, q, relevance.Context{}, Options{Prefix: true})
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" || wn != gn {
			t.Errorf("%q: SearchContext with no context differs from Search (-want +got):\n%s", q, diff)
		}
	}
}

// TestSearchContextSnippetsAsSearch: with a query and context, each hit
// shown has the snippet Search gives it, centred on the query's words, and
// a limit keeps the first hits of the unlimited search, snippets and all,
// though snippets are made for the hits shown only.
func TestSearchContextSnippetsAsSearch(t *testing.T) {
	docs := map[string]*learnings.Document{"context": contextDoc()}
	for _, mode := range []string{"", "long", "paths", "agent"} {
		docs["generated "+mode] = learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 9, Size: 40 << 10, Mode: mode}))
	}
	ctxs := []relevance.Context{
		{Paths: []string{"internal/sync/client.go"}},
		{Paths: []string{"ios/Uploader.swift", "docs/api.md"}, Branch: "fix/retry-timeout"},
		{Task: "the upload retries time out behind the gateway"},
	}
	for name, doc := range docs {
		for _, q := range []string{"retry", "retry timeout", "cache invalidation config", "docs/api.md", "presigned", "zyzzyvaquux"} {
			plain := map[*learnings.Learning]Hit{}
			all, _ := Search(doc, q, Options{Prefix: true})
			for _, h := range all {
				plain[h.Learning] = h
			}
			for _, ctx := range ctxs {
				full, n := SearchContext(doc, q, ctx, Options{Prefix: true})
				for _, h := range full {
					if want := plain[h.Learning]; h.Snippet != want.Snippet || h.Plain != want.Plain || !slices.Equal(h.Marks, want.Marks) {
						t.Errorf("%s, %q, %v: hit %s has snippet %q, Search's is %q", name, q, ctx, h.Learning.ID, h.Snippet, want.Snippet)
					}
				}
				for _, limit := range []int{1, 3, 10} {
					got, gn := SearchContext(doc, q, ctx, Options{Prefix: true, Limit: limit})
					want := full[:min(limit, len(full))]
					if diff := cmp.Diff(shownHits(want), shownHits(got), cmpopts.EquateEmpty()); diff != "" || gn != n {
						t.Errorf("%s, %q, %v, limit %d: matched %d (unlimited %d); hits differ from the unlimited search's first (-want +got):\n%s", name, q, ctx, limit, gn, n, diff)
					}
				}
			}
		}
	}
}

// shownHit is what a hit shows: its learning, score, snippet and why.
type shownHit struct {
	ID, Snippet, Plain string
	Score              float64
	Marks              [][2]int
	WhyScore           float64
	WhyTerms           []string
	WhyPaths           []relevance.PathMatch
}

func shownHits(hits []Hit) []shownHit {
	var out []shownHit
	for _, h := range hits {
		s := shownHit{ID: h.Learning.ID, Snippet: h.Snippet, Plain: h.Plain, Score: h.Score, Marks: h.Marks}
		if m := h.Match; m != nil {
			s.WhyScore, s.WhyTerms, s.WhyPaths = m.Score, m.Terms, m.Paths
		}
		out = append(out, s)
	}
	return out
}
