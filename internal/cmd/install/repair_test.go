package install

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// TestRepairsLinksIntoAMovedClone: install.sh's links into a clone that has
// since moved are replaced without --force, and the headline says so;
// links of the user's own, dangling or not, still need --force.
func TestRepairsLinksIntoAMovedClone(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "PWD": t.TempDir()}
	dir := filepath.Join(home, ".config", "opencode", "command")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(t.TempDir(), "moved-clone", "commands")
	for _, name := range []string{"learning-recall.md", "learning-store.md"} {
		mustSymlink(t, filepath.Join(gone, name), filepath.Join(dir, name))
	}
	out, _, err := newTestCmd(t, env, true)
	if err != nil {
		t.Fatalf("learn install over dangling links: %v\n%s", err, out)
	}
	for _, want := range []string{"Installed the opencode commands", "repaired   learning-recall.md: was a link to " + filepath.Join(gone, "learning-recall.md")} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if fi, err := os.Lstat(filepath.Join(dir, "learning-recall.md")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("learning-recall.md is not a regular file after the repair: %v", err)
	}

	// A dangling link somewhere else is the user's: skipped, and the
	// headline does not claim an install.
	mine := filepath.Join(dir, "learning-forget.md")
	if err := os.Remove(mine); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, filepath.Join(t.TempDir(), "my-notes.md"), mine)
	out, _, err = newTestCmd(t, env, true)
	if cmdutil.ExitCode(err) != cmdutil.ExitFailure {
		t.Errorf("install over the user's dangling link: err %v, want exit 1", err)
	}
	if !strings.Contains(out, "Installed 5 of the 6 opencode commands in "+dir+"; 1 skipped") || strings.Contains(out, "Restart opencode") {
		t.Errorf("headline does not match a skipped file:\n%s", out)
	}
}

func TestHeadline(t *testing.T) {
	files := []Action{{Name: "a"}, {Name: "b"}}
	tests := []struct {
		rep     report
		skipped int
		want    string
	}{
		{report{Agent: "opencode", Dir: "/d", Files: files}, 0, "Installed the opencode commands in /d"},
		{report{Agent: "opencode", Dir: "/d", Files: files}, 1, "Installed 1 of the 2 opencode commands in /d; 1 skipped"},
		{report{Agent: "claude", Dir: "/d", Files: files}, 2, "Nothing installed in /d: all 2 command files were skipped"},
		{report{Agent: "opencode", Dir: "/d", Files: files, Uninstall: true}, 0, "Uninstalled the opencode commands from /d"},
	}
	for _, tt := range tests {
		if got := headline(tt.rep, tt.skipped); got != tt.want {
			t.Errorf("headline(%d skipped) = %q, want %q", tt.skipped, got, tt.want)
		}
	}
}

// TestProjectInstallKeepsGitStatusClean: after install --project in a git
// repository, git status shows the command files (which the user may commit)
// and not learn's record of them; uninstall leaves nothing behind.
func TestProjectInstallKeepsGitStatusClean(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	proj := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	env := map[string]string{"HOME": t.TempDir(), "PWD": proj}
	if out, _, err := newTestCmd(t, env, true, "--project"); err != nil {
		t.Fatalf("install --project: %v\n%s", err, out)
	}
	status := git("status", "--porcelain", "--untracked-files=all")
	if strings.Contains(status, ManifestName) || strings.Contains(status, ".gitignore") {
		t.Errorf("git status shows learn's install state:\n%s", status)
	}
	if !strings.Contains(status, ".opencode/command/learning-recall.md") {
		t.Errorf("git status does not show the installed command files:\n%s", status)
	}
	if _, err := os.Stat(filepath.Join(proj, ".opencode", "command", ManifestName)); err != nil {
		t.Errorf("the install record is gone, so --uninstall could not work: %v", err)
	}
	if out, _, err := newTestCmd(t, env, true, "--project", "--uninstall"); err != nil {
		t.Fatalf("uninstall --project: %v\n%s", err, out)
	}
	if status := git("status", "--porcelain", "--untracked-files=all"); status != "" {
		t.Errorf("git status after uninstall --project:\n%s", status)
	}

	// A .gitignore of the user's own in that directory gets one line added.
	dir := filepath.Join(proj, ".opencode", "command")
	mustWrite(t, filepath.Join(dir, ".gitignore"), "drafts/")
	if _, _, err := newTestCmd(t, env, true, "--project"); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(dir, ".gitignore")); got != "drafts/\n"+ManifestName+"\n" {
		t.Errorf("the user's .gitignore is now %q", got)
	}
}
