package claude

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// settingsCases are settings.json files the way people and tools write them.
var settingsCases = map[string]string{
	"empty object":          "{}\n",
	"empty object no nl":    "{}",
	"empty object spaced":   "{ }\n",
	"empty object lines":    "{\n}\n",
	"zero bytes":            "",
	"only whitespace":       "\n  \n",
	"model only":            "{\n  \"model\": \"opus\"\n}\n",
	"model no final nl":     "{\n  \"model\": \"opus\"\n}",
	"claude code default":   "{\n  \"$schema\": \"https://json.schemastore.org/claude-code-settings.json\",\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(npm run lint)\",\n      \"Bash(npm run test:*)\",\n      \"Read(~/.zshrc)\"\n    ],\n    \"deny\": [\n      \"Read(./.env)\",\n      \"Read(./secrets/**)\"\n    ]\n  },\n  \"env\": {\n    \"CLAUDE_CODE_ENABLE_TELEMETRY\": \"0\"\n  },\n  \"includeCoAuthoredBy\": false\n}\n",
	"four spaces":           "{\n    \"permissions\": {\n        \"allow\": [\"Bash(git diff:*)\"]\n    },\n    \"model\": \"sonnet\"\n}\n",
	"tabs":                  "{\n\t\"model\": \"sonnet\",\n\t\"env\": {\n\t\t\"FOO\": \"1\"\n\t}\n}\n",
	"crlf":                  "{\r\n  \"model\": \"opus\",\r\n  \"permissions\": {\r\n    \"allow\": [\r\n      \"Bash(make:*)\"\r\n    ]\r\n  }\r\n}\r\n",
	"minified":              `{"model":"opus","permissions":{"allow":["Bash(ls:*)"]}}`,
	"one line spaced":       `{ "model": "opus", "theme": "dark" }` + "\n",
	"colon without space":   "{\n  \"model\":\"opus\",\n  \"theme\":\"dark\"\n}\n",
	"empty hooks":           "{\n  \"hooks\": {}\n}\n",
	"empty event list":      "{\n  \"hooks\": {\n    \"SessionStart\": []\n  }\n}\n",
	"other hook same event": "{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\n        \"matcher\": \"startup\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"echo hello from my hook\"\n          }\n        ]\n      }\n    ],\n    \"UserPromptSubmit\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"~/bin/check-prompt.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
	"other events":          "{\n  \"permissions\": {\n    \"allow\": [\"Bash(go test:*)\"]\n  },\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"Bash\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"jq -r '.tool_input.command' >> ~/.claude/bash-log.txt\"\n          }\n        ]\n      }\n    ],\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"notify-send 'Claude is done'\"\n          }\n        ]\n      }\n    ]\n  },\n  \"model\": \"claude-sonnet-4-5\"\n}\n",
	"hooks inline":          "{\"hooks\":{\"PostToolUse\":[{\"matcher\":\"Edit|Write\",\"hooks\":[{\"type\":\"command\",\"command\":\"prettier --write \\\"$CLAUDE_FILE_PATHS\\\"\"}]}]}}\n",
	"unicode and escapes":   "{\n  \"env\": {\n    \"GREETING\": \"gr\\u00fc\\u00df dich \\\"du\\\" \\\\ tab\\t\",\n    \"EMOJI\": \"🦘\"\n  },\n  \"statusLine\": {\"type\": \"command\", \"command\": \"~/.claude/statusline.sh\"}\n}\n",
	"numbers and nulls":     "{\n  \"cleanupPeriodDays\": 30,\n  \"apiKeyHelper\": null,\n  \"enableAllProjectMcpServers\": true,\n  \"x\": -1.5e3\n}\n",
	"trailing spaces":       "{  \n  \"model\": \"opus\"   \n}   \n\n",
}

