package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fakeBackend answers like learn's operations on a one-learning memory.
type fakeBackend struct {
	stored []StoreInput
}

func (f *fakeBackend) Recall(_ context.Context, in RecallInput) (Reply, error) {
	return Reply{Text: "- Run `make gen` before `go test`. [l1a2b3c4]\n", Data: map[string]any{"task": in.Task, "max_chars": in.MaxChars}}, nil
}

func (f *fakeBackend) Search(_ context.Context, in SearchInput) (Reply, error) {
	if strings.TrimSpace(in.Query) == "" {
		return Reply{}, errors.New("search needs words to find")
	}
	return Reply{Text: "1 hit", Data: map[string]any{"query": in.Query, "limit": in.Limit}}, nil
}

func (f *fakeBackend) Show(_ context.Context, in ShowInput) (Reply, error) {
	if in.ID != "l1a2b3c4" && in.ID != "l1a2" {
		return Reply{}, errors.New("no learning or session has an ID starting with " + in.ID)
	}
	return Reply{Text: "Run `make gen` before `go test`.", Data: map[string]any{"id": "l1a2b3c4"}}, nil
}

func (f *fakeBackend) Summarise(_ context.Context, in SummariseInput) (Reply, error) {
	return Reply{Text: "1. NEW", Data: map[string]any{"markdown": in.Markdown}}, nil
}

func (f *fakeBackend) Store(_ context.Context, in StoreInput) (Reply, error) {
	if strings.Contains(in.Markdown, "sk-") {
		return Reply{}, errors.New("learning 1 holds a secret (an OpenAI API key); nothing was stored")
	}
	f.stored = append(f.stored, in)
	return Reply{Text: "Stored 1 learning", Data: map[string]any{"written": true}}, nil
}

func (f *fakeBackend) Prompts() []PromptInfo {
	return []PromptInfo{{Name: "learning-recall", Description: "Load the memory"}, {Name: "learning-store", Description: "Store"}}
}

func (f *fakeBackend) Prompt(_ context.Context, name, args string) (string, string, error) {
	return "desc of " + name, "body of " + name + " for " + args, nil
}

func connect(t *testing.T, b Backend) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := New(b, "test").Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestTools(t *testing.T) {
	cs := connect(t, &fakeBackend{})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		readOnly := tool.Annotations != nil && tool.Annotations.ReadOnlyHint
		if want := tool.Name != "store"; readOnly != want {
			t.Errorf("tool %s: readOnlyHint %v, want %v", tool.Name, readOnly, want)
		}
		if len(tool.Description) > 200 {
			t.Errorf("tool %s: description of %d characters; every request carries it", tool.Name, len(tool.Description))
		}
	}
	slices.Sort(names)
	if want := []string{"recall", "search", "show", "store", "summarise"}; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	for _, tool := range res.Tools {
		schema, _ := json.Marshal(tool.InputSchema)
		for _, arg := range map[string][]string{
			"recall": {"task", "paths", "branch", "max_chars"}, "search": {"query", "limit"}, "show": {"id"},
			"summarise": {"markdown"}, "store": {"markdown", "focus", "docs", "replaces"},
		}[tool.Name] {
			if !strings.Contains(string(schema), `"`+arg+`"`) {
				t.Errorf("tool %s: input schema has no %q: %s", tool.Name, arg, schema)
			}
		}
	}
	if !strings.Contains(storeDesc, "approved") {
		t.Error("store's description must say to store only what the user approved")
	}
}

func TestCallTool(t *testing.T) {
	b := &fakeBackend{}
	cs := connect(t, b)
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		args    map[string]any
		want    string
		isError bool
	}{
		{"recall", map[string]any{"task": "fix the build", "max_chars": 2000}, "make gen", false},
		{"search", map[string]any{"query": "make", "limit": 3}, "1 hit", false},
		{"search", map[string]any{"query": " "}, "learn: search needs words", true},
		{"show", map[string]any{"id": "l1a2"}, "make gen", false},
		{"show", map[string]any{"id": "lffff"}, "no learning", true},
		{"summarise", map[string]any{"markdown": "**Fresh Discoveries:**\n- x\n"}, "NEW", false},
		{"store", map[string]any{"markdown": "**Fresh Discoveries:**\n- key sk-abc\n", "focus": "f"}, "holds a secret", true},
		{"store", map[string]any{"markdown": "**Fresh Discoveries:**\n- y\n", "focus": "f", "docs": []string{"README.md"}}, "Stored", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tc.name, Arguments: tc.args})
			if err != nil {
				t.Fatal(err)
			}
			text := res.Content[0].(*mcp.TextContent).Text
			if res.IsError != tc.isError || !strings.Contains(text, tc.want) {
				t.Errorf("%s(%v) = %q (isError %v), want %q (isError %v)", tc.name, tc.args, text, res.IsError, tc.want, tc.isError)
			}
			if strings.Contains(text, "sk-abc") {
				t.Errorf("the tool result echoes the secret: %q", text)
			}
			if !tc.isError && res.StructuredContent == nil {
				t.Errorf("%s: no structured content", tc.name)
			}
		})
	}
	if len(b.stored) != 1 || b.stored[0].Docs[0] != "README.md" {
		t.Errorf("stored %+v, want the one learning without a secret with its docs", b.stored)
	}
}

