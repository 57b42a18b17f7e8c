package learnings

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// goldenSession is the session the golden tests insert into every corpus
// file; its multi-line learning checks indentation and line endings.
var goldenSession = NewSession{
	Time:    time.Date(2026, 11, 23, 9, 30, 0, 0, time.FixedZone("CET", 3600)),
	Focus:   "Golden insert",
	Project: "golden",
	Docs:    []string{"README.md", "`docs/api.md#retries`"},
	Learnings: []NewLearning{
		{Category: "fresh discoveries", Text: "Multi-line learning:\n```sh\nmake gen\n```"},
		{Category: "User Corrections", Text: "Inserted learning."},
	},
}

func corpus(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	return files
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, diff)
	}
}

// TestGolden parses every corpus file into a readable dump of the model and
// inserts goldenSession into it; both are compared with testdata/golden.
func TestGolden(t *testing.T) {
	for _, path := range corpus(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			d := Parse(src)
			checkGolden(t, filepath.Join("testdata/golden", name+".txt"), []byte(dump(d)))
			out, err := d.Edit().InsertSession(goldenSession).Bytes()
			if err != nil {
				out = []byte("error: " + err.Error() + "\n")
			}
			checkGolden(t, filepath.Join("testdata/golden", name+".insert.md"), out)
		})
	}
}

// TestCorpusProperties checks the lossless-editing rules on every corpus
// file: an empty edit is the identity, an inserted session can be removed
// again, and the inserted text is the only change.
func TestCorpusProperties(t *testing.T) {
	for _, path := range corpus(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkLossless(t, src)
		})
	}
}

func checkLossless(t *testing.T, src []byte) {
	t.Helper()
	d := Parse(src)
	same, err := d.Edit().Bytes()
	if err != nil || !bytes.Equal(same, src) {
		t.Fatalf("empty edit changed the file (err %v)", err)
	}
	out, err := d.Edit().InsertSession(goldenSession).Bytes()
	if d.Unclosed != nil {
		if err == nil {
			t.Fatalf("edit of a document with %s succeeded", d.Unclosed)
		}
		return
	}
	// Inserting inside lines the reader could not read is refused rather
	// than risked: what those lines hold is unknown.
	if errors.Is(err, ErrWouldLose) && len(d.Damage) > 0 {
		return
	}
	if err != nil {
		t.Fatalf("insert: %v", err)
	}
	if !isInsertion(src, out) {
		t.Fatalf("insert changed existing bytes:\n%q\n->\n%q", src, out)
	}
	d2 := Parse(out)
	if len(d2.Sessions) != len(d.Sessions)+1 {
		t.Fatalf("after insert %d sessions, want %d", len(d2.Sessions), len(d.Sessions)+1)
	}
	newest := d2.Sessions[0]
	if newest.Focus != goldenSession.Focus || newest.Stamp != FormatStamp(goldenSession.Time) {
		t.Fatalf("first session after insert is %q", newest.Header)
	}
	if n := len(d2.Problems); n != len(d.Problems) {
		t.Errorf("insert changed the problems: %v -> %v", d.Problems, d2.Problems)
	}
	back, err := d2.Edit().RemoveSession(newest).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) > 0 {
		if !bytes.Equal(back, src) {
			t.Fatalf("insert then remove:\n%q\nwant\n%q", back, src)
		}
		return
	}
	// Without sessions the first insert also creates the structure; a
	// second insert and removal must return the first insert's output.
	twice, err := d2.Edit().InsertSession(goldenSession).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d3 := Parse(twice)
	again, err := d3.Edit().RemoveSession(d3.Sessions[0]).Bytes()
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("second insert then remove:\n%q\nwant\n%q (err %v)", again, out, err)
	}
}

// isInsertion reports whether out is src with one run of bytes inserted.
func isInsertion(src, out []byte) bool {
	if len(out) < len(src) {
		return false
	}
	i := 0
	for i < len(src) && src[i] == out[i] {
		i++
	}
	return bytes.Equal(src[i:], out[len(out)-(len(src)-i):])
}
