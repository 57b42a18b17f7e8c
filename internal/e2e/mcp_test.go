//go:build linux || darwin

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// TestMCPRecallAfterInstall: after a plain "learn install", opencode starts
// learn's MCP server from opencode.json, offers its tools to the model as
// learn_recall and so on, and a learn_recall call returns the stored
// learnings to the model in the tool result.
func TestMCPRecallAfterInstall(t *testing.T) {
	if learnDir == "" {
		t.Skip(skipHelp)
	}
	w := newWorld(t)
	out := w.learn(t, w.root, "", "install")
	t.Logf("learn install:\n%s", out)
	cfg, err := os.ReadFile(filepath.Join(w.root, "config", "opencode", "opencode.json"))
	if err != nil || !strings.Contains(string(cfg), `"learn"`) {
		t.Fatalf("learn install did not register the MCP server (%v):\n%s", err, cfg)
	}
	p := w.project(t, "mcp", memory)

	w.llm.ResetTool("learn_recall", "{}")
	r := w.chatNoReset(t, p, "What do we know about the sync client?")
	main := r.mainRequests()
	if len(main) == 0 || !hasTool(main[0].Body, "learn_recall") {
		var names []string
		if len(main) > 0 {
			for _, tl := range main[0].Body.Tools {
				names = append(names, tl.Function.Name)
			}
		}
		t.Fatalf("the model was not offered learn_recall; tools: %v\nstderr (tail):\n%s", names, tail(r.stderr, 40))
	}
	for _, name := range []string{"learn_search", "learn_show", "learn_store"} {
		if !hasTool(main[0].Body, name) {
			t.Errorf("the model was not offered %s", name)
		}
	}
	res := r.toolResults()
	t.Logf("tool result returned to the model:\n%s", res)
	e2eutil.MustContain(t, "the learn_recall result", res,
		"Backoff in the kestrel sync client must cap at 30 s",
		"make gen")

	// Uninstall takes the server out again: the next session has no learn tools.
	w.learn(t, w.root, "", "install", "--uninstall")
	w.llm.Reset("")
	r = w.chatNoReset(t, p, "And now?")
	if m := r.mainRequests(); len(m) > 0 && hasTool(m[0].Body, "learn_recall") {
		t.Errorf("after learn install --uninstall the model is still offered learn_recall")
	}
}
