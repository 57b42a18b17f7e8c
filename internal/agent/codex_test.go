package agent

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/templates"
)

func TestTomlHasServer(t *testing.T) {
	cases := []struct {
		name string
		toml string
		want bool
	}{
		{"table", "[mcp_servers.learn]\ncommand = \"learn\"\n", true},
		{"quoted table", "[mcp_servers.\"learn\"]\ncommand = \"learn\"\n", true},
		{"spaced table", "[ mcp_servers . learn ]  # mine\ncommand = \"learn\"\n", true},
		{"sub-table only", "[mcp_servers.learn.env]\nA = \"1\"\n", true},
		{"inline under mcp_servers", "[mcp_servers]\nlearn = { command = \"learn\", args = [\"mcp\"] }\n", true},
		{"dotted under mcp_servers", "[mcp_servers]\nlearn.command = \"learn\"\n", true},
		{"dotted at the root", "model = \"o3\"\nmcp_servers.learn.command = \"learn\"\n", true},
		{"another server", "[mcp_servers.learnings]\ncommand = \"x\"\n[mcp_servers.docs]\nlearn = 1\n", false},
		{"a key named learn elsewhere", "[tools]\nlearn = true\n", false},
		{"mentioned in a comment", "# [mcp_servers.learn] is added by learn install\nmodel = \"o3\"\n", false},
		{"empty", "", false},
		{"crlf", "[mcp_servers.learn]\r\ncommand = \"learn\"\r\n", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := tomlHasServer([]byte(c.toml), "learn"); got != c.want {
				t.Errorf("tomlHasServer(%q) = %v, want %v", c.toml, got, c.want)
			}
		})
	}
}

// TestCodexMCPRoundTrip: install then uninstall gives back the bytes for
// every shape of config.toml people keep, and a config edited after the
// install loses only learn's block.
func TestCodexMCPRoundTrip(t *testing.T) {
	configs := map[string]string{
		"missing":             "",
		"empty":               "\x00",
		"one key":             "model = \"gpt-5.5\"\n",
		"no final newline":    "model = \"gpt-5.5\"\n[features]\nplugins = false",
		"crlf":                "model = \"gpt-5.5\"\r\n\r\n[mcp_servers.docs]\r\ncommand = \"npx\"\r\n",
		"trailing blanks":     "model = \"gpt-5.5\"\n\n\n",
		"comments and tables": "# my codex\nmodel = \"o3\" # fast\n\n[projects.\"/home/me/app\"]\ntrust_level = \"trusted\"\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"notify-send done\"\n",
	}
	for name, orig := range configs {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			s := Scope{Getenv: env(map[string]string{"HOME": home})}
			path := filepath.Join(home, ".codex", "config.toml")
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
			rep, err := codex{}.MCP(s, false)
			if err != nil || rep.Status != claude.Added {
				t.Fatalf("install: %+v, %v", rep, err)
			}
			installed, _ := os.ReadFile(path)
			if !strings.HasPrefix(string(installed), orig) || !tomlHasServer(installed, "learn") {
				t.Errorf("after install, want the old bytes then learn's block:\n%q", installed)
			}
			if strings.Contains(orig, "\r\n") && strings.Count(string(installed), "\n") != strings.Count(string(installed), "\r\n") {
				t.Errorf("a CRLF file got LF lines:\n%q", installed)
			}
			if rep, err := (codex{}).MCP(s, false); err != nil || rep.Status != claude.Current {
				t.Errorf("second install: %+v, %v", rep, err)
			}
			if rep, err := (codex{}).MCP(s, true); err != nil || rep.Status != claude.Restored {
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

			// The user edits the file after installing: uninstall cuts out
			// learn's block and keeps the edit.
			if existed == nil {
				if _, err := (codex{}).MCP(s, false); err != nil {
					t.Fatal(err)
				}
				data, _ := os.ReadFile(path)
				edited := "approval_policy = \"on-request\"\n" + string(data) + "\n[tui]\ntheme = \"dark\"\n"
				if err := os.WriteFile(path, []byte(edited), 0o600); err != nil {
					t.Fatal(err)
				}
				if rep, err := (codex{}).MCP(s, true); err != nil || rep.Status != claude.Removed {
					t.Fatalf("uninstall after an edit: %+v, %v", rep, err)
				}
				got, _ := os.ReadFile(path)
				if want := "approval_policy = \"on-request\"\n" + orig; !strings.HasPrefix(string(got), want) || !strings.HasSuffix(string(got), "[tui]\ntheme = \"dark\"\n") || tomlHasServer(got, "learn") {
					t.Errorf("uninstall after an edit:\n%q", got)
				}
				if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
					t.Errorf("mode after uninstall: %v, %v; want 0600 kept", fi.Mode(), err)
				}
			}
		})
	}
}

