// Package mcpserver is learn's MCP server ("learn mcp"): the memory as tools,
// resources and prompts for any agent that speaks the Model Context Protocol.
// It is an adapter like the CLI and the page: each tool parses its
// arguments, calls one operation through Backend and returns its result, as
// text for the model and as the operation's JSON shape for clients that read
// structured content.
package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// Reply is what an operation answers: Text for the model (what the CLI would
// print), Data for the structured content (the operation's JSON shape).
type Reply struct {
	Text string
	Data any
}

// Backend runs learn's operations on the project's memory. A refused
// request (a secret, an invalid learning) comes back as an error the tool
// result carries, never echoing the secret: the operations' errors never do.
type Backend interface {
	Recall(ctx context.Context, in RecallInput) (Reply, error)
	Search(ctx context.Context, in SearchInput) (Reply, error)
	Show(ctx context.Context, in ShowInput) (Reply, error)
	Summarise(ctx context.Context, in SummariseInput) (Reply, error)
	Store(ctx context.Context, in StoreInput) (Reply, error)
	// Prompt renders the slash command name ("learning-recall") with
	// arguments as the agent would see it, learn's output included.
	Prompt(ctx context.Context, name, arguments string) (description, text string, err error)
	// Prompts lists the slash commands: name and description.
	Prompts() []PromptInfo
}

// PromptInfo names one prompt.
type PromptInfo struct {
	Name        string
	Description string
}

// RecallInput is the recall tool's arguments.
type RecallInput struct {
	Task     string   `json:"task,omitempty" jsonschema:"the task at hand, in the user's words: its learnings come first"`
	Paths    []string `json:"paths,omitempty" jsonschema:"files the task is about"`
	Branch   string   `json:"branch,omitempty" jsonschema:"the git branch of the task"`
	MaxChars int      `json:"max_chars,omitempty" jsonschema:"the budget in characters (default 6000)"`
}

// SearchInput is the search tool's arguments.
type SearchInput struct {
	Query string `json:"query" jsonschema:"words to find"`
	Limit int    `json:"limit,omitempty" jsonschema:"at most this many hits (default 10)"`
}

// ShowInput is the show tool's arguments.
type ShowInput struct {
	ID string `json:"id" jsonschema:"a learning's or session's ID, or a prefix of 4 or more characters"`
}

// SummariseInput is the summarise tool's arguments.
type SummariseInput struct {
	Markdown string `json:"markdown,omitempty" jsonschema:"candidate learnings as Markdown (category labels and lists); empty for the baseline of what is known"`
}

// StoreInput is the store tool's arguments: the Markdown learn store reads
// on stdin.
type StoreInput struct {
	Markdown string   `json:"markdown" jsonschema:"the approved learnings as Markdown: **Category:** labels, each followed by a list"`
	Focus    string   `json:"focus" jsonschema:"what the session was about, a few words"`
	Docs     []string `json:"docs,omitempty" jsonschema:"documentation the session read, as paths or path#anchor, never content"`
	Replaces []string `json:"replaces,omitempty" jsonschema:"IDs of stored learnings the new ones replace, when the user said so"`
}

// Tool descriptions are short: every client sends them with every request.
const (
	recallDesc    = "The project's stored learnings (corrections, requirements, conventions) within a budget; pass task/paths to put the relevant ones first."
	searchDesc    = "Search the project's stored learnings; hits with IDs."
	showDesc      = "One stored learning or session by ID, with the versions it replaced."
	summariseDesc = "Check candidate learnings against the memory and the project's docs: NEW, DUPLICATE, UPDATE or ALREADY DOCUMENTED. Without markdown: what is already known."
	storeDesc     = "Store learnings in the project's memory. Only what the user approved; never secrets (refused)."
)

// New builds the server over b. version is learn's own.
func New(b Backend, version string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "learn", Title: "learn: project memory", Version: version}, &mcp.ServerOptions{
		Instructions: "learn keeps this project's memory: what earlier sessions learnt. Use recall at the start of a task, search/show to look one up, summarise then store (after the user approves) to keep what this session taught.",
	})
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(false)}
	mcp.AddTool(s, &mcp.Tool{Name: "recall", Description: recallDesc, Annotations: readOnly}, handler(b.Recall))
	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: searchDesc, Annotations: readOnly}, handler(b.Search))
	mcp.AddTool(s, &mcp.Tool{Name: "show", Description: showDesc, Annotations: readOnly}, handler(b.Show))
	mcp.AddTool(s, &mcp.Tool{Name: "summarise", Description: summariseDesc, Annotations: readOnly}, handler(b.Summarise))
	mcp.AddTool(s, &mcp.Tool{Name: "store", Description: storeDesc, Annotations: &mcp.ToolAnnotations{
		DestructiveHint: ptr(false), IdempotentHint: true, OpenWorldHint: ptr(false)}}, handler(b.Store))

	s.AddResource(&mcp.Resource{URI: memoryURI, Name: "memory", Title: "Project memory",
		Description: "What learn recall prints: the stored learnings within the budget.", MIMEType: "text/markdown"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			r, err := b.Recall(ctx, RecallInput{})
			if err != nil {
				return nil, err
			}
			return textResource(req.Params.URI, r.Text), nil
		})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: learningURITemplate, Name: "learning", Title: "One learning",
		Description: "One stored learning or session by ID, as learn show prints it.", MIMEType: "text/markdown"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			id, ok := strings.CutPrefix(req.Params.URI, learningURIPrefix)
			if !ok || !idPattern().MatchString(id) {
				return nil, mcp.ResourceNotFoundError(req.Params.URI)
			}
			r, err := b.Show(ctx, ShowInput{ID: id})
			if err != nil {
				return nil, mcp.ResourceNotFoundError(req.Params.URI)
			}
			return textResource(req.Params.URI, r.Text), nil
		})

	for _, p := range b.Prompts() {
		name := p.Name
		s.AddPrompt(&mcp.Prompt{Name: name, Description: p.Description, Arguments: []*mcp.PromptArgument{
			{Name: "arguments", Description: "what you would type after the slash command"},
		}}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			desc, text, err := b.Prompt(ctx, name, req.Params.Arguments["arguments"])
			if err != nil {
				return nil, err
			}
			return &mcp.GetPromptResult{Description: desc, Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.TextContent{Text: text}},
			}}, nil
		})
	}
	return s
}

const (
	memoryURI           = "learn://memory"
	learningURIPrefix   = "learn://learning/"
	learningURITemplate = "learn://learning/{id}"
)

// idPattern is what an ID (or a prefix of one) looks like, so a resource
// URI cannot carry anything else into the lookup.
var idPattern = lazyregexp.New(`^[ls][0-9a-f]{4,8}(-[0-9]+)?$`)

func textResource(uri, text string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: text}}}
}

// handler turns an operation into a tool handler: its text as the content,
// its JSON shape as the structured content, and an error as a tool error
// (isError) the model can read and act on, not a protocol failure.
func handler[In any](op func(context.Context, In) (Reply, error)) mcp.ToolHandlerFor[In, any] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		r, err := op(ctx, in)
		if err != nil {
			res := &mcp.CallToolResult{}
			res.SetError(errors.New(toolError(err)))
			return res, nil, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: r.Text}}}, r.Data, nil
	}
}

// toolError words a failed operation for the model: learn's message, which
// names what is wrong and never echoes a secret.
func toolError(err error) string { return fmt.Sprintf("learn: %v", err) }

func ptr[T any](v T) *T { return &v }
