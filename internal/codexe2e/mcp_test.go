//go:build linux || darwin

package codexe2e

import (
	"encoding/json"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// TestMCPRecall: after "learn install --agent codex", the model calls the
// MCP tool recall of the server learn registered (Codex offers it as
// namespace mcp__learn, behind its tool_search for a catalog model) and gets
// the stored learning back; the read tool runs without asking, even in
// codex exec, whose approval policy is never.
func TestMCPRecall(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel()
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "codex")
	p := w.project(t, "app", longMemory())
	before := readMemory(t, p)
	args, _ := json.Marshal(map[string]any{"task": "The iOS uploader fails with EntityTooSmall on big videos sent to S3"})
	tr := w.codex(t, p, "mcp__learn__recall", string(args), "What do we know about S3 uploads?")
	var outputs string
	for _, r := range tr.requests {
		outputs += r.toolOutputs()
	}
	e2eutil.MustContain(t, "the tool results the model got", outputs, s3Learning)
	e2eutil.MustNotContain(t, "the tool results the model got", outputs, "requires approval")
	e2eutil.MustContain(t, "codex's answer", tr.stdout, fakeReply)
	if after := readMemory(t, p); after != before {
		t.Error("recall through MCP changed the memory file")
	}
}

// TestMCPStore: the model calls the MCP tool store with a learning that
// holds a secret; learn refuses it as a tool error that never echoes the
// secret, and the memory file stays as it was. (learn's server marks store
// non-destructive and closed-world, and Codex 0.169.0 then runs it without
// asking, even in codex exec.)
func TestMCPStore(t *testing.T) {
	skipUnlessCodex(t)
	t.Parallel()
	w := newWorld(t)
	w.learn(t, w.root, "install", "--agent", "codex")
	p := w.project(t, "app", longMemory())
	before := readMemory(t, p)
	const secret = "sk_live_51HxQfKJ8w2LmNpQrStUvWxYz0123456789abcd"
	args, _ := json.Marshal(map[string]any{
		"markdown": "**Fresh Discoveries:**\n- The billing service authenticates to Stripe with the key " + secret + " in production.\n",
		"focus":    "billing",
	})
	tr := w.codex(t, p, "mcp__learn__store", string(args), "Store what we learnt about billing.")
	var outputs string
	for _, r := range tr.requests {
		outputs += r.toolOutputs()
	}
	e2eutil.MustContain(t, "the tool result", outputs, "refused to store a secret")
	e2eutil.MustNotContain(t, "the tool result", outputs, secret, secret[8:])
	e2eutil.MustContain(t, "codex's answer", tr.stdout, fakeReply)
	if after := readMemory(t, p); after != before {
		t.Error("a store of a secret through MCP changed the memory file")
	}
}
