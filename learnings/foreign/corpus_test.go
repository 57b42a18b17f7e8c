package foreign

import (
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// corpusFiles lists every file of the corpus, hidden ones included.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("testdata/corpus", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpusAccountsForEveryItem reads every corpus file and checks that
// every list item of the source is imported or skipped with its line, that
// at least 70% of a file's items are imported unless the file is an
// instruction file, and that every entry has a category and a reason.
func TestCorpusAccountsForEveryItem(t *testing.T) {
	files := corpusFiles(t)
	if len(files) < 15 {
		t.Fatalf("only %d corpus files", len(files))
	}
	for _, path := range files {
		t.Run(strings.TrimPrefix(path, "testdata/corpus/"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res := Read(path, src)
			covered := map[int]bool{}
			for _, e := range res.Entries {
				for l := e.Line; l <= e.EndLine; l++ {
					covered[l] = true
				}
				if e.Category == "" || e.Why == "" || strings.TrimSpace(e.Text) == "" {
					t.Errorf("line %d: entry without category, reason or text: %+v", e.Line, e)
				}
				if _, known := learnings.NormalizeCategory(e.Category); !known {
					t.Errorf("line %d: category %q is not one of the spec's", e.Line, e.Category)
				}
			}
			skipped := map[int]bool{}
			for _, s := range res.Skipped {
				skipped[s.Line] = true
				if s.Reason == "" {
					t.Errorf("line %d: skipped without a reason", s.Line)
				}
			}
			items, imported := 0, 0
			for l := range learnings.ScanMarkdown(src) {
				if l.Kind != learnings.MarkdownItem {
					continue
				}
				items++
				switch {
				case covered[l.Num]:
					imported++
				case skipped[l.Num]:
				default:
					t.Errorf("line %d: list item neither imported nor skipped: %s", l.Num, l.Text)
				}
			}
			if res.Family != "instructions" && items > 0 && imported*10 < items*7 {
				t.Errorf("imported %d of %d list items (under 70%%)", imported, items)
			}
			got, _ := json.MarshalIndent(res, "", "  ")
			golden := filepath.Join("testdata", "golden", strings.ReplaceAll(strings.TrimPrefix(path, "testdata/corpus/"), "/", "__")+".json")
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if string(want) != string(got)+"\n" {
				t.Errorf("%s differs from what Read gives now (go test -update after checking the change)", golden)
			}
		})
	}
}
