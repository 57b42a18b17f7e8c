//go:build linux || darwin

package claudee2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// claudeTurns sends prompts as the user turns of one "claude -p" process
// (stream-json input, as an SDK or a wrapper does) and returns what the
// fake model received.
func (w *world) claudeTurns(t *testing.T, dir string, prompts ...string) turn {
	t.Helper()
	w.api.Reset("")
	var in strings.Builder
	for _, p := range prompts {
		line, _ := json.Marshal(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": p}})
		in.Write(line)
		in.WriteByte('\n')
	}
	args := []string{"-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"}
	stdout, stderr, err := w.commandIn(dir, in.String(), nil, claudeBin, args...)
	tr := turn{stdout: stdout, stderr: stderr, requests: w.api.Requests()}
	if err != nil {
		t.Fatalf("claude %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, stdout, stderr)
	}
	return tr
}

// TestStoredLearningEveryTurn: one learning stored with "learn store", then
// plain prompts that have nothing to do with it. The first request carries
// it, and a later turn carries the same bytes once, whether the turn comes
// from "claude -p --continue" or from a second user message of the same
// process.
func TestStoredLearningEveryTurn(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "claude")
	p := w.project(t, "shop", "")
	const (
		learning = "Run make lint before pushing; CI rejects unlinted Go code."
		later    = "Health endpoints live under /internal and never touch the database."
	)
	w.learn(t, p, "store", "--focus", "CI setup", "--correction", learning)

	// memoryOnce checks that text holds the stored learning once, within
	// start (the session start's output) byte for byte, and returns the
	// conversation up to and including it.
	memoryOnce := func(t *testing.T, what, text, start string) string {
		t.Helper()
		if n := strings.Count(text, learning); n != 1 {
			t.Fatalf("%s carries the stored learning %d times, want once:\n%s", what, n, text)
		}
		i := strings.Index(text, start)
		if i < 0 {
			t.Fatalf("%s does not carry learn recall --git's output byte for byte:\n%s", what, text)
		}
		return text[:i+len(start)]
	}
	recall := func(t *testing.T) string {
		t.Helper()
		start := strings.TrimSpace(w.learn(t, p, "recall", "--git"))
		if !strings.Contains(start, learning) {
			t.Fatalf("learn recall --git does not show the stored learning:\n%s", start)
		}
		return start
	}

	t.Run("continue", func(t *testing.T) {
		start := recall(t)
		first := w.claude(t, p, "", "Add a /healthz endpoint to the HTTP server.")
		e2eutil.MustContain(t, "the first request", userText(first.first(t)), "/healthz endpoint")
		prefix1 := memoryOnce(t, "the first request", allText(first.first(t)), start)

		// The memory changes between the turns (a /learning-store in the
		// session, say): the continued session keeps the memory it started
		// with, since Claude Code adds a SessionStart hook's output again on
		// resume when it differs.
		w.learn(t, p, "store", "--focus", "Health checks", "--convention", later)
		second := w.claude(t, p, "", "Now write a test for it.", "--continue")
		req2 := second.requests[len(second.requests)-1]
		e2eutil.MustContain(t, "the second request", allText(req2), "/healthz endpoint", "Now write a test for it.")
		e2eutil.MustNotContain(t, "the second request", allText(req2), later)
		if prefix2 := memoryOnce(t, "the second request", allText(req2), start); prefix2 != prefix1 {
			t.Errorf("the conversation up to the memory differs between the turns:\nfirst:\n%s\nsecond:\n%s", prefix1, prefix2)
		}
	})

	t.Run("two user messages in one process", func(t *testing.T) {
		start := recall(t)
		tr := w.claudeTurns(t, p, "Rename the config package to settings.", "Also update the imports.")
		if len(tr.requests) < 2 {
			t.Fatalf("%d model requests, want one per user message\nstdout:\n%s\nstderr:\n%s", len(tr.requests), tr.stdout, tr.stderr)
		}
		first, last := allText(tr.requests[0]), allText(tr.requests[len(tr.requests)-1])
		e2eutil.MustContain(t, "the last request", last, "Rename the config package", "Also update the imports.")
		if memoryOnce(t, "the first request", first, start) != memoryOnce(t, "the last request", last, start) {
			t.Error("the conversation up to the memory differs between the turns")
		}
	})
}
