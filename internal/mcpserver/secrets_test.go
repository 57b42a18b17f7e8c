package mcpserver

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestToolsHideEverySpelling holds the tools to the spellings the commands
// are held to (secretstest.Spellings; internal/cmd/root has the commands'
// test): store refuses each as a tool error that never repeats it,
// summarise warns about each, and recall, search, show and the memory
// resource print none of a file that holds them all.
func TestToolsHideEverySpelling(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".tmp", "memory-learnings.md")
	src := secretstest.SpellingsMemory()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	memory := func() (*ops.Memory, error) {
		return &ops.Memory{Path: path, Display: ".tmp/memory-learnings.md", Reason: "project root", Root: dir,
			Now: func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) }, Limit: 1 << 20}, nil
	}
	cs := connect(t, Full{Ops: Ops{Memory: memory}, Prompter: &Prompter{}})
	ctx := context.Background()
	sps := secretstest.Spellings()
	leaks := func(what, text string) {
		t.Helper()
		for _, sp := range sps {
			if strings.Contains(text, sp.Secret) {
				t.Errorf("%s prints the secret of %s", what, sp.Name)
			}
		}
	}
	call := func(name string, args map[string]any) (string, bool) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		leaks(name, text)
		return text, res.IsError
	}
	call("recall", map[string]any{"max_chars": 1 << 20})
	call("recall", map[string]any{"task": "deploy the password", "max_chars": 1 << 20})
	found, _ := call("search", map[string]any{"query": "deploy", "limit": 1000})
	for _, id := range regexp.MustCompile(`\[(l[0-9a-f]{7})\]`).FindAllStringSubmatch(found, -1) {
		call("show", map[string]any{"id": id[1]})
	}
	res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "learn://memory"})
	if err != nil {
		t.Fatal(err)
	}
	leaks("learn://memory", res.Contents[0].Text)
	var md strings.Builder
	md.WriteString("**Fresh Discoveries:**\n")
	for _, sp := range sps {
		md.WriteString("- Rollout: " + sp.Text + "\n")
	}
	if text, _ := call("summarise", map[string]any{"markdown": md.String()}); strings.Count(text, "holds a secret (") != len(sps) {
		t.Errorf("summarise warned of %d secrets in %d candidates, each with one", strings.Count(text, "holds a secret ("), len(sps))
	}
	for _, sp := range sps {
		if _, isErr := call("store", map[string]any{"focus": "Deploy", "markdown": "**Fresh Discoveries:**\n- Rollout: " + sp.Text + "\n"}); !isErr {
			t.Errorf("store took the secret of %s", sp.Name)
		}
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != src {
		t.Errorf("the file changed (%v)", err)
	}
}
