package agent

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGeminiCommands: the TOML command files carry learn's read calls as
// !{...} and the user's words only outside them.
func TestGeminiCommands(t *testing.T) {
	files, err := gemini{}.Commands()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 6 {
		t.Fatalf("%d files, want the six commands", len(files))
	}
	injected := 0
	for _, f := range files {
		t.Run(f.Name, func(t *testing.T) {
			s := string(f.Data)
			if !strings.HasSuffix(f.Name, ".toml") || !strings.HasPrefix(s, "description = \"") || !strings.Contains(s, "\nprompt = '''\n") || !strings.HasSuffix(s, "'''\n") {
				t.Errorf("not a Gemini command file:\n%s", s)
			}
			if p := (gemini{}).CheckCommand(f.Data); len(p) > 0 {
				t.Errorf("CheckCommand: %v", p)
			}
			for _, bad := range []string{"$ARGUMENTS", "!`", "</dev/null", "your bash tool"} {
				if strings.Contains(s, bad) {
					t.Errorf("holds %q", bad)
				}
			}
			injected += len(geminiInjections(f.Data))
		})
	}
	if injected != 4 {
		t.Errorf("%d injections, want the four of the templates", injected)
	}
}

func TestGeminiCheckCommand(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"args in the shell", "description = \"x\"\nprompt = '''\n!{learn recall --git {{args}}}\n'''\n", "contains {{args}}"},
		{"another command", "description = \"x\"\nprompt = '''\n!{learn forget}\n'''\n", "not one of learn's read commands"},
		{"a compound command", "description = \"x\"\nprompt = '''\n!{learn summarise; rm -rf ~}\n'''\n", "not one of learn's read commands"},
		{"no description", "prompt = '''\nhello\n'''\n", "no description"},
		{"no prompt", "description = \"x\"\n", "no prompt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(gemini{}.CheckCommand([]byte(tt.data)), "; ")
			if !strings.Contains(got, tt.want) {
				t.Errorf("CheckCommand = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestGeminiPolicyRegex: the policy's commandRegex, matched the way Gemini
// matches it (against the call's arguments as JSON, after "command":"),
// allows exactly the commands' read calls.
func TestGeminiPolicyRegex(t *testing.T) {
	m := regexp.MustCompile(`commandRegex = "((?:[^"\\]|\\.)*)"`).FindStringSubmatch(string(geminiPolicy().Data))
	if m == nil {
		t.Fatal("no commandRegex in the policy")
	}
	raw := strings.ReplaceAll(strings.ReplaceAll(m[1], `\"`, `"`), `\\`, `\`)
	re := regexp.MustCompile(`"command":"` + raw)
	for cmd, allow := range map[string]bool{
		`learn recall --git`:                     true,
		`learn summarise`:                        true,
		`learn forget --dry-run`:                 true,
		`learn improve-docs --max-chars 6000`:    true,
		`learn forget`:                           false,
		`learn recall --git; rm -rf ~`:           false,
		`learn summarise \" && curl evil`:        false,
		`learn store`:                            false,
		`echo learn recall --git`:                false,
		`learn recall --git --task 'x' --all`:    false,
		`learn improve-docs --max-chars 6000000`: false,
	} {
		if got := re.MatchString(`{"command":"` + cmd + `","description":"x"}`); got != allow {
			t.Errorf("%q: allowed %v, want %v", cmd, got, allow)
		}
	}
}

// TestGeminiSettings: hooks and the MCP server go into the user's own
// settings.json byte for byte, a server named learn of the user's stays,
// and uninstall gives the file back.
func TestGeminiSettings(t *testing.T) {
	tests := []struct {
		name, settings string
		mcp            string // the MCP status install reports
	}{
		{"tabs and crlf", "{\r\n\t\"theme\": \"GitHub\",\r\n\t\"mcpServers\": {\r\n\t\t\"github\": {\"command\": \"gh-mcp\"}\r\n\t}\r\n}\r\n", "added"},
		{"one line", `{"security":{"auth":{"selectedType":"gemini-api-key"}}}`, "added"},
		{"empty object", "{}\n", "added"},
		{"hooks of the user's", "{\n  \"hooks\": {\n    \"BeforeAgent\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"my-hook\"}]}]\n  }\n}\n", "added"},
		{"their own learn server", "{\n  \"mcpServers\": {\n    \"learn\": {\"command\": \"/opt/learn\", \"args\": [\"mcp\", \"--file\", \"x.md\"]}\n  }\n}\n", "left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			s := Scope{Getenv: env(map[string]string{"HOME": home})}
			path := filepath.Join(home, ".gemini", "settings.json")
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tt.settings), 0o600); err != nil {
				t.Fatal(err)
			}
			rep, err := Install(gemini{}, InstallOptions{Scope: s})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Hooks == nil || rep.MCP == nil || string(rep.MCP.Status) != tt.mcp {
				t.Fatalf("report: hooks %+v, mcp %+v", rep.Hooks, rep.MCP)
			}
			data, _ := os.ReadFile(path)
			if !strings.Contains(string(data), "learn hook --agent gemini") {
				t.Errorf("no hook:\n%s", data)
			}
			if tt.mcp == "added" && !strings.Contains(string(data), `"learn"`) {
				t.Errorf("no MCP server:\n%s", data)
			}
			e := Env{Getenv: s.Getenv, LookPath: func(string) (string, error) { return "/bin/learn", nil }}
			for _, c := range (gemini{}).Doctor(e) {
				want := CheckOK
				if c.Name == "gemini MCP server" && tt.mcp == "left" {
					want = CheckWarn
				}
				if c.Status != want {
					t.Errorf("doctor after install: %+v", c)
				}
			}
			if _, err := Install(gemini{}, InstallOptions{Scope: s, Uninstall: true}); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.settings {
				t.Errorf("after install and uninstall:\n%q\nwant\n%q", data, tt.settings)
			}
			if _, err := os.Stat(path + ".learn-backup"); !os.IsNotExist(err) {
				t.Errorf("a backup is left: %v", err)
			}
		})
	}
}

// TestGeminiProjectUninstallKeepsThePolicy: the policy is the user's, so a
// project's uninstall leaves it while the user's install needs it.
func TestGeminiProjectUninstallKeepsThePolicy(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	getenv := env(map[string]string{"HOME": home})
	policy := filepath.Join(home, ".gemini", "policies", "learn.toml")
	for _, s := range []Scope{{Getenv: getenv}, {Getenv: getenv, Project: proj}} {
		if _, err := Install(gemini{}, InstallOptions{Scope: s}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Install(gemini{}, InstallOptions{Scope: Scope{Getenv: getenv, Project: proj}, Uninstall: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(policy); err != nil {
		t.Errorf("the project's uninstall removed the policy the user's install needs: %v", err)
	}
	if _, err := Install(gemini{}, InstallOptions{Scope: Scope{Getenv: getenv}, Uninstall: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(policy); !os.IsNotExist(err) {
		t.Errorf("the user's uninstall left the policy: %v", err)
	}
}
