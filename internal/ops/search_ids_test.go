package ops_test

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// TestSearchNamesHits checks the IDs search gives its hits, which it works
// out only once it has them, hashing the learnings from the first hit down
// (learnings.Document.AssignIDsOf): they are the IDs learnings.Parse gives
// the file, "-N" copies and session IDs included, on every generator's
// memory, with a limit, without one, by category and with the work at hand.
func TestSearchNamesHits(t *testing.T) {
	for _, mode := range generators {
		src := memgen.GenerateWith(memgen.Options{Seed: 3, Size: 256 << 10, Mode: mode})
		doc := learnings.Parse(src)
		byLine := map[int]*learnings.Learning{}
		copies := 0
		for _, l := range doc.Learnings() {
			byLine[l.Span.Line] = l
			if strings.Contains(l.ID, "-") {
				copies++
			}
		}
		m := memory(t, string(src))
		searches := []ops.SearchOptions{
			{Query: "retry", Limit: 10},
			{Query: "retry timeout", Limit: 0},
			{Query: "the", Limit: 0},
			{Category: "User Corrections", Limit: 5},
			{Query: "cache", Work: ops.Work{Paths: []string{"internal/sync/client.go"}}, Limit: 10},
		}
		named := 0
		for _, opts := range searches {
			res, err := ops.Search(m, opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range res.Results {
				l := byLine[h.Line]
				if l == nil || h.ID != l.ID {
					t.Fatalf("%s: search %+v: the hit on line %d is %s, want %v", genName(mode), opts, h.Line, h.ID, l)
				}
				if l.Session != nil && (h.Session == nil || h.Session.ID != l.Session.ID) {
					t.Fatalf("%s: search %+v: hit %s has session %v, want %s", genName(mode), opts, h.ID, h.Session, l.Session.ID)
				}
				if strings.Contains(h.ID, "-") {
					named++
				}
			}
		}
		if copies > 0 && named == 0 {
			t.Errorf("%s: no hit is a -N copy of the %d in the file", genName(mode), copies)
		}
	}
}
