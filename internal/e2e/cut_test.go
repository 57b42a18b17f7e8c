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

// cutLine is a learning recall shows cut to its first clause: the clause,
// " …" and its ID.
var cutLine = regexp.MustCompile(`(?m)^- (Convention \d+: [^\n]*?) … \[(l[0-9a-f]+)\]$`)

// TestPluginCutsWhatTheTaskDoesNotTouch: the plugin passes the user's
// first message as --task, so the model gets the learning chosen for it
// whole and, the budget holding not every learning whole, the corrections
// the task touches nothing of as their first clause, " …" and their ID;
// "learn show ID" then prints such a learning whole.
func TestPluginCutsWhatTheTaskDoesNotTouch(t *testing.T) {
	if opencodeBin == "" {
		t.Skip(skipHelp)
	}
	if testing.Short() {
		t.Skip("drives the real opencode client; skipped with -short")
	}
	w := newWorld(t)
	w.learn(t, w.root, "", "install")
	p := w.project(t, "cut", e2eutil.CutMemory())
	// A learn in front of the real one logs what the plugin runs recall
	// with (opencode also starts learn mcp and learn hook: not logged).
	log := filepath.Join(t.TempDir(), "argv")
	real := filepath.Join(learnDir, "learn")
	bin := fakeLearn(t, `[ "$1" != recall ] || { printf '%s\0' "$@" >> "`+log+`"; printf '\n' >> "`+log+`"; }
exec "`+real+`" "$@"
`)
	prompt := "The iOS uploader fails with EntityTooSmall on big videos sent to S3. Fix it."
	r := w.chat(t, p, "", prompt, "PATH="+bin+":/usr/local/bin:/usr/bin:/bin")
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatalf("the plugin did not run learn recall: %v", err)
	}
	typed := strings.TrimSpace(r.prompt())
	if got, want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")[0], "recall\x00--git\x00--task\x00"+typed+"\x00"; got != want {
		t.Errorf("the plugin ran learn with argv %q, want %q (the user's message as --task)", got, want)
	}
	e2eutil.MustContain(t, "the user message", typed, prompt)

	reqs := agentRequests(r)
	if len(reqs) == 0 {
		t.Fatal("no agent request reached the model")
	}
	mem := injected(t, reqs[0])
	direct := strings.TrimSpace(w.learn(t, p, "", "recall", "--git", "--task", typed))
	for _, line := range strings.Split(direct, "\n") {
		if !strings.Contains(mem, line) {
			t.Errorf("the injected memory lacks this line of learn recall --git --task:\n%s\ninjected:\n%s", line, mem)
			break
		}
	}
	e2eutil.MustContain(t, "the injected memory", mem, "## Chosen for this task", e2eutil.CutS3)
	cuts := cutLine.FindAllStringSubmatch(mem, -1)
	if len(cuts) < 10 {
		t.Fatalf("the injected memory shows %d learnings cut to their first clause, want the corrections the task does not touch:\n%s", len(cuts), mem)
	}
	e2eutil.MustNotContain(t, "the injected memory", mem, e2eutil.CutSecond)
	for _, c := range cuts[:3] {
		clause, id := c[1], c[2]
		whole := w.learn(t, p, "", "show", id)
		e2eutil.MustContain(t, "learn show "+id, whole, clause, e2eutil.CutSecond)
	}
}
