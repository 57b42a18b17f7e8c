package agent

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/claude"
)

// jsonMCPAgents are the agents that keep MCP servers in a JSON file, with
// the file in the user's scope for a HOME and the member learn adds.
var jsonMCPAgents = []struct {
	name   string
	a      MCPRegistered
	user   func(home string) string
	parent string
	check  func(Env) Check
}{
	{"opencode", opencode{}, func(h string) string { return filepath.Join(h, ".config", "opencode", "opencode.json") }, "mcp", opencode{}.checkMCP},
	{"claude", claudeCode{}, func(h string) string { return filepath.Join(h, ".claude.json") }, "mcpServers", claudeCode{}.checkMCP},
}

// jsonConfigs are shapes of opencode.json and ~/.claude.json that people and
// the clients themselves write.
var jsonConfigs = map[string]string{
	"missing":             "",
	"empty":               "\x00",
	"empty object":        "{}\n",
	"empty object crlf":   "{\r\n}\r\n",
	"schema only":         "{\n  \"$schema\": \"https://opencode.ai/config.json\"\n}\n",
	"one line":            `{"theme":"tokyonight","model":"anthropic/claude-sonnet-4-5"}`,
	"tabs":                "{\n\t\"autoupdate\": false,\n\t\"share\": \"disabled\"\n}\n",
	"crlf four spaces":    "{\r\n    \"numStartups\": 12,\r\n    \"theme\": \"dark\"\r\n}\r\n",
	"other servers":       "{\n  \"mcp\": {\n    \"docs\": {\"type\": \"remote\", \"url\": \"https://example.com/mcp\"}\n  },\n  \"mcpServers\": {\n    \"github\": {\n      \"type\": \"stdio\",\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@modelcontextprotocol/server-github\"]\n    }\n  }\n}\n",
	"empty servers":       "{\n  \"mcp\": {},\n  \"mcpServers\": {},\n  \"projects\": {\"/home/me/app\": {\"allowedTools\": []}}\n}\n",
	"no final newline":    "{\n  \"userID\": \"abc123\",\n  \"projects\": {}\n}",
	"colon without space": "{\"a\":1,\n\"b\":[1,2]}\n",
}

