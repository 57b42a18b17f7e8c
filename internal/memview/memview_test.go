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
