package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallShClaude: "./install.sh --agent claude" adds the hooks next to
// the user's own settings, doctor passes, and "--uninstall" gives the
// settings back byte for byte with no backup left behind.
func TestInstallShClaude(t *testing.T) {
	s := newInstallSh(t)
	s.addPath(filepath.Join(s.prefix, "bin"))
	settings := filepath.Join(s.home, ".claude", "settings.json")
	const user = "{\n\t\"model\": \"opus\",\n\t\"hooks\": {\n\t\t\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify-send done\"}]}]\n\t}\n}\n"
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(user), 0o600); err != nil {
		t.Fatal(err)
	}

	out, err := s.run(t, "--agent", "claude")
	if err != nil {
		t.Fatalf("install.sh --agent claude: %v\n%s", err, out)
	}
	for _, want := range []string{"added      hooks in " + settings, "ok    claude hooks: SessionStart in " + settings} {
		if !strings.Contains(out, want) {
			t.Errorf("install.sh output lacks %q:\n%s", want, out)
		}
	}
	got, err := os.ReadFile(settings)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"command": "learn hook"`, `learn hook >/dev/null`, `"command": "notify-send done"`, `"model": "opus"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("settings.json after install lacks %s:\n%s", want, got)
		}
	}

	out, err = s.run(t, "--agent", "claude", "--uninstall")
	if err != nil {
		t.Fatalf("install.sh --agent claude --uninstall: %v\n%s", err, out)
	}
	if got, err := os.ReadFile(settings); err != nil || string(got) != user {
		t.Errorf("settings.json after install.sh and its uninstall (err %v):\n%q\nwant\n%q", err, got, user)
	}
	if _, err := os.Stat(settings + ".learn-backup"); !os.IsNotExist(err) {
		t.Errorf("the uninstall left the backup behind (err %v)", err)
	}
}
