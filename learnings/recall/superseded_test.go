package recall

import (
	"os"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
)

// supersededDoc reads the engine's shared fixture: ten learnings struck
// through with each form of note ParseSuperseded accepts, next to the
// learnings that replaced them.
func supersededDoc(t *testing.T) *learnings.Document {
	t.Helper()
	src, err := os.ReadFile("../testdata/superseded.md")
	if err != nil {
		t.Fatal(err)
	}
	return learnings.Parse(src)
}

// TestSupersededNeverRecalled: recall (plain, for a task, with a budget or
// none, one category) and the summarise baseline, which is a plain recall,
// never show a superseded learning, and a later prompt's Unshown never
// brings one back.
func TestSupersededNeverRecalled(t *testing.T) {
	doc := supersededDoc(t)
	tasks := []relevance.Context{
		{},
		{Task: "why do the frontend unit tests fail under jest"},
		{Task: "logs should go to stdout for the container runtime"},
		{Task: "install frontend packages with npm", Paths: []string{"package.json"}},
		{Task: "staging API token expired after one hour, retry budget in the gateway config"},
		{Task: "run goose migrations from the Makefile", Branch: "fix/goose-migrations"},
		{Task: "golint config.yaml deploy.sh cache key"},
	}
	for _, ctx := range tasks {
		for _, opts := range []Options{{MaxChars: 0}, {MaxChars: 400}, {MaxChars: 4000}, {MaxChars: 4000, Category: "fresh discoveries"}} {
			opts.Context = ctx
			r := Select(doc, opts)
			if r.Stored != 10 {
				t.Errorf("task %q: Stored = %d, want the 10 live learnings", ctx.Task, r.Stored)
			}
			for _, it := range r.Shown {
				if it.Learning.Superseded != nil {
					t.Errorf("task %q, budget %d: superseded learning shown: %q", ctx.Task, opts.MaxChars, it.Learning.Text)
				}
			}
			if strings.Contains(r.Text(), "~~") {
				t.Errorf("task %q, budget %d: recall shows a struck-through learning:\n%s", ctx.Task, opts.MaxChars, r.Text())
			}
			later := relevance.Rank(doc.Learnings(), ctx).Relevant()
			for _, m := range r.Unshown(later) {
				if m.Learning.Superseded != nil {
					t.Errorf("task %q: Unshown offers superseded learning %q", ctx.Task, m.Learning.Text)
				}
			}
		}
	}
	ranked := Select(doc, Options{Ranked: doc.Learnings(), Query: "jest"})
	for _, it := range ranked.Shown {
		if it.Learning.Superseded != nil {
			t.Errorf("ranked recall shows superseded learning %q", it.Learning.Text)
		}
	}
}
