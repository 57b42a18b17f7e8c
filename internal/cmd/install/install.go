// Package install implements "learn install": it writes the slash-command
// files built into the binary where opencode (or Claude Code) reads them, so
// that a user who only has the binary (go install) gets the commands too.
// What goes where, for each client, is package agent's.
package install

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/agent"
	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn install".
type Options struct {
	IO          *cmdutil.IO
	Getenv      func(string) string
	ProjectRoot func() (string, error)
	// LookPath finds learn on PATH; nil uses exec.LookPath.
	LookPath func(string) (string, error)

	Agent     string
	Only      string
	Project   bool
	Force     bool
	Uninstall bool
	NoHooks   bool
	NoMCP     bool
	JSON      bool
}

// NewCmdInstall builds "learn install". runF replaces the run function in tests.
func NewCmdInstall(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Getenv: f.Getenv, ProjectRoot: f.ProjectRoot}
	cmd := &cobra.Command{
		Use:   "install",
		Short: "Install the slash commands (and opencode's plugin) into opencode, Claude Code or Codex CLI",
		Long: `Write the six /learning-* command files built into this binary where the
agent reads them:

  opencode            $XDG_CONFIG_HOME/opencode/command/ (default ~/.config/opencode/command/)
  opencode --project  .opencode/command/ in the project root
  claude              $CLAUDE_CONFIG_DIR/commands/ (default ~/.claude/commands/)
  claude --project    .claude/commands/ in the project root
  codex               $CODEX_HOME/skills/ (default ~/.codex/skills/), as skills
  codex --project     .codex/skills/ in the project root
  gemini              ~/.gemini/commands/ (TOML command files)
  gemini --project    .gemini/commands/ in the project root

It is safe to repeat: current files are left alone and files an earlier
install wrote are updated. A file of the same name that learn did not write
(your own command, or a link somewhere else, such as one made by install.sh)
is never replaced silently: it is skipped with a warning and the exit status is
1; --force replaces it. A link install.sh made into a clone that has since
moved or gone is repaired without --force. What was installed is recorded in
.learn-install.json in the same directory, so --uninstall removes exactly
those files and leaves anything else alone; inside a git work tree (--project)
a .gitignore beside it keeps that record out of 'git status'. Restart opencode
after installing.

For opencode it also installs learn's plugin, learn-recall.js, into
$XDG_CONFIG_HOME/opencode/plugin/ (.opencode/plugin/ with --project): every
session then starts with "learn recall" in its system prompt, without a slash
command. LEARN_AUTO_RECALL=0 turns it off and LEARN_RECALL_MAX_CHARS sets its
budget. --only plugin installs only the plugin; --only commands, for either
client, only the commands; --only mcp only the MCP server's entry. Learn's MCP server ("learn mcp") is added to
opencode.json ($XDG_CONFIG_HOME/opencode/opencode.json, or opencode.jsonc if
only that exists; opencode.json in the project root with --project) as
"mcp": {"learn": {"type": "local", "command": ["learn", "mcp"]}}; the model
sees its tools as learn_recall, learn_store and so on.

For Claude Code it also adds two hooks to settings.json ($CLAUDE_CONFIG_DIR or
~/.claude, or .claude/ in the project with --project) so that every session
gets its memory without a slash command: SessionStart runs "learn hook",
which prints what "learn recall --git" prints (after a compaction with the
session's recorded state), and UserPromptSubmit runs "learn hook", which adds
the learnings relevant to a session's first prompt. An earlier learn's
SessionStart hook ("learn recall --git") gets the new command in place. The rest of the file is kept byte for
byte (a copy of the previous file is kept as settings.json.learn-backup); a
file that is not valid JSON is refused with its line and column and nothing is
written. --uninstall removes only learn's hooks, and install then uninstall
leaves the file as it was. --no-hooks installs the commands only. Learn's MCP
server is registered for Claude Code in ~/.claude.json ($CLAUDE_CONFIG_DIR/
.claude.json), or the project's .mcp.json with --project, as "mcpServers":
{"learn": {"type": "stdio", "command": "learn", "args": ["mcp"]}}; its tools
are mcp__learn__recall and so on.

In opencode.json, .claude.json and .mcp.json the server is spliced in the same
way as the hooks: every other byte stays, the previous file is kept as
NAME.learn-backup, a server named learn that you configured yourself is left
alone, --uninstall removes only learn's entry (install then uninstall gives
the same bytes back, or removes the file install created), and --no-mcp
leaves these files alone.

Codex CLI (0.169.0) has no custom slash commands: the six commands become
skills (learning-recall/SKILL.md and so on), which the user invokes as
$learning-recall. The same two hooks go into Codex's hooks.json beside the
skills ($CODEX_HOME or ~/.codex, or .codex/ with --project), edited the same
way; its prompt hook, "learn hook --agent codex", also gives a prompt that
starts with $learning-NAME the learn output the opencode command injects.
Codex runs new hooks only after you trust them (it asks at start), and a
project's hooks only in a trusted project. Learn's MCP server ("learn mcp")
is added to config.toml as [mcp_servers.learn] with its read tools approved,
as a block appended at the end (the previous file is kept as
config.toml.learn-backup); --uninstall removes the block, and --no-mcp leaves
config.toml alone.

For Gemini CLI it adds to ~/.gemini/settings.json (.gemini/settings.json
with --project, which Gemini reads only in a trusted folder) a BeforeAgent
hook, "learn hook --agent gemini", which gives the first prompt of every
session what "learn recall --git" prints and the learnings relevant to it,
and
"mcpServers": {"learn": {"command": "learn", "args": ["mcp", "--no-prompts"]}}, with the
same byte-for-byte care and backup. It also writes the user policy
~/.gemini/policies/learn.toml, which lets the commands' learn calls and the
MCP server's read-only tools run without a confirmation (gemini -p refuses
what needs one). --no-hooks leaves out the hook, --no-mcp the MCP server
(the policy comes with either); --uninstall removes exactly what install
added.

"learn doctor" checks the result.`,
		Example: `  $ learn install
  $ learn install --project
  $ learn install --only plugin
  $ learn install --agent claude
  $ learn install --agent claude --project --no-hooks
  $ learn install --agent codex
  $ learn install --agent codex --no-mcp
  $ learn install --agent gemini
  $ learn install --agent gemini --no-mcp
  $ learn install --no-mcp
  $ learn install --force
  $ learn install --uninstall`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := agent.Lookup(opts.Agent)
			if err != nil {
				return cmdutil.Mark(fmt.Errorf("--agent: %w", err), cmdutil.ErrUsage)
			}
			if err := agent.CheckOnly(a, opts.Only); err != nil {
				return cmdutil.Mark(err, cmdutil.ErrUsage)
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Agent, "agent", agent.Default().Name(), "the client to install for, by `NAME`: "+agent.NameList())
	cmd.Flags().StringVar(&opts.Only, "only", "", "install only one part, by `PART`: commands, plugin (opencode's) or mcp")
	cmd.Flags().BoolVar(&opts.Project, "project", false, "install into the current project instead of your user config")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace files of the same name that learn did not write")
	cmd.Flags().BoolVar(&opts.Uninstall, "uninstall", false, "remove the files learn install wrote")
	cmd.Flags().BoolVar(&opts.NoHooks, "no-hooks", false, "claude, codex, gemini: not the automatic-recall hooks in settings.json or hooks.json")
	cmd.Flags().BoolVar(&opts.NoMCP, "no-mcp", false, "do not register learn's MCP server (learn mcp) in the agent's config")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	_ = cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(agent.Names(), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("only", cobra.FixedCompletions([]string{agent.OnlyCommands, agent.OnlyPlugin, agent.OnlyMCP}, cobra.ShellCompDirectiveNoFileComp))
	cmdutil.NoFileFlag(cmd)
	return cmd
}

func run(opts *Options) error {
	a, err := agent.Lookup(opts.Agent)
	if err != nil {
		return err
	}
	scope := agent.Scope{Getenv: opts.Getenv}
	if opts.Project {
		if scope.Project, err = opts.ProjectRoot(); err != nil {
			return err
		}
	}
	rep, err := agent.Install(a, agent.InstallOptions{
		Scope: scope, Only: opts.Only, Force: opts.Force, Uninstall: opts.Uninstall, NoHooks: opts.NoHooks, NoMCP: opts.NoMCP,
	})
	if err != nil {
		return err
	}
	if !opts.Uninstall {
		if w := pathWarning(opts); w != "" {
			rep.Warnings = append(rep.Warnings, w)
		}
	}
	skipped, total := rep.Skipped()
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	} else {
		printHuman(opts.IO.Out, a, rep, skipped)
		for _, w := range rep.Warnings {
			fmt.Fprintf(opts.IO.Err, "warning: %s\n", w)
		}
	}
	if skipped > 0 {
		return fmt.Errorf("%d of %d files skipped because a file learn did not write is in the way; rerun with --force to replace them", skipped, total)
	}
	return nil
}

