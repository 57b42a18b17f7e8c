//go:build linux || darwin

package geminie2e

import (
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
