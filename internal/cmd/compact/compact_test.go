package compact

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

var fixedNow = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

type result struct {
	out, err string
	runErr   error
}

// runCompact runs "learn compact args..." in a temporary project holding
// content as its learnings file (none when content is nil).
func runCompact(t *testing.T, content []byte, args ...string) (dir string, r result) {
	t.Helper()
	dir = t.TempDir()
	if content != nil {
		writeMemory(t, dir, content)
	}
	return dir, runIn(t, dir, args...)
}

func runIn(t *testing.T, dir string, args ...string) result {
	t.Helper()
	f, out, errb := memviewtest.Factory(dir, fixedNow, "")
	err := memviewtest.Execute(NewCmdCompact(f, nil), f, args...)
	return result{out.String(), errb.String(), err}
}

func memPath(dir string) string { return filepath.Join(dir, memfile.DefaultRel) }

func writeMemory(t *testing.T, dir string, content []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, ".tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(memPath(dir), content, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	return readFile(t, filepath.Join("testdata", name))
}

func TestCompactFoldsSessions(t *testing.T) {
	src := fixture(t, "three-sessions.md")
	dir, r := runCompact(t, src)
	if r.runErr != nil {
		t.Fatalf("compact: %v\n%s", r.runErr, r.err)
	}
	got := readFile(t, memPath(dir))
	doc := learnings.Parse(got)

	if len(doc.Sessions) != 0 {
		t.Errorf("%d sessions left, want 0:\n%s", len(doc.Sessions), got)
	}
	if doc.Consolidated == nil {
		t.Fatalf("no Consolidated section:\n%s", got)
	}
	var texts []string
	byCategory := map[string]int{}
	for _, c := range doc.Consolidated.Categories {
		for _, l := range c.Learnings {
			texts = append(texts, l.Text)
			byCategory[c.Name]++
		}
	}
	// Six learnings in sessions plus one in Consolidated; the exact repeat
	// of `make gen` and of `client.Do` merge: five remain.
	if len(texts) != 5 {
		t.Errorf("Consolidated has %d learnings, want 5: %q", len(texts), texts)
	}
	if byCategory["User Corrections"] != 3 {
		t.Errorf("User Corrections: %d, want 3 (every distinct correction kept)", byCategory["User Corrections"])
	}
	tally := map[string]int{}
	for _, d := range doc.Consolidated.Tally {
		tally[d.Ref] = d.Count
	}
	for ref, want := range map[string]int{"README.md": 6, "docs/api.md": 2, "docs/api.md#retries": 1, "CONTRIBUTING.md": 1} {
		if tally[ref] != want {
			t.Errorf("tally[%s] = %d, want %d (tally %v)", ref, tally[ref], want, doc.Consolidated.Tally)
		}
	}

	// Frontmatter, preamble and the hand-written section stay byte for byte.
	for _, keep := range []string{"---\ntitle: memory\n---\nPreamble written by hand.\n\n", "## My own notes\n\nKeep this section, *exactly*   as it is.\n"} {
		if !bytes.Contains(got, []byte(keep)) {
			t.Errorf("compacted file lost %q:\n%s", keep, got)
		}
	}
	if !bytes.HasPrefix(got, []byte("---\ntitle: memory\n---\nPreamble written by hand.\n\n## Consolidated Learnings")) {
		t.Errorf("the top of the file changed:\n%s", got)
	}

	if b := readFile(t, memfile.BackupPath(memPath(dir))); !bytes.Equal(b, src) {
		t.Errorf("backup differs from the original file")
	}
	ring, err := memfile.Backups(memPath(dir))
	if err != nil || len(ring) != 1 {
		t.Errorf("backup ring: %v, %v; want one copy", ring, err)
	}
	for _, want := range []string{"Compacted .tmp/memory-learnings.md", "folded 3 sessions (6 learnings)", "merged 2 duplicates", "My own notes", "learn undo"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("output lacks %q:\n%s", want, r.out)
		}
	}
}

func TestCompactDryRunWritesNothing(t *testing.T) {
	src := fixture(t, "three-sessions.md")
	dir, r := runCompact(t, src, "--dry-run")
	if r.runErr != nil {
		t.Fatalf("compact --dry-run: %v", r.runErr)
	}
	if got := readFile(t, memPath(dir)); !bytes.Equal(got, src) {
		t.Errorf("dry run changed the file")
	}
	if _, err := os.Stat(memfile.BackupPath(memPath(dir))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("dry run made a backup (stat: %v)", err)
	}
	if !strings.HasPrefix(r.out, "--- a/.tmp/memory-learnings.md\n+++ b/.tmp/memory-learnings.md\n@@ ") {
		t.Errorf("stdout is not a unified diff:\n%s", r.out)
	}
	if !strings.Contains(r.out, "\n-## [2026-11-21 09:30 UTC] - Release checklist\n") {
		t.Errorf("diff does not remove the sessions:\n%s", r.out)
	}
	if !strings.Contains(r.err, "Dry run: nothing written") {
		t.Errorf("stderr lacks the dry-run summary:\n%s", r.err)
	}

	// The diff, applied to the original with patch -p1 from the project
	// root, gives exactly what compact writes.
	patchBin, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("patch is not installed")
	}
	cmd := exec.Command(patchBin, "-s", "-p1", "--no-backup-if-mismatch")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(r.out)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s", err, out)
	}
	realDir, real := runCompact(t, src)
	if real.runErr != nil {
		t.Fatal(real.runErr)
	}
	if patched, want := readFile(t, memPath(dir)), readFile(t, memPath(realDir)); !bytes.Equal(patched, want) {
		t.Errorf("dry-run diff applied gives:\n%s\nbut compact writes:\n%s", patched, want)
	}
}

