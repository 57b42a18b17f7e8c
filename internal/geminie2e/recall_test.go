//go:build linux || darwin

package geminie2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// memory holds learnings with markers no prompt or template contains.
const memory = `## Consolidated Learnings

**User Corrections:**
- Run ` + "`make gen-zebra`" + ` before ` + "`go test`" + `; the generated files are not committed.

---

## Recent Sessions

## [2026-11-20 10:00 UTC] - Retry logic for the sync client
**Project**: acme-sync

### Learnings

**User Corrections:**
- Backoff must cap at 30 s because the gateway-walrus drops idle connections at 60 s.

**Fresh Discoveries:**
- ` + "`client.Do`" + ` retries only idempotent methods; POST needs the Idempotency-Key header.

---
`

// TestAutomaticRecall: after "learn install --agent gemini", a session's
// first model request carries the stored learnings, from the SessionStart
// hook, without any slash command; reading leaves the memory file as it was.
func TestAutomaticRecall(t *testing.T) {
	skipUnlessGemini(t)
	w := newWorld(t)
	proj := w.project(t, "auto", memory)
	w.learn(t, proj, "install", "--agent", "gemini")

	tr := w.gemini(t, proj, "fix the retry backoff in the sync client", "", nil)
	got := tr.first(t).contentsText()
	e2eutil.MustContain(t, "the first model request", got,
		"<hook_context>", "make gen-zebra", "gateway-walrus", "fix the retry backoff in the sync client")
	if !strings.Contains(tr.stdout, answerText) {
		t.Errorf("gemini printed no model answer:\n%s", tr.stdout)
	}
	if readMemory(t, proj) != memory {
		t.Error("a session changed the memory file")
	}

	// --uninstall takes the hooks out again: the next session has no memory.
	w.learn(t, proj, "install", "--agent", "gemini", "--uninstall")
	tr = w.gemini(t, proj, "fix the retry backoff in the sync client", "", nil)
	e2eutil.MustNotContain(t, "the first model request after --uninstall", tr.first(t).allText(), "gateway-walrus", "make gen-zebra")
	data, err := os.ReadFile(filepath.Join(w.home, ".gemini", "settings.json"))
	if err != nil || string(data) != userSettings {
		t.Errorf("settings.json after install and uninstall (%v):\n%s", err, data)
	}
}

// longMemory is more than the session start's budget holds: 70 recent User
// Corrections, and an older learning about S3 uploads that only a prompt
// about them brings in.
func longMemory() string {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "## [2026-11-%02d %02d:%02d UTC] - Maintenance %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", 21-i/10, 10+i%10, i%60, i)
		fmt.Fprintf(&b, "- Convention %d: package p%d logs through logger L%d and never prints to stdout directly.\n\n---\n\n", i, i, i)
	}
	b.WriteString("## [2025-03-02 09:00 UTC] - Video uploads\n**Project**: acme\n\n### Learnings\n\n" +
		"**Fresh Discoveries:**\n- S3 multipart upload parts must be at least 5 MB except the last part; smaller parts fail with EntityTooSmall.\n\n---\n")
	return b.String()
}

// TestRecallCommandFirst: a session whose first prompt is /learning-recall
// gets the memory once, from the command (Gemini hands the BeforeAgent hook
// the command's expanded prompt, which already holds it); the session's
// next prompt gets the learnings relevant to it, and still no second copy.
func TestRecallCommandFirst(t *testing.T) {
	skipUnlessGemini(t)
	w := newWorld(t)
	proj := w.project(t, "cmdfirst", longMemory())
	w.learn(t, proj, "install", "--agent", "gemini")
	const newest, s3 = "Convention 0: package p0 logs through logger L0", "S3 multipart upload parts must be at least 5 MB"
	start := w.learn(t, proj, "recall", "--git")
	if !strings.Contains(start, newest) || strings.Contains(start, s3) {
		t.Fatalf("the memory no longer overflows the session start's budget:\n%s", start)
	}

	tr := w.gemini(t, proj, "/learning-recall", "", nil)
	got := tr.first(t).allText()
	e2eutil.MustContain(t, "<project-memory>", e2eutil.Section(t, got, "project-memory"), start[:strings.Index(start, newest)])
	// Once: one heading, each learning's line at most twice (Gemini cuts a
	// !{...} output after about 4 KB, and the hook then adds the rest from
	// the line it cut), every learning there.
	const heading = "Project data recorded by `learn store` in earlier sessions"
	if n := strings.Count(got, heading); n != 1 {
		t.Errorf("the /learning-recall request carries the memory %d times, want once:\n%s", n, got)
	}
	if n := strings.Count(got, newest); n != 1 {
		t.Errorf("the /learning-recall request carries the newest learning %d times, want once", n)
	}
	twice := 0
	for _, line := range strings.Split(start, "\n") {
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		switch n := strings.Count(got, line); {
		case n == 0:
			t.Errorf("the /learning-recall request lacks %q", line)
		case n > 1:
			twice++
		}
	}
	if twice > 1 {
		t.Errorf("%d learnings reached the model twice; only the line Gemini cut may", twice)
	}

	prompt := "The iOS uploader fails with EntityTooSmall on big videos sent to S3. Fix it."
	next := w.gemini(t, proj, prompt, "", nil, "--resume", "latest")
	got = next.requests[len(next.requests)-1].allText()
	e2eutil.MustContain(t, "the next prompt's request", got, prompt, "# Project learnings for this request", s3)
	if n := strings.Count(got, newest); n != 1 {
		t.Errorf("after the next prompt the conversation carries the memory %d times, want once", n)
	}
	if readMemory(t, proj) != longMemory() {
		t.Error("the session changed the memory file")
	}
}
