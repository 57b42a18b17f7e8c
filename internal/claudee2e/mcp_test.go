//go:build linux || darwin

package claudee2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// TestMCPRecallAfterInstall: after "learn install --agent claude", Claude
// Code starts learn's MCP server from ~/.claude.json, offers its tools as
// mcp__learn__recall and so on, and a recall call returns the stored
// learnings to the model in the tool result.
func TestMCPRecallAfterInstall(t *testing.T) {
	skipUnlessClaude(t)
	w := newWorld(t)
	// Claude Code defers MCP tools behind its ToolSearch tool; with tool
	// search off the model is offered them directly, as a fake model needs.
	w.extra = []string{"ENABLE_TOOL_SEARCH=false"}
	out := w.learn(t, w.root, "install", "--agent", "claude")
	t.Logf("learn install --agent claude:\n%s", out)
	cfg, err := os.ReadFile(filepath.Join(w.home, ".claude.json"))
	if err != nil || !strings.Contains(string(cfg), `"mcpServers"`) {
		t.Fatalf("learn install did not register the MCP server (%v):\n%s", err, cfg)
	}
	p := w.project(t, "mcp", memory)

	w.api.ResetTool("mcp__learn__recall", nil)
	tr := w.claudeNoReset(t, p, "What do we know about the sync client?", "--allowedTools", "mcp__learn__recall")
	first := tr.first(t)
	if !hasTool(first, "mcp__learn__recall") {
		var names []string
		for _, tl := range first.Tools {
			names = append(names, tl.Name)
		}
		t.Fatalf("the model was not offered mcp__learn__recall; tools: %v\nstderr:\n%s", names, tr.stderr)
	}
	res := toolResults(tr)
	t.Logf("tool result returned to the model:\n%s", res)
	e2eutil.MustContain(t, "the mcp__learn__recall result", res,
		"Backoff in the ocelot sync client must cap at 30 s", "make gen")
}
