//go:build linux || darwin

package claudee2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// s3Whole is e2eutil.CutMemory's S3 learning as a bullet, whole.
const s3Whole = "- " + e2eutil.CutS3

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
	p := w.project(t, "cut", e2eutil.CutMemory())
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

	e2eutil.MustContain(t, "the first request", text, hookHeading, s3Whole, e2eutil.CutSecond)
	e2eutil.MustNotContain(t, "the first request", text, " … [")
	m := bulletID.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("the first request shows the S3 learning without its ID:\n%s", text)
	}
	e2eutil.MustContain(t, "learn show "+m[1], w.learn(t, p, "show", m[1]), strings.TrimPrefix(s3Whole, "- "))
}
