package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/claude"
)

// TestHookChecksAgree runs doctor's hook check of each client that reads a
// hooks JSON over the same kinds of file, so that the three judge a
// missing hook, a file they cannot parse and a file they cannot read alike.
func TestHookChecksAgree(t *testing.T) {
	clients := []struct {
		name  string
		set   claude.HookSet
		file  func(Scope) (string, error)
		check func(Env) Check
	}{
		{"claude", claude.Hooks, claudeCode{}.SettingsFile, func(e Env) Check { return claudeCode{}.checkHooks(e)[0] }},
		{"codex", codexHooks, codex{}.SettingsFile, codex{}.checkHooks},
		{"gemini", geminiHooks, gemini{}.SettingsFile, gemini{}.checkHooks},
	}
	cases := []struct {
		name    string
		content func(t *testing.T, set claude.HookSet, path string) []byte // nil: no file
		status  CheckStatus
		says    string
		detail  string
		fix     string
	}{
		{name: "no file", status: CheckFail, says: " missing in ", fix: "learn install"},
		{name: "empty", content: func(*testing.T, claude.HookSet, string) []byte { return nil }, status: CheckFail, says: " missing in ", fix: "learn install"},
		{name: "other settings only", content: func(*testing.T, claude.HookSet, string) []byte { return []byte(`{"theme": "dark"}`) },
			status: CheckFail, says: " missing in ", fix: "(or --project for this project only"},
		{name: "not JSON", content: func(t *testing.T, set claude.HookSet, path string) []byte {
			return []byte(`{"hooks": {`)
		}, status: CheckFail, says: " missing in ", detail: "parse"},
		{name: "installed", content: func(t *testing.T, set claude.HookSet, path string) []byte {
			data, _, err := set.AddHooks(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}, status: CheckOK, says: " in "},
		{name: "one missing", content: func(t *testing.T, set claude.HookSet, path string) []byte {
			data, _, err := set[:len(set)-1].AddHooks(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}, status: CheckFail, says: " missing in ", fix: "learn install"},
	}
	for _, cl := range clients {
		for _, tc := range cases {
			t.Run(cl.name+"/"+tc.name, func(t *testing.T) {
				home := t.TempDir()
				e := Env{Getenv: env(map[string]string{"HOME": home}), LookPath: func(string) (string, error) { return "/bin/learn", nil }}
				path, err := cl.file(Scope{Getenv: e.Getenv})
				if err != nil {
					t.Fatal(err)
				}
				if tc.content != nil {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, tc.content(t, cl.set, path), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				got := cl.check(e)
				if got.Status != tc.status || !strings.Contains(got.Message, tc.says) || !strings.Contains(got.Fix, tc.fix) {
					t.Errorf("check = %+v, want status %s, a message with %q and a fix with %q", got, tc.status, tc.says, tc.fix)
				}
				if tc.status == CheckOK && got.Fix != "" {
					t.Errorf("a clean install has a fix: %+v", got)
				}
				if !strings.Contains(strings.Join(got.Details, "\n"), tc.detail) {
					t.Errorf("details %q, want one with %q", got.Details, tc.detail)
				}
			})
		}
	}
}

// TestHookFilesUnreadable keeps a hooks file that exists but cannot be read
// in the check's details, apart from a missing one.
func TestHookFilesUnreadable(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	if err := os.Mkdir(p, 0o755); err != nil { // a directory: ReadFile fails, not with ErrNotExist
		t.Fatal(err)
	}
	c := Check{Status: CheckOK}
	files := readHookFiles(&c, []string{filepath.Join(dir, "absent.json"), p}, claude.Hooks, "ignored", nil)
	if len(c.Details) != 1 || !strings.HasPrefix(c.Details[0], "cannot read "+p) {
		t.Errorf("details = %q, want one cannot read %s", c.Details, p)
	}
	if !files.judge(&c, claude.Hooks, claudeCode{}, "", "Claude Code", "fix it") || c.Status != CheckFail {
		t.Errorf("judge over no hooks = %+v, want a missing-hooks failure", c)
	}
}
