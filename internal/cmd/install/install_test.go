package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/templates"
)

func rendered(t *testing.T, a templates.Agent) []templates.File {
	t.Helper()
	files, err := templates.Render(a)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func statuses(actions []Action) map[string]Status {
	out := map[string]Status{}
	for _, a := range actions {
		out[a.Name] = a.Status
	}
	return out
}

func all(files []templates.File, s Status) map[string]Status {
	out := map[string]Status{}
	for _, f := range files {
		out[f.Name] = s
	}
	return out
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestDir(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		agent   templates.Agent
		project string
		want    string
	}{
		{"opencode default", map[string]string{"HOME": "/h"}, templates.Opencode, "", "/h/.config/opencode/command"},
		{"opencode xdg", map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/x"}, templates.Opencode, "", "/x/opencode/command"},
		{"opencode project", map[string]string{"HOME": "/h"}, templates.Opencode, "/p", "/p/.opencode/command"},
		{"claude default", map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/x"}, templates.Claude, "", "/h/.claude/commands"},
		{"claude config dir", map[string]string{"HOME": "/h", "CLAUDE_CONFIG_DIR": "/c"}, templates.Claude, "", "/c/commands"},
		{"claude project", map[string]string{}, templates.Claude, "/p", "/p/.claude/commands"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Dir(func(k string) string { return tt.env[k] }, tt.agent, tt.project)
			if err != nil || got != tt.want {
				t.Errorf("Dir() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	if _, err := Dir(func(string) string { return "" }, templates.Opencode, ""); err == nil {
		t.Error("Dir() without HOME: want an error")
	}
}

func TestInstallIsIdempotent(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "command")
	files := rendered(t, templates.Opencode)
	got, err := Install(dir, files, false)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(all(files, StatusInstalled), statuses(got)); diff != "" {
		t.Errorf("first install (-want +got):\n%s", diff)
	}
	for _, f := range files {
		if readFile(t, filepath.Join(dir, f.Name)) != string(f.Data) {
			t.Errorf("%s: not the rendered template", f.Name)
		}
	}
	got, err = Install(dir, files, false)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(all(files, StatusCurrent), statuses(got)); diff != "" {
		t.Errorf("second install (-want +got):\n%s", diff)
	}
}

func TestInstallLeavesOthersFilesAlone(t *testing.T) {
	files := rendered(t, templates.Opencode)
	recall := "learning-recall.md"
	tests := []struct {
		name     string
		setup    func(t *testing.T, dir string)
		force    bool
		want     Status
		wantData string // content at the path afterwards ("" = the template)
		wantLink bool
	}{
		{
			name:     "own file of the user",
			setup:    func(t *testing.T, dir string) { mustWrite(t, filepath.Join(dir, recall), "my own recall\n") },
			want:     StatusSkipped,
			wantData: "my own recall\n",
		},
		{
			name:  "own file of the user, forced",
			setup: func(t *testing.T, dir string) { mustWrite(t, filepath.Join(dir, recall), "my own recall\n") },
			force: true,
			want:  StatusReplaced,
		},
		{
			name: "link elsewhere",
			setup: func(t *testing.T, dir string) {
				other := filepath.Join(t.TempDir(), "other.md")
				mustWrite(t, other, "elsewhere\n")
				mustSymlink(t, other, filepath.Join(dir, recall))
			},
			want:     StatusSkipped,
			wantData: "elsewhere\n",
			wantLink: true,
		},
		{
			name: "link to the same content",
			setup: func(t *testing.T, dir string) {
				other := filepath.Join(t.TempDir(), recall)
				mustWrite(t, other, string(files[3].Data))
				mustSymlink(t, other, filepath.Join(dir, recall))
			},
			want:     StatusCurrent,
			wantLink: true,
		},
		{
			name: "older file an earlier install wrote",
			setup: func(t *testing.T, dir string) {
				mustWrite(t, filepath.Join(dir, recall), "old template\n")
				m := manifest{Files: map[string]string{recall: sum([]byte("old template\n"))}}
				if err := writeManifest(dir, m); err != nil {
					t.Fatal(err)
				}
			},
			want: StatusUpdated,
		},
		{
			name: "file an earlier install wrote, edited by the user",
			setup: func(t *testing.T, dir string) {
				mustWrite(t, filepath.Join(dir, recall), "old template, edited\n")
				m := manifest{Files: map[string]string{recall: sum([]byte("old template\n"))}}
				if err := writeManifest(dir, m); err != nil {
					t.Fatal(err)
				}
			},
			want:     StatusSkipped,
			wantData: "old template, edited\n",
		},
	}
	if files[3].Name != recall {
		t.Fatalf("files[3] is %s, want %s", files[3].Name, recall)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.setup(t, dir)
			got, err := Install(dir, files, tt.force)
			if err != nil {
				t.Fatal(err)
			}
			want := all(files, StatusInstalled)
			want[recall] = tt.want
			if diff := cmp.Diff(want, statuses(got)); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
			wantData := tt.wantData
			if wantData == "" {
				wantData = string(files[3].Data)
			}
			if got := readFile(t, filepath.Join(dir, recall)); got != wantData {
				t.Errorf("%s holds %q, want %q", recall, got, wantData)
			}
			fi, err := os.Lstat(filepath.Join(dir, recall))
			if err != nil {
				t.Fatal(err)
			}
			if isLink := fi.Mode()&os.ModeSymlink != 0; isLink != tt.wantLink {
				t.Errorf("is a link: %v, want %v", isLink, tt.wantLink)
			}
		})
	}
}

func TestUninstallRemovesOnlyWhatInstallWrote(t *testing.T) {
	dir := t.TempDir()
	files := rendered(t, templates.Opencode)
	if _, err := Install(dir, files, false); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(dir, "learning-store.md"), "edited by the user\n")
	mustWrite(t, filepath.Join(dir, "my-command.md"), "mine\n")
	other := filepath.Join(t.TempDir(), "x.md")
	mustWrite(t, other, "linked\n")
	if err := os.Remove(filepath.Join(dir, "learning-forget.md")); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, other, filepath.Join(dir, "learning-forget.md"))

	got, err := Uninstall(dir, files, false)
	if err != nil {
		t.Fatal(err)
	}
	want := all(files, StatusRemoved)
	want["learning-store.md"] = StatusLeft
	want["learning-forget.md"] = StatusLeft
	if diff := cmp.Diff(want, statuses(got)); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if diff := cmp.Diff([]string{"learning-forget.md", "learning-store.md", "my-command.md"}, left); diff != "" {
		t.Errorf("left in the directory (-want +got):\n%s", diff)
	}
}

func newTestCmd(t *testing.T, env map[string]string, lookPathOK bool, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	f := &cmdutil.Factory{
		IO:     &cmdutil.IO{In: strings.NewReader(""), Out: &out, Err: &errb},
		Getenv: func(k string) string { return env[k] },
		Getwd:  func() (string, error) { return env["PWD"], nil },
	}
	cmd := NewCmdInstall(f, func(o *Options) error {
		o.ProjectRoot = func() (string, error) { return env["PWD"], nil }
		o.LookPath = func(string) (string, error) {
			if lookPathOK {
				return "/bin/learn", nil
			}
			return "", errors.New("not found")
		}
		return run(o)
	})
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	err := cmd.Execute()
	return out.String(), errb.String(), err
}

func TestCommand(t *testing.T) {
	home := t.TempDir()
	proj := t.TempDir()
	env := map[string]string{"HOME": home, "PWD": proj}

	out, errOut, err := newTestCmd(t, env, false)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(home, ".config", "opencode", "command")
	for _, want := range []string{"Installed the opencode commands in " + dir, "installed  learning-recall.md", "learn doctor"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "warning: learn is not on your PATH") {
		t.Errorf("stderr lacks the PATH warning: %q", errOut)
	}

	out, _, err = newTestCmd(t, env, true, "--agent", "claude", "--project", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output: %v\n%s", err, out)
	}
	if rep.Dir != filepath.Join(proj, ".claude", "commands") || len(rep.Files) != 6 || len(rep.Warnings) != 0 {
		t.Errorf("report = %+v", rep)
	}
	if data := readFile(t, filepath.Join(rep.Dir, "learning-store.md")); !strings.Contains(data, "allowed-tools: Bash(learn:*)") {
		t.Errorf("claude file lacks allowed-tools:\n%s", data)
	}

	mustWrite(t, filepath.Join(dir, "learning-recall.md"), "mine\n")
	_, _, err = newTestCmd(t, env, true)
	if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitFailure || !strings.Contains(err.Error(), "--force") {
		t.Errorf("install over a user's file: err = %v, want exit 1 naming --force", err)
	}

	_, _, err = newTestCmd(t, env, true, "--agent", "cursor")
	if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("--agent cursor: err = %v, want a usage error", err)
	}
}

func mustWrite(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