// headline says what happened as a whole, so it never reads "Installed"
// when a file was skipped.
func headline(rep agent.InstallReport, skipped int) string {
	total := len(rep.Files)
	switch {
	case rep.Uninstall:
		return fmt.Sprintf("Uninstalled the %s commands from %s", rep.Agent, rep.Dir)
	case skipped == 0:
		return fmt.Sprintf("Installed the %s commands in %s", rep.Agent, rep.Dir)
	case skipped == total:
		return fmt.Sprintf("Nothing installed in %s: all %d command files were skipped", rep.Dir, total)
	}
	return fmt.Sprintf("Installed %d of the %d %s commands in %s; %d skipped", total-skipped, total, rep.Agent, rep.Dir, skipped)
}

func printHuman(w io.Writer, a agent.Agent, rep agent.InstallReport, skipped int) {
	if len(rep.Files) > 0 {
		pluginSkipped := 0
		if rep.Plugin != nil && rep.Plugin.File.Status == agent.StatusSkipped {
			pluginSkipped = 1
		}
		fmt.Fprintln(w, headline(rep, skipped-pluginSkipped))
	}
	for _, act := range rep.Files {
		printAction(w, act)
	}
	printHooks(w, rep.Hooks)
	printMCP(w, rep.MCP)
	if rep.Plugin != nil {
		verb := "Installed"
		if rep.Uninstall {
			verb = "Uninstalled"
		}
		fmt.Fprintf(w, "%s the %s plugin (automatic recall) in %s\n", verb, rep.Agent, rep.Plugin.Dir)
		printAction(w, rep.Plugin.File)
	}
	if rep.Uninstall || skipped > 0 {
		return
	}
	if a.Name() == "codex" {
		fmt.Fprintf(w, "Start codex, trust learn's hooks when it asks, then type $learning-recall. Check the setup with: learn doctor --agent codex\n")
		return
	}
	fmt.Fprintf(w, "Restart %s, then type /learning-recall. Check the setup with: learn doctor\n", a.Title())
}

