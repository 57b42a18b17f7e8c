package doctor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/templates"
)

func checkNamed(rep report, name string) Check {
	for _, c := range rep.Checks {
		if c.Name == name {
			return c
		}
	}
	return Check{}
}

func TestClaudeHooksChecks(t *testing.T) {
	userSettings := func(fx *fixture) string { return filepath.Join(fx.home, ".claude", "settings.json") }
	projectSettings := func(fx *fixture) string { return filepath.Join(fx.project, ".claude", "settings.json") }
	installInto := func(path func(*fixture) string) func(*testing.T, *fixture) {
		return func(t *testing.T, fx *fixture) {
			if _, err := claude.InstallHooks(path(fx)); err != nil {
				t.Fatal(err)
			}
		}
	}
	writeTo := func(path func(*fixture) string, data string) func(*testing.T, *fixture) {
		return func(t *testing.T, fx *fixture) { write(t, path(fx), data) }
	}
	binDir := func(fx *fixture) string { return filepath.Dir(fx.bin) }
	cases := []struct {
		name       string
		setup      []func(*testing.T, *fixture)
		hooks      Status
		hooksSays  string
		path       Status
		pathSays   string
		notOnShell bool
	}{
		{name: "nothing installed", hooks: StatusFail, hooksSays: "SessionStart and UserPromptSubmit and PostToolUse and PostToolUseFailure missing", path: StatusOK},
		{name: "user settings", setup: []func(*testing.T, *fixture){installInto(userSettings)}, hooks: StatusOK, hooksSays: "SessionStart in ", path: StatusOK},
		{name: "project settings", setup: []func(*testing.T, *fixture){installInto(projectSettings)}, hooks: StatusOK, path: StatusOK},
		{name: "only session start", setup: []func(*testing.T, *fixture){writeTo(userSettings,
			`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"learn recall --git"}]}]}}`)},
			hooks: StatusFail, hooksSays: "UserPromptSubmit and PostToolUse and PostToolUseFailure missing", path: StatusOK},
		{name: "installed before the post-tool hooks", setup: []func(*testing.T, *fixture){writeTo(userSettings,
			`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"learn recall --git"}]}],`+
				`"UserPromptSubmit":[{"hooks":[{"type":"command","command":"out=$(learn hook) && printf '%s' \"$out\"; exit 0"}]}]}}`)},
			hooks: StatusFail, hooksSays: "PostToolUse and PostToolUseFailure missing in ", path: StatusOK},
		{name: "only the post-tool hook of successes", setup: []func(*testing.T, *fixture){func(t *testing.T, fx *fixture) {
			data, _, err := claude.HookSet(claude.Hooks[:3]).AddHooks(userSettings(fx), nil)
			if err != nil {
				t.Fatal(err)
			}
			write(t, userSettings(fx), string(data))
		}}, hooks: StatusFail, hooksSays: "PostToolUseFailure missing in ", path: StatusOK},
		{name: "installed by an earlier learn", setup: []func(*testing.T, *fixture){func(t *testing.T, fx *fixture) {
			installInto(userSettings)(t, fx)
			data := strings.Replace(string(mustReadFile(t, userSettings(fx))), `"command": "learn hook",`, `"command": "learn recall --git",`, 1)
			if !strings.Contains(data, "learn recall --git") {
				t.Fatal("no SessionStart hook to make old")
			}
			write(t, userSettings(fx), data)
		}}, hooks: StatusWarn, hooksSays: `runs "learn recall --git", an earlier learn's hook: after a compaction`, path: StatusOK},
		{name: "earlier hook in the user's settings, today's in the project's", setup: []func(*testing.T, *fixture){installInto(projectSettings), writeTo(userSettings,
			`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"learn recall --git"}]}]}}`)},
			hooks: StatusWarn, hooksSays: "an earlier learn's hook", path: StatusOK},
		{name: "project settings not JSON", setup: []func(*testing.T, *fixture){installInto(userSettings), writeTo(projectSettings, "{\n  \"model\": \"opus\",\n}\n")},
			hooks: StatusFail, hooksSays: "will not run them", path: StatusOK},
		{name: "hooks disabled", setup: []func(*testing.T, *fixture){installInto(userSettings), writeTo(projectSettings, `{"disableAllHooks": true}`)},
			hooks: StatusFail, hooksSays: "will not run them", path: StatusOK},
		{name: "learn not on the shell's PATH", setup: []func(*testing.T, *fixture){installInto(userSettings)}, notOnShell: true,
			hooks: StatusOK, path: StatusFail, pathSays: "not on this shell's PATH"},
		{name: "settings PATH without learn", setup: []func(*testing.T, *fixture){installInto(userSettings), writeTo(projectSettings, `{"env":{"PATH":"/nonexistent/bin"}}`)},
			hooks: StatusOK, path: StatusFail, pathSays: "not on the settings' env.PATH"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fx := newFixture(t)
			fx.install(t, templates.Claude)
			fx.onPath = !c.notOnShell
			for _, s := range c.setup {
				s(t, fx)
			}
			rep, out, _ := fx.run(t, "--agent", "claude", "--json")
			h, p := checkNamed(rep, "claude hooks"), checkNamed(rep, "learn on Claude Code's PATH")
			if h.Status != c.hooks || !strings.Contains(h.Message, c.hooksSays) {
				t.Errorf("claude hooks: %s %q, want %s %q\n%s", h.Status, h.Message, c.hooks, c.hooksSays, out)
			}
			if p.Status != c.path || !strings.Contains(p.Message, c.pathSays) {
				t.Errorf("PATH: %s %q, want %s %q\n%s", p.Status, p.Message, c.path, c.pathSays, out)
			}
			if c.name == "project settings not JSON" && !strings.Contains(strings.Join(h.Details, "\n"), "settings.json:3:1: not valid JSON") {
				t.Errorf("the details do not say where: %v", h.Details)
			}
		})
	}
	t.Run("settings PATH with learn", func(t *testing.T) {
		fx := newFixture(t)
		fx.install(t, templates.Claude)
		fx.onPath = false
		installInto(userSettings)(t, fx)
		write(t, projectSettings(fx), `{"env":{"PATH":"/nonexistent:`+binDir(fx)+`"}}`)
		rep, out, _ := fx.run(t, "--agent", "claude", "--json")
		if p := checkNamed(rep, "learn on Claude Code's PATH"); p.Status != StatusOK || !strings.HasPrefix(p.Message, fx.bin) {
			t.Errorf("%+v\n%s", p, out)
		}
	})
}

func mustReadFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