func decode(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if len(strings.TrimSpace(string(data))) == 0 {
		return map[string]any{}
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	return v
}

// withoutOurs drops learn's hooks (and what only held them) from decoded
// settings, for comparing the user's part.
func withoutOurs(v map[string]any) map[string]any {
	hooks, ok := v["hooks"].(map[string]any)
	if !ok {
		return v
	}
	for _, h := range Hooks {
		groups, ok := hooks[h.Event].([]any)
		if !ok {
			continue
		}
		var keep []any
		for _, g := range groups {
			gm := g.(map[string]any)
			list, _ := gm["hooks"].([]any)
			var cmds []any
			for _, c := range list {
				if c.(map[string]any)["command"] != h.Command {
					cmds = append(cmds, c)
				}
			}
			if len(cmds) > 0 {
				gm["hooks"] = cmds
				keep = append(keep, gm)
			}
		}
		if len(keep) == 0 {
			delete(hooks, h.Event)
		} else {
			hooks[h.Event] = keep
		}
	}
	if len(hooks) == 0 {
		delete(v, "hooks")
	}
	return v
}

func TestAddHooks(t *testing.T) {
	for name, in := range settingsCases {
		t.Run(name, func(t *testing.T) {
			out, changed, err := AddHooks("settings.json", []byte(in))
			if err != nil {
				t.Fatal(err)
			}
			if !changed {
				t.Fatal("nothing added")
			}
			got := decode(t, out)
			present, err := Present("settings.json", out)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range Hooks {
				if !present[h.Event] {
					t.Errorf("%s hook missing:\n%s", h.Event, out)
				}
			}
			// Every setting of the user's is still there, unchanged.
			if want := withoutOurs(decode(t, []byte(in))); !reflect.DeepEqual(withoutOurs(got), want) {
				t.Errorf("the user's settings changed:\nbefore %v\nafter  %v", want, withoutOurs(got))
			}
			// Line endings follow the file.
			if strings.Contains(in, "\r\n") && strings.Count(string(out), "\n") != strings.Count(string(out), "\r\n") {
				t.Errorf("mixed line endings in a CRLF file:\n%q", out)
			}
			// Idempotent.
			again, changed, err := AddHooks("settings.json", out)
			if err != nil || changed || string(again) != string(out) {
				t.Errorf("a second install changed the file (err %v):\n%s", err, again)
			}
			// The splice removal gives back the bytes in every case whose
			// containers were not empty before.
			back, changed, err := RemoveHooks("settings.json", out)
			if err != nil || !changed {
				t.Fatalf("remove: changed %v, err %v", changed, err)
			}
			if !reflect.DeepEqual(decode(t, back), withoutOurs(decode(t, []byte(in)))) {
				t.Errorf("remove left other content:\n%s", back)
			}
			if p, _ := Present("settings.json", back); p["SessionStart"] || p["UserPromptSubmit"] {
				t.Errorf("remove left our hooks:\n%s", back)
			}
			t.Logf("installed:\n%s", out)
		})
	}
}

// TestSpliceRoundTrip: where the user's file already had an object to add
// to, removing by splice alone restores the exact bytes.
func TestSpliceRoundTrip(t *testing.T) {
	for _, name := range []string{"model only", "model no final nl", "claude code default", "four spaces", "tabs", "crlf",
		"minified", "one line spaced", "colon without space", "other hook same event", "other events", "hooks inline",
		"unicode and escapes", "numbers and nulls", "trailing spaces", "empty object"} {
		t.Run(name, func(t *testing.T) {
			in := settingsCases[name]
			out, _, err := AddHooks("settings.json", []byte(in))
			if err != nil {
				t.Fatal(err)
			}
			back, _, err := RemoveHooks("settings.json", out)
			if err != nil {
				t.Fatal(err)
			}
			if string(back) != in {
				t.Errorf("not byte-identical:\nwant %q\ngot  %q", in, back)
			}
		})
	}
}

func TestInstallUninstallFile(t *testing.T) {
	cases := map[string]*string{"missing": nil}
	for name, in := range settingsCases {
		cases[name] = &in
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, ".claude", "settings.json")
			if in != nil {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(*in), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if c, err := InstallHooks(path); err != nil || c != Added {
				t.Fatalf("install: %v %v", c, err)
			}
			if in != nil {
				b, err := os.ReadFile(path + BackupSuffix)
				if err != nil || string(b) != *in {
					t.Errorf("backup is not the original (err %v)", err)
				}
				if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
					t.Errorf("mode changed to %v", fi.Mode().Perm())
				}
			}
			if c, err := InstallHooks(path); err != nil || c != Current {
				t.Fatalf("second install: %v %v", c, err)
			}
			if c, err := UninstallHooks(path); err != nil || c != Restored {
				t.Fatalf("uninstall: %v %v", c, err)
			}
			got, err := os.ReadFile(path)
			switch {
			case in == nil && !errors.Is(err, os.ErrNotExist):
				t.Errorf("the file did not exist before; now it holds %q (err %v)", got, err)
			case in != nil && string(got) != *in:
				t.Errorf("not byte-identical after install and uninstall:\nwant %q\ngot  %q", *in, got)
			}
			if _, err := os.Stat(path + BackupSuffix); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("install then uninstall left the backup behind (err %v)", err)
			}
			if c, err := UninstallHooks(path); err != nil || c != Absent {
				t.Errorf("second uninstall: %v %v", c, err)
			}
		})
	}
}

