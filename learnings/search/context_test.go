package search

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

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
