//go:build linux || darwin

package claudee2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// cutMemory is a memory whose User Corrections overflow recall's default
// budget, each two clauses long, and one older learning a task can name:
// the memory with which "learn recall --task" cuts the corrections the
// task does not touch to their first clause.
func cutMemory() string {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "## [%s] - Maintenance %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", e2eutil.RecentStamp(i), i)
		fmt.Fprintf(&b, "- Convention %d: package p%d logs through logger L%d, and never prints to stdout directly; its tests capture the logger instead.\n\n---\n\n", i, i, i)
	}
	b.WriteString("## [2025-03-02 09:00 UTC] - Video uploads\n**Project**: acme\n**Documentation Seen**: `ios/Uploader.swift`\n\n### Learnings\n\n" +
		"**Fresh Discoveries:**\n" + s3Whole + "\n\n---\n")
	return b.String()
}

const s3Whole = "- S3 multipart upload parts must be at least 5 MB except the last part; smaller parts fail with EntityTooSmall."

// bulletID is a learning's bullet with its ID, as recall and the prompt
// hook print it.
var bulletID = regexp.MustCompile(`(?m)^- S3 multipart[^\n]*EntityTooSmall\. \[(l[0-9a-f]+)[,\]]`)

// TestPromptIsNoTask: Claude Code hands the user's first prompt to "learn
// hook" as the UserPromptSubmit hook's JSON on stdin, never to "learn
// recall --task": the session start runs "learn hook" (what "learn recall
// --git" prints, which cuts nothing) and the prompt hook adds the learnings
// the prompt matches, whole, with their IDs. So no learning reaches the
// model cut to its first clause, even with a memory that "learn recall
// --task" cuts, and "learn show ID" prints the added learning whole.
func TestPromptIsNoTask(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	// A learn in front of the real one logs each run's arguments and,
	// for learn hook, the hook's JSON, a line a run (runs overlap).
	log := filepath.Join(t.TempDir(), "runs")
	bin := t.TempDir()
	real := filepath.Join(learnDir, "learn")
	e2eutil.WriteFile(t, filepath.Join(bin, "learn"), `#!/bin/bash
if [ "$1" = hook ]; then
  in=$(cat)
  printf 'argv %s stdin %s\n' "$*" "$in" >> "`+log+`"
  exec "`+real+`" "$@" <<<"$in"
fi
printf 'argv %s\n' "$*" >> "`+log+`"
exec "`+real+`" "$@"
`)
	if err := os.Chmod(filepath.Join(bin, "learn"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.path = bin + ":" + w.path
	w.learn(t, w.root, "install", "--agent", "claude")
	p := w.project(t, "cut", cutMemory())
	prompt := "The iOS uploader fails with EntityTooSmall on big videos sent to S3. Fix it."
	if task := w.learn(t, p, "recall", "--git", "--task", prompt); !strings.Contains(task, " … [") {
		t.Fatalf("learn recall --task cuts nothing of this memory, so the test proves nothing:\n%s", task)
	}

	tr := w.claude(t, p, "", prompt)
	text := allText(tr.first(t))
	runs, err := os.ReadFile(log)
	if err != nil {
		t.Fatalf("claude ran no learn: %v", err)
	}
	t.Logf("learn runs:\n%s", runs)
	e2eutil.MustNotContain(t, "learn's runs", string(runs), "--task")
	var hooks []map[string]any
	for _, line := range strings.Split(string(runs), "\n") {
		if _, in, ok := strings.Cut(line, " stdin "); ok {
			var h map[string]any
			if err := json.Unmarshal([]byte(in), &h); err != nil {
				t.Fatalf("learn hook's stdin is no JSON: %v\n%s", err, in)
			}
			hooks = append(hooks, h)
		}
	}
	prompted := false
	for _, h := range hooks {
		if h["hook_event_name"] == "UserPromptSubmit" {
			prompted = true
			if h["prompt"] != prompt {
				t.Errorf("the prompt hook got prompt %q, want the user's %q", h["prompt"], prompt)
			}
		}
	}
	if !prompted {
		t.Errorf("no UserPromptSubmit hook ran learn hook; hooks: %v", hooks)
	}

	e2eutil.MustContain(t, "the first request", text, hookHeading, s3Whole, "its tests capture the logger instead.")
	e2eutil.MustNotContain(t, "the first request", text, " … [")
	m := bulletID.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("the first request shows the S3 learning without its ID:\n%s", text)
	}
	e2eutil.MustContain(t, "learn show "+m[1], w.learn(t, p, "show", m[1]), strings.TrimPrefix(s3Whole, "- "))
}
