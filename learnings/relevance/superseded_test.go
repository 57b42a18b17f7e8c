package relevance

import (
	"os"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestRankSkipsSuperseded: a superseded learning is never a match, however
// well it fits the work at hand; the live learning that replaced it may be.
func TestRankSkipsSuperseded(t *testing.T) {
	src, err := os.ReadFile("../testdata/superseded.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := learnings.Parse(src)
	for _, ctx := range []Context{
		{Task: "frontend unit tests run with jest"},
		{Task: "npm install frontend packages"},
		{Task: "database migrations goose Makefile"},
		{Paths: []string{"deploy.sh", "config.yaml"}},
		{Task: "logs", Paths: []string{"cmd/sync/main.go"}, Branch: "logging-stdout"},
	} {
		r := Rank(doc.Learnings(), ctx)
		if len(r.Matches) == 0 {
			t.Errorf("task %q: no match at all; the live learnings should match", ctx.Task)
		}
		for _, m := range r.Matches {
			if m.Learning.Superseded != nil {
				t.Errorf("task %q: superseded learning matched: %q", ctx.Task, m.Learning.Text)
			}
		}
	}
}
