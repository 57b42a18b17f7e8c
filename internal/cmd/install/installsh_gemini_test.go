package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallShGemini: "./install.sh --agent gemini" puts the commands, the
// hook, the policy and the MCP server beside the user's own settings, doctor
// passes, and "--uninstall" gives the settings back byte for byte with no
// backup or policy left behind.
func TestInstallShGemini(t *testing.T) {
	s := newInstallSh(t)
	s.addPath(filepath.Join(s.prefix, "bin"))
	settings := filepath.Join(s.home, ".gemini", "settings.json")
	const user = "{\n\t\"security\": {\"auth\": {\"selectedType\": \"gemini-api-key\"}},\n\t\"hooks\": {\n\t\t\"AfterAgent\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify-send done\"}]}]\n\t},\n\t\"mcpServers\": {\"other\": {\"command\": \"other-mcp\"}}\n}\n"
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(user), 0o600); err != nil {
		t.Fatal(err)
	}

	out, err := s.run(t, "--agent", "gemini")
	if err != nil {
		t.Fatalf("install.sh --agent gemini: %v\n%s", err, out)
	}
	for _, want := range []string{
		"added      hooks in " + settings, "ok    gemini hooks: BeforeAgent in " + settings,
		`ok    gemini MCP server: mcpServers.learn in ` + settings, "ok    gemini policy: current",
		"installed  learning-recall.toml",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("install.sh output lacks %q:\n%s", want, out)
		}
	}
	got, err := os.ReadFile(settings)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`learn hook --agent gemini`, `"command": "notify-send done"`, `"other": {"command": "other-mcp"}`, `"learn": {"command": "learn"`, `"--no-prompts"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("settings.json after install lacks %s:\n%s", want, got)
		}
	}

	out, err = s.run(t, "--agent", "gemini", "--uninstall")
	if err != nil {
		t.Fatalf("install.sh --agent gemini --uninstall: %v\n%s", err, out)
	}
	if got, err := os.ReadFile(settings); err != nil || string(got) != user {
		t.Errorf("settings.json after install.sh and its uninstall (err %v):\n%q\nwant\n%q", err, got, user)
	}
	for _, gone := range []string{settings + ".learn-backup", filepath.Join(s.home, ".gemini", "policies"), filepath.Join(s.home, ".gemini", "commands")} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("the uninstall left %s behind (err %v)", gone, err)
		}
	}
}
