// Package search ranks learnings against a query (BM25 over learning text,
// session focus and project) so that a large memory can be searched cheaply.
package search

import "github.com/learn-memory/learn/learnings"

// Hit is one ranked learning.
type Hit struct {
	Learning *learnings.Learning
	Score    float64
	// Snippet is a short excerpt around the best match, with matched terms
	// marked as **term**.
	Snippet string
}

// Options narrows a query.
type Options struct {
	Limit    int    // 0 means no limit
	Category string // canonical category name; empty means all
}

// Index is built once per Document and answers many queries.
type Index struct{ doc *learnings.Document }

// Build indexes every learning of doc (Consolidated and sessions).
func Build(doc *learnings.Document) *Index { return &Index{doc: doc} }

// Query returns hits, best first; ties break by file order.
func (ix *Index) Query(q string, opts Options) []Hit { return nil }