// TestCodexMCPLeavesTheUsersServer: a learn server the user configured is
// theirs: install and uninstall leave it byte for byte.
func TestCodexMCPLeavesTheUsersServer(t *testing.T) {
	home := t.TempDir()
	s := Scope{Getenv: env(map[string]string{"HOME": home})}
	path := filepath.Join(home, ".codex", "config.toml")
	const own = "[mcp_servers.learn]\ncommand = \"/opt/learn\"\nargs = [\"mcp\", \"--file\", \"/srv/m.md\"]\n"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, uninstall := range []bool{false, true} {
		rep, err := codex{}.MCP(s, uninstall)
		if err != nil || rep.Status != MCPLeft || rep.Detail == "" {
			t.Errorf("uninstall=%v: %+v, %v", uninstall, rep, err)
		}
		if got, _ := os.ReadFile(path); string(got) != own {
			t.Errorf("uninstall=%v changed the user's server:\n%s", uninstall, got)
		}
	}
	c := codex{}.checkMCP(Env{Getenv: s.Getenv})
	if c.Status != CheckOK || !strings.Contains(c.Message, "not by learn install") {
		t.Errorf("doctor: %+v", c)
	}
}

// TestCodexSkills: every skill is a Codex skill named after its folder, and
// carries the opencode command's body with each injection turned into an
// instruction naming the same learn command.
func TestCodexSkills(t *testing.T) {
	files, err := codex{}.Commands()
	if err != nil {
		t.Fatal(err)
	}
	oc, err := templates.Render(templates.Opencode)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(oc) {
		t.Fatalf("%d skills for %d commands", len(files), len(oc))
	}
	for i, f := range files {
		name := oc[i].Command()
		t.Run(name, func(t *testing.T) {
			if f.Name != name+"/SKILL.md" {
				t.Errorf("name %q", f.Name)
			}
			s := string(f.Data)
			if !strings.HasPrefix(s, "---\nname: "+name+"\ndescription: ") {
				t.Errorf("frontmatter:\n%s", s)
			}
			for _, in := range templates.Injections(oc[i].Data) {
				if !strings.Contains(s, "run `"+in.Command()+"` with your shell tool") {
					t.Errorf("no instruction to run %s:\n%s", in.Command(), s)
				}
				if in.Tag != "" && !strings.Contains(s, "<"+in.Tag+">") {
					t.Errorf("the skill does not name the tag <%s> the hook fills", in.Tag)
				}
			}
			for _, bad := range []string{"$ARGUMENTS", "!`", "bash tool", "/learning-"} {
				if strings.Contains(s, bad) {
					t.Errorf("the skill holds %q, which Codex does not understand:\n%s", bad, s)
				}
			}
			if !strings.HasSuffix(s, "the words after $"+name+" in the user's message.\n") {
				t.Errorf("the last line does not say where the user's words are:\n%s", s)
			}
		})
	}
}