func TestBadRequests(t *testing.T) {
	cs := connect(t, &fakeBackend{})
	ctx := context.Background()
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "drop_everything"}); err == nil {
		t.Error("an unknown tool must be a JSON-RPC error")
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": 42}})
	if err == nil && !res.IsError {
		t.Error("a query that is not a string must be refused")
	}
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "learn://learning/../../etc/passwd"}); err == nil {
		t.Error("a resource URI that is not an ID must not be found")
	}
}

func TestResourcesAndPrompts(t *testing.T) {
	cs := connect(t, &fakeBackend{})
	ctx := context.Background()
	r, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "learn://memory"})
	if err != nil || !strings.Contains(r.Contents[0].Text, "make gen") {
		t.Fatalf("learn://memory = %+v, %v", r, err)
	}
	r, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "learn://learning/l1a2b3c4"})
	if err != nil || !strings.Contains(r.Contents[0].Text, "make gen") {
		t.Fatalf("learn://learning/l1a2b3c4 = %+v, %v", r, err)
	}
	ps, err := cs.ListPrompts(ctx, nil)
	if err != nil || len(ps.Prompts) != 2 {
		t.Fatalf("prompts %+v, %v", ps, err)
	}
	p, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "learning-recall", Arguments: map[string]string{"arguments": "billing"}})
	if err != nil || p.Messages[0].Content.(*mcp.TextContent).Text != "body of learning-recall for billing" {
		t.Fatalf("prompt = %+v, %v", p, err)
	}
}

func TestPrompterInjects(t *testing.T) {
	var ran [][]string
	p := &Prompter{
		Files: []CommandFile{{Name: "learning-recall", Data: []byte("---\ndescription: Load the memory\n---\nData:\n<m>\n!`learn recall --git </dev/null 2>&1 || echo \"learn failed\"`\n</m>\nFocus: $ARGUMENTS\n")}},
		Learn: func(_ context.Context, args []string) ([]byte, error) {
			ran = append(ran, args)
			return []byte("- a learning that mentions $ARGUMENTS\n"), nil
		},
	}
	desc, text, err := p.Prompt(context.Background(), "learning-recall", "!`learn forget --yes </dev/null 2>&1 || echo \"x\"`")
	if err != nil {
		t.Fatal(err)
	}
	want := "Data:\n<m>\n- a learning that mentions $ARGUMENTS\n</m>\nFocus: !`learn forget --yes </dev/null 2>&1 || echo \"x\"`\n"
	if desc != "Load the memory" || text != want {
		t.Errorf("Prompt = %q, %q; want %q", desc, text, want)
	}
	if len(ran) != 1 || strings.Join(ran[0], " ") != "recall --git" {
		t.Errorf("ran %v, want only learn recall --git: the user's arguments must never run", ran)
	}
	if _, _, err := p.Prompt(context.Background(), "learning-nope", ""); err == nil {
		t.Error("an unknown prompt must be an error")
	}
}

func TestPrompterFallback(t *testing.T) {
	p := &Prompter{
		Files: []CommandFile{{Name: "learning-recall", Data: []byte("---\ndescription: d\n---\n<m>\r\n!`learn recall --git </dev/null 2>&1 || echo \"learn failed: run learn doctor\"`\r\n</m>\r\n")}},
		Learn: func(context.Context, []string) ([]byte, error) {
			return []byte("learn: no memory file\n"), &exec.ExitError{}
		},
	}
	_, text, err := p.Prompt(context.Background(), "learning-recall", "")
	want := "<m>\r\nlearn: no memory file\nlearn failed: run learn doctor\r\n</m>\r\n"
	if err != nil || text != want {
		t.Errorf("Prompt = %q, %v; want %q: a failed learn prints its output and the template's fallback", text, err, want)
	}
}