// TestJSONMCPRoundTrip: install adds learn's server and nothing else,
// install then uninstall gives back the bytes (or no file), and a file
// edited after install loses only learn's server.
func TestJSONMCPRoundTrip(t *testing.T) {
	for _, ag := range jsonMCPAgents {
		for name, orig := range jsonConfigs {
			t.Run(ag.name+"/"+name, func(t *testing.T) {
				home := t.TempDir()
				s := Scope{Getenv: env(map[string]string{"HOME": home})}
				path := ag.user(home)
				if orig != "" {
					if orig == "\x00" {
						orig = ""
					}
					if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(orig), 0o600); err != nil {
						t.Fatal(err)
					}
				}
				_, existed := os.Stat(path)
				rep, err := ag.a.MCP(s, false)
				if err != nil || rep.Status != claude.Added || rep.Config != path {
					t.Fatalf("install: %+v, %v", rep, err)
				}
				installed, _ := os.ReadFile(path)
				var v map[string]any
				if err := json.Unmarshal(installed, &v); err != nil {
					t.Fatalf("install wrote bad JSON: %v\n%s", err, installed)
				}
				servers, _ := v[ag.parent].(map[string]any)
				if servers["learn"] == nil {
					t.Fatalf("no learn server under %q:\n%s", ag.parent, installed)
				}
				if orig != "" {
					var before map[string]any
					_ = json.Unmarshal([]byte(orig), &before)
					delete(servers, "learn")
					if len(servers) == 0 && before[ag.parent] == nil {
						delete(v, ag.parent)
					}
					a, _ := json.Marshal(before)
					b, _ := json.Marshal(v)
					if string(a) != string(b) {
						t.Errorf("install changed more than learn's server:\n%s\nwant\n%s", b, a)
					}
				}
				if strings.Contains(orig, "\r\n") && strings.Count(string(installed), "\n") != strings.Count(string(installed), "\r\n") {
					t.Errorf("a CRLF file got LF lines:\n%q", installed)
				}
				if c := ag.check(Env{Getenv: s.Getenv}); c.Status != CheckOK || !strings.Contains(c.Message, "registered in "+path) {
					t.Errorf("doctor after install: %+v", c)
				}
				if rep, err := ag.a.MCP(s, false); err != nil || rep.Status != claude.Current {
					t.Errorf("second install: %+v, %v", rep, err)
				}
				if rep, err := ag.a.MCP(s, true); err != nil || rep.Status != claude.Restored {
					t.Errorf("uninstall: %+v, %v", rep, err)
				}
				got, err := os.ReadFile(path)
				switch {
				case existed != nil && !os.IsNotExist(err):
					t.Errorf("uninstall left the file install created: %q", got)
				case existed == nil && string(got) != orig:
					t.Errorf("after install and uninstall:\n%q\nwant\n%q", got, orig)
				}
				if _, err := os.Stat(path + claude.BackupSuffix); !os.IsNotExist(err) {
					t.Errorf("the backup is left behind (%v)", err)
				}
				if c := ag.check(Env{Getenv: s.Getenv}); c.Status != CheckWarn || c.Fix == "" {
					t.Errorf("doctor after uninstall: %+v", c)
				}

				// The user edits the file after installing: uninstall cuts
				// out learn's server and keeps the edit.
				if _, err := ag.a.MCP(s, false); err != nil {
					t.Fatal(err)
				}
				data, _ := os.ReadFile(path)
				edited := strings.Replace(string(data), "{", "{\"editedLater\": true,", 1)
				if err := os.WriteFile(path, []byte(edited), 0o600); err != nil {
					t.Fatal(err)
				}
				if rep, err := ag.a.MCP(s, true); err != nil || rep.Status != claude.Removed {
					t.Fatalf("uninstall after an edit: %+v, %v", rep, err)
				}
				got, _ = os.ReadFile(path)
				want := strings.Replace(orig, "{", "{\"editedLater\": true,", 1)
				if !json.Valid(got) {
					t.Errorf("uninstall after an edit left bad JSON:\n%q", got)
				}
				if strings.Contains(string(got), "\"learn\"") || !strings.Contains(string(got), "editedLater") {
					t.Errorf("uninstall after an edit:\n%q", got)
				}
				if strings.Contains(orig, ":") && string(got) != want {
					t.Errorf("uninstall after an edit:\n%q\nwant\n%q", got, want)
				}
			})
		}
	}
}

// TestJSONMCPLeavesTheUsersServer: a learn server the user configured is
// theirs: install and uninstall leave it byte for byte.
func TestJSONMCPLeavesTheUsersServer(t *testing.T) {
	owns := map[string]string{
		"opencode": "{\n  \"mcp\": {\n    \"learn\": {\"type\": \"local\", \"command\": [\"/opt/learn\", \"mcp\"], \"enabled\": true}\n  }\n}\n",
		"claude":   "{\n  \"mcpServers\": {\n    \"learn\": {\"command\": \"/opt/learn\", \"args\": [\"mcp\"]}\n  }\n}\n",
	}
	for _, ag := range jsonMCPAgents {
		t.Run(ag.name, func(t *testing.T) {
			home := t.TempDir()
			s := Scope{Getenv: env(map[string]string{"HOME": home})}
			path := ag.user(home)
			own := owns[ag.name]
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(own), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, uninstall := range []bool{false, true} {
				rep, err := ag.a.MCP(s, uninstall)
				if err != nil || rep.Status != MCPLeft || rep.Detail == "" {
					t.Errorf("uninstall=%v: %+v, %v", uninstall, rep, err)
				}
				if got, _ := os.ReadFile(path); string(got) != own {
					t.Errorf("uninstall=%v changed the user's server:\n%s", uninstall, got)
				}
			}
			if c := ag.check(Env{Getenv: s.Getenv}); c.Status != CheckOK || !strings.Contains(c.Message, "not by learn install") {
				t.Errorf("doctor: %+v", c)
			}
		})
	}
}

