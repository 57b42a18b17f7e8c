package memfile_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memfile"
)

// git runs a real git in dir, failing the test on error.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main", "-c", "protocol.file.allow=always"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func newRepo(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "init", "-q")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", "first")
}

func realDir(t *testing.T) string {
	t.Helper()
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestProjectLocation checks the default path against real repositories
// made by git: each case's root is what git itself calls the main work
// tree (or the bare repository), not a guess.
func TestProjectLocation(t *testing.T) {
	base := realDir(t)
	main := filepath.Join(base, "app")
	newRepo(t, main)
	mustMkdir(t, filepath.Join(main, "src", "deep"))
	wt := filepath.Join(base, "app-fix")
	git(t, main, "worktree", "add", "-q", wt)
	mustMkdir(t, filepath.Join(wt, "src", "deep"))
	// Relative links both ways, as git >= 2.48 writes with
	// --relative-paths (and this git must still accept).
	wtRel := filepath.Join(base, "rel", "wt2")
	mustMkdir(t, filepath.Dir(wtRel))
	git(t, main, "worktree", "add", "-q", wtRel)
	relGit := filepath.Join(main, ".git", "worktrees", "wt2")
	writeFile(t, filepath.Join(wtRel, ".git"), "gitdir: ../../app/.git/worktrees/wt2\n")
	writeFile(t, filepath.Join(relGit, "gitdir"), "../../../../rel/wt2/.git\n")
	git(t, wtRel, "status", "--short")

	// A submodule is its own project; its own linked worktree shares the
	// submodule's memory.
	lib := filepath.Join(base, "lib")
	newRepo(t, lib)
	git(t, main, "submodule", "add", "-q", lib, "vendor/lib")
	sub := filepath.Join(main, "vendor", "lib")
	subWt := filepath.Join(base, "lib-wt")
	git(t, sub, "worktree", "add", "-q", subWt)

	// A repository nested inside another (not a submodule) is its own.
	nested := filepath.Join(main, "tools", "gen")
	newRepo(t, nested)

	// A bare repository and its linked worktree share the bare directory.
	bare := filepath.Join(base, "srv.git")
	git(t, base, "clone", "-q", "--bare", main, bare)
	bareWt := filepath.Join(base, "srv-main")
	git(t, bare, "worktree", "add", "-q", bareWt)

	// --separate-git-dir: the checkout is the project; its linked worktree
	// cannot find it (git lists the git directory as the main worktree),
	// so it keeps its own.
	sep := filepath.Join(base, "sep")
	sepGit := filepath.Join(base, "sep-store.git")
	mustMkdir(t, sep)
	git(t, sep, "init", "-q", "--separate-git-dir", sepGit)
	git(t, sep, "commit", "-q", "--allow-empty", "-m", "first")
	sepWt := filepath.Join(base, "sep-wt")
	git(t, sep, "worktree", "add", "-q", sepWt)

	plain := filepath.Join(base, "plain", "dir")
	mustMkdir(t, plain)

	tests := []struct {
		name, wd, root, kind, reason string
	}{
		{"main worktree root", main, main, memfile.KindProject, "project root"},
		{"main worktree subdir", filepath.Join(main, "src", "deep"), main, memfile.KindProject, "project root"},
		{"inside .git", filepath.Join(main, ".git", "refs"), main, memfile.KindProject, "project root"},
		{"linked worktree", wt, main, memfile.KindShared, "main worktree of linked worktree " + wt},
		{"linked worktree subdir", filepath.Join(wt, "src", "deep"), main, memfile.KindShared, "main worktree of linked worktree " + wt},
		{"submodule", sub, sub, memfile.KindProject, "project root"},
		{"worktree of submodule", subWt, sub, memfile.KindShared, "main worktree of linked worktree " + subWt},
		{"nested repository", nested, nested, memfile.KindProject, "project root"},
		{"bare repository", bare, bare, memfile.KindProject, "bare repository " + bare},
		{"inside bare repository", filepath.Join(bare, "refs", "heads"), bare, memfile.KindProject, "bare repository " + bare},
		{"worktree of bare repository", bareWt, bare, memfile.KindShared, "bare repository " + bare + " of linked worktree " + bareWt},
		{"separate git dir", sep, sep, memfile.KindProject, "project root"},
		{"worktree of separate git dir", sepWt, sepWt, memfile.KindProject, "project root (linked worktree whose main worktree cannot be found from " + sepGit + ")"},
		{"no repository", plain, plain, memfile.KindProject, "working directory (not in a git repository)"},
		{"worktree with relative paths", wtRel, main, memfile.KindShared, "main worktree of linked worktree " + wtRel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := memfile.Locate("", "", tt.wd)
			want := filepath.Join(tt.root, memfile.DefaultRel)
			if loc.Path != want || loc.Root != tt.root || loc.Kind != tt.kind || loc.Reason != tt.reason {
				t.Errorf("Locate(%s) = %+v\nwant path %s, root %s, kind %s, reason %q", tt.wd, loc, want, tt.root, tt.kind, tt.reason)
			}
			if !loc.Default() {
				t.Errorf("a default location says it is not default: %+v", loc)
			}
			if memfile.Resolve("", "", tt.wd) != want {
				t.Errorf("Resolve disagrees with Locate: %s", memfile.Resolve("", "", tt.wd))
			}
		})
	}

	// What git says is the main worktree, for the plain cases, agrees.
	for _, wd := range []string{wt, filepath.Join(wt, "src", "deep")} {
		first := strings.Fields(strings.SplitN(git(t, wd, "worktree", "list", "--porcelain"), "\n", 2)[0])[1]
		if got := memfile.Locate("", "", wd).Root; got != first {
			t.Errorf("from %s: root %s, git's main worktree %s", wd, got, first)
		}
	}
}