func TestCodexDoctorHooks(t *testing.T) {
	cases := []struct {
		name   string
		config string
		status CheckStatus
		want   string
	}{
		{"trusted", "[hooks.state.\"HOOKS:session_start:0:0\"]\ntrusted_hash = \"sha256:ab\"\n[hooks.state.\"HOOKS:user_prompt_submit:0:0\"]\ntrusted_hash = \"sha256:cd\"\n[hooks.state.\"HOOKS:post_tool_use:0:0\"]\ntrusted_hash = \"sha256:ef\"\n", CheckOK, ""},
		{"post-tool hook not trusted", "[hooks.state.\"HOOKS:session_start:0:0\"]\ntrusted_hash = \"sha256:ab\"\n[hooks.state.\"HOOKS:user_prompt_submit:0:0\"]\ntrusted_hash = \"sha256:cd\"\n", CheckOK, "no trust decision"},
		{"not trusted yet", "model = \"gpt-5.5\"\n", CheckOK, "no trust decision"},
		{"hooks off", "[features]\nplugins = false\nhooks = false  # too slow\n", CheckFail, "turns hooks off"},
		{"hooks off, dotted", "features.hooks = false\n", CheckFail, "turns hooks off"},
		{"hooks on", "[features]\nhooks = true\n", CheckOK, "no trust decision"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			// No codex on PATH: doctor reads config.toml's trust records.
			e := Env{Getenv: env(map[string]string{"HOME": home}), LookPath: func(string) (string, error) { return "", exec.ErrNotFound }}
			if _, err := (codex{}).Hooks(Scope{Getenv: e.Getenv}, false); err != nil {
				t.Fatal(err)
			}
			hooks := filepath.Join(home, ".codex", "hooks.json")
			cfg := strings.ReplaceAll(c.config, "HOOKS", hooks)
			if err := os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			got := codex{}.checkHooks(e)
			text := got.Message + strings.Join(got.Details, "\n")
			if got.Status != c.status || (c.want != "" && !strings.Contains(text, c.want)) || (c.want == "" && len(got.Details) > 0) {
				t.Errorf("= %+v; want %s with %q", got, c.status, c.want)
			}
		})
	}
}

// TestCodexEarlierHooksUpgraded: a hooks.json whose SessionStart runs "learn
// recall --git", as an earlier learn installed it, gets a doctor warning
// (after a compaction the session does not get its state back), and install
// rewrites that command in place: the file is then byte for byte a fresh
// install's and doctor is content. Uninstall then leaves the file as it was
// before that install, as Claude Code's settings do (claude's
// TestUninstallAfterUpgrade).
func TestCodexEarlierHooksUpgraded(t *testing.T) {
	earlier := slices.Clone(codexHooks)
	for i, h := range earlier {
		if len(h.Old) > 0 {
			earlier[i].Command, earlier[i].Old = h.Old[0], nil
		}
	}
	files := map[string]string{
		"missing":      "",
		"other events": "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify-send done\"}]}]\n  }\n}\n",
		"crlf, tabs, the user's own session start": "{\r\n\t\"hooks\": {\r\n\t\t\"SessionStart\": [\r\n\t\t\t{\"matcher\": \"startup\", \"hooks\": [{\"type\": \"command\", \"command\": \"date\"}]}\r\n\t\t]\r\n\t}\r\n}",
	}
	for name, orig := range files {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			e := Env{Getenv: env(map[string]string{"HOME": home})}
			path := filepath.Join(home, ".codex", "hooks.json")
			before, _, err := earlier.AddHooks(path, []byte(orig))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(before), `"command": "learn recall --git"`) {
				t.Fatalf("the earlier install has no learn recall --git:\n%s", before)
			}
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, before, 0o644); err != nil {
				t.Fatal(err)
			}
			if got := (codex{}).checkHooks(e); got.Status != CheckWarn || !strings.Contains(got.Message, `runs "learn recall --git", an earlier learn's hook`) ||
				!strings.Contains(got.Fix, "learn install --agent codex") {
				t.Errorf("doctor on the earlier hooks = %+v", got)
			}
			if rep, err := (codex{}).Hooks(Scope{Getenv: e.Getenv}, false); err != nil || rep.Status != claude.Added {
				t.Fatalf("install over the earlier hooks: %+v, %v", rep, err)
			}
			got, _ := os.ReadFile(path)
			fresh, _, _ := codexHooks.AddHooks(path, []byte(orig))
			if string(got) != string(fresh) {
				t.Errorf("upgraded:\n%s\nfresh install:\n%s", got, fresh)
			}
			if !strings.Contains(string(got), `"command": "`+CodexStartCommand+`"`) || strings.Contains(string(got), "learn recall --git") {
				t.Errorf("the session start was not rewritten:\n%s", got)
			}
			if c := (codex{}).checkHooks(e); c.Status != CheckOK {
				t.Errorf("doctor after the upgrade = %+v", c)
			}
			if rep, err := (codex{}).Hooks(Scope{Getenv: e.Getenv}, false); err != nil || rep.Status != claude.Current {
				t.Errorf("a second install: %+v, %v", rep, err)
			}
			if _, err := (codex{}).Hooks(Scope{Getenv: e.Getenv}, true); err != nil {
				t.Fatal(err)
			}
			if back, err := os.ReadFile(path); err != nil || string(back) != string(before) {
				t.Errorf("after uninstall (%v):\n%q\nwant\n%q", err, back, before)
			}
		})
	}
}

