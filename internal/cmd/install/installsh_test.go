package install

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// installSh runs the repository's install.sh with a temporary HOME and
// PREFIX, keeping Go's caches so the build inside it stays fast.
type installSh struct {
	repo, home, prefix string
	env                []string
}

func newInstallSh(t *testing.T) *installSh {
	t.Helper()
	if testing.Short() {
		t.Skip("install.sh builds learn; skipped with -short")
	}
	for _, tool := range []string{"bash", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("install.sh needs %s: %v", tool, err)
		}
	}
	_, file, _, _ := runtime.Caller(0)
	repo, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	s := &installSh{repo: repo, home: filepath.Join(root, "home"), prefix: filepath.Join(root, "prefix")}
	goEnv := func(k string) string {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", k, err)
		}
		return strings.TrimSpace(string(out))
	}
	goDir := filepath.Dir(mustLookPath(t, "go"))
	s.env = []string{
		"HOME=" + s.home, "PREFIX=" + s.prefix,
		"PATH=" + goDir + ":/usr/local/bin:/usr/bin:/bin",
		"GOCACHE=" + goEnv("GOCACHE"), "GOMODCACHE=" + goEnv("GOMODCACHE"), "GOPATH=" + goEnv("GOPATH"),
		"GOFLAGS=" + goEnv("GOFLAGS"), "GOTOOLCHAIN=local", "GOPROXY=" + goEnv("GOPROXY"),
	}
	return s
}