// TestUninstallKeepsLaterEdits: a setting the user changed after install
// stays; only our hooks go.
func TestUninstallKeepsLaterEdits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	orig := settingsCases["other hook same event"]
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := InstallHooks(path); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	edited := strings.Replace(string(data), "{\n  \"hooks\"", "{\n  \"model\": \"opus\",\n  \"hooks\"", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err := UninstallHooks(path); err != nil || c != Removed {
		t.Fatalf("uninstall: %v %v", c, err)
	}
	got, _ := os.ReadFile(path)
	want := strings.Replace(orig, "{\n  \"hooks\"", "{\n  \"model\": \"opus\",\n  \"hooks\"", 1)
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestInvalidSettingsRefused(t *testing.T) {
	cases := []struct {
		name, data string
		line, col  int
	}{
		{"trailing comma", "{\n  \"model\": \"opus\",\n}\n", 3, 1},
		{"comment", "{\n  // my model\n  \"model\": \"opus\"\n}\n", 2, 3},
		{"unquoted key", "{\n  model: \"opus\"\n}\n", 2, 3},
		{"truncated", "{\n  \"hooks\": {\n    \"Stop\": [\n", 4, 1},
		{"single quotes", "{'model': 'opus'}", 1, 2},
		{"duplicate key", "{\n  \"model\": \"a\",\n  \"model\": \"b\"\n}\n", 3, 3},
		{"bom", "\xef\xbb\xbf{}", 1, 1},
		{"crlf trailing comma", "{\r\n  \"a\": 1,\r\n}\r\n", 3, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := InstallHooks(path)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("want a syntax error, got %v", err)
			}
			if se.Line != c.line || se.Column != c.col {
				t.Errorf("at %d:%d, want %d:%d (%v)", se.Line, se.Column, c.line, c.col, err)
			}
			if !strings.Contains(err.Error(), path+":") {
				t.Errorf("error does not name the file: %v", err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != c.data {
				t.Error("the file was changed")
			}
			if _, err := os.Stat(path + BackupSuffix); err == nil {
				t.Error("a backup was written for a refused file")
			}
		})
	}
}

func TestWrongShapeRefused(t *testing.T) {
	for _, in := range []string{`[]`, `{"hooks": []}`, `{"hooks": {"SessionStart": {}}}`, `"x"`} {
		if _, _, err := AddHooks("s.json", []byte(in)); err == nil {
			t.Errorf("%s: accepted", in)
		}
	}
}

func TestSymlinkedSettingsStaysALink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "settings.json")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	orig := settingsCases["model only"]
	if err := os.WriteFile(target, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "settings.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if _, err := InstallHooks(link); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if p, _ := Present(link, mustRead(t, target)); !p["SessionStart"] {
		t.Error("the hooks did not reach the link's target")
	}
	if _, err := UninstallHooks(link); err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, target); string(got) != orig {
		t.Errorf("got %q", got)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestUsersOwnLearnHookIsKept: a user who already runs learn recall at
// session start does not get a second one, and uninstall keeps theirs.
func TestUsersOwnLearnHookIsKept(t *testing.T) {
	in := "{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"learn recall --max-chars 3000\"}]}\n    ]\n  }\n}\n"
	out, changed, err := AddHooks("s.json", []byte(in))
	if err != nil || !changed {
		t.Fatalf("changed %v, err %v", changed, err)
	}
	if n := strings.Count(string(out), "learn recall"); n != 1 {
		t.Errorf("%d learn recall hooks, want the user's alone:\n%s", n, out)
	}
	if !strings.Contains(string(out), "learn hook") {
		t.Errorf("the prompt hook is missing:\n%s", out)
	}
	back, _, err := RemoveHooks("s.json", out)
	if err != nil || string(back) != in {
		t.Errorf("remove: %v\n%s", err, back)
	}
}

func TestHookSetLost(t *testing.T) {
	cases := []struct {
		name    string
		missing []string
		want    string
	}{
		{"none", nil, ""},
		{"one", []string{"UserPromptSubmit"}, "first prompts get no relevant learnings"},
		{"both post-tool hooks say it once", []string{"PostToolUseFailure", "PostToolUse"}, SessionStateLost},
		{"in the order of the set", []string{"PostToolUse", "SessionStart"}, "sessions start without their memory; " + SessionStateLost},
		{"unknown events say nothing", []string{"Stop"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := HookSet(Hooks).Lost(c.missing); got != c.want {
				t.Errorf("Lost(%q) = %q, want %q", c.missing, got, c.want)
			}
		})
	}
}

// TestPostToolHooksNeverFail: the post-tool hooks print nothing and exit 0
// whatever learn does, since Claude Code gives the model a PostToolUse
// hook's stderr when it exits 2; and they have no matcher, so every tool
// reaches learn, which decides what it keeps.
func TestPostToolHooksNeverFail(t *testing.T) {
	learns := map[string]string{
		"fails with 2":   "echo usage >&2; echo printed; exit 2",
		"fails with 1":   "echo oops; exit 1",
		"succeeds":       "cat >/dev/null; echo recorded",
		"reads no input": "exit 0",
		"is missing":     "",
	}
	n := 0
	for _, h := range Hooks {
		if !strings.HasPrefix(h.Event, "PostToolUse") {
			continue
		}
		n++
		if h.Matcher != "" {
			t.Errorf("%s has matcher %q", h.Event, h.Matcher)
		}
		for name, script := range learns {
			t.Run(h.Event+"/"+name, func(t *testing.T) {
				dir := t.TempDir()
				if script != "" {
					if err := os.WriteFile(filepath.Join(dir, "learn"), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
						t.Fatal(err)
					}
				}
				cmd := exec.Command("/bin/sh", "-c", h.Command)
				cmd.Env = []string{"PATH=" + dir}
				cmd.Stdin = strings.NewReader(`{"hook_event_name":"` + h.Event + `","tool_name":"Read"}`)
				out, err := cmd.Output()
				if err != nil || len(out) != 0 {
					t.Errorf("%q with a learn that %s: err %v, stdout %q; want exit 0 and no output", h.Command, name, err, out)
				}
			})
		}
	}
	if n != 2 {
		t.Errorf("%d post-tool hooks, want PostToolUse and PostToolUseFailure", n)
	}
}

// earlierHooks is the hook set an earlier learn installed: its SessionStart
// ran "learn recall --git".
func earlierHooks() HookSet {
	set := slices.Clone(HookSet(Hooks))
	for i, h := range set {
		if len(h.Old) > 0 {
			set[i].Command, set[i].Old = h.Old[0], nil
		}
	}
	return set
}

// TestEarlierHooksUpgraded: settings an earlier learn installed its hooks
// into get today's commands in place, byte for byte what installing into
// the same file afresh gives, and uninstall then leaves the user's file.
func TestEarlierHooksUpgraded(t *testing.T) {
	old := earlierHooks()
	for name, in := range settingsCases {
		t.Run(name, func(t *testing.T) {
			before, _, err := old.AddHooks("s.json", []byte(in))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(before), `"`+SessionStartCommand+`"`) {
				t.Fatalf("the earlier install has no %q:\n%s", SessionStartCommand, before)
			}
			got, changed, err := AddHooks("s.json", before)
			if err != nil || !changed {
				t.Fatalf("changed %v, err %v", changed, err)
			}
			fresh, _, _ := AddHooks("s.json", []byte(in))
			if string(got) != string(fresh) {
				t.Errorf("upgraded:\n%s\nfresh install:\n%s", got, fresh)
			}
			if again, changed, _ := AddHooks("s.json", got); changed || string(again) != string(got) {
				t.Errorf("a second install changed the file:\n%s", again)
			}
			present, err := Present("s.json", before)
			if err != nil || !present["SessionStart"] {
				t.Errorf("the earlier SessionStart hook is not present: %v %v", present, err)
			}
			// Uninstall removes the earlier hooks as it does today's.
			want, _, _ := RemoveHooks("s.json", fresh)
			if back, _, err := RemoveHooks("s.json", before); err != nil || string(back) != string(want) {
				t.Errorf("uninstall of the earlier hooks: %v\n%s\nwant:\n%s", err, back, want)
			}
		})
	}
}