func TestCompactNothingToDo(t *testing.T) {
	tests := []struct {
		name    string
		content []byte
		args    []string
		want    string
	}{
		{"missing file", nil, nil, "no learnings file yet"},
		{"empty file", []byte{}, nil, "no sessions to fold"},
		{"only consolidated", []byte("## Consolidated Learnings\n\n**User Corrections:**\n- Keep it.\n"), nil, "no sessions to fold"},
		{"all kept", fixture(t, "three-sessions.md"), []string{"--keep", "3"}, "all kept by --keep 3"},
		{"dry run without sessions", []byte("## Consolidated Learnings\n\n- Keep it.\n"), []string{"--dry-run"}, "no sessions to fold"},
		{"dry run without file", nil, []string{"--dry-run"}, "no learnings file yet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, r := runCompact(t, tt.content, tt.args...)
			if r.runErr != nil {
				t.Fatalf("compact: %v", r.runErr)
			}
			if !strings.Contains(r.out, "Nothing to compact") || !strings.Contains(r.out, tt.want) {
				t.Errorf("output %q lacks %q", r.out, tt.want)
			}
			if tt.content != nil {
				if got := readFile(t, memPath(dir)); !bytes.Equal(got, tt.content) {
					t.Errorf("file changed")
				}
			} else if _, err := os.Stat(filepath.Join(dir, ".tmp")); err == nil {
				t.Errorf("compact created .tmp for a missing file")
			}
			if _, err := os.Stat(memfile.BackupPath(memPath(dir))); err == nil {
				t.Errorf("nothing to do, yet a backup was made")
			}
		})
	}
}

func TestCompactKeep(t *testing.T) {
	dir, r := runCompact(t, fixture(t, "three-sessions.md"), "--keep", "1")
	if r.runErr != nil {
		t.Fatal(r.runErr)
	}
	doc := learnings.Parse(readFile(t, memPath(dir)))
	if len(doc.Sessions) != 1 || doc.Sessions[0].Focus != "Retry logic for the sync client" {
		t.Fatalf("want only the newest session kept, got %d sessions", len(doc.Sessions))
	}
	if !strings.Contains(r.out, "folded 2 sessions") || !strings.Contains(r.out, "kept the newest 1 session") {
		t.Errorf("output:\n%s", r.out)
	}
}

func TestCompactRefusesUnclosedFence(t *testing.T) {
	src := []byte("## Recent Sessions\n\n## [2026-11-20 08:00 UTC] - Fence\n\n### Learnings\n\n**Fresh Discoveries:**\n- Example:\n\n```go\nfunc f() {\n")
	dir, r := runCompact(t, src)
	if r.runErr == nil || !strings.Contains(r.runErr.Error(), "line 10") {
		t.Fatalf("want an error naming line 10, got %v", r.runErr)
	}
	if cmdutil.ExitCode(r.runErr) != cmdutil.ExitFailure {
		t.Errorf("exit %d, want 1", cmdutil.ExitCode(r.runErr))
	}
	if got := readFile(t, memPath(dir)); !bytes.Equal(got, src) {
		t.Errorf("file changed")
	}
}

func TestCompactJSON(t *testing.T) {
	_, r := runCompact(t, fixture(t, "three-sessions.md"), "--json", "--dry-run")
	if r.runErr != nil {
		t.Fatal(r.runErr)
	}
	var rep ops.CompactResult
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, r.out)
	}
	if !rep.Compacted || !rep.DryRun || rep.SessionsFolded != 3 || rep.LearningsFolded != 6 || rep.Merged != 2 || rep.Diff == "" {
		t.Errorf("unexpected report: %+v", rep)
	}
	if rep.BytesAfter >= rep.BytesBefore {
		t.Errorf("bytes %d → %d: compaction should shrink this file", rep.BytesBefore, rep.BytesAfter)
	}
}

func TestCompactUsage(t *testing.T) {
	_, r := runCompact(t, nil, "--keep", "-1")
	if cmdutil.ExitCode(r.runErr) != cmdutil.ExitUsage {
		t.Errorf("--keep -1: exit %d (%v), want 2", cmdutil.ExitCode(r.runErr), r.runErr)
	}
	_, r = runCompact(t, nil, "extra")
	if cmdutil.ExitCode(r.runErr) != cmdutil.ExitUsage {
		t.Errorf("positional arg: exit %d, want 2", cmdutil.ExitCode(r.runErr))
	}
}
