//go:build linux || darwin

package claudee2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// fakeGo stands in for go on the PATH of Claude Code's Bash tool: "go test"
// fails the first time, as a test does until the fix, and passes after.
const fakeGo = `#!/bin/sh
state="$FAKE_GO_STATE"
if [ "$1" = test ] && [ ! -e "$state" ]; then
  : > "$state"
  printf -- '--- FAIL: TestBackoff (0.00s)\n    retry_test.go:12: backoff = 60s, want 30s\nFAIL\nFAIL\tacme/retry\t0.004s\n'
  exit 1
fi
printf 'ok  \tacme/retry\t0.003s\n'
`

// TestSessionRemembersItself: the hooks "learn install --agent claude" adds
// record what a session does, with no model call: the document the model
// read with the Read tool (outside docs/) and the test command that failed,
// then passed, appear in the same session's /learning-summarise baseline,
// unasked; a new session's baseline names neither; the memory file is
// untouched until the store, which records the document under
// Documentation Seen.
func TestSessionRemembersItself(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel()
	start := time.Now()
	w := newWorld(t)
	bin := filepath.Join(w.root, "fakebin")
	e2eutil.WriteFile(t, filepath.Join(bin, "go"), fakeGo)
	if err := os.Chmod(filepath.Join(bin, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.path = bin + ":" + w.path
	w.extra = append(w.extra, "FAKE_GO_STATE="+filepath.Join(w.root, "go-test-ran"))
	out := w.learn(t, w.root, "install", "--agent", "claude")
	e2eutil.MustContain(t, "learn install", out, "PostToolUse: learn hook", "PostToolUseFailure: learn hook")

	p := w.project(t, "acme", memory)
	doc := filepath.Join(p, "design", "retries.txt")
	e2eutil.WriteFile(t, doc, "Retries back off exponentially and cap at 30 s; the gateway drops idle connections at 60 s.\n")

	// The model reads the document with the Read tool.
	w.api.ResetTool("Read", map[string]any{"file_path": doc})
	read := w.claudeNoReset(t, p, "How do retries back off?", "--allowedTools", "Read")
	e2eutil.MustContain(t, "the Read tool's result", toolResults(read), "cap at 30 s")
	if read.sessionID == "" {
		t.Fatalf("claude printed no session id:\n%s", read.stdout)
	}

	// Later in the same session the tests fail, then pass.
	allowGo := []string{"--allowedTools", "Bash(go test:*)"}
	fail := w.claude(t, p, "go test ./retry/", "Run the retry tests.", append([]string{"--continue"}, allowGo...)...)
	e2eutil.MustContain(t, "the failing run's result", toolResults(fail), "--- FAIL: TestBackoff")
	pass := w.claude(t, p, "go test ./retry/", "Run them again.", append([]string{"--continue"}, allowGo...)...)
	e2eutil.MustContain(t, "the passing run's result", toolResults(pass), "ok  \tacme/retry")
	if got := readMemory(t, p); got != memory {
		t.Fatalf("the tool calls changed the memory file:\n%s", got)
	}

	// The same session's /learning-summarise: its baseline names both.
	same := w.claude(t, p, "", "/learning-summarise", "--continue")
	if same.sessionID != read.sessionID {
		t.Fatalf("--continue ran session %q, want %q", same.sessionID, read.sessionID)
	}
	baseline := e2eutil.Section(t, userText(same.first(t)), "project-memory-baseline")
	e2eutil.MustContain(t, "the same session's baseline", baseline,
		"This session", "Documentation read: `design/retries.txt`", "Failed, then passed", "go test ./retry/", "--- FAIL: TestBackoff",
		"ocelot sync client must cap at 30 s")

	// A new session's baseline does not name them.
	fresh := w.claude(t, p, "", "/learning-summarise")
	if fresh.sessionID == read.sessionID {
		t.Fatalf("a new session ran as %q", fresh.sessionID)
	}
	newBaseline := e2eutil.Section(t, userText(fresh.first(t)), "project-memory-baseline")
	e2eutil.MustContain(t, "the new session's baseline", newBaseline, "ocelot sync client must cap at 30 s")
	e2eutil.MustNotContain(t, "the new session's baseline", newBaseline, "retries.txt", "This session", "go test ./retry/")
	if got := readMemory(t, p); got != memory {
		t.Fatalf("/learning-summarise changed the memory file:\n%s", got)
	}

	// A store in the first session records the document it read.
	store := "learn store --focus 'Retry cap' <<'EOF'\n" +
		"**Fresh Discoveries:**\n" +
		"- The retry backoff of the acme client caps at 30 s because the gateway drops idle connections at 60 s.\n" +
		"EOF"
	stored := w.claude(t, p, store, "Store what we learnt.", "--resume", read.sessionID, "--allowedTools", "Bash(learn:*)")
	e2eutil.MustContain(t, "learn store's output", toolResults(stored), "Stored 1 learning")
	got := readMemory(t, p)
	e2eutil.MustContain(t, "the memory file", got, "] - Retry cap\n", "**Documentation Seen**: `design/retries.txt`\n",
		"- The retry backoff of the acme client caps at 30 s")
	if !strings.HasSuffix(got, strings.TrimPrefix(memory, "## Consolidated Learnings\n\n**User Corrections:**\n- Run `make gen` before the tests of the pangolin service; generated files are not committed.\n\n---\n\n## Recent Sessions\n\n")) {
		t.Errorf("the store changed more than its new session:\n%s", got)
	}
	t.Logf("whole scenario: %.1fs", time.Since(start).Seconds())
}
