//go:build linux || darwin

package claudee2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// memory has Consolidated Learnings and two sessions, each learning with a
// word found nowhere else.
const memory = `## Consolidated Learnings

**User Corrections:**
- Run ` + "`make gen`" + ` before the tests of the pangolin service; generated files are not committed.

---

## Recent Sessions

## [2026-11-20 14:05 UTC] - Retry logic for the sync client
**Project**: acme-sync
**Documentation Seen**: ` + "`README.md`, `docs/api.md#retries`" + `

### Learnings

**User Corrections:**
- Backoff in the ocelot sync client must cap at 30 s; the gateway drops idle connections at 60 s.

---

## [2026-11-19 09:30 UTC] - Release checklist
**Project**: acme-sync
**Documentation Seen**: ` + "`CONTRIBUTING.md`" + `

### Learnings

**Preference Clarifications:**
- Release notes for the axolotl tool are written in the past tense.

---
`

// TestSlashCommands runs the six /learning-* commands through claude -p,
// installed by "learn install --agent claude", and checks what the model
// received: a command whose injection failed still exits 0.
func TestSlashCommands(t *testing.T) {
	skipUnlessClaude(t)
	t.Parallel() // each test has its own HOME, fake API and projects
	w := newWorld(t)
	ver, _, err := w.command(w.root, claudeBin, "--version")
	if err != nil {
		t.Fatalf("%s --version: %v", claudeBin, err)
	}
	t.Logf("Claude Code %s at %s", strings.TrimSpace(ver), claudeBin)
	t.Logf("learn install --agent claude:\n%s", w.learn(t, w.root, "install", "--agent", "claude"))
	for _, name := range []string{"recall", "summarise", "store", "compact", "improve-docs", "forget"} {
		if _, err := os.Stat(filepath.Join(w.home, ".claude", "commands", "learning-"+name+".md")); err != nil {
			t.Fatalf("learn install did not install /learning-%s: %v", name, err)
		}
	}
	// The model may run learn through its Bash tool, as a user allows it.
	allow := []string{"--allowedTools", "Bash(learn:*)"}

	t.Run("recall", func(t *testing.T) {
		p := w.project(t, "recall", memory)
		tr := w.claude(t, p, "", "/learning-recall retries $(touch pwned) x;touch pwned2")
		prompt := userText(tr.first(t))
		e2eutil.MustContain(t, "the prompt", prompt, "<command-name>/learning-recall</command-name>", "not as instructions",
			"Focus from the user (may be empty): retries $(touch pwned) x;touch pwned2")
		e2eutil.MustContain(t, "the recalled learnings", e2eutil.Section(t, prompt, "project-memory"),
			"ocelot sync client must cap at 30 s", "pangolin service", "axolotl tool")
		e2eutil.MustNotContain(t, "the prompt", prompt, "learn failed", "!`", "permission check failed")
		for _, f := range []string{"pwned", "pwned2"} {
			if _, err := os.Stat(filepath.Join(p, f)); err == nil {
				t.Errorf("the arguments ran as shell commands: %s exists", f)
			}
		}
	})

	t.Run("a failing learn is visible in the prompt", func(t *testing.T) {
		p := w.project(t, "broken", "")
		if err := os.MkdirAll(filepath.Join(p, ".tmp", "memory-learnings.md"), 0o755); err != nil {
			t.Fatal(err)
		}
		tr := w.claude(t, p, "", "/learning-recall")
		e2eutil.MustContain(t, "the recall section", e2eutil.Section(t, userText(tr.first(t)), "project-memory"),
			"is a directory", "learn failed: see the error above; run learn doctor")
	})

	t.Run("summarise", func(t *testing.T) {
		p := w.project(t, "summarise", memory)
		tr := w.claude(t, p, "", "/learning-summarise")
		prompt := userText(tr.first(t))
		e2eutil.MustContain(t, "the prompt", prompt, "<command-name>/learning-summarise</command-name>", "learn summarise - <<'EOF'")
		e2eutil.MustContain(t, "the baseline", e2eutil.Section(t, prompt, "project-memory-baseline"), "ocelot sync client must cap at 30 s", "axolotl tool")
		e2eutil.MustNotContain(t, "the prompt", prompt, "learn failed", "permission check failed")
		if got := readMemory(t, p); got != memory {
			t.Errorf("/learning-summarise changed the memory file:\n%s", got)
		}
	})

	t.Run("store: the model's Bash call writes the session", func(t *testing.T) {
		p := w.project(t, "store", "")
		store := "learn store --focus \"Wombat deploys\" --docs \"README.md,docs/deploy.md#canary\" <<'EOF'\n" +
			"**User Corrections:**\n" +
			"- Deploy the wombat service with the canary flag; a full rollout needs the on-call lead's approval.\n" +
			"EOF"
		tr := w.claude(t, p, store, "/learning-store wombat deploys", allow...)
		e2eutil.MustContain(t, "the prompt", userText(tr.first(t)), "<command-name>/learning-store</command-name>", "learn store --focus", "wombat deploys")
		if toolResults(tr) == "" {
			t.Fatalf("no tool result reached the model\nstdout:\n%s", tr.stdout)
		}
		e2eutil.MustContain(t, "the memory file", readMemory(t, p), "] - Wombat deploys", "docs/deploy.md#canary",
			"- Deploy the wombat service with the canary flag; a full rollout needs the on-call lead's approval.")
	})

	t.Run("compact: the model's Bash call folds the sessions", func(t *testing.T) {
		p := w.project(t, "compact", memory)
		tr := w.claude(t, p, "learn compact", "/learning-compact", allow...)
		e2eutil.MustContain(t, "the prompt", userText(tr.first(t)), "<command-name>/learning-compact</command-name>", "learn compact --dry-run")
		e2eutil.MustNotContain(t, "the prompt", userText(tr.first(t)), "learn failed", "permission check failed")
		if toolResults(tr) == "" {
			t.Fatalf("no tool result reached the model\nstdout:\n%s", tr.stdout)
		}
		got := readMemory(t, p)
		e2eutil.MustContain(t, "the compacted file", got, "## Consolidated Learnings", "ocelot sync client", "pangolin service", "axolotl tool")
		e2eutil.MustNotContain(t, "the compacted file", got, "## [2026-11-20 14:05 UTC]")
	})

	t.Run("forget: the preview is in the prompt and the Bash call forgets", func(t *testing.T) {
		p := w.project(t, "forget", memory)
		tr := w.claude(t, p, "learn forget --yes", "/learning-forget", allow...)
		prompt := userText(tr.first(t))
		e2eutil.MustContain(t, "the prompt", prompt, "<command-name>/learning-forget</command-name>", "explicitly said yes")
		e2eutil.MustNotContain(t, "the prompt", prompt, "learn failed", "permission check failed")
		if e2eutil.Section(t, prompt, "forget-preview") == "" {
			t.Error("the forget preview is empty")
		}
		if toolResults(tr) == "" {
			t.Fatalf("no tool result reached the model\nstdout:\n%s", tr.stdout)
		}
		if got := readMemory(t, p); strings.Contains(got, "ocelot") || strings.Contains(got, "pangolin") {
			t.Errorf("learnings survived learn forget --yes:\n%s", got)
		}
	})

	t.Run("improve-docs", func(t *testing.T) {
		p := w.project(t, "improve-docs", memory)
		tr := w.claude(t, p, "", "/learning-improve-docs")
		prompt := userText(tr.first(t))
		e2eutil.MustContain(t, "the prompt", prompt, "<command-name>/learning-improve-docs</command-name>", "not as instructions")
		e2eutil.MustNotContain(t, "the prompt", prompt, "learn failed", "permission check failed")
		e2eutil.MustContain(t, "the report", e2eutil.Section(t, prompt, "improve-docs-report"), "README.md")
	})
}
