//go:build linux || darwin

package geminie2e

import (
	"slices"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// TestMCPRecall: after "learn install --agent gemini", Gemini CLI starts
// "learn mcp", offers the model learn's recall tool without a confirmation
// (learn's policy trusts the read tools), and the model that calls it gets
// the stored learning back as the tool's result.
func TestMCPRecall(t *testing.T) {
	skipUnlessGemini(t)
	w := newWorld(t)
	proj := w.project(t, "mcp", memory)
	w.learn(t, proj, "install", "--agent", "gemini", "--no-hooks")

	tr := w.gemini(t, proj, "what do we know about the retry backoff?", "mcp_learn_recall", map[string]any{"task": "retry backoff"})
	first := tr.first(t)
	if !slices.Contains(first.toolNames(), "mcp_learn_recall") {
		t.Fatalf("the model is not offered mcp_learn_recall; tools: %v\nstderr:\n%s", first.toolNames(), tr.stderr)
	}
	if slices.Contains(first.toolNames(), "mcp_learn_store") {
		t.Errorf("mcp_learn_store is offered without a confirmation")
	}
	e2eutil.MustNotContain(t, "the first request", first.allText(), "gateway-walrus")
	if len(tr.requests) < 2 {
		t.Fatalf("no request after the tool call\nstderr:\n%s", tr.stderr)
	}
	e2eutil.MustContain(t, "the functionResponse", tr.requests[1].functionResponses(), "mcp_learn_recall", "gateway-walrus")
	if readMemory(t, proj) != memory {
		t.Error("recall through MCP changed the memory file")
	}
}

// TestMCPStoreRefusesASecret: the store tool is not offered without a
// confirmation (learn's policy trusts only the read tools); with --yolo, a
// store the model makes with a secret in it is refused as a tool error that
// does not echo the secret, and the memory file stays as it was.
func TestMCPStoreRefusesASecret(t *testing.T) {
	skipUnlessGemini(t)
	w := newWorld(t)
	proj := w.project(t, "mcp-store", memory)
	w.learn(t, proj, "install", "--agent", "gemini", "--no-hooks")

	secret := "ghp_" + "Zq8vR2mK5tW9xY3bN6cD1fG4hJ7kL0pQ2sT5"
	md := "**User Corrections:**\n- The CI deploy token is " + secret + "; use it for the staging pushes.\n"
	tr := w.gemini(t, proj, "remember the deploy token", "mcp_learn_store", map[string]any{"markdown": md}, "--yolo")
	if len(tr.requests) < 2 {
		t.Fatalf("no request after the store call (tools offered: %v)\nstderr:\n%s", tr.first(t).toolNames(), tr.stderr)
	}
	resp := tr.requests[1].functionResponses()
	e2eutil.MustContain(t, "the functionResponse", resp, "mcp_learn_store")
	e2eutil.MustNotContain(t, "the functionResponse", resp, secret)
	if readMemory(t, proj) != memory {
		t.Error("a store with a secret changed the memory file")
	}
}
