package agent

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLookup(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"opencode", "opencode"},
		{"claude", "claude"},
		{"claude-code", "claude"},
		{"codex", "codex"},
		{"codex-cli", "codex"},
		{"gemini", "gemini"},
		{"gemini-cli", "gemini"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			a, err := Lookup(tt.in)
			if err != nil || a.Name() != tt.want {
				t.Errorf("Lookup(%q) = %v, %v; want %s", tt.in, a, err, tt.want)
			}
		})
	}
	for _, bad := range []string{"", "cursor", "Claude", "opencode ", "claude code"} {
		if _, err := Lookup(bad); err == nil || !strings.Contains(err.Error(), "(want opencode, claude, codex or gemini)") {
			t.Errorf("Lookup(%q): err = %v, want an unknown agent naming the choices", bad, err)
		}
	}
	if Default().Name() != "opencode" {
		t.Errorf("Default() = %s, want opencode", Default().Name())
	}
	if diff := cmp.Diff([]string{"opencode", "claude", "codex", "gemini"}, Names()); diff != "" {
		t.Errorf("Names() (-want +got):\n%s", diff)
	}
}

// TestRegistryNamesAreUnique: a name or alias that two agents share would
// make --agent pick whichever comes first.
func TestRegistryNamesAreUnique(t *testing.T) {
	seen := map[string]string{}
	for _, a := range registry {
		for _, n := range append([]string{a.Name()}, a.Aliases()...) {
			if other, ok := seen[n]; ok {
				t.Errorf("%q names both %s and %s", n, other, a.Name())
			}
			seen[n] = a.Name()
		}
		if a.Title() == "" {
			t.Errorf("%s has no title", a.Name())
		}
	}
}

func TestNameList(t *testing.T) {
	old := registry
	defer func() { registry = old }()
	tests := []struct {
		agents []Agent
		want   string
	}{
		{[]Agent{opencode{}}, "opencode"},
		{[]Agent{opencode{}, claudeCode{}}, "opencode or claude"},
		{[]Agent{opencode{}, claudeCode{}, opencode{}}, "opencode, claude or opencode"},
	}
	for _, tt := range tests {
		registry = tt.agents
		if got := NameList(); got != tt.want {
			t.Errorf("NameList() = %q, want %q", got, tt.want)
		}
	}
}