// TestCodexDoctorProjectTrust: hooks only in the project's hooks.json run
// only in a trusted project, which doctor reads from the user's config.toml.
func TestCodexDoctorProjectTrust(t *testing.T) {
	for _, c := range []struct {
		name, config string
		note         bool
	}{
		{"untrusted", "model = \"gpt-5.5\"\n", true},
		{"trusted", "[projects.\"PROJ\"]\ntrust_level = \"trusted\"\n", false},
		{"untrusted explicitly", "[projects.\"PROJ\"]\ntrust_level = \"untrusted\"\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			home, proj := t.TempDir(), t.TempDir()
			e := Env{Getenv: env(map[string]string{"HOME": home}), ProjectRoot: func() (string, error) { return proj, nil },
				LookPath: func(string) (string, error) { return "", exec.ErrNotFound }}
			if _, err := (codex{}).Hooks(Scope{Getenv: e.Getenv, Project: proj}, false); err != nil {
				t.Fatal(err)
			}
			write := strings.ReplaceAll(c.config, "PROJ", proj)
			if err := os.MkdirAll(filepath.Join(home, ".codex"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte(write), 0o644); err != nil {
				t.Fatal(err)
			}
			got := codex{}.checkHooks(e)
			noted := strings.Contains(strings.Join(got.Details, "\n"), "does not trust "+proj)
			if got.Status != CheckOK || noted != c.note {
				t.Errorf("= %+v, want ok with a note %v", got, c.note)
			}
		})
	}
}

// TestCodexHooksRoundTrip: learn's hooks go into every shape of hooks.json
// and come out leaving the bytes as they were.
func TestCodexHooksRoundTrip(t *testing.T) {
	files := map[string]string{
		"missing":      "",
		"empty object": "{}\n",
		"other events": "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify-send done\"}]}]\n  }\n}\n",
		"same events, crlf, tabs": "{\r\n\t\"hooks\": {\r\n\t\t\"SessionStart\": [\r\n\t\t\t{\"matcher\": \"startup\", \"hooks\": [{\"type\": \"command\", \"command\": \"date\"}]}\r\n\t\t],\r\n" +
			"\t\t\"UserPromptSubmit\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"python3 ~/bin/guard.py\", \"timeout\": 5}]}]\r\n\t}\r\n}",
		"one line": `{"hooks":{"PostToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo ok"}]}]}}`,
	}
	for name, orig := range files {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			s := Scope{Getenv: env(map[string]string{"HOME": home})}
			path := filepath.Join(home, ".codex", "hooks.json")
			if orig != "" {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			rep, err := codex{}.Hooks(s, false)
			if err != nil || rep.Status != claude.Added {
				t.Fatalf("install: %+v, %v", rep, err)
			}
			data, _ := os.ReadFile(path)
			present, err := codexHooks.Present(path, data)
			if err != nil || !present["SessionStart"] || !present["UserPromptSubmit"] {
				t.Errorf("after install: %v, %v\n%s", present, err, data)
			}
			if !strings.Contains(string(data), `learn hook --agent codex`) {
				t.Errorf("the prompt hook is not Codex's:\n%s", data)
			}
			if rep, err := (codex{}).Hooks(s, true); err != nil || rep.Status != claude.Restored {
				t.Errorf("uninstall: %+v, %v", rep, err)
			}
			got, err := os.ReadFile(path)
			if orig == "" && !os.IsNotExist(err) || orig != "" && string(got) != orig {
				t.Errorf("after install and uninstall (%v):\n%q\nwant\n%q", err, got, orig)
			}
		})
	}
}

