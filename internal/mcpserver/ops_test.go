package mcpserver

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/learn-memory/learn/internal/ops"
)

// TestOpsBackend drives the tools through the real operations on a memory
// in a temporary project: what recall returns is what store stored, a
// secret is refused as a tool error that never repeats it, and the file is
// left as it was.
func TestOpsBackend(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".tmp", "memory-learnings.md")
	memory := func() (*ops.Memory, error) {
		return &ops.Memory{Path: path, Display: ".tmp/memory-learnings.md", Reason: "project root", Root: dir,
			Now: func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) }, Limit: 1 << 20}, nil
	}
	cs := connect(t, Full{Ops: Ops{Memory: memory}, Prompter: &Prompter{}})
	ctx := context.Background()
	call := func(name string, args map[string]any) (string, bool) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return res.Content[0].(*mcp.TextContent).Text, res.IsError
	}

	if text, isErr := call("recall", map[string]any{}); isErr || !strings.Contains(text, "No learnings yet") {
		t.Errorf("recall on no file = %q (isError %v)", text, isErr)
	}
	text, isErr := call("store", map[string]any{"focus": "Build", "docs": []string{"README.md"},
		"markdown": "**User Corrections:**\n- Run `make gen` before `go test`; generated files are not committed.\n"})
	if isErr || !strings.Contains(text, "Stored 1") {
		t.Fatalf("store = %q (isError %v)", text, isErr)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if text, isErr := call("recall", map[string]any{"task": "the tests fail to compile", "max_chars": 2000}); isErr || !strings.Contains(text, "Run `make gen` before `go test`") {
		t.Errorf("recall = %q (isError %v)", text, isErr)
	}
	text, isErr = call("search", map[string]any{"query": "generated"})
	if isErr || !strings.Contains(text, "make gen") {
		t.Errorf("search = %q (isError %v)", text, isErr)
	}
	id := text[strings.Index(text, "[")+1 : strings.Index(text, "]")]
	if text, isErr := call("show", map[string]any{"id": id}); isErr || !strings.Contains(text, "session [2026-11-25 12:00 UTC] - Build") {
		t.Errorf("show %s = %q (isError %v)", id, text, isErr)
	}
	if text, isErr := call("summarise", map[string]any{"markdown": "**Fresh Discoveries:**\n- Run make gen before go test; generated files are not committed.\n"}); isErr || !strings.Contains(text, "DUPLICATE") {
		t.Errorf("summarise = %q (isError %v)", text, isErr)
	}
	const secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	text, isErr = call("store", map[string]any{"focus": "Deploy", "markdown": "**Fresh Discoveries:**\n- CI deploys with " + secret + " as its token.\n"})
	if !isErr || strings.Contains(text, secret) || !strings.Contains(text, "GitHub") {
		t.Errorf("store of a secret = %q (isError %v): want a tool error naming the kind, never the secret", text, isErr)
	}
	after, _ := os.ReadFile(path)
	if string(after) != string(before) {
		t.Error("reading and a refused store changed the memory file")
	}
	r, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "learn://learning/" + id})
	if err != nil || !strings.Contains(r.Contents[0].Text, "make gen") {
		t.Errorf("learn://learning/%s = %+v, %v", id, r, err)
	}
}