func TestPlaces(t *testing.T) {
	oc, cl, cx := Agent(opencode{}), Agent(claudeCode{}), Agent(codex{})
	user := map[string]string{"HOME": "/h"}
	codexHome := map[string]string{"HOME": "/h", "CODEX_HOME": "/ch"}
	xdg := map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/x", "CLAUDE_CONFIG_DIR": "/c"}
	tests := []struct {
		name    string
		a       Agent
		env     map[string]string
		project string
		place   func(Agent, Scope) (string, error)
		want    string
	}{
		{"opencode commands", oc, user, "", Agent.CommandDir, "/h/.config/opencode/command"},
		{"opencode commands xdg", oc, xdg, "", Agent.CommandDir, "/x/opencode/command"},
		{"opencode commands project", oc, xdg, "/p", Agent.CommandDir, "/p/.opencode/command"},
		{"opencode settings", oc, user, "", Agent.SettingsFile, "/h/.config/opencode/opencode.json"},
		{"opencode settings xdg", oc, xdg, "", Agent.SettingsFile, "/x/opencode/opencode.json"},
		{"opencode settings project", oc, user, "/p", Agent.SettingsFile, "/p/opencode.json"},
		{"opencode plugin", oc, user, "", func(a Agent, s Scope) (string, error) { return a.(Plugged).PluginDir(s) }, "/h/.config/opencode/plugin"},
		{"opencode plugin project", oc, user, "/p", func(a Agent, s Scope) (string, error) { return a.(Plugged).PluginDir(s) }, "/p/.opencode/plugin"},
		{"claude commands", cl, user, "", Agent.CommandDir, "/h/.claude/commands"},
		{"claude commands config dir", cl, xdg, "", Agent.CommandDir, "/c/commands"},
		{"claude commands project", cl, xdg, "/p", Agent.CommandDir, "/p/.claude/commands"},
		{"claude settings", cl, user, "", Agent.SettingsFile, "/h/.claude/settings.json"},
		{"claude settings config dir", cl, xdg, "", Agent.SettingsFile, "/c/settings.json"},
		{"claude settings project", cl, xdg, "/p", Agent.SettingsFile, "/p/.claude/settings.json"},
		{"codex skills", cx, user, "", Agent.CommandDir, "/h/.codex/skills"},
		{"codex skills codex home", cx, codexHome, "", Agent.CommandDir, "/ch/skills"},
		{"codex skills project", cx, codexHome, "/p", Agent.CommandDir, "/p/.codex/skills"},
		{"codex hooks", cx, user, "", Agent.SettingsFile, "/h/.codex/hooks.json"},
		{"codex hooks codex home", cx, codexHome, "", Agent.SettingsFile, "/ch/hooks.json"},
		{"codex hooks project", cx, codexHome, "/p", Agent.SettingsFile, "/p/.codex/hooks.json"},
		{"codex mcp", cx, user, "", Agent.MCPConfig, "/h/.codex/config.toml"},
		{"codex mcp codex home", cx, codexHome, "", Agent.MCPConfig, "/ch/config.toml"},
		{"codex mcp project", cx, codexHome, "/p", Agent.MCPConfig, "/p/.codex/config.toml"},
		{"gemini commands", Agent(gemini{}), user, "", Agent.CommandDir, "/h/.gemini/commands"},
		{"gemini commands project", Agent(gemini{}), user, "/p", Agent.CommandDir, "/p/.gemini/commands"},
		{"gemini settings", Agent(gemini{}), user, "", Agent.SettingsFile, "/h/.gemini/settings.json"},
		{"gemini settings project", Agent(gemini{}), user, "/p", Agent.SettingsFile, "/p/.gemini/settings.json"},
		{"gemini mcp", Agent(gemini{}), user, "", Agent.MCPConfig, "/h/.gemini/settings.json"},
		{"gemini mcp project", Agent(gemini{}), user, "/p", Agent.MCPConfig, "/p/.gemini/settings.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.place(tt.a, Scope{Getenv: env(tt.env), Project: tt.project})
			if err != nil || got != tt.want {
				t.Errorf("= %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	for _, a := range registry {
		if _, err := a.CommandDir(Scope{Getenv: env(nil)}); err == nil || !strings.Contains(err.Error(), "HOME is not set") {
			t.Errorf("%s without HOME: err = %v, want one naming HOME", a.Name(), err)
		}
	}
}

func TestNoMCPYet(t *testing.T) {
	for _, a := range registry {
		if _, ok := a.(MCPRegistered); ok {
			continue
		}
		if _, err := a.MCPConfig(Scope{Getenv: env(map[string]string{"HOME": "/h"})}); !errors.Is(err, ErrNoMCP) {
			t.Errorf("%s: MCPConfig err = %v, want ErrNoMCP", a.Name(), err)
		}
	}
}

// TestCommandsPassTheirOwnCheck: what install writes for an agent is what
// doctor accepts for it.
func TestCommandsPassTheirOwnCheck(t *testing.T) {
	for _, a := range registry {
		files, err := a.Commands()
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %d files, %v", a.Name(), len(files), err)
		}
		for _, f := range files {
			if p := a.CheckCommand(f.Data); len(p) > 0 {
				t.Errorf("%s/%s: %q", a.Name(), f.Name, p)
			}
			if p := a.CheckOtherCommand(f.Data); len(p) > 0 {
				t.Errorf("%s/%s (as another file): %q", a.Name(), f.Name, p)
			}
		}
	}
}

func TestCheckOnly(t *testing.T) {
	oc, cl := Agent(opencode{}), Agent(claudeCode{})
	tests := []struct {
		a       Agent
		only    string
		wantErr string
	}{
		{oc, "", ""},
		{oc, OnlyCommands, ""},
		{oc, OnlyPlugin, ""},
		{cl, OnlyCommands, ""},
		{cl, OnlyPlugin, "the plugin is for opencode, not claude"},
		{oc, "plugins", `--only "plugins": want commands, plugin or mcp`},
		{cl, "hooks", `--only "hooks"`},
	}
	for _, tt := range tests {
		err := CheckOnly(tt.a, tt.only)
		if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("CheckOnly(%s, %q) = %v, want %q", tt.a.Name(), tt.only, err, tt.wantErr)
		}
	}
}

func TestInstallCommand(t *testing.T) {
	if got := installCommand(opencode{}); got != "learn install" {
		t.Errorf("opencode: %q", got)
	}
	if got := installCommand(claudeCode{}); got != "learn install --agent claude" {
		t.Errorf("claude: %q", got)
	}
}

// tree lists every file under dir with its content, "" for directories.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if e.IsDir() {
			out[rel+"/"] = ""
			return nil
		}
		data, err := os.ReadFile(path)
		out[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestInstallThenUninstall: for every agent and scope, install puts every
// part where doctor then finds it, and uninstall leaves the directories as
// they were, the user's own files included.
func TestInstallThenUninstall(t *testing.T) {
	for _, a := range registry {
		for _, project := range []bool{false, true} {
			name := a.Name() + "/user"
			if project {
				name = a.Name() + "/project"
			}
			t.Run(name, func(t *testing.T) {
				home, proj := t.TempDir(), t.TempDir()
				e := Env{
					Getenv:      env(map[string]string{"HOME": home}),
					ProjectRoot: func() (string, error) { return proj, nil },
					LookPath:    func(string) (string, error) { return "/bin/learn", nil },
				}
				s := Scope{Getenv: e.Getenv}
				if project {
					s.Project = proj
				}
				dir, err := a.CommandDir(s)
				if err != nil {
					t.Fatal(err)
				}
				mine := filepath.Join(dir, "my-command.md")
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(mine, []byte("---\ndescription: mine\n---\nmine\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				before := map[string]map[string]string{"home": tree(t, home), "proj": tree(t, proj)}

				rep, err := Install(a, InstallOptions{Scope: s})
				if err != nil {
					t.Fatal(err)
				}
				if rep.Agent != a.Name() || rep.Dir != dir || len(rep.Files) == 0 {
					t.Errorf("report = %+v", rep)
				}
				if skipped, _ := rep.Skipped(); skipped != 0 {
					t.Errorf("%d skipped on a clean install", skipped)
				}
				_, hooked := a.(Hooked)
				_, plugged := a.(Plugged)
				_, mcp := a.(MCPRegistered)
				if (rep.Hooks != nil) != hooked || (rep.Plugin != nil) != plugged || (rep.MCP != nil) != mcp {
					t.Errorf("hooks %v, plugin %v, mcp %v; agent hooked %v, plugged %v, mcp %v", rep.Hooks, rep.Plugin, rep.MCP, hooked, plugged, mcp)
				}
				checks := append(CheckCommands(a, e), a.Doctor(e)...)
				for _, c := range checks {
					if c.Status != CheckOK {
						t.Errorf("after install, doctor: %s %s: %s %v", c.Status, c.Name, c.Message, c.Details)
					}
				}

				rep, err = Install(a, InstallOptions{Scope: s, Uninstall: true})
				if err != nil {
					t.Fatal(err)
				}
				after := map[string]map[string]string{"home": tree(t, home), "proj": tree(t, proj)}
				if diff := cmp.Diff(before, after); diff != "" {
					t.Errorf("install then uninstall changed the directories (-before +after):\n%s", diff)
				}
			})
		}
	}
}

// TestInstallStopsOnBadSettings: a hooked agent whose settings cannot be
// edited gets nothing written, not even its commands.
func TestInstallStopsOnBadSettings(t *testing.T) {
	for _, a := range registry {
		h, ok := a.(Hooked)
		if !ok {
			continue
		}
		t.Run(a.Name(), func(t *testing.T) {
			s := Scope{Getenv: env(map[string]string{"HOME": t.TempDir()})}
			settings, err := h.SettingsFile(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(settings, []byte("{\n  \"model\": \"opus\",\n}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Install(a, InstallOptions{Scope: s}); err == nil {
				t.Fatal("install over settings that are not JSON succeeded")
			}
			dir, _ := a.CommandDir(s)
			if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s exists after a refused install: %v", dir, err)
			}
			if rep, err := Install(a, InstallOptions{Scope: s, NoHooks: true, NoMCP: true}); err != nil || rep.Hooks != nil {
				t.Errorf("--no-hooks: %+v, %v; want the commands only", rep.Hooks, err)
			}
		})
	}
}
