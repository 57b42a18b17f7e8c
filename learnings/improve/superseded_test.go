package improve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
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

// TestSupersededNeverSuggested: improve-docs must not offer a superseded
// learning for the docs, neither in its report (covered or suggested), nor
// as an example in --diff's patch, nor in --json, whatever the corpus says
// of it.
func TestSupersededNeverSuggested(t *testing.T) {
	doc := supersededDoc(t)
	old := map[string]string{}
	for _, l := range doc.Learnings() {
		if l.Superseded != nil {
			old[l.ID] = l.Superseded.Text
		}
	}
	root := t.TempDir()
	files := map[string]string{
		"README.md":       "# Sync\n\n## Logging\n\nLogs go to stdout so that the container runtime collects them.\n",
		"docs/testing.md": "# Testing\n\n## Frontend\n\nFrontend unit tests run with jest.\n",
		"docs/deploy.md":  "# Deploy\n\n## Staging\n\nThe staging API token is short-lived.\n",
	}
	for p, s := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	corpus, err := docs.Load(root, []string{"README.md", "docs/testing.md", "docs/deploy.md"})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]Corpus{"fake corpus": fakeCorpus{}, "real docs": corpus} {
		t.Run(name, func(t *testing.T) {
			rep := analyse(doc, c)
			if rep.Learnings != 10 {
				t.Errorf("Learnings = %d, want the 10 live ones", rep.Learnings)
			}
			var adds []Addition
			for _, it := range append(append([]Item{}, rep.Covered...), rep.Suggestions...) {
				if _, ok := old[it.ID]; ok || strings.Contains(it.Text, "~~") {
					t.Errorf("superseded learning %s offered: %q", it.ID, it.Text)
				}
				if it.Suggestion != nil {
					adds = append(adds, Addition{Suggestion: *it.Suggestion, Text: it.Example})
				}
			}
			js, err := json.Marshal(rep)
			if err != nil {
				t.Fatal(err)
			}
			patch := string(Insert("README.md", []byte(files["README.md"]), adds))
			for id, text := range old {
				if strings.Contains(string(js), id) || strings.Contains(string(js), text) {
					t.Errorf("--json holds superseded learning %s %q", id, text)
				}
				if strings.Contains(patch, text) && !strings.Contains(files["README.md"], text) {
					t.Errorf("--diff adds superseded learning %s %q", id, text)
				}
			}
		})
	}
}
