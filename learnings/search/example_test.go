package search_test

import (
	"fmt"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/search"
)

const memory = "## Recent Sessions\n\n" +
	"## [2026-11-23 09:30 UTC] - Uploads\n### Learnings\n\n" +
	"**Fresh Discoveries:**\n- S3 multipart parts must be at least 5 MB except the last one.\n" +
	"- ~~Uploads retry three times.~~ (superseded by l0a1b2c3 on 2026-11-23)\n" +
	"- Uploads retry five times with backoff; the sync client caps the delay at 30 s.\n\n" +
	"**User Corrections:**\n- Never log request bodies; they hold customer data.\n\n---\n"

// Search ranks the live learnings for a query, best first, each with a
// snippet whose matched words are marked; a superseded learning is never
// a hit.
func ExampleSearch() {
	doc := learnings.Parse([]byte(memory))
	hits, matched := search.Search(doc, "retry backoff", search.Options{Limit: 5})
	for _, h := range hits {
		fmt.Printf("[%s] %s\n", h.Learning.Category, h.Snippet)
	}
	fmt.Println(matched, "matched")
	// Output:
	// [Fresh Discoveries] Uploads **retry** five times with **backoff**; the sync client caps the delay at 30 s.
	// 1 matched
}
