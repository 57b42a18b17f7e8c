// Package mcp implements "learn mcp".
package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/mcpserver"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/templates"
)

// Options holds the flags of "learn mcp".
type Options struct {
	IO      *cmdutil.IO
	Memory  func() (*ops.Memory, error)
	Version string
	// FileFlag is the global --file, passed on to the learn commands the
	// prompts run.
	FileFlag func() string
	// JSON is accepted as every command accepts it; stdout is JSON-RPC
	// either way.
	JSON bool
	// NoPrompts serves no prompts: for a client that already has learn's
	// command files, where prompts of the same names would displace them
	// (Gemini CLI renames both, and /learning-recall is then no command).
	NoPrompts bool
}

// NewCmdMCP builds "learn mcp". runF replaces the run function in tests.
func NewCmdMCP(f *cmdutil.Factory, version string, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.NewMemory, Version: version, FileFlag: func() string { return f.FileFlag }}
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the memory to agents over the Model Context Protocol",
		Long: `Serve the project's memory over MCP on stdin and stdout, for any agent or
editor that speaks the Model Context Protocol. Agents start it themselves:
'learn install' registers it with opencode, Claude Code, Codex and Gemini CLI.

Tools: recall {task, paths, branch, max_chars}, search {query, limit},
show {id} and summarise {markdown} only read; store {markdown, focus, docs,
replaces} stores what the user approved, as 'learn store' does (secrets are
refused with a tool error that never repeats them). Resources: learn://memory
(what 'learn recall' prints) and learn://learning/{id}. Prompts: the six
/learning-* commands, with learn's output in them as the slash commands get it;
--no-prompts leaves them out for a client that has learn's command files
already (learn install registers it so with Gemini CLI, which would otherwise
rename both and leave no /learning-recall).

The memory file is found as every command finds it: --file, $LEARN_FILE, or
.tmp/memory-learnings.md under the project root of the directory the agent
starts it in. stdout carries only JSON-RPC (so --json changes nothing);
messages go to stderr. The server ends when stdin closes.

Exit status: 0 when stdin closed, 1 failure.`,
		Example: `  $ learn mcp
  $ learn mcp --file ~/notes/memory-learnings.md
  $ learn mcp --no-prompts`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.NoPrompts, "no-prompts", false, "serve the tools and resources only, not the six commands as prompts")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	files, err := templates.Render(templates.Opencode)
	if err != nil {
		return err
	}
	prompter := &mcpserver.Prompter{Learn: learnRunner(opts.FileFlag())}
	for _, f := range files {
		if opts.NoPrompts {
			break
		}
		prompter.Files = append(prompter.Files, mcpserver.CommandFile{Name: f.Command(), Data: f.Data})
	}
	server := mcpserver.New(mcpserver.Full{Ops: mcpserver.Ops{Memory: opts.Memory}, Prompter: prompter}, opts.Version)
	d := newStream(opts.IO.In, opts.IO.Out)
	t := &mcp.IOTransport{Reader: io.NopCloser(d), Writer: d}
	err = server.Run(ctx, t)
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "connection closed") {
		return nil
	}
	return fmt.Errorf("mcp: %w", err)
}

// learnRunner runs this learn binary for a prompt's injected commands, as
// a client's shell would, with the same --file.
func learnRunner(file string) func(ctx context.Context, args []string) ([]byte, error) {
	return func(ctx context.Context, args []string) ([]byte, error) {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("find the learn binary: %w", err)
		}
		if file != "" {
			args = append([]string{"--file", file}, args...)
		}
		cmd := exec.CommandContext(ctx, exe, args...)
		cmd.Stdin = nil
		return cmd.CombinedOutput()
	}
}
