package doctor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmd/install"
	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/opencodeplugin"
	"github.com/learn-memory/learn/templates"
)

// installPlugin installs the opencode plugin in the user's plugin directory
// and returns its path.
func (fx *fixture) installPlugin(t *testing.T) string {
	t.Helper()
	dir, err := install.PluginDir(func(k string) string { return map[string]string{"HOME": fx.home}[k] }, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := install.Install(dir, []templates.File{opencodeplugin.File()}, false); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, opencodeplugin.FileName)
}

func TestPluginCheck(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(t *testing.T, fx *fixture, plugin string)
		want    Status
		message string
	}{
		{"current", func(*testing.T, *fixture, string) {}, StatusOK, "current, "},
		{"missing", func(t *testing.T, fx *fixture, plugin string) {
			if err := os.Remove(plugin); err != nil {
				t.Fatal(err)
			}
		}, StatusWarn, "not installed"},
		{"only in the project", func(t *testing.T, fx *fixture, plugin string) {
			if err := os.Remove(plugin); err != nil {
				t.Fatal(err)
			}
			if _, err := install.Install(filepath.Join(fx.project, ".opencode", "plugin"), []templates.File{opencodeplugin.File()}, false); err != nil {
				t.Fatal(err)
			}
		}, StatusOK, filepath.Join(".opencode", "plugin", opencodeplugin.FileName)},
		{"in the project too", func(t *testing.T, fx *fixture, plugin string) {
			write(t, filepath.Join(fx.project, ".opencode", "plugin", opencodeplugin.FileName), string(opencodeplugin.File().Data))
		}, StatusOK, "installed twice"},
		{"an older version", func(t *testing.T, fx *fixture, plugin string) {
			write(t, plugin, "// learn-opencode-plugin version 0\nexport const P = async () => ({})\n")
		}, StatusFail, "1 of 1 copies need attention"},
		{"someone else's file", func(t *testing.T, fx *fixture, plugin string) {
			write(t, plugin, "export const Mine = async () => ({})\n")
		}, StatusWarn, "1 of 1 copies need attention"},
		{"a directory in the way", func(t *testing.T, fx *fixture, plugin string) {
			if err := os.Remove(plugin); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(plugin, 0o755); err != nil {
				t.Fatal(err)
			}
		}, StatusFail, "need attention"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fx := newFixture(t)
			fx.install(t, templates.Opencode)
			plugin := filepath.Join(fx.home, ".config", "opencode", "plugin", opencodeplugin.FileName)
			tt.setup(t, fx, plugin)
			rep, out, err := fx.run(t, "--json")
			var got Check
			for _, c := range rep.Checks {
				if c.Name == "opencode plugin" {
					got = c
				}
			}
			if got.Status != tt.want || !strings.Contains(got.Message, tt.message) {
				t.Fatalf("opencode plugin: %s %q, want %s %q\n%s", got.Status, got.Message, tt.want, tt.message, out)
			}
			if (cmdutil.ExitCode(err) == cmdutil.ExitFailure) != (tt.want == StatusFail) {
				t.Errorf("exit %d with the plugin check %s", cmdutil.ExitCode(err), tt.want)
			}
			if tt.want != StatusOK && got.Fix == "" {
				t.Error("no fix given")
			}
		})
	}
}

func TestPluginCheckOnlyForOpencode(t *testing.T) {
	fx := newFixture(t)
	fx.install(t, templates.Claude)
	rep, _, _ := fx.run(t, "--agent", "claude", "--json")
	if _, ok := statusOf(rep)["opencode plugin"]; ok {
		t.Error("doctor --agent claude checks the opencode plugin")
	}
}

func TestPluginCheckNamesWhatTurnsItOff(t *testing.T) {
	for env, want := range map[string]string{
		"LEARN_AUTO_RECALL=off": "LEARN_AUTO_RECALL=off turns automatic recall off",
		"OPENCODE_PURE=1":       "OPENCODE_PURE=1 (opencode --pure) makes opencode load no plugins",
	} {
		t.Run(env, func(t *testing.T) {
			fx := newFixture(t)
			fx.install(t, templates.Opencode)
			k, v, _ := strings.Cut(env, "=")
			fx.env[k] = v
			_, out, _ := fx.run(t)
			if !strings.Contains(out, want) {
				t.Errorf("doctor with %s does not say %q:\n%s", env, want, out)
			}
		})
	}
}

func TestIsOff(t *testing.T) {
	for v, want := range map[string]bool{"0": true, "false": true, " OFF ": true, "no": true, "1": false, "": false, "yes": false} {
		if got := isOff(v); got != want {
			t.Errorf("isOff(%q) = %v, want %v", v, got, want)
		}
	}
}
