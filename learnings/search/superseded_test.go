package search

import (
	"os"
	"testing"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
)

// TestSupersededNeverFound: neither a query nor the work at hand finds a
// superseded learning, even when its words match better than the live one
// that replaced it.
func TestSupersededNeverFound(t *testing.T) {
	src, err := os.ReadFile("../testdata/superseded.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := learnings.Parse(src)
	queries := []string{"", "jest", "frontend unit tests", "stdout container runtime", "npm", "staging token one hour",
		"retry budget gateway", "deploy.sh", "goose migrations", "cache key go.sum", "golint", "config.yaml"}
	contexts := []relevance.Context{
		{},
		{Task: "frontend unit tests with jest"},
		{Task: "deploy with deploy.sh", Paths: []string{"deploy.sh"}},
		{Task: "goose migrations", Branch: "goose"},
		{Paths: []string{"config.yaml", "cmd/sync/main.go"}},
	}
	for _, q := range queries {
		for _, ctx := range contexts {
			for _, opts := range []Options{{}, {Limit: 3}, {Category: "Fresh Discoveries"}} {
				hits, _ := SearchContext(doc, q, ctx, opts)
				for _, h := range hits {
					if h.Learning.Superseded != nil {
						t.Errorf("query %q, task %q: superseded learning found: %q", q, ctx.Task, h.Learning.Text)
					}
				}
			}
		}
	}
}
