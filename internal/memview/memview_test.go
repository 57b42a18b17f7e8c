package memview

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/learn-memory/learn/internal/memfile"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	doc, exists, err := Load(filepath.Join(dir, "missing.md"))
	if err != nil || exists || len(doc.Sessions) != 0 {
		t.Errorf("missing file: %v, %v, %v", doc, exists, err)
	}
	if _, _, err := Load(dir); !errors.Is(err, memfile.ErrNotFile) {
		t.Errorf("directory: err = %v, want ErrNotFile", err)
	}
	f := filepath.Join(dir, "m.md")
	if err := os.WriteFile(f, []byte("## [2026-11-22 14:05 UTC] - x\n\n- a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	doc, exists, err = Load(f)
	if err != nil || !exists || len(doc.Learnings()) != 1 || Date(doc.Learnings()[0]) != "2026-11-22 14:05 UTC" {
		t.Errorf("file: %v, %v, %v", doc, exists, err)
	}
}

// TestOpenBeside checks that beside gets the very bytes that are parsed,
// nil for a missing file, and nothing when the file cannot be read.
func TestOpenBeside(t *testing.T) {
	dir := t.TempDir()
	written := filepath.Join(dir, "m.md")
	if err := os.WriteFile(written, []byte("## [2026-11-22 14:05 UTC] - x\n\n- a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		path   string
		calls  int
		exists bool
		err    error
	}{
		{"file", written, 1, true, nil},
		{"missing", filepath.Join(dir, "missing.md"), 1, false, nil},
		{"directory", dir, 0, false, memfile.ErrNotFile},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][]byte
			f, err := OpenBeside(func() (string, error) { return tt.path, nil }, filepath.Base, func(src []byte) { got = append(got, src) })
			if !errors.Is(err, tt.err) || len(got) != tt.calls {
				t.Fatalf("err = %v, beside called %d times; want %v, %d", err, len(got), tt.err, tt.calls)
			}
			if err != nil {
				return
			}
			if f.Exists != tt.exists {
				t.Errorf("Exists = %v, want %v", f.Exists, tt.exists)
			}
			if tt.exists && (len(got[0]) == 0 || &got[0][0] != &f.Doc.Source[0]) {
				t.Errorf("beside got other bytes than the document's source")
			}
			if !tt.exists && got[0] != nil {
				t.Errorf("beside got %q for a missing file, want nil", got[0])
			}
		})
	}
}
