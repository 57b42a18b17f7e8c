//go:build linux || darwin

package claudee2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

const sessionStateHeading = "## Session state (recorded by learn from this session's tool calls)"

// TestCompactionBringsBackSessionState: after Claude Code compacts a
// session (claude -p /compact --continue runs the same compaction as an
// automatic one, and then the SessionStart hooks with source "compact"),
// the next request carries "learn recall --git --agent-session ID" for that
// session byte for byte: the memory, and the files the session read and the
// command still failing, which the compacted conversation lost. A session
// that starts fresh carries the recall alone.
func TestCompactionBringsBackSessionState(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	bin := filepath.Join(w.root, "fakebin")
	e2eutil.WriteFile(t, filepath.Join(bin, "go"), "#!/bin/sh\nprintf -- '--- FAIL: TestBackoff (0.00s)\\n    retry_test.go:12: backoff = 60s, want 30s\\nFAIL\\n'\nexit 1\n")
	if err := os.Chmod(filepath.Join(bin, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.path = bin + ":" + w.path
	w.learn(t, w.root, "install", "--agent", "claude")
	p := w.project(t, "acme", memory)
	doc := filepath.Join(p, "design", "retries.txt")
	e2eutil.WriteFile(t, doc, "Retries back off exponentially and cap at 30 s.\n")
	start := strings.TrimSpace(w.learn(t, p, "recall", "--git"))

	// The session reads the design note and runs the failing tests.
	w.api.ResetTool("Read", map[string]any{"file_path": doc})
	read := w.claudeNoReset(t, p, "How do retries back off?", "--allowedTools", "Read")
	text := allText(read.first(t))
	e2eutil.MustContain(t, "the first request", text, start)
	e2eutil.MustNotContain(t, "the first request", text, sessionStateHeading)
	fail := w.claude(t, p, "go test ./retry/", "Run the retry tests.", "--continue", "--allowedTools", "Bash(go test:*)")
	e2eutil.MustContain(t, "the failing run's result", toolResults(fail), "--- FAIL: TestBackoff")

	compact := w.claude(t, p, "", "/compact", "--continue")
	if compact.sessionID != read.sessionID {
		t.Fatalf("/compact ran in session %q, want %q", compact.sessionID, read.sessionID)
	}
	if len(compact.requests) == 0 {
		t.Fatalf("/compact sent no summary request: no compaction\nstdout:\n%s\nstderr:\n%s", compact.stdout, compact.stderr)
	}

	want := strings.TrimSpace(w.learn(t, p, "recall", "--git", "--agent-session", read.sessionID))
	e2eutil.MustContain(t, "learn recall --agent-session", want, sessionStateHeading, "design/retries.txt (read)", "go test ./retry/")
	next := w.claude(t, p, "", "What was I doing?", "--continue")
	if next.sessionID != read.sessionID {
		t.Fatalf("the turn after /compact ran in session %q, want %q", next.sessionID, read.sessionID)
	}
	after := allText(next.requests[len(next.requests)-1])
	if n := strings.Count(after, want); n != 1 {
		t.Errorf("the request after the compaction carries learn recall --git --agent-session's output %d times, want once:\n%s", n, after)
	}
	if n := strings.Count(after, sessionStateHeading); n != 1 {
		t.Errorf("the session state appears %d times after the compaction, want once", n)
	}

	// A new session in the same project starts with the recall alone.
	fresh := w.claude(t, p, "", "Hello.")
	if fresh.sessionID == read.sessionID {
		t.Fatalf("a new session ran as %q", fresh.sessionID)
	}
	freshText := allText(fresh.first(t))
	e2eutil.MustContain(t, "a new session's request", freshText, start)
	e2eutil.MustNotContain(t, "a new session's request", freshText, sessionStateHeading, "design/retries.txt")
}
