// Package root assembles the learn command tree and turns its outcome into
// an exit status.
package root

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmd/commands"
	"github.com/learn-memory/learn/internal/cmd/compact"
	"github.com/learn-memory/learn/internal/cmd/doctor"
	"github.com/learn-memory/learn/internal/cmd/forget"
	"github.com/learn-memory/learn/internal/cmd/format"
	"github.com/learn-memory/learn/internal/cmd/hook"
	"github.com/learn-memory/learn/internal/cmd/imports"
	"github.com/learn-memory/learn/internal/cmd/improvedocs"
	"github.com/learn-memory/learn/internal/cmd/install"
	"github.com/learn-memory/learn/internal/cmd/lint"
	"github.com/learn-memory/learn/internal/cmd/man"
	"github.com/learn-memory/learn/internal/cmd/mcp"
	"github.com/learn-memory/learn/internal/cmd/recall"
	"github.com/learn-memory/learn/internal/cmd/search"
	"github.com/learn-memory/learn/internal/cmd/serve"
	"github.com/learn-memory/learn/internal/cmd/show"
	"github.com/learn-memory/learn/internal/cmd/stats"
	"github.com/learn-memory/learn/internal/cmd/store"
	"github.com/learn-memory/learn/internal/cmd/summarise"
	"github.com/learn-memory/learn/internal/cmd/undo"
	"github.com/learn-memory/learn/internal/cmd/version"
	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/heapexpect"
)

// Version is set at build time with -ldflags "-X .../root.Version=v1.2.3";
// otherwise the module version from the build info is used.
var Version = ""

// Main runs learn with the process's arguments and streams and returns the
// exit status. Errors are printed here, once, as "learn: ...".
func Main() int {
	if !longLived(os.Args[1:]) {
		collectLate(lateGCLimit, os.Getenv)
		heapexpect.Enable(expectHeap)
	}
	f := cmdutil.NewFactory()
	cmd := newCmdRoot(f, os.Args[1:])
	c, err := cmd.ExecuteC()
	f.IO.StopPager()
	cmdutil.PrintError(f.IO.Err, err, wantsJSON(c, os.Args[1:]))
	return cmdutil.ExitCode(err)
}

// wantsJSON tells whether the command line asked for --json, so that its
// error is JSON too; when parsing failed the flag was never set, so the
// arguments are read as written.
func wantsJSON(c *cobra.Command, args []string) bool {
	if c != nil {
		if fl := c.Flags().Lookup("json"); fl != nil && fl.Changed {
			return fl.Value.String() == "true"
		}
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--json" || a == "--json=true" {
			return true
		}
	}
	return false
}

// NewCmdRoot builds the whole command tree around f.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command { return newCmdRoot(f, nil) }

