package gitctx

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// repo makes a repository with a commit on branch fix/stripe-webhook-retry,
// then a modified, a staged, a deleted and an untracked file.
func repo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, dir, "payments/webhook.go", "package payments\n")
	write(t, dir, "payments/retry.go", "package payments\n")
	write(t, dir, "README.md", "# x\n")
	write(t, dir, "old.txt", "x\n")
	write(t, dir, ".gitignore", "*.log\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "init")
	run(t, dir, "checkout", "-q", "-b", "fix/stripe-webhook-retry")
	write(t, dir, "payments/webhook.go", "package payments\n// changed\n")
	write(t, dir, "payments/retry.go", "package payments\n// staged\n")
	run(t, dir, "add", "payments/retry.go")
	run(t, dir, "rm", "-q", "old.txt")
	write(t, dir, "docs/stripe notes.md", "new\n")
	write(t, dir, "debug.log", "ignored\n")
	return dir
}

func TestRead(t *testing.T) {
	dir := repo(t)
	got := Read(context.Background(), dir)
	want := Work{
		Paths:  []string{"old.txt", "payments/retry.go", "payments/webhook.go", "docs/stripe notes.md"},
		Branch: "fix/stripe-webhook-retry",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Read (-want +got):\n%s", diff)
	}
}

func TestReadSubdirectory(t *testing.T) {
	dir := repo(t)
	got := Read(context.Background(), filepath.Join(dir, "payments"))
	want := Work{Paths: []string{"retry.go", "webhook.go"}, Branch: "fix/stripe-webhook-retry"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Read in a subdirectory (-want +got):\n%s", diff)
	}
}

func TestReadDetachedAndClean(t *testing.T) {
	dir := repo(t)
	run(t, dir, "stash", "-q", "--include-untracked")
	run(t, dir, "checkout", "-q", "--detach")
	if got := Read(context.Background(), dir); len(got.Paths) != 0 || got.Branch != "" {
		t.Errorf("clean detached checkout: got %+v, want nothing", got)
	}
}

func TestReadOutsideGit(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	if got := Read(context.Background(), dir); len(got.Paths) != 0 || got.Branch != "" {
		t.Errorf("outside git: got %+v, want nothing", got)
	}
	if got := Read(context.Background(), filepath.Join(dir, "missing")); len(got.Paths) != 0 {
		t.Errorf("missing directory: got %+v, want nothing", got)
	}
}

func TestReadTimesOut(t *testing.T) {
	dir := repo(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := Read(ctx, dir); len(got.Paths) != 0 || got.Branch != "" {
		t.Errorf("cancelled: got %+v, want nothing", got)
	}
}

func TestParseStatusCaps(t *testing.T) {
	var out []byte
	for i := range MaxPaths + 50 {
		out = append(out, []byte("?? f"+string(rune('a'+i%26))+string(rune('a'+i/26))+".go\x00")...)
	}
	if got := parseStatus(out, ""); len(got) != MaxPaths {
		t.Errorf("got %d paths, want the cap %d", len(got), MaxPaths)
	}
}