func TestLocateFlagAndEnv(t *testing.T) {
	wd := realDir(t)
	tests := []struct {
		name, flag, env, path, reason, kind string
	}{
		{"flag relative", "notes/m.md", "", filepath.Join(wd, "notes/m.md"), "--file", memfile.KindFlag},
		{"flag wins over env", "/x/a.md", "/y/b.md", "/x/a.md", "--file", memfile.KindFlag},
		{"env absolute", "", "/y/../y/b.md", "/y/b.md", "$LEARN_FILE", memfile.KindEnv},
		{"env relative", "", "m.md", filepath.Join(wd, "m.md"), "$LEARN_FILE", memfile.KindEnv},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := memfile.Locate(tt.flag, tt.env, wd)
			if loc.Path != tt.path || loc.Reason != tt.reason || loc.Kind != tt.kind || loc.Default() || loc.Root != "" {
				t.Errorf("got %+v", loc)
			}
		})
	}
}

// TestProjectLocationDistrustsForgedGitFiles: a .git file an archive
// carries, naming a git directory that does not name this work tree back,
// or no git directory at all, never moves the memory out of the project.
func TestProjectLocationDistrustsForgedGitFiles(t *testing.T) {
	base := realDir(t)
	victim := filepath.Join(base, "victim")
	newRepo(t, victim)
	other := filepath.Join(base, "other")
	git(t, victim, "worktree", "add", "-q", other)
	wtGit := filepath.Join(victim, ".git", "worktrees", "other")

	forged := filepath.Join(base, "download")
	mustMkdir(t, forged)
	tests := map[string]string{
		"points at another worktree's git dir": "gitdir: " + wtGit + "\n",
		"points at the common dir":             "gitdir: " + filepath.Join(victim, ".git") + "\n",
		"points nowhere":                       "gitdir: /nonexistent/x\n",
		"not a gitdir line":                    "hello\n",
		"empty":                                "",
	}
	for name, content := range tests {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(filepath.Join(forged, ".git"), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			loc := memfile.Locate("", "", forged)
			if loc.Root != forged || loc.Kind != memfile.KindProject {
				t.Errorf("forged .git moved the memory: %+v", loc)
			}
		})
	}
}

// TestProjectLocationAdopt: a regular memory file in a linked worktree is
// offered for adoption; a symlink or a file in a symlinked .tmp is not.
func TestProjectLocationAdopt(t *testing.T) {
	base := realDir(t)
	main := filepath.Join(base, "app")
	newRepo(t, main)
	wt := filepath.Join(base, "wt")
	git(t, main, "worktree", "add", "-q", wt)
	old := filepath.Join(wt, memfile.DefaultRel)

	if loc := memfile.Locate("", "", wt); loc.Adopt != "" {
		t.Fatalf("nothing to adopt, got %q", loc.Adopt)
	}
	mustMkdir(t, filepath.Dir(old))
	if err := os.WriteFile(old, []byte("## Recent Sessions\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if loc := memfile.Locate("", "", wt); loc.Adopt != old {
		t.Fatalf("Adopt = %q, want %s", loc.Adopt, old)
	}
	if loc := memfile.Locate("", "", main); loc.Adopt != "" {
		t.Fatalf("the main worktree adopts nothing, got %q", loc.Adopt)
	}
	os.Remove(old)
	if err := os.Symlink(filepath.Join(base, "elsewhere.md"), old); err != nil {
		t.Fatal(err)
	}
	if loc := memfile.Locate("", "", wt); loc.Adopt != "" {
		t.Fatalf("a symlink is not adopted, got %q", loc.Adopt)
	}
}
