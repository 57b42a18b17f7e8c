package search

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// TestSearchIsQuery checks that Search, which reads a session's focus and
// project once for all its learnings, ranks exactly as the index does,
// score for score, on memories of every generator and on queries that
// match text, focus and project, whole words and completions.
func TestSearchIsQuery(t *testing.T) {
	queries := []string{"retry", "retry timeout", "sync client", "config", "bench", "Benchmark session",
		"gateway idle connections", "zyzzyvaquux", "ret", "deploy stag", "dat", "テスト", "über"}
	docs := map[string]*learnings.Document{
		"sessions sharing a focus": buildDoc(nil,
			testSession{"a", "Retry logic for the sync client", "acme-sync", [][2]string{
				{"Fresh Discoveries", "Backoff caps at 30 s"}, {"Fresh Discoveries", "retry only idempotent calls"},
				{"User Corrections", "the config lives in sync.yaml"}, {"Fresh Discoveries", "timeouts retry twice"}}},
			testSession{"b", "Retry logic for the sync client", "acme-sync", [][2]string{{"Fresh Discoveries", "gateway drops idle connections"}}},
		),
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		docs["generated "+mode] = learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 5, Size: 150 << 10, Mode: mode}))
	}
	for name, doc := range docs {
		ix := Build(doc)
		for _, q := range queries {
			for _, prefix := range []bool{false, true} {
				opts := Options{Prefix: prefix}
				want, wn := ix.QueryCount(q, opts)
				got, gn := Search(doc, q, opts)
				if gn != wn || len(got) != len(want) {
					t.Errorf("%s: Search(%q, prefix %v) matched %d, %d hits; the index %d, %d", name, q, prefix, gn, len(got), wn, len(want))
					continue
				}
				for i := range want {
					if got[i].Learning != want[i].Learning || got[i].Score != want[i].Score {
						t.Errorf("%s: Search(%q, prefix %v) hit %d is %s %v; the index's %s %v", name, q, prefix, i,
							got[i].Learning.ID, got[i].Score, want[i].Learning.ID, want[i].Score)
						break
					}
				}
			}
		}
	}
}