// TestCodexDoctorAsksCodex: with codex on PATH, doctor asks it which hooks it
// trusts ("codex app-server", hooks/list, as Codex CLI 0.169.0 answers) and
// warns, saying what to do, when one of learn's hooks is not trusted or
// changed since it was (codex exec then skips it without a word); a user's
// own hook of the same event does not count. A codex that does not answer
// leaves doctor reading config.toml as before.
func TestCodexDoctorAsksCodex(t *testing.T) {
	entry := func(file, event, command, status string) string {
		b, _ := json.Marshal(map[string]any{"key": file + ":" + snake(event) + ":0:0", "eventName": strings.ToLower(event[:1]) + event[1:],
			"handlerType": "command", "command": command, "sourcePath": file, "source": "user", "enabled": true,
			"currentHash": "sha256:00", "trustStatus": status})
		return string(b)
	}
	learnHooks := func(file string, status map[string]string) []string {
		var out []string
		for _, h := range codexHooks {
			st := status[h.Event]
			if st == "" {
				st = "trusted"
			}
			out = append(out, entry(file, h.Event, h.Command, st))
		}
		return out
	}
	cases := []struct {
		name    string
		answer  func(file string) string // "" when codex answers nothing
		status  CheckStatus
		want    []string
		wantFix bool
	}{
		{"all trusted", func(f string) string { return strings.Join(learnHooks(f, nil), ",") }, CheckOK, []string{"(trusted by Codex)"}, false},
		{"none trusted yet", func(f string) string {
			return strings.Join(learnHooks(f, map[string]string{"SessionStart": "untrusted", "UserPromptSubmit": "untrusted", "PostToolUse": "untrusted"}), ",")
		}, CheckWarn, []string{"Codex has not trusted SessionStart and UserPromptSubmit and PostToolUse yet", "codex exec skips them without a word"}, true},
		{"session start changed by an upgrade", func(f string) string {
			return strings.Join(learnHooks(f, map[string]string{"SessionStart": "modified"}), ",")
		}, CheckWarn, []string{"SessionStart changed since you trusted it", "codex exec skips it without a word"}, true},
		{"changed and new", func(f string) string {
			return strings.Join(learnHooks(f, map[string]string{"SessionStart": "modified", "PostToolUse": "untrusted"}), ",")
		}, CheckWarn, []string{"SessionStart changed since you trusted it", "Codex has not trusted PostToolUse yet"}, true},
		{"a user's own hook untrusted", func(f string) string {
			return strings.Join(append(learnHooks(f, nil), entry(f, "SessionStart", "notify-send hi", "untrusted")), ",")
		}, CheckOK, []string{"(trusted by Codex)"}, false},
		{"codex does not answer", func(string) string { return "" }, CheckOK, []string{"no trust decision"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			bin := filepath.Join(t.TempDir(), "codex")
			e := Env{Getenv: env(map[string]string{"HOME": home}), LookPath: func(name string) (string, error) {
				if name == "codex" {
					return bin, nil
				}
				return "", exec.ErrNotFound
			}}
			if _, err := (codex{}).Hooks(Scope{Getenv: e.Getenv}, false); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(home, ".codex", "hooks.json")
			script := "#!/bin/sh\nexit 1\n"
			if a := c.answer(file); a != "" {
				answer := filepath.Join(t.TempDir(), "answer")
				if err := os.WriteFile(answer, []byte(`{"id":1,"result":{}}`+"\n"+`{"id":2,"result":{"data":[{"cwd":"x","hooks":[`+a+`],"warnings":[],"errors":[]}]}}`+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				script = "#!/bin/sh\n[ \"$1\" = app-server ] || exit 2\nwhile IFS= read -r line; do case \"$line\" in *hooks/list*) cat " + answer + "; sleep 1;; esac; done\n"
			}
			if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			got := codex{}.checkHooks(e)
			text := got.Message + "\n" + strings.Join(got.Details, "\n")
			if got.Status != c.status {
				t.Errorf("status %s, want %s: %+v", got.Status, c.status, got)
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("doctor does not say %q:\n%s", w, text)
				}
			}
			if (got.Fix == codexTrustFix) != c.wantFix {
				t.Errorf("fix %q", got.Fix)
			}
		})
	}
}