// TestJSONMCPPaths: where each agent's server goes in each scope.
func TestJSONMCPPaths(t *testing.T) {
	home, proj, xdg := "/home/me", "/src/app", "/xdg"
	cases := []struct {
		name string
		a    Agent
		vars map[string]string
		proj string
		want string
	}{
		{"opencode user", opencode{}, map[string]string{"HOME": home}, "", "/home/me/.config/opencode/opencode.json"},
		{"opencode xdg", opencode{}, map[string]string{"HOME": home, "XDG_CONFIG_HOME": xdg}, "", "/xdg/opencode/opencode.json"},
		{"opencode project", opencode{}, map[string]string{"HOME": home}, proj, "/src/app/opencode.json"},
		{"claude user", claudeCode{}, map[string]string{"HOME": home}, "", "/home/me/.claude.json"},
		{"claude config dir", claudeCode{}, map[string]string{"HOME": home, "CLAUDE_CONFIG_DIR": "/cfg"}, "", "/cfg/.claude.json"},
		{"claude project", claudeCode{}, map[string]string{"HOME": home}, proj, "/src/app/.mcp.json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.a.MCPConfig(Scope{Getenv: env(c.vars), Project: c.proj})
			if err != nil || got != c.want {
				t.Errorf("MCPConfig = %q, %v; want %q", got, err, c.want)
			}
		})
	}
	// opencode.jsonc is used when it is the one that exists.
	dir := t.TempDir()
	cfg := filepath.Join(dir, "opencode")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "opencode.jsonc"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := opencode{}.MCPConfig(Scope{Getenv: env(map[string]string{"XDG_CONFIG_HOME": dir})})
	if want := filepath.Join(cfg, "opencode.jsonc"); err != nil || got != want {
		t.Errorf("MCPConfig with only opencode.jsonc = %q, %v; want %q", got, err, want)
	}
}

// TestOpencodeMCPJSONC: opencode reads its config as JSONC; comments and
// trailing commas stay, and install then uninstall gives the bytes back.
func TestOpencodeMCPJSONC(t *testing.T) {
	configs := map[string]string{
		"line comments":   "{\n  // my theme\n  \"theme\": \"tokyonight\", // dark\n}\n",
		"block comment":   "/* opencode */\n{\n  \"mcp\": {\n    /* docs server */\n    \"docs\": {\"type\": \"remote\", \"url\": \"https://x.example/mcp\"},\n  },\n}\n",
		"url in a string": "{\"$schema\": \"https://opencode.ai/config.json\", \"note\": \"a /* not a comment */ here\"}\n",
	}
	for name, orig := range configs {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			s := Scope{Getenv: env(map[string]string{"XDG_CONFIG_HOME": dir})}
			path := filepath.Join(dir, "opencode", "opencode.jsonc")
			write := func(data string) {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write(orig)
			rep, err := opencode{}.MCP(s, false)
			if err != nil || rep.Status != claude.Added || rep.Config != path {
				t.Fatalf("install: %+v, %v", rep, err)
			}
			got, _ := os.ReadFile(path)
			if !strings.Contains(string(got), `"learn"`) {
				t.Errorf("no learn server:\n%s", got)
			}
			for _, keep := range []string{"// my theme", "/* docs server */", "a /* not a comment */ here"} {
				if strings.Contains(orig, keep) && !strings.Contains(string(got), keep) {
					t.Errorf("install lost %q:\n%s", keep, got)
				}
			}
			if c := (opencode{}).checkMCP(Env{Getenv: s.Getenv}); c.Status != CheckOK {
				t.Errorf("doctor: %+v", c)
			}
			if rep, err := (opencode{}).MCP(s, true); err != nil || rep.Status != claude.Restored {
				t.Fatalf("uninstall: %+v, %v", rep, err)
			}
			if got, _ := os.ReadFile(path); string(got) != orig {
				t.Errorf("after install and uninstall:\n%q\nwant\n%q", got, orig)
			}
		})
	}
}
