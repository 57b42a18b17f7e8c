package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// fakeLearn is a learn that prints its arguments and working directory, or
// fails like a broken learn when the arguments hold "forget".
const fakeLearn = `#!/bin/sh
echo "ARGS: $*"
echo "PWD: $(pwd)"
case "$*" in *forget*) echo "learn: the file is broken" >&2; exit 1;; esac
`

// codexHook runs "learn hook --agent codex" with the fake learn as this
// binary.
func (e *env) codexHook(t *testing.T, stdin string, args ...string) (string, string) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "learn")
	if err := os.WriteFile(bin, []byte(fakeLearn), 0o755); err != nil {
		t.Fatal(err)
	}
	e.Out.Reset()
	e.Err.Reset()
	e.Factory.IO.In = strings.NewReader(stdin)
	cmd := NewCmdHook(e.Factory, func(o *Options) error {
		o.Executable = func() (string, error) { return bin, nil }
		return run(o)
	})
	if err := memviewtest.Execute(cmd, e.Factory, append([]string{"--agent", "codex"}, args...)...); err != nil {
		t.Fatalf("learn hook returned %v: a hook must never fail", err)
	}
	return e.Out.String(), e.Err.String()
}

// codexPayload is Codex CLI 0.169.0's UserPromptSubmit input.
func codexPayload(session, prompt, cwd string) string {
	b, _ := json.Marshal(map[string]string{
		"session_id": session, "turn_id": "01a21412-b334-7301-9be2-7eb7a03ca40f",
		"transcript_path": "/home/u/.codex/sessions/2026/11/25/rollout-" + session + ".jsonl",
		"cwd":             cwd, "hook_event_name": "UserPromptSubmit", "model": "gpt-5.5",
		"permission_mode": "bypassPermissions", "prompt": prompt,
	})
	return string(b)
}

func TestCodexSkillPrompts(t *testing.T) {
	cases := []struct {
		prompt string
		want   []string // in the output, in this order
	}{
		{"$learning-recall", []string{"$learning-recall", "<project-memory>\nARGS: recall --git\nPWD: DIR\n</project-memory>\n"}},
		{"$learning-recall focus on the retry backoff", []string{"<project-memory>\nARGS: recall --git\n"}},
		{"  $learning-recall\n\nwhat did we decide about S3?", []string{"ARGS: recall --git"}},
		{"/learning-recall", []string{"<project-memory>\nARGS: recall --git\n"}},
		{"[$learning-recall](/home/u/.codex/skills/learning-recall/SKILL.md) the uploader", []string{"ARGS: recall --git"}},
		{"$learning-summarise", []string{"<project-memory-baseline>\nARGS: summarise\nPWD: DIR\n</project-memory-baseline>"}},
		{"$learning-improve-docs for the README only", []string{"<improve-docs-report>\nARGS: improve-docs --max-chars 6000\n"}},
		{"$learning-forget the S3 session", []string{"<forget-preview>\nARGS: forget --dry-run\n", "learn: the file is broken\nlearn failed: see the error above; run learn doctor\n</forget-preview>"}},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			e := newEnv(t, bigMemory())
			out, errOut := e.codexHook(t, codexPayload("s1", c.prompt, e.Dir))
			if errOut != "" {
				t.Errorf("note: %s", errOut)
			}
			rest := out
			for _, w := range c.want {
				w = strings.ReplaceAll(w, "DIR", e.Dir)
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			if strings.Contains(out, hookHeading()) {
				t.Errorf("a skill's prompt got the first-prompt addition too:\n%s", out)
			}
			// The skill's prompt is not the task: the next prompt is still
			// the session's first and gets its learnings.
			next, _ := e.codexHook(t, codexPayload("s1", "The uploader fails with EntityTooSmall on S3", e.Dir))
			if !strings.Contains(next, "S3 multipart upload parts") {
				t.Errorf("the prompt after the skill got no first-prompt addition:\n%s", next)
			}
		})
	}
}

// hookHeading heads the first-prompt addition.
func hookHeading() string { return "# Project learnings for this request" }

// Prompts that only mention a skill, name something else or come from
// Claude Code run no learn command.
func TestCodexNotASkillPrompt(t *testing.T) {
	cases := []struct {
		prompt string
		args   []string
	}{
		{"please $learning-recall", nil},
		{"$learning-recallx", nil},
		{"learning-recall", nil},
		{"$learning-unknown", nil},
		{"$learning-store", nil}, // a skill without an injection: nothing to run
		{"$learning-compact now", nil},
		{"$learning-recall", []string{"--agent", "claude"}},
	}
	for _, c := range cases {
		t.Run(c.prompt+strings.Join(c.args, " "), func(t *testing.T) {
			e := newEnv(t, bigMemory())
			out, _ := e.codexHook(t, codexPayload("s1", c.prompt, e.Dir), c.args...)
			if strings.Contains(out, "ARGS:") {
				t.Errorf("ran learn:\n%s", out)
			}
		})
	}
}

// A skill prompt with --file runs learn on the same file.
func TestCodexSkillKeepsFile(t *testing.T) {
	e := newEnv(t, bigMemory())
	e.Factory.FileFlag = "/elsewhere/memory.md"
	out, _ := e.codexHook(t, codexPayload("s1", "$learning-recall", e.Dir))
	if !strings.Contains(out, "ARGS: recall --git --file /elsewhere/memory.md\n") {
		t.Errorf("want --file passed on:\n%s", out)
	}
}

func TestHookRejectsUnknownAgent(t *testing.T) {
	e := newEnv(t, bigMemory())
	e.Factory.IO.In = strings.NewReader(codexPayload("s1", "$learning-recall", e.Dir))
	if err := memviewtest.Execute(NewCmdHook(e.Factory, nil), e.Factory, "--agent", "cursor"); err == nil || !strings.Contains(err.Error(), "want claude, codex, gemini or opencode") {
		t.Errorf("--agent cursor: %v", err)
	}
}
