package hook

import (
	"os"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
)

// recallText is what "learn recall --git" prints in the project, with the
// hot state of session when it is set ("learn recall --git --agent-session").
func (e *recEnv) recallText(t *testing.T, session string) string {
	t.Helper()
	req := ops.SessionStart()
	if session != "" {
		st := e.sessionState(t, session)
		if st == nil {
			t.Fatalf("session %s recorded nothing", session)
		}
		req.Session = &ops.AgentSession{State: st, Found: sessionstate.Found{ID: session, Source: "test"}}
	}
	res, err := ops.Recall(&ops.Memory{Path: e.File, Display: e.File, Root: e.Dir}, req)
	if err != nil {
		t.Fatal(err)
	}
	return res.Text()
}

// TestSessionStart: Claude Code's and Codex CLI's SessionStart hook prints
// what "learn recall --git" prints; after a compaction it adds that
// session's recorded state, and only that session's. The payloads are the
// real clients' (testdata/events).
func TestSessionStart(t *testing.T) {
	const (
		claudeCompacted = "28af3284-3519-4b3d-9344-0f4a35660b12" // claude-sessionstart-compact.json
		codexCompacted  = "01a217b3-3af8-7053-a54e-91266d425e78" // codex-sessionstart-compact.json
	)
	work := []string{
		`{"session_id":"{{session}}","cwd":"{{cwd}}","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"{{cwd}}/docs/retries.md"}}`,
		`{"session_id":"{{session}}","cwd":"{{cwd}}","hook_event_name":"PostToolUse","tool_name":"Edit","tool_input":{"file_path":"{{cwd}}/client/backoff.go","old_string":"a","new_string":"b"}}`,
		`{"session_id":"{{session}}","cwd":"{{cwd}}","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"go test ./client/"},"error":"Exit code 1\n--- FAIL: TestBackoffCap (0.00s)\n    backoff_test.go:9: cap = 60s, want 30s\nFAIL"}`,
		`{"session_id":"other-session","cwd":"{{cwd}}","hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"{{cwd}}/web/unrelated.ts","content":"x"}}`,
	}
	cases := []struct {
		name, event string
		agent       string
		vars        map[string]string
		recorded    string // the session that did its work first
		want        string
	}{
		{name: "startup", event: "claude-sessionstart-startup.json", want: "recall"},
		{name: "startup after another session worked", event: "claude-sessionstart-startup.json", recorded: claudeCompacted, want: "recall"},
		{name: "compact", event: "claude-sessionstart-compact.json", recorded: claudeCompacted, want: "recall+state"},
		{name: "compact of a session that recorded nothing", event: "claude-sessionstart-compact.json", want: "recall"},
		{name: "compact with session state off", event: "claude-sessionstart-compact.json", recorded: claudeCompacted,
			vars: map[string]string{"LEARN_SESSION_STATE": "0"}, want: "recall"},
		{name: "compact after another session worked", event: "claude-sessionstart-compact.json", recorded: codexCompacted, want: "recall"},
		{name: "resume", event: "claude-sessionstart-resume.json", recorded: claudeCompacted, want: ""},
		{name: "codex startup", event: "codex-sessionstart-startup.json", agent: "codex", want: "recall"},
		{name: "codex startup after another session worked", event: "codex-sessionstart-startup.json", agent: "codex", recorded: codexCompacted, want: "recall"},
		{name: "codex compact", event: "codex-sessionstart-compact.json", agent: "codex", recorded: codexCompacted, want: "recall+state"},
		{name: "codex compact of a session that recorded nothing", event: "codex-sessionstart-compact.json", agent: "codex", want: "recall"},
		{name: "codex compact with automatic context off", event: "codex-sessionstart-compact.json", agent: "codex", recorded: codexCompacted,
			vars: map[string]string{"LEARN_AUTO_RECALL": "0"}, want: "recall"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newRecEnv(t)
			if c.recorded != "" {
				for _, p := range work {
					e.hook(t, e.fill(strings.ReplaceAll(p, "{{session}}", c.recorded)))
				}
			}
			for k, v := range c.vars {
				e.vars[k] = v
			}
			args := []string{}
			if c.agent != "" {
				args = append(args, "--agent", c.agent)
			}
			out, errOut := e.hook(t, fixture(t, c.event, e.Dir), args...)
			if errOut != "" {
				t.Errorf("stderr: %s", errOut)
			}
			var want string
			switch c.want {
			case "recall":
				want = e.recallText(t, "")
			case "recall+state":
				want = e.recallText(t, c.recorded)
				for _, s := range []string{"## Session state", "client/backoff.go (edited)", "docs/retries.md (read)", "go test ./client/", "TestBackoffCap"} {
					if !strings.Contains(out, s) {
						t.Errorf("the compacted session's state lacks %q", s)
					}
				}
				if strings.Contains(out, "unrelated.ts") {
					t.Error("another session's file is in the state")
				}
			}
			if out != want {
				t.Errorf("printed:\n%s\nwant:\n%s", out, want)
			}
		})
	}
}

// TestSessionStartWithoutMemory: a project without a memory file gets
// recall's first-session message at startup, as "learn recall --git"
// prints it, and a broken one a note on stderr, never a failure.
func TestSessionStartWithoutMemory(t *testing.T) {
	e := newRecEnv(t)
	if err := os.Remove(e.File); err != nil {
		t.Fatal(err)
	}
	out, errOut := e.hook(t, fixture(t, "claude-sessionstart-startup.json", e.Dir))
	if !strings.HasPrefix(out, "No learnings yet: ") || errOut != "" {
		t.Errorf("out %q, stderr %q", out, errOut)
	}
	if out != e.recallText(t, "") {
		t.Errorf("not recall's text: %q", out)
	}
	if err := os.MkdirAll(e.File, 0o755); err != nil {
		t.Fatal(err)
	}
	out, errOut = e.hook(t, fixture(t, "claude-sessionstart-compact.json", e.Dir))
	if out != "" || !strings.HasPrefix(errOut, "learn hook: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("a memory that is a directory: out %q, stderr %q", out, errOut)
	}
}
