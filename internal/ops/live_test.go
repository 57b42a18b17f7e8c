package ops

import (
	"os"
	"slices"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestAnySuperseded holds anySuperseded to a look through every learning
// of the document, on documents with a superseded learning in a session,
// in the consolidated section, and none at all.
func TestAnySuperseded(t *testing.T) {
	fixture, err := os.ReadFile("../../learnings/testdata/superseded.md")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]*learnings.Document{"fixture": learnings.Parse(fixture), "empty": learnings.Parse(nil)}
	// The fixture with each superseded learning made live in turn, and
	// with all of them live.
	for i, l := range docs["fixture"].Learnings() {
		if l.Superseded != nil {
			cp := learnings.Parse(fixture)
			cp.Learnings()[i].Superseded = nil
			docs["fixture less "+l.ID] = cp
		}
	}
	all := learnings.Parse(fixture)
	for _, l := range all.Learnings() {
		l.Superseded = nil
	}
	docs["fixture all live"] = all
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			want := slices.ContainsFunc(doc.Learnings(), func(l *learnings.Learning) bool { return l.Superseded != nil })
			if got := anySuperseded(doc); got != want {
				t.Errorf("anySuperseded = %v, want %v", got, want)
			}
		})
	}
	if !anySuperseded(docs["fixture"]) || anySuperseded(docs["fixture all live"]) {
		t.Error("the fixture's superseded learnings are not told apart")
	}
}
