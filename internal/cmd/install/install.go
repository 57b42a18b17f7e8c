// Package install implements "learn install": it writes the slash-command
// files built into the binary where opencode (or Claude Code) reads them, so
// that a user who only has the binary (go install) gets the commands too.
package install

import (
	"fmt"
	"io"
	"os/exec"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/templates"
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
	JSON      bool
}

// NewCmdInstall builds "learn install". runF replaces the run function in tests.
func NewCmdInstall(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Getenv: f.Getenv, ProjectRoot: f.ProjectRoot}
	cmd := &cobra.Command{
		Use:   "install",
		Short: "Install the slash commands (and opencode's plugin) into opencode or Claude Code",
		Long: `Write the six /learning-* command files built into this binary where the
agent reads them:

  opencode            $XDG_CONFIG_HOME/opencode/command/ (default ~/.config/opencode/command/)
  opencode --project  .opencode/command/ in the project root
  claude              $CLAUDE_CONFIG_DIR/commands/ (default ~/.claude/commands/)
  claude --project    .claude/commands/ in the project root

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
client, only the commands.

For Claude Code it also adds two hooks to settings.json ($CLAUDE_CONFIG_DIR or
~/.claude, or .claude/ in the project with --project) so that every session
gets its memory without a slash command: SessionStart runs "learn recall
--git" and UserPromptSubmit runs "learn hook", which adds the learnings
relevant to a session's first prompt. The rest of the file is kept byte for
byte (a copy of the previous file is kept as settings.json.learn-backup); a
file that is not valid JSON is refused with its line and column and nothing is
written. --uninstall removes only learn's hooks, and install then uninstall
leaves the file as it was. --no-hooks installs the commands only.

"learn doctor" checks the result.`,
		Example: `  $ learn install
  $ learn install --project
  $ learn install --only plugin
  $ learn install --agent claude
  $ learn install --agent claude --project --no-hooks
  $ learn install --force
  $ learn install --uninstall`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			agent, err := templates.ParseAgent(opts.Agent)
			if err != nil {
				return cmdutil.Mark(fmt.Errorf("--agent: %w", err), cmdutil.ErrUsage)
			}
			if err := checkOnly(agent, opts.Only); err != nil {
				return cmdutil.Mark(err, cmdutil.ErrUsage)
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Agent, "agent", string(templates.Opencode), "the client to install for, by `NAME`: opencode or claude")
	cmd.Flags().StringVar(&opts.Only, "only", "", "install only the commands or only the opencode plugin, by `PART`: commands or plugin")
	cmd.Flags().BoolVar(&opts.Project, "project", false, "install into the current project instead of your user config")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace files of the same name that learn did not write")
	cmd.Flags().BoolVar(&opts.Uninstall, "uninstall", false, "remove the files learn install wrote")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	addClaudeFlags(cmd, opts)
	_ = cmd.RegisterFlagCompletionFunc("agent", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, a := range templates.Agents {
			names = append(names, string(a))
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("only", cobra.FixedCompletions([]string{onlyCommands, onlyPlugin}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// report is the --json form.
type report struct {
	Agent     string   `json:"agent"`
	Dir       string   `json:"dir"`
	Uninstall bool     `json:"uninstall"`
	Files     []Action `json:"files"`
	Warnings  []string `json:"warnings"`

	// Hooks is Claude Code's settings.json (claude only).
	Hooks *HooksReport `json:"hooks,omitempty"`
	// Plugin is the opencode plugin; absent for Claude Code and --only commands.
	Plugin *PluginReport `json:"plugin,omitempty"`
}

func run(opts *Options) error {
	agent := templates.Agent(opts.Agent)
	root := ""
	if opts.Project {
		r, err := opts.ProjectRoot()
		if err != nil {
			return err
		}
		root = r
	}
	dir, err := Dir(opts.Getenv, agent, root)
	if err != nil {
		return err
	}
	files, err := templates.Render(agent)
	if err != nil {
		return err
	}
	var hooks *HooksReport
	if agent == templates.Claude && opts.Only != onlyCommands {
		if hooks, err = claudeHooks(opts, root); err != nil {
			return err
		}
	}
	actions := []Action{}
	switch {
	case opts.Only == onlyPlugin:
	case opts.Uninstall:
		actions, err = Uninstall(dir, files, opts.Force)
		removeIfEmpty(dir)
	default:
		actions, err = Install(dir, files, opts.Force)
	}
	if err != nil {
		return err
	}
	plugin, err := installPlugin(opts, agent, root)
	if err != nil {
		return err
	}
	rep := report{Agent: string(agent), Dir: dir, Uninstall: opts.Uninstall, Files: actions, Hooks: hooks, Plugin: plugin, Warnings: []string{}}
	if !opts.Uninstall {
		if w := pathWarning(opts); w != "" {
			rep.Warnings = append(rep.Warnings, w)
		}
	}
	skipped, total := 0, len(actions)
	if plugin != nil {
		actions = append(actions, plugin.File)
		total++
	}
	for _, a := range actions {
		if a.Status == StatusSkipped {
			skipped++
		}
	}
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	} else {
		printHuman(opts.IO.Out, rep, skipped)
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
func headline(rep report, skipped int) string {
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

func printHuman(w io.Writer, rep report, skipped int) {
	if len(rep.Files) > 0 {
		fmt.Fprintln(w, headline(rep, skipped-pluginSkipped(rep)))
	}
	for _, a := range rep.Files {
		line := fmt.Sprintf("  %-10s %s", a.Status, a.Name)
		if a.Detail != "" {
			line += ": " + a.Detail
		}
		fmt.Fprintln(w, line)
	}
	printHooks(w, rep.Hooks)
	if rep.Plugin != nil {
		printPlugin(w, rep.Plugin, rep.Uninstall)
	}
	if rep.Uninstall || skipped > 0 {
		return
	}
	client := "opencode"
	if rep.Agent == string(templates.Claude) {
		client = "Claude Code"
	}
	fmt.Fprintf(w, "Restart %s, then type /learning-recall. Check the setup with: learn doctor\n", client)
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
