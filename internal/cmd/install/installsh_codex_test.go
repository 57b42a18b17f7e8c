package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallShCodex: "./install.sh --agent codex" installs the skills, the
// hooks and the MCP server next to the user's own config, doctor passes,
// and "--uninstall" gives the files back byte for byte.
func TestInstallShCodex(t *testing.T) {
	s := newInstallSh(t)
	s.addPath(filepath.Join(s.prefix, "bin"))
	config := filepath.Join(s.home, ".codex", "config.toml")
	const user = "model = \"gpt-5.5\"\r\n\r\n[mcp_servers.docs]\r\ncommand = \"npx\"\r\n"
	if err := os.MkdirAll(filepath.Dir(config), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(config, []byte(user), 0o600); err != nil {
		t.Fatal(err)
	}

	out, err := s.run(t, "--agent", "codex")
	if err != nil {
		t.Fatalf("install.sh --agent codex: %v\n%s", err, out)
	}
	hooks := filepath.Join(s.home, ".codex", "hooks.json")
	for _, want := range []string{"added      hooks in " + hooks, "added      MCP server \"learn mcp\" in " + config,
		"ok    codex hooks: SessionStart in " + hooks, "ok    codex mcp", "type $learning-recall"} {
		if !strings.Contains(out, want) {
			t.Errorf("install.sh output lacks %q:\n%s", want, out)
		}
	}
	got, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), user) || !strings.Contains(string(got), "[mcp_servers.learn]\r\n") {
		t.Errorf("config.toml after install: want the user's bytes, then learn's block in CRLF:\n%q", got)
	}
	if fi, err := os.Stat(config); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("config.toml mode after install: %v, %v; want 0600 kept", fi.Mode(), err)
	}

	out, err = s.run(t, "--agent", "codex", "--uninstall")
	if err != nil {
		t.Fatalf("install.sh --agent codex --uninstall: %v\n%s", err, out)
	}
	if got, err := os.ReadFile(config); err != nil || string(got) != user {
		t.Errorf("config.toml after install.sh and its uninstall (err %v):\n%q\nwant\n%q", err, got, user)
	}
	for _, gone := range []string{hooks, config + ".learn-backup", filepath.Join(s.home, ".codex", "skills")} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("the uninstall left %s behind (err %v)", gone, err)
		}
	}
}
