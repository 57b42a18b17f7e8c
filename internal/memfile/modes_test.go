package memfile_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
)

// TestUpdateCreatesPrivate: what learn creates is its owner's alone (files
// 0600, folders 0700, minus the umask); what exists keeps its mode.
func TestUpdateCreatesPrivate(t *testing.T) {
	umask := currentUmask()
	tests := []struct {
		name  string
		setup func(t *testing.T, root string)
		want  map[string]os.FileMode // relative to root
	}{
		{
			name: "a first store creates everything private",
			want: map[string]os.FileMode{
				".tmp": 0o700, ".tmp/memory-learnings.md": 0o600, ".tmp/.gitignore": 0o600, ".tmp/memory-learnings.md.lock": 0o600,
			},
		},
		{
			name: "an existing .tmp and file keep their modes",
			setup: func(t *testing.T, root string) {
				write(t, filepath.Join(root, ".tmp/memory-learnings.md"), "old\n", 0o644)
				if err := os.Chmod(filepath.Join(root, ".tmp"), 0o755); err != nil {
					t.Fatal(err)
				}
			},
			want: map[string]os.FileMode{".tmp": 0o755, ".tmp/memory-learnings.md": 0o644, ".tmp/.gitignore": 0o600},
		},
		{
			name: "a file the user made group-readable stays so",
			setup: func(t *testing.T, root string) {
				write(t, filepath.Join(root, ".tmp/memory-learnings.md"), "old\n", 0o640)
			},
			want: map[string]os.FileMode{".tmp/memory-learnings.md": 0o640},
		},
		{
			name: "an existing lock file keeps its mode",
			setup: func(t *testing.T, root string) {
				write(t, filepath.Join(root, ".tmp/memory-learnings.md.lock"), "", 0o644)
			},
			want: map[string]os.FileMode{".tmp/memory-learnings.md.lock": 0o644, ".tmp/memory-learnings.md": 0o600},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.setup != nil {
				tt.setup(t, root)
			}
			path := filepath.Join(root, memfile.DefaultRel)
			for range 2 { // a second write changes no mode either
				if err := memfile.Update(path, time.Second, appendLine("x")); err != nil {
					t.Fatal(err)
				}
			}
			for rel, mode := range tt.want {
				fi, err := os.Stat(filepath.Join(root, rel))
				if err != nil {
					t.Fatal(err)
				}
				want := mode
				if tt.setup == nil {
					want &^= umask
				}
				if fi.Mode().Perm() != want {
					t.Errorf("%s: mode %v, want %v", rel, fi.Mode().Perm(), want)
				}
			}
		})
	}
}

// TestAdoptCreatesPrivate: a shared file that adoption creates is private
// too, and the worktree's file moved aside keeps its own mode.
func TestAdoptCreatesPrivate(t *testing.T) {
	base := realDir(t)
	main := filepath.Join(base, "app")
	newRepo(t, main)
	wt := filepath.Join(base, "wt")
	git(t, main, "worktree", "add", "-q", wt)
	old := filepath.Join(wt, memfile.DefaultRel)
	write(t, old, "## Recent Sessions\n\n## [2026-11-20 09:00 UTC] - A\n**Documentation Seen**: none\n\n### Learnings\n\n**Fresh Discoveries:**\n- The cache lives in /var/cache/acme.\n\n---\n", 0o644)
	loc := memfile.Locate("", "", wt)
	a, err := memfile.Adopt(loc, time.Second, time.Now())
	if err != nil || a == nil {
		t.Fatalf("Adopt = %v, %v", a, err)
	}
	for p, want := range map[string]os.FileMode{
		filepath.Join(main, ".tmp"): 0o700 &^ currentUmask(), loc.Path: 0o600 &^ currentUmask(), a.Aside: 0o644,
	} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("the worktree's file is still in use: %v", err)
	}
	// Adopting again finds nothing.
	if a, err := memfile.Adopt(memfile.Locate("", "", wt), time.Second, time.Now()); a != nil || err != nil {
		t.Errorf("second Adopt = %v, %v", a, err)
	}
}

// TestAdoptConcurrently: commands started at once in a worktree adopt its
// memory once: one reports it, and every session is in the shared file once.
func TestAdoptConcurrently(t *testing.T) {
	base := realDir(t)
	main := filepath.Join(base, "app")
	newRepo(t, main)
	wt := filepath.Join(base, "wt")
	git(t, main, "worktree", "add", "-q", wt)
	write(t, filepath.Join(main, memfile.DefaultRel), "## Recent Sessions\n\n## [2026-11-21 09:00 UTC] - Main\n**Documentation Seen**: none\n\n### Learnings\n\n**User Corrections:**\n- Use tabs.\n\n---\n", 0o600)
	write(t, filepath.Join(wt, memfile.DefaultRel), "## Recent Sessions\n\n## [2026-11-20 09:00 UTC] - A\n**Documentation Seen**: none\n\n### Learnings\n\n**Fresh Discoveries:**\n- The cache lives in /var/cache/acme.\n\n---\n", 0o644)
	const n = 8
	reports := make(chan *memfile.Adopted, n)
	errs := make(chan error, n)
	for range n {
		go func() {
			a, err := memfile.Adopt(memfile.Locate("", "", wt), 10*time.Second, time.Now())
			reports <- a
			errs <- err
		}()
	}
	got := 0
	for range n {
		if a := <-reports; a != nil {
			got++
		}
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if got != 1 {
		t.Errorf("%d adoptions reported, want 1", got)
	}
	data := readString(t, filepath.Join(main, memfile.DefaultRel))
	for _, s := range []string{"- Main\n", "- A\n"} {
		if c := strings.Count(data, s); c != 1 {
			t.Errorf("session %q %d times:\n%s", s, c, data)
		}
	}
}

// BenchmarkLocate is the cost of finding the file from a linked worktree's
// subfolder: git's files read, no git run.
func BenchmarkLocate(b *testing.B) {
	base, _ := filepath.EvalSymlinks(b.TempDir())
	main := filepath.Join(base, "app")
	if err := exec.Command("git", "init", "-q", main).Run(); err != nil {
		b.Skip(err)
	}
	if err := exec.Command("git", "-C", main, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x").Run(); err != nil {
		b.Skip(err)
	}
	wt := filepath.Join(base, "wt")
	if err := exec.Command("git", "-C", main, "worktree", "add", "-q", wt).Run(); err != nil {
		b.Skip(err)
	}
	wd := filepath.Join(wt, "a", "b", "c")
	if err := os.MkdirAll(wd, 0o755); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		loc := memfile.Locate("", "", wd)
		if err := memfile.CheckLinks(loc); err != nil || loc.Root != main {
			b.Fatal(loc, err)
		}
	}
}