func printMCP(w io.Writer, rep *agent.MCPReport) {
	if rep == nil {
		return
	}
	line := fmt.Sprintf("  %-10s MCP server %q in %s", rep.Status, rep.Server, rep.Config)
	switch {
	case rep.Status == claude.Restored:
		line = fmt.Sprintf("  %-10s %s as it was before learn added its MCP server", rep.Status, rep.Config)
	case rep.Detail != "":
		line += ": " + rep.Detail
	}
	if rep.Backup != "" {
		if _, err := os.Stat(rep.Backup); err == nil {
			line += "; the previous file is in " + rep.Backup
		}
	}
	fmt.Fprintln(w, line)
}

func printAction(w io.Writer, act agent.Action) {
	line := fmt.Sprintf("  %-10s %s", act.Status, act.Name)
	if act.Detail != "" {
		line += ": " + act.Detail
	}
	fmt.Fprintln(w, line)
}

func printHooks(w io.Writer, rep *agent.HooksReport) {
	if rep == nil {
		return
	}
	line := fmt.Sprintf("  %-10s hooks in %s (%s)", rep.Status, rep.Settings, strings.Join(rep.Hooks, "; "))
	if rep.Status == claude.Restored {
		line = fmt.Sprintf("  %-10s %s as it was before learn added its hooks", rep.Status, rep.Settings)
	}
	if rep.Backup != "" {
		if _, err := os.Stat(rep.Backup); err == nil {
			line += "; the previous file is in " + rep.Backup
		}
	}
	fmt.Fprintln(w, line)
}

// pathWarning says so when the shell commands in the templates will not find
// learn: they run "learn ..." through the user's shell.
func pathWarning(opts *Options) string {
	look := opts.LookPath
	if look == nil {
		look = exec.LookPath
	}
	if _, err := look("learn"); err != nil {
		return "learn is not on your PATH, so the slash commands cannot run it; put the directory holding learn on PATH (install.sh uses ~/.local/bin)"
	}
	return ""
}
