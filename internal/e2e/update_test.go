//go:build linux || darwin

package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// updateMemory holds the fact a later session corrects.
const updateMemory = `## Recent Sessions

## [2026-11-18 10:00 UTC] - Frontend tests
**Project**: acme-web
**Documentation Seen**: none

### Learnings

**Fresh Discoveries:**
- Frontend unit tests for the okapi dashboard run with jest.
- The okapi dashboard is served on port 4173 in development.

---
`

// TestUpdateFlow is a correction going through the real client: summarise
// calls it an UPDATE of the stored learning with the word diff, store
// --replaces supersedes the old one in the file, and the next recall gives
// only the new one.
func TestUpdateFlow(t *testing.T) {
	if opencodeBin == "" {
		t.Skip(skipHelp)
	}
	if testing.Short() {
		t.Skip("drives the real opencode client for about 20 s; skipped with -short")
	}
	w := newWorld(t)
	w.learn(t, w.root, "", "install")
	for _, name := range []string{"recall", "summarise", "store"} {
		if _, err := os.Stat(filepath.Join(w.root, "config", "opencode", "command", "learning-"+name+".md")); err != nil {
			t.Fatalf("learn install did not install /learning-%s: %v", name, err)
		}
	}
	p := w.project(t, "update", updateMemory)
	oldID := idOf(t, w.learn(t, p, "", "recall"), "run with jest.")
	const candidate = "- Frontend unit tests for the okapi dashboard run with vitest."

	// /learning-summarise: the agent checks its candidate with the command
	// the template shows, and learn answers UPDATE of the stored learning.
	check := "learn summarise - <<'EOF'\n**User Corrections:**\n" + candidate + "\nEOF"
	r := w.opencode(t, p, check, "learning-summarise", "test runner")
	e2eutil.MustContain(t, "the /learning-summarise prompt", r.prompt(), "UPDATE of lXXXXXXX", "does this replace the old one?", "--replaces lXXXXXXX")
	e2eutil.MustContain(t, "the baseline", e2eutil.Section(t, r.prompt(), "project-memory-baseline"), "run with jest.")
	res := r.toolResults()
	if res == "" {
		t.Fatalf("no tool result reached the model; opencode stdout:\n%s", r.stdout)
	}
	e2eutil.MustContain(t, "the summarise result the model got", res,
		"1. UPDATE of "+oldID+" [User Corrections] Frontend unit tests for the okapi dashboard run with vitest.",
		"changed: `jest` → `vitest`",
		"--replaces ID")
	if got := readMemory(t, p); got != updateMemory {
		t.Errorf("/learning-summarise changed the memory file:\n%s", got)
	}

	// /learning-store: the user said it replaces the old one.
	store := "learn store --focus \"Test runner\" --replaces " + oldID + " <<'EOF'\n**User Corrections:**\n" + candidate + "\nEOF"
	r = w.opencode(t, p, store, "learning-store", "test runner")
	e2eutil.MustContain(t, "the /learning-store prompt", r.prompt(), "--replaces lXXXXXXX")
	res = r.toolResults()
	if res == "" {
		t.Fatalf("no tool result reached the model; opencode stdout:\n%s", r.stdout)
	}
	e2eutil.MustContain(t, "the store result the model got", res, "Stored 1 learning", "Replaced ["+oldID+"]", "superseded by [")
	got := readMemory(t, p)
	newID := idOf(t, w.learn(t, p, "", "recall"), "run with vitest.")
	e2eutil.MustContain(t, "the memory file", got,
		"- ~~Frontend unit tests for the okapi dashboard run with jest.~~ (superseded by "+newID+" on ",
		candidate,
		"- The okapi dashboard is served on port 4173 in development.")

	// The next session's /learning-recall sees only the new version.
	r = w.opencode(t, p, "", "learning-recall")
	recalled := e2eutil.Section(t, r.prompt(), "project-memory")
	e2eutil.MustContain(t, "the recalled learnings", recalled, "run with vitest.", "port 4173")
	e2eutil.MustNotContain(t, "the recalled learnings", recalled, "jest")

	// learn show keeps the history readable.
	e2eutil.MustContain(t, "learn show of the old learning", w.learn(t, p, "", "show", oldID), "superseded by "+newID, "Newer:    "+newID)
}

// idOf finds the ID recall prints after the learning ending in suffix.
func idOf(t *testing.T, recall, suffix string) string {
	t.Helper()
	m := regexp.MustCompile(regexp.QuoteMeta(suffix) + ` \[(l[0-9a-f]{7})\]`).FindStringSubmatch(recall)
	if m == nil {
		t.Fatalf("recall shows no learning ending in %q:\n%s", suffix, recall)
	}
	return strings.TrimSpace(m[1])
}