func mustLookPath(t *testing.T, name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (s *installSh) run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{filepath.Join(s.repo, "install.sh")}, args...)...)
	cmd.Env = s.env
	cmd.Dir = s.home
	if err := os.MkdirAll(s.home, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// addPath puts dir first on the PATH install.sh sees.
func (s *installSh) addPath(dir string) {
	for i, kv := range s.env {
		if strings.HasPrefix(kv, "PATH=") {
			s.env[i] = "PATH=" + dir + ":" + strings.TrimPrefix(kv, "PATH=")
		}
	}
}

func (s *installSh) cmdDir() string { return filepath.Join(s.home, ".config", "opencode", "command") }

func TestInstallSh(t *testing.T) {
	s := newInstallSh(t)
	bin := filepath.Join(s.prefix, "bin", "learn")

	// Not on PATH: doctor fails, so install.sh fails, with the one line
	// that fixes it for the user's shell.
	out, err := s.run(t)
	if err == nil {
		t.Fatalf("install.sh with learn not on PATH succeeded:\n%s", out)
	}
	for _, want := range []string{"installed " + bin, "is not on your PATH", "FAIL  learn on PATH",
		`export PATH="` + filepath.Join(s.prefix, "bin") + `:$PATH"`} {
		if !strings.Contains(out, want) {
			t.Errorf("install.sh output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Done") {
		t.Errorf("install.sh said Done although doctor failed:\n%s", out)
	}
	for shell, want := range map[string]string{
		"/usr/bin/fish": "fish_add_path " + filepath.Join(s.prefix, "bin"),
		"/bin/zsh":      ">> ~/.zshrc",
		"/bin/bash":     ">> ~/.bashrc",
	} {
		s.env = append(s.env, "SHELL="+shell)
		out, err := s.run(t)
		s.env = s.env[:len(s.env)-1]
		if err == nil || !strings.Contains(out, want) {
			t.Errorf("SHELL=%s: install.sh (err %v) lacks %q:\n%s", shell, err, want, out)
		}
	}

	s.addPath(filepath.Join(s.prefix, "bin"))
	out, err = s.run(t)
	if err != nil {
		t.Fatalf("install.sh: %v\n%s", err, out)
	}
	for _, want := range []string{"installed " + bin, "Checking the setup (learn doctor)", "command files installed: all 6", "Done."} {
		if !strings.Contains(out, want) {
			t.Errorf("install.sh output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("binary not installed: %v", err)
	}
	manDir := filepath.Join(s.prefix, "share", "man", "man1")
	for _, page := range []string{"learn.1", "learn-recall.1", "learn-forget.1"} {
		if data, err := os.ReadFile(filepath.Join(manDir, page)); err != nil || !strings.Contains(string(data), ".TH") {
			t.Errorf("man page %s: %v", page, err)
		}
	}
	theirs := filepath.Join(manDir, "ls.1")
	if err := os.WriteFile(theirs, []byte(".TH LS 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plugin := filepath.Join(s.home, ".config", "opencode", "plugin", "learn-recall.js")
	if data, err := os.ReadFile(plugin); err != nil || !strings.Contains(string(data), "learn-opencode-plugin") {
		t.Errorf("the opencode plugin is not installed at %s: %v\n%s", plugin, err, out)
	}
	for _, name := range []string{"learning-recall.md", "learning-forget.md"} {
		target, err := os.Readlink(filepath.Join(s.cmdDir(), name))
		if err != nil || target != filepath.Join(s.repo, "commands", name) {
			t.Errorf("%s: link to %q (%v), want a link into the repository's commands/", name, target, err)
		}
	}

	// Again, with a file of the user's own in the way: the rest is current,
	// the user's file is kept and the exit status says so.
	mine := filepath.Join(s.cmdDir(), "learning-forget.md")
	if err := os.Remove(mine); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = s.run(t)
	if err == nil || !strings.Contains(out, "skipped "+mine+": a different file is there; rerun with --force") {
		t.Errorf("install.sh over the user's file: err %v\n%s", err, out)
	}
	if strings.Contains(out, "linked") || !strings.Contains(out, "current   "+filepath.Join(s.cmdDir(), "learning-recall.md")) {
		t.Errorf("second install.sh is not idempotent:\n%s", out)
	}
	if data, _ := os.ReadFile(mine); string(data) != "mine\n" {
		t.Errorf("the user's file was changed: %q", data)
	}
	out, err = s.run(t, "--force")
	if err != nil || !strings.Contains(out, "replaced  "+mine) {
		t.Errorf("install.sh --force: %v\n%s", err, out)
	}

	// --uninstall removes its links and the binary, nothing else.
	other := filepath.Join(s.cmdDir(), "my-own.md")
	if err := os.WriteFile(other, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(s.cmdDir(), "linked-elsewhere.md")
	if err := os.Symlink(other, elsewhere); err != nil {
		t.Fatal(err)
	}
	out, err = s.run(t, "--uninstall")
	if err != nil {
		t.Fatalf("install.sh --uninstall: %v\n%s", err, out)
	}
	entries, err := os.ReadDir(s.cmdDir())
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if strings.Join(left, " ") != "linked-elsewhere.md my-own.md" {
		t.Errorf("left after --uninstall: %v\n%s", left, out)
	}
	if _, err := os.Stat(bin); !os.IsNotExist(err) {
		t.Errorf("binary still there after --uninstall: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(plugin)); !os.IsNotExist(err) {
		t.Errorf("the plugin directory is still there after --uninstall: %v\n%s", err, out)
	}
	if pages, _ := filepath.Glob(filepath.Join(manDir, "*")); len(pages) != 1 || pages[0] != theirs {
		t.Errorf("man pages after --uninstall: %v, want only %s", pages, theirs)
	}

	if out, err := s.run(t, "--agent", "cursor"); err == nil || !strings.Contains(out, "--agent must be opencode, claude") {
		t.Errorf("install.sh --agent cursor: %v\n%s", err, out)
	}
}

// TestInstallShRepairsMovedClone: links into a clone that has moved are
// repaired without --force, and the install succeeds.
func TestInstallShRepairsMovedClone(t *testing.T) {
	s := newInstallSh(t)
	s.addPath(filepath.Join(s.prefix, "bin"))
	if err := os.MkdirAll(s.cmdDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(t.TempDir(), "old-clone", "commands", "learning-recall.md")
	link := filepath.Join(s.cmdDir(), "learning-recall.md")
	if err := os.Symlink(gone, link); err != nil {
		t.Fatal(err)
	}
	out, err := s.run(t)
	if err != nil {
		t.Fatalf("install.sh over a dangling link: %v\n%s", err, out)
	}
	if !strings.Contains(out, "repaired  "+link) || strings.Contains(out, "current   "+link) {
		t.Errorf("install.sh did not say, once, that it repaired %s:\n%s", link, out)
	}
	if target, _ := os.Readlink(link); target != filepath.Join(s.repo, "commands", "learning-recall.md") {
		t.Errorf("link points to %q after install.sh", target)
	}
}

// TestInstallShShadowedLearn: an older learn earlier on PATH would be the
// one the agent runs; doctor only warns about it, but install.sh fails and
// says how to put the new one first.
func TestInstallShShadowedLearn(t *testing.T) {
	s := newInstallSh(t)
	bindir := filepath.Join(s.prefix, "bin")
	old := filepath.Join(t.TempDir(), "oldbin")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(old, "learn"), []byte("#!/bin/sh\necho learn version v0.0.1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, path := range [][]string{{old}, {old, bindir}} {
		s := *s
		s.env = append([]string(nil), s.env...)
		for i := len(path) - 1; i >= 0; i-- {
			s.addPath(path[i])
		}
		out, err := s.run(t)
		if err == nil || strings.Contains(out, "Done") {
			t.Errorf("PATH %v: install.sh succeeded with another learn first on PATH:\n%s", path, out)
		}
		for _, want := range []string{filepath.Join(old, "learn") + " comes before it on your PATH", `export PATH="` + bindir + `:$PATH"`} {
			if !strings.Contains(out, want) {
				t.Errorf("PATH %v: install.sh output lacks %q:\n%s", path, want, out)
			}
		}
	}
}
