package doctor

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/internal/cmd/install"
	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/templates"
)

type fixture struct {
	home, project, bin string
	onPath             bool
	env                map[string]string // more environment than HOME
}

func newFixture(t *testing.T) *fixture {
	fx := &fixture{home: t.TempDir(), project: t.TempDir(), onPath: true, env: map[string]string{}}
	fx.bin = filepath.Join(t.TempDir(), "learn")
	if err := os.WriteFile(fx.bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return fx
}

func (fx *fixture) run(t *testing.T, args ...string) (report, string, error) {
	t.Helper()
	var out bytes.Buffer
	env := map[string]string{"HOME": fx.home}
	for k, v := range fx.env {
		env[k] = v
	}
	f := &cmdutil.Factory{
		IO:     &cmdutil.IO{In: strings.NewReader(""), Out: &out, Err: &out},
		Getenv: func(k string) string { return env[k] },
		Getwd:  func() (string, error) { return fx.project, nil },
	}
	cmd := NewCmdDoctor(f, func(o *Options) error {
		o.ProjectRoot = func() (string, error) { return fx.project, nil }
		o.MemoryFile = func() (string, error) { return filepath.Join(fx.project, ".tmp", "memory-learnings.md"), nil }
		o.LookPath = func(string) (string, error) {
			if fx.onPath {
				return fx.bin, nil
			}
			return "", errors.New("not found")
		}
		o.Executable = func() (string, error) { return fx.bin, nil }
		return run(o)
	})
	cmd.SetArgs(args)
	err := cmd.Execute()
	var rep report
	if len(args) > 0 && args[len(args)-1] == "--json" {
		if jerr := json.Unmarshal(out.Bytes(), &rep); jerr != nil {
			t.Fatalf("--json: %v\n%s", jerr, out.String())
		}
	}
	return rep, out.String(), err
}

func (fx *fixture) install(t *testing.T, agent templates.Agent) string {
	t.Helper()
	dir, err := install.Dir(func(k string) string { return map[string]string{"HOME": fx.home}[k] }, agent, "")
	if err != nil {
		t.Fatal(err)
	}
	files, err := templates.Render(agent)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := install.Install(dir, files, false); err != nil {
		t.Fatal(err)
	}
	if agent == templates.Opencode {
		fx.installPlugin(t)
		// learn install also registers learn mcp in opencode.json.
		write(t, filepath.Join(fx.home, ".config", "opencode", "opencode.json"),
			"{\n  \"mcp\": {\n    \"learn\": {\"type\": \"local\", \"command\": [\"learn\", \"mcp\"]}\n  }\n}\n")
	}
	return dir
}

func statusOf(rep report) map[string]Status {
	out := map[string]Status{}
	for _, c := range rep.Checks {
		out[c.Name] = c.Status
	}
	return out
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestHealthyInstall(t *testing.T) {
	fx := newFixture(t)
	fx.install(t, templates.Opencode)
	rep, _, err := fx.run(t, "--json")
	if err != nil {
		t.Fatalf("doctor on a healthy install: %v\n%+v", err, rep)
	}
	for name, s := range statusOf(rep) {
		if s != StatusOK {
			t.Errorf("%s: %s, want ok (%+v)", name, s, rep)
		}
	}
	_, out, _ := fx.run(t)
	if !strings.Contains(out, "All checks passed.") || !strings.Contains(out, "first session") {
		t.Errorf("human output:\n%s", out)
	}
}

func TestFindsEachProblem(t *testing.T) {
	tests := []struct {
		name    string
		breakIt func(t *testing.T, fx *fixture, dir string)
		check   string
		want    Status
		fix     string
	}{
		{"learn not on PATH", func(t *testing.T, fx *fixture, dir string) { fx.onPath = false }, "learn on PATH", StatusFail, "PATH"},
		{"a command file missing", func(t *testing.T, fx *fixture, dir string) {
			if err := os.Remove(filepath.Join(dir, "learning-store.md")); err != nil {
				t.Fatal(err)
			}
		}, "command files installed", StatusFail, "learn install"},
		{"a command file edited", func(t *testing.T, fx *fixture, dir string) {
			write(t, filepath.Join(dir, "learning-recall.md"), "---\ndescription: edited recall command\n---\nRecall.\n")
		}, "command files current", StatusFail, "--force"},
		{"an unsafe command file", func(t *testing.T, fx *fixture, dir string) {
			write(t, filepath.Join(dir, "learning-recall.md"), "---\ndescription: edited recall command\n---\n!`learn recall $ARGUMENTS`\n")
		}, "command files readable", StatusFail, "learn install --force"},
		{"a user's command file with a wrong type", func(t *testing.T, fx *fixture, dir string) {
			write(t, filepath.Join(dir, "mine.md"), "---\ndescription: mine\nsubtask: maybe\n---\nx\n")
		}, "command files readable", StatusFail, "frontmatter"},
		{"a second copy in the plural commands folder", func(t *testing.T, fx *fixture, dir string) {
			write(t, filepath.Join(filepath.Dir(dir), "commands", "learning-store.md"), "---\ndescription: old copy\n---\nx\n")
		}, "duplicate command files", StatusWarn, ""},
		{"an unclosed fence in the learnings file", func(t *testing.T, fx *fixture, dir string) {
			write(t, filepath.Join(fx.project, ".tmp", "memory-learnings.md"), "## Consolidated Learnings\n\n**User Corrections:**\n- a\n\n```go\nnever closed\n")
		}, "learnings file", StatusFail, "close the code fence"},
		{"a memory another tool wrote", func(t *testing.T, fx *fixture, dir string) {
			write(t, filepath.Join(fx.project, ".tmp", "memory-learnings.md"), "# Lessons\n\n- Use SCAN, not KEYS.\n- Tag before deploying.\n")
		}, "learnings file", StatusWarn, "learn import --in-place"},
		{"a log of entry headings", func(t *testing.T, fx *fixture, dir string) {
			write(t, filepath.Join(fx.project, ".tmp", "memory-learnings.md"), "## [2026-11-22 14:05 UTC] - Log\n\n### Deploy hung | FAIL\nThe lock was held.\n\n**Fresh Discoveries:**\n- raise the timeout\n")
		}, "learnings file", StatusWarn, "learn import --in-place"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fx := newFixture(t)
			dir := fx.install(t, templates.Opencode)
			tt.breakIt(t, fx, dir)
			rep, out, err := fx.run(t, "--json")
			got := statusOf(rep)[tt.check]
			if got != tt.want {
				t.Fatalf("%s: %s, want %s\n%s", tt.check, got, tt.want, out)
			}
			for _, c := range rep.Checks {
				if c.Name == tt.check && tt.want == StatusWarn && tt.fix != "" && !strings.Contains(c.Fix, tt.fix) {
					t.Errorf("fix %q does not mention %q", c.Fix, tt.fix)
				}
			}
			if tt.want == StatusFail {
				if cmdutil.ExitCode(err) != cmdutil.ExitFailure {
					t.Errorf("exit %d, want 1", cmdutil.ExitCode(err))
				}
				for _, c := range rep.Checks {
					if c.Name == tt.check && !strings.Contains(c.Fix, tt.fix) {
						t.Errorf("fix %q does not mention %q", c.Fix, tt.fix)
					}
				}
			}
		})
	}
}

func TestProjectInstallCounts(t *testing.T) {
	fx := newFixture(t)
	files, err := templates.Render(templates.Claude)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := install.Install(filepath.Join(fx.project, ".claude", "commands"), files, false); err != nil {
		t.Fatal(err)
	}
	if _, err := claude.InstallHooks(filepath.Join(fx.project, ".claude", "settings.json")); err != nil {
		t.Fatal(err)
	}
	rep, out, err := fx.run(t, "--agent", "claude", "--json")
	if err != nil {
		t.Fatalf("doctor --agent claude after a project install: %v\n%s", err, out)
	}
	if s := statusOf(rep)["command files installed"]; s != StatusOK {
		t.Errorf("command files installed: %s\n%s", s, out)
	}
}

func TestNotOurBinaryWarns(t *testing.T) {
	fx := newFixture(t)
	fx.install(t, templates.Opencode)
	other := filepath.Join(t.TempDir(), "learn")
	write(t, other, "#!/bin/sh\n")
	self := fx.bin
	fx.bin = other
	var out bytes.Buffer
	f := &cmdutil.Factory{IO: &cmdutil.IO{Out: &out, Err: &out}, Getenv: func(k string) string { return map[string]string{"HOME": fx.home}[k] }}
	cmd := NewCmdDoctor(f, func(o *Options) error {
		o.ProjectRoot = func() (string, error) { return fx.project, nil }
		o.MemoryFile = func() (string, error) { return filepath.Join(fx.project, "none.md"), nil }
		o.LookPath = func(string) (string, error) { return other, nil }
		o.Executable = func() (string, error) { return self, nil }
		return run(o)
	})
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil {
		t.Fatalf("a warning alone must exit 0: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "warn  learn on PATH: "+other+" is not this binary") {
		t.Errorf("output:\n%s", out.String())
	}
}

// TestMovedCloneIsExplained: install.sh's links into a clone that moved
// are named as such, not as "no such file or directory", and the fix doctor
// suggests works.
func TestMovedCloneIsExplained(t *testing.T) {
	fx := newFixture(t)
	dir := fx.install(t, templates.Opencode)
	link := filepath.Join(dir, "learning-recall.md")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(t.TempDir(), "old-clone", "commands", "learning-recall.md")
	if err := os.Symlink(gone, link); err != nil {
		t.Fatal(err)
	}
	_, out, err := fx.run(t)
	if cmdutil.ExitCode(err) != cmdutil.ExitFailure {
		t.Errorf("exit %d, want 1", cmdutil.ExitCode(err))
	}
	if strings.Contains(out, "no such file") || !strings.Contains(out, "a link to "+gone+", which no longer exists") {
		t.Errorf("doctor does not explain the dangling link:\n%s", out)
	}
	if !strings.Contains(out, "fix: learn install") {
		t.Errorf("doctor does not suggest learn install:\n%s", out)
	}
	files, err := templates.Render(templates.Opencode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := install.Install(dir, files, false); err != nil {
		t.Fatal(err)
	}
	if _, out, err := fx.run(t); err != nil {
		t.Errorf("after learn install (no --force) doctor still fails: %v\n%s", err, out)
	}
}

// TestWholeCloneMovedClaimsNothing: with every link dangling there is no
// file to compare, so doctor does not call the files current.
func TestWholeCloneMovedClaimsNothing(t *testing.T) {
	fx := newFixture(t)
	dir := fx.install(t, templates.Opencode)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(t.TempDir(), "old-clone", "commands")
	for _, e := range entries {
		link := filepath.Join(dir, e.Name())
		if err := os.Remove(link); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(gone, e.Name()), link); err != nil {
			t.Fatal(err)
		}
	}
	_, out, err := fx.run(t)
	if cmdutil.ExitCode(err) != cmdutil.ExitFailure {
		t.Errorf("exit %d, want 1", cmdutil.ExitCode(err))
	}
	if !strings.Contains(out, "6 of 6 missing or unreadable") || strings.Contains(out, "identical") {
		t.Errorf("doctor on links into a moved clone:\n%s", out)
	}
}
