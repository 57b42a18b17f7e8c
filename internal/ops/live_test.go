package ops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/learnings"
)

// TestLiveLearnings holds liveLearnings to a count through every learning
// of the document, on documents with a superseded learning in a session,
// in the consolidated section, and none at all.
func TestLiveLearnings(t *testing.T) {
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
			want := 0
			for _, l := range doc.Learnings() {
				if l.Superseded == nil {
					want++
				}
			}
			if got := liveLearnings(doc); got != want {
				t.Errorf("liveLearnings = %d, want %d", got, want)
			}
		})
	}
	if liveLearnings(docs["fixture"]) >= liveLearnings(docs["fixture all live"]) {
		t.Error("the fixture's superseded learnings are not told apart")
	}
}

// TestImproveDocsLeavesSupersededOut: improve-docs, which hands the whole
// document to the engine, neither offers nor counts a superseded learning,
// and its progress line counts the live ones.
func TestImproveDocsLeavesSupersededOut(t *testing.T) {
	fixture, err := os.ReadFile("../../learnings/testdata/superseded.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, memfile.DefaultRel)
	files := map[string]string{
		path:                                  string(fixture),
		filepath.Join(dir, "README.md"):       "# Sync\n\n## Logging\n\nLogs go to stdout so that the container runtime collects them.\n",
		filepath.Join(dir, "docs/testing.md"): "# Testing\n\n## Frontend\n\nFrontend unit tests run with jest.\n",
	}
	for p, s := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	m := &Memory{Path: path, Display: memfile.DefaultRel, Root: dir, Reason: "project root",
		Now: func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) }}
	doc := learnings.Parse(fixture)
	old := map[string]bool{}
	for _, l := range doc.Learnings() {
		if l.Superseded != nil {
			old[l.ID] = true
		}
	}
	if len(old) == 0 {
		t.Fatal("the fixture has no superseded learning")
	}
	var busy string
	res, err := ImproveDocs(m, ImproveDocsOptions{Busy: func(msg string) func() { busy = msg; return func() {} }})
	if err != nil {
		t.Fatal(err)
	}
	live := len(doc.Learnings()) - len(old)
	if res.Learnings+res.Duplicates != live {
		t.Errorf("Learnings %d and Duplicates %d, want the %d live ones", res.Learnings, res.Duplicates, live)
	}
	if want := "matching " + plural(live, "learning", "learnings"); !strings.HasPrefix(busy, want) {
		t.Errorf("progress %q, want it to begin %q", busy, want)
	}
	for _, it := range append(append([]DocItem{}, res.Covered...), res.Suggestions...) {
		if old[it.ID] || strings.Contains(it.Text, "~~") {
			t.Errorf("superseded learning %s offered: %q", it.ID, it.Text)
		}
	}
	if len(res.Covered)+len(res.Suggestions) == 0 {
		t.Error("improve-docs offered no learning at all: the test checks nothing")
	}
}
