//go:build linux || darwin

package codexe2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

const sessionStateHeading = "## Session state (recorded by learn from this session's tool calls)"

// compactionPrompt opens the request Codex 0.169.0 sends to have the
// conversation summarised.
const compactionPrompt = "You are performing a CONTEXT CHECKPOINT COMPACTION"

// TestCompactionBringsBackSessionState: when Codex compacts a session (here
// on its own, in the middle of a turn, because the fake model reports more
// tokens than model_auto_compact_token_limit), it runs the SessionStart
// hooks again with source "compact", and the request after the compaction
// carries "learn recall --git --agent-session ID" for that session byte for
// byte: the memory, and the file the session read, which the compacted
// conversation no longer says. The request before it carries the recall
// alone.
func TestCompactionBringsBackSessionState(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "codex", "--no-mcp")
	cfg := filepath.Join(w.home, ".codex", "config.toml")
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e2eutil.WriteFile(t, cfg, "model_auto_compact_token_limit = 1000\n"+string(data))
	p := w.project(t, "acme", longMemory())
	e2eutil.WriteFile(t, filepath.Join(p, "design", "retries.txt"), "Retries back off exponentially and cap at 30 s.\n")
	start := strings.TrimSpace(w.learn(t, p, "recall", "--git"))

	w.api.Use(50000)
	tr := w.codex(t, p, "exec_command", `{"cmd":"cat design/retries.txt"}`, "How do retries back off?",
		"--json", "--sandbox", "danger-full-access")
	id := threadID(t, tr.stdout)
	if len(tr.requests) != 3 || !strings.Contains(tr.requests[1].texts("user"), compactionPrompt) {
		t.Fatalf("want the tool call, the compaction and the answer; got %d requests\nstderr:\n%s", len(tr.requests), tr.stderr)
	}
	e2eutil.MustContain(t, "the tool's output", tr.requests[1].toolOutputs(), "cap at 30 s")
	first := tr.requests[0].texts("developer")
	e2eutil.MustContain(t, "the first request", first, start)
	e2eutil.MustNotContain(t, "the first request", first, sessionStateHeading)

	want := strings.TrimSpace(w.learn(t, p, "recall", "--git", "--agent-session", id))
	e2eutil.MustContain(t, "learn recall --agent-session", want, sessionStateHeading, "design/retries.txt (read)")
	after := tr.requests[2].texts("developer")
	if n := strings.Count(after, want); n != 1 {
		t.Errorf("the request after the compaction carries learn recall --git --agent-session's output %d times, want once:\n%s", n, after)
	}
	if n := strings.Count(tr.requests[2].texts(), sessionStateHeading); n != 1 {
		t.Errorf("the session state appears %d times after the compaction, want once", n)
	}
	e2eutil.MustContain(t, "codex's answer", tr.stdout, fakeReply)
}

// threadID is the session's id from "codex exec --json" output: the
// thread.started event's thread_id, which is the session_id its hooks get.
func threadID(t *testing.T, stdout string) string {
	t.Helper()
	for _, line := range strings.Split(stdout, "\n") {
		var ev struct {
			Type     string `json:"type"`
			ThreadID string `json:"thread_id"`
		}
		if json.Unmarshal([]byte(line), &ev) == nil && ev.Type == "thread.started" && ev.ThreadID != "" {
			return ev.ThreadID
		}
	}
	t.Fatalf("no thread.started event in codex exec --json's output:\n%s", stdout)
	return ""
}
