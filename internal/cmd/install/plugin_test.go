package install

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/opencodeplugin"
)

func TestPluginDir(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		project string
		want    string
	}{
		{"default", map[string]string{"HOME": "/h"}, "", "/h/.config/opencode/plugin"},
		{"xdg", map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/x"}, "", "/x/opencode/plugin"},
		{"project", map[string]string{"HOME": "/h"}, "/p", "/p/.opencode/plugin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PluginDir(func(k string) string { return tt.env[k] }, tt.project)
			if err != nil || got != tt.want {
				t.Errorf("PluginDir() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestInstallPlugin(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		before    string // content already at the plugin's path; "" for none
		wantErr   int
		wantState string // the plugin file afterwards: "ours", "mine" or "absent"
	}{
		{"install", nil, "", cmdutil.ExitOK, "ours"},
		{"a file of the user's is kept", nil, "mine\n", cmdutil.ExitFailure, "mine"},
		{"--force replaces it", []string{"--force"}, "mine\n", cmdutil.ExitOK, "ours"},
		{"--only commands leaves the plugin out", []string{"--only", "commands"}, "", cmdutil.ExitOK, "absent"},
		{"--only plugin", []string{"--only", "plugin"}, "", cmdutil.ExitOK, "ours"},
		{"uninstall keeps a file of the user's", []string{"--uninstall"}, "mine\n", cmdutil.ExitOK, "mine"},
		{"--only plugin with claude is a usage error", []string{"--only", "plugin", "--agent", "claude"}, "", cmdutil.ExitUsage, "absent"},
		{"--only with a typo is a usage error", []string{"--only", "plugins"}, "", cmdutil.ExitUsage, "absent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			env := map[string]string{"HOME": home, "PWD": t.TempDir()}
			path := filepath.Join(home, ".config", "opencode", "plugin", opencodeplugin.FileName)
			if tt.before != "" {
				mustWrite(t, path, tt.before)
			}
			_, _, err := newTestCmd(t, env, true, tt.args...)
			if got := cmdutil.ExitCode(err); got != tt.wantErr {
				t.Errorf("exit %d (%v), want %d", got, err, tt.wantErr)
			}
			if got := pluginState(t, path); got != tt.wantState {
				t.Errorf("plugin file is %s, want %s", got, tt.wantState)
			}
		})
	}
}

func pluginState(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	switch {
	case os.IsNotExist(err):
		return "absent"
	case err != nil:
		t.Fatal(err)
	case string(data) == string(opencodeplugin.File().Data):
		return "ours"
	}
	return "mine"
}

func TestPluginUpdateAndUninstall(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "PWD": t.TempDir()}
	dir := filepath.Join(home, ".config", "opencode", "plugin")
	path := filepath.Join(dir, opencodeplugin.FileName)
	mustWrite(t, filepath.Join(dir, "other.js"), "export const Other = async () => ({})\n")

	out, _, err := newTestCmd(t, env, true, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if rep.Plugin == nil || rep.Plugin.Dir != dir || rep.Plugin.File.Status != StatusInstalled {
		t.Fatalf("report.plugin = %+v", rep.Plugin)
	}

	// An older plugin that install wrote is updated without --force.
	old := []byte("// learn-opencode-plugin version 0\n")
	if _, err := Install(dir, nil, false); err != nil {
		t.Fatal(err)
	}
	m, err := readManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	m.Files[opencodeplugin.FileName] = sum(old)
	if err := writeManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err = newTestCmd(t, env, true)
	if err != nil || !strings.Contains(out, "updated    "+opencodeplugin.FileName) {
		t.Fatalf("install over an older plugin: %v\n%s", err, out)
	}
	if pluginState(t, path) != "ours" {
		t.Error("the older plugin was not replaced")
	}

	out, _, err = newTestCmd(t, env, true, "--uninstall")
	if err != nil || !strings.Contains(out, "Uninstalled the opencode plugin") {
		t.Fatalf("uninstall: %v\n%s", err, out)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "other.js" {
		t.Errorf("left in the plugin directory: %v, want only other.js", entries)
	}
}
