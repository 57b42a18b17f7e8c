package agent

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/templates"
)

// TestFilesInFolders: a client that reads one folder per command (Codex's
// skills, NAME/SKILL.md) gets its folders made on install and removed on
// uninstall, while a folder that holds a file of the user's stays.
func TestFilesInFolders(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "skills")
	files := []templates.File{
		{Name: "learning-recall/SKILL.md", Data: []byte("recall\n")},
		{Name: "learning-store/SKILL.md", Data: []byte("store\n")},
	}
	got, err := InstallFiles(dir, files, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range got {
		if a.Status != StatusInstalled {
			t.Errorf("%s: %s, want installed", a.Name, a.Status)
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "learning-recall", "SKILL.md")); err != nil || string(data) != "recall\n" {
		t.Fatalf("learning-recall/SKILL.md: %q, %v", data, err)
	}
	if got, _ := InstallFiles(dir, files, false); got[0].Status != StatusCurrent {
		t.Errorf("second install: %s, want current", got[0].Status)
	}
	mine := filepath.Join(dir, "learning-store", "notes.md")
	if err := os.WriteFile(mine, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := UninstallFiles(dir, files, false); err != nil {
		t.Fatal(err)
	}
	var left []string
	_ = filepath.Walk(dir, func(path string, _ os.FileInfo, err error) error {
		rel, _ := filepath.Rel(dir, path)
		left = append(left, filepath.ToSlash(rel))
		return err
	})
	if diff := cmp.Diff([]string{".", "learning-store", "learning-store/notes.md"}, left); diff != "" {
		t.Errorf("left after uninstall (-want +got):\n%s", diff)
	}
}