// TestEarlierHookKeepsItsGroup: an earlier learn's SessionStart hook that
// the user moved or tuned (another matcher, a timeout, beside their own
// command) gets the new command and keeps everything else.
func TestEarlierHookKeepsItsGroup(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"matcher and timeout",
			"{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\n        \"matcher\": \"startup|compact\",\n        \"hooks\": [\n          {\"type\": \"command\", \"command\": \"learn recall --git\", \"timeout\": 30}\n        ]\n      }\n    ]\n  }\n}\n",
			"{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\n        \"matcher\": \"startup|compact\",\n        \"hooks\": [\n          {\"type\": \"command\", \"command\": \"learn hook\", \"timeout\": 30}\n        ]\n      }\n    ]\n  }\n}\n"},
		{"beside the user's own, spaces around the command",
			`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"echo hi"},{"type":"command","command":" learn recall --git "}]}]}}`,
			`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"echo hi"},{"type":"command","command":"learn hook"}]}]}}`},
		{"the new one already there too",
			`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"learn hook"}]},{"hooks":[{"type":"command","command":"learn recall --git"}]}]}}`,
			`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"learn hook"}]},{"hooks":[{"type":"command","command":"learn recall --git"}]}]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _, err := HookSet(Hooks[:1]).AddHooks("s.json", []byte(c.in))
			if err != nil || string(got) != c.want {
				t.Errorf("err %v\ngot:\n%s\nwant:\n%s", err, got, c.want)
			}
		})
	}
}

// TestUninstallAfterUpgrade: install then uninstall leaves the file as it
// was, an earlier learn's hooks included (the file is restored from the
// backup install kept); a file edited since loses learn's hooks, old and
// new.
func TestUninstallAfterUpgrade(t *testing.T) {
	user := "{\n  \"model\": \"opus\"\n}\n"
	before, _, err := earlierHooks().AddHooks("s.json", []byte(user))
	if err != nil {
		t.Fatal(err)
	}
	for _, edited := range []bool{false, true} {
		t.Run(fmt.Sprintf("edited %v", edited), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			if err := os.WriteFile(path, before, 0o644); err != nil {
				t.Fatal(err)
			}
			if ch, err := InstallHooks(path); err != nil || ch != Added {
				t.Fatalf("upgrade: %v %v", ch, err)
			}
			want := string(before)
			if edited {
				data := strings.Replace(string(mustRead(t, path)), `"opus"`, `"sonnet"`, 1)
				if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
				want = strings.Replace(user, `"opus"`, `"sonnet"`, 1)
			}
			if _, err := UninstallHooks(path); err != nil {
				t.Fatal(err)
			}
			if got := string(mustRead(t, path)); got != want {
				t.Errorf("after uninstall:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
