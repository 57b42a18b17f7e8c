//go:build linux || darwin

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// fakeGo stands in for go on the PATH of opencode's bash tool: "go test"
// fails the first time, as a test does until the fix, and passes after.
const fakeGo = `#!/bin/sh
if [ "$1" = test ] && [ ! -e "$FAKE_GO_STATE" ]; then
  : > "$FAKE_GO_STATE"
  printf -- '--- FAIL: TestBackoff (0.00s)\n    retry_test.go:12: backoff = 60s, want 30s\nFAIL\nFAIL\tacme/retry\t0.004s\n'
  exit 1
fi
printf 'ok  \tacme/retry\t0.003s\n'
`

// TestSessionRemembersItself: the plugin "learn install" puts in opencode
// hands every tool call to learn, with no model call: the document the
// model read with the read tool (outside docs/) and the test command that
// failed, then passed, appear in the same session's /learning-summarise
// baseline, unasked; a new session's baseline names neither; the memory file
// is untouched until a store in the first session, which records the
// document under Documentation Seen.
func TestSessionRemembersItself(t *testing.T) {
	if opencodeBin == "" {
		t.Skip(skipHelp)
	}
	if testing.Short() {
		t.Skip("drives the real opencode client; skipped with -short")
	}
	start := time.Now()
	w := newWorld(t)
	w.learn(t, w.root, "", "install")
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	w.env = withEnv(w.env, "PATH="+bin+":"+learnDir+":/usr/local/bin:/usr/bin:/bin", "FAKE_GO_STATE="+filepath.Join(w.root, "go-test-ran"))

	p := w.project(t, "acme", memory)
	doc := filepath.Join(p, "design", "retries.txt")
	e2eutil.WriteFile(t, doc, "Retries back off exponentially and cap at 30 s; the gateway drops idle connections at 60 s.\n")

	// The model reads the document with the read tool, then runs the tests
	// with the bash tool: they fail, then pass.
	args, _ := json.Marshal(map[string]string{"filePath": doc})
	goTest, _ := json.Marshal(map[string]string{"command": "go test ./retry/", "description": "Run the retry tests"})
	w.llm.ResetScript(scriptedCall{"read", string(args)}, scriptedCall{"bash", string(goTest)}, scriptedCall{"bash", string(goTest)})
	work := w.chatNoReset(t, p, "How do retries back off? Fix the retry tests.")
	e2eutil.MustContain(t, "the tool results", work.toolResults(), "cap at 30 s", "--- FAIL: TestBackoff", "ok  \tacme/retry")
	if got := readMemory(t, p); got != memory {
		t.Fatalf("the tool calls changed the memory file:\n%s", got)
	}
	var found struct {
		AgentSession struct {
			ID     string `json:"id"`
			Source string `json:"source"`
		} `json:"agent_session"`
	}
	if err := json.Unmarshal([]byte(w.learn(t, p, "", "summarise", "--json")), &found); err != nil || found.AgentSession.ID == "" {
		t.Fatalf("learn summarise --json names no agent session (%v)", err)
	}
	session := found.AgentSession.ID

	// The same session's /learning-summarise: its baseline names both.
	same := w.opencode(t, p, "", "learning-summarise", "--continue")
	baseline := e2eutil.Section(t, same.prompt(), "project-memory-baseline")
	e2eutil.MustContain(t, "the same session's baseline", baseline,
		"This session", "Documentation read: `design/retries.txt`", "Failed, then passed", "go test ./retry/", "--- FAIL: TestBackoff",
		"kestrel sync client must cap at 30 s")

	// A new session's baseline does not name them.
	fresh := w.opencode(t, p, "", "learning-summarise")
	newBaseline := e2eutil.Section(t, fresh.prompt(), "project-memory-baseline")
	e2eutil.MustContain(t, "the new session's baseline", newBaseline, "kestrel sync client must cap at 30 s")
	e2eutil.MustNotContain(t, "the new session's baseline", newBaseline, "retries.txt", "This session", "go test ./retry/")
	if got := readMemory(t, p); got != memory {
		t.Fatalf("/learning-summarise changed the memory file:\n%s", got)
	}

	// A store in the first session records the document it read.
	store := "learn store --focus 'Retry cap' <<'EOF'\n" +
		"**Fresh Discoveries:**\n" +
		"- The retry backoff of the acme client caps at 30 s because the gateway drops idle connections at 60 s.\n" +
		"EOF"
	stored := w.chatFlags(t, p, []string{"--session", session}, "Store what we learnt.", resetTo(w, store)...)
	e2eutil.MustContain(t, "learn store's output", stored.toolResults(), "Stored 1 learning")
	e2eutil.MustContain(t, "the memory file", readMemory(t, p), "] - Retry cap\n", "**Documentation Seen**: `design/retries.txt`\n",
		"- The retry backoff of the acme client caps at 30 s")
	t.Logf("whole scenario: %.1fs", time.Since(start).Seconds())
}

// resetTo makes the next turn's model call the bash tool with command; it
// returns no environment, so that it reads as an argument of chatFlags.
func resetTo(w *world, command string) []string {
	w.llm.Reset(command)
	return nil
}

// TestCompactionResendsTheSessionState: at a compaction the plugin recalls
// again with the session's recorded state (learn recall --agent-session),
// and every request after it carries those same bytes: the memory chosen
// with the file the session read, and the hot snapshot naming it.
func TestCompactionResendsTheSessionState(t *testing.T) {
	if opencodeBin == "" {
		t.Skip(skipHelp)
	}
	if testing.Short() {
		t.Skip("drives the real opencode client; skipped with -short")
	}
	w := newWorld(t)
	w.learn(t, w.root, "", "install")
	p := w.project(t, "acme", memory)
	doc := filepath.Join(p, "design", "retries.txt")
	e2eutil.WriteFile(t, doc, "Retries back off exponentially and cap at 30 s.\n")

	args, _ := json.Marshal(map[string]string{"filePath": doc})
	w.llm.ResetTool("read", string(args))
	w.llm.OverflowNext()
	r := w.chatNoReset(t, p, "How do retries back off?")
	var compactions int
	var before, after []string
	for _, q := range r.requests {
		switch {
		case isTitle(q):
		case len(q.Body.Tools) == 0:
			compactions++
		case compactions == 0:
			before = append(before, injected(t, q))
		default:
			after = append(after, injected(t, q))
		}
	}
	if compactions != 1 || len(before) == 0 || len(after) == 0 {
		t.Fatalf("want agent requests, one compaction, agent requests: %d before, %d compactions, %d after", len(before), compactions, len(after))
	}
	e2eutil.MustContain(t, "the memory before the compaction", before[0], "kestrel sync client must cap at 30 s")
	e2eutil.MustNotContain(t, "the memory before the compaction", before[0], "retries.txt")
	e2eutil.MustContain(t, "the memory after the compaction", after[0], "kestrel sync client must cap at 30 s", "Session state", "design/retries.txt")
	for i, m := range after[1:] {
		if m != after[0] {
			t.Errorf("request %d after the compaction carries other bytes:\n%s\nwant:\n%s", i+2, m, after[0])
		}
	}
	if got := readMemory(t, p); got != memory {
		t.Errorf("the session changed the memory file:\n%s", got)
	}
}