// newCmdRoot builds the command tree with the subcommands the command line
// args needs (see needed); nil args builds them all.
func newCmdRoot(f *cmdutil.Factory, args []string) *cobra.Command {
	info := version.Read(Version)
	cmd := &cobra.Command{
		Use:   "learn <command>",
		Short: "A project memory for AI coding agents",
		Long: `learn keeps a project's learnings in .tmp/memory-learnings.md, a Markdown file a
person can read, and does every read, write, merge, budget, duplicate and safety
check on it, so that an agent never edits the file by hand and never has to read
all of it. The opencode slash commands /learning-recall, /learning-summarise,
/learning-store, /learning-compact, /learning-improve-docs and /learning-forget
call it; a person uses the same commands in a terminal.

The file is found with --file, else $LEARN_FILE, else .tmp/memory-learnings.md
under the project root: the work tree of the nearest git repository above the
working directory, else the working directory. Every linked worktree of a
repository (git worktree add) shares the main worktree's file; a memory a
worktree kept on its own is merged into it once and kept aside as
.tmp/memory-learnings.adopted.md. A submodule or a nested repository is its
own project; a bare repository keeps its memory in the repository folder.
learn doctor says which file is used and why. On the default path, learn
refuses (exit 1) to write through a symbolic link that leads out of the project
or into its .git folder (a cloned repository could ship one); a file named with
--file or $LEARN_FILE may be a link. A missing default file is a first
session; a file named with --file or $LEARN_FILE must exist (exit 1 when it
does not), except for store and undo, which create it when its directory
exists. Only the default .tmp/ directory is ever created: 0700, and the
files learn creates 0600; an existing file keeps its mode.

Exit status: 0 success, 1 failure, 2 usage error, 3 refused content (a secret
or an invalid learning), 4 busy (another learn held the file's lock too long).`,
		Example: `  $ learn recall
  $ learn store --focus "Retry logic" <<'EOF'
  **User Corrections:**
  - Backoff must cap at 30 s; the gateway drops idle connections at 60 s.
  EOF
  $ learn search retries
  $ learn install`,
		Version:       info.String(),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	cobra.EnableCommandSorting = false
	cmd.SetIn(f.IO.In)
	cmd.SetOut(f.IO.Out)
	cmd.SetErr(f.IO.Err)
	cmd.PersistentFlags().StringVar(&f.FileFlag, "file", "", "the learnings file at `PATH` (default: $LEARN_FILE, else .tmp/memory-learnings.md in the project root)")
	_ = cmd.MarkPersistentFlagFilename("file", "md")
	cmd.SetVersionTemplate("learn version {{.Version}}\n")
	cmd.SetFlagErrorFunc(cmdutil.FlagError)
	cmd.PersistentPreRunE = func(c *cobra.Command, args []string) error {
		if cmdutil.IsPaged(c) {
			f.IO.StartPager()
		}
		return nil
	}
	cmd.Args = cobra.ArbitraryArgs
	cmd.RunE = func(c *cobra.Command, args []string) error {
		if len(args) > 0 {
			return unknownCommand(c, args[0])
		}
		return c.Help()
	}

	cmd.AddGroup(
		&cobra.Group{ID: "memory", Title: "Memory commands (the slash commands call these):"},
		&cobra.Group{ID: "explore", Title: "Finding and maintaining learnings:"},
		&cobra.Group{ID: "setup", Title: "Setting up opencode:"},
	)
	subs := subcommands(f, info)
	for _, sc := range subs {
		if needed(args, subs, sc.name) {
			c := sc.build()
			c.GroupID = sc.group
			cmd.AddCommand(c)
		}
	}
	if needed(args, subs, "man") {
		cmd.AddCommand(man.NewCmdMan(f))
	}
	cmd.SetHelpCommandGroupID("setup")
	cmd.SetCompletionCommandGroupID("setup")
	cmd.InitDefaultHelpCmd()
	cmd.InitDefaultCompletionCmd()
	for _, c := range cmd.Commands() {
		switch c.Name() {
		case "completion", "help": // cobra's own
			cmdutil.NoFileFlag(c)
		}
		if cmdutil.HasNoFileFlag(c) {
			withoutFile(c)
		}
	}
	return cmd
}

// subcommand is one of learn's commands in the order help lists them, with
// the constructor that builds it.
type subcommand struct {
	name, group string
	build       func() *cobra.Command
}

func subcommands(f *cmdutil.Factory, info version.Info) []subcommand {
	return []subcommand{
		{"recall", "memory", func() *cobra.Command { return recall.NewCmdRecall(f, nil) }},
		{"summarise", "memory", func() *cobra.Command { return summarise.NewCmdSummarise(f, nil) }},
		{"store", "memory", func() *cobra.Command { return store.NewCmdStore(f, nil) }},
		{"compact", "memory", func() *cobra.Command { return compact.NewCmdCompact(f, nil) }},
		{"improve-docs", "memory", func() *cobra.Command { return improvedocs.NewCmdImproveDocs(f, nil) }},
		{"forget", "memory", func() *cobra.Command { return forget.NewCmdForget(f, nil) }},
		{"import", "memory", func() *cobra.Command { return imports.NewCmdImport(f, nil) }},
		{"search", "explore", func() *cobra.Command { return search.NewCmdSearch(f, nil) }},
		{"show", "explore", func() *cobra.Command { return show.NewCmdShow(f, nil) }},
		{"lint", "explore", func() *cobra.Command { return lint.NewCmdLint(f, nil) }},
		{"fmt", "explore", func() *cobra.Command { return format.NewCmdFmt(f, nil) }},
		{"undo", "explore", func() *cobra.Command { return undo.NewCmdUndo(f, nil) }},
		{"stats", "explore", func() *cobra.Command { return stats.NewCmdStats(f, nil) }},
		{"serve", "explore", func() *cobra.Command { return serve.NewCmdServe(f, nil) }},
		{"commands", "setup", func() *cobra.Command { return commands.NewCmdCommands(f, nil) }},
		{"install", "setup", func() *cobra.Command { return install.NewCmdInstall(f, nil) }},
		{"doctor", "setup", func() *cobra.Command { return doctor.NewCmdDoctor(f, nil) }},
		{"hook", "setup", func() *cobra.Command { return hook.NewCmdHook(f, nil) }},
		{"mcp", "setup", func() *cobra.Command { return mcp.NewCmdMCP(f, info.Version, nil) }},
		{"version", "setup", func() *cobra.Command { return version.NewCmdVersion(f, info) }},
	}
}

// needed reports whether the command line args needs the subcommand name.
// A command line that names a subcommand first, as the slash commands, the
// hooks and people write them (learn recall ...), needs that one alone, and a
// bare --version none; anything else (help, completion, man, a typo that
// wants suggestions, a flag before the command) gets the whole tree, as does
// nil args. Building every command for each run of learn cost each hook
// event and each recall 40-80 page faults and 2-6 ms of CPU (learn recall
// and learn --version in an empty folder, 30-40 runs on a busy machine); the
// commands are the same either way, so their help and output are too
// (TestPartialTree).
func needed(args []string, subs []subcommand, name string) bool {
	switch {
	case args == nil:
		return true
	case len(args) == 1 && args[0] == "--version":
		return false
	case len(args) > 0 && slices.ContainsFunc(subs, func(sc subcommand) bool { return sc.name == args[0] }):
		return args[0] == name
	}
	return true
}

// withoutFile takes the global --file away from a command that declared
// cmdutil.NoFileFlag, and from its subcommands: it is not in their help, and
// giving it is a usage error rather than silently ignored.
func withoutFile(c *cobra.Command) {
	var ignored string
	c.Flags().StringVar(&ignored, "file", "", "")
	_ = c.Flags().MarkHidden("file")
	c.PreRunE = chainPreRun(c.PreRunE, func(c *cobra.Command, args []string) error {
		if c.Flags().Changed("file") {
			return cmdutil.UsageErrorf("%s does not read a learnings file; --file means nothing here", c.CommandPath())
		}
		return nil
	})
	for _, sub := range c.Commands() {
		withoutFile(sub)
	}
}

func chainPreRun(first, then func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	return func(c *cobra.Command, args []string) error {
		if first != nil {
			if err := first(c, args); err != nil {
				return err
			}
		}
		return then(c, args)
	}
}

// unknownCommand reports a mistyped subcommand as a usage error, with
// cobra's did-you-mean suggestions, instead of printing the help and
// succeeding: an agent that mistypes a command must see the failure.
func unknownCommand(c *cobra.Command, name string) error {
	msg := fmt.Sprintf("unknown command %q for %q", name, c.CommandPath())
	if suggestions := c.SuggestionsFor(name); len(suggestions) > 0 {
		msg += fmt.Sprintf("; did you mean %s?", strings.Join(suggestions, " or "))
	}
	return cmdutil.Mark(fmt.Errorf("%s (see '%s --help')", msg, c.CommandPath()), cmdutil.ErrUsage)
}
