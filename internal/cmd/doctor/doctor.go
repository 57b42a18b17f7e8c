// Package doctor implements "learn doctor": it checks that the slash
// commands can work (learn on PATH, the command files installed, current and
// readable by the agent) and that the learnings file parses, and says how to
// fix each problem.
package doctor

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/agent"
	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn doctor".
type Options struct {
	IO          *cmdutil.IO
	Getenv      func(string) string
	ProjectRoot func() (string, error)
	MemoryFile  func() (string, error)
	Locate      func() (memfile.Location, error)
	SizeLimit   func() (int, error)
	// LookPath and Executable locate the learn on PATH and this binary;
	// nil uses exec.LookPath and os.Executable.
	LookPath   func(string) (string, error)
	Executable func() (string, error)

	Agent string
	JSON  bool
}

// NewCmdDoctor builds "learn doctor". runF replaces the run function in tests.
func NewCmdDoctor(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Getenv: f.Getenv, ProjectRoot: f.ProjectRoot, MemoryFile: f.MemoryFile, Locate: f.LocateMemory, SizeLimit: f.SizeLimit}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the installation and the learnings file",
		Long: `Check everything the slash commands need, and say how to fix what is wrong:

  - learn is on PATH (the commands run it through the shell), and it is this
    binary rather than an older copy;
  - the six /learning-* command files are installed, in your user config or in
    the project (.opencode/command/), and are current: byte for byte what this
    binary would install;
  - every command file in those directories has frontmatter the agent accepts
    (opencode stops entirely when one file has a wrongly typed value);
  - for opencode, the plugin that recalls the learnings at the start of every
    session (learn-recall.js in opencode's plugin directory, user or project)
    is installed and is this binary's version;
  - the learnings file parses; problems are counted with their first line.
  - with --agent claude: the automatic-recall hooks are in Claude Code's
    settings.json (yours or the project's) and not switched off, and learn is
    on the PATH Claude Code runs them with (the settings' env.PATH if set).
  - with --agent codex: the six skills in ~/.codex/skills (or .codex/skills),
    learn's hooks in Codex's hooks.json (with a note when Codex has no trust
    decision recorded for them), learn on PATH, and learn's MCP server in
    config.toml.

Exit status 1 when a check fails; warnings alone exit 0.`,
		Example: `  $ learn doctor
  $ learn doctor --agent claude
  $ learn doctor --agent codex
  $ learn doctor --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := agent.Lookup(opts.Agent); err != nil {
				return cmdutil.Mark(fmt.Errorf("--agent: %w", err), cmdutil.ErrUsage)
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Agent, "agent", agent.Default().Name(), "the client to check, by `NAME`: "+agent.NameList())
	cmdutil.JSONFlag(cmd, &opts.JSON)
	_ = cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(agent.Names(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// report is the --json form.
type report struct {
	OK     bool          `json:"ok"`
	Checks []agent.Check `json:"checks"`
}

func run(opts *Options) error {
	a, err := agent.Lookup(opts.Agent)
	if err != nil {
		return err
	}
	env := agent.Env{Getenv: opts.Getenv, ProjectRoot: opts.ProjectRoot, LookPath: opts.LookPath}
	checks := []agent.Check{checkBinary(opts)}
	checks = append(checks, agent.CheckCommands(a, env)...)
	checks = append(checks, a.Doctor(env)...)
	checks = append(checks, checkMemory(opts))
	checks = append(checks, checkLocation(opts)...)

	rep := report{OK: true, Checks: checks}
	for _, c := range checks {
		if c.Status == agent.CheckFail {
			rep.OK = false
		}
	}
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	} else {
		printHuman(opts.IO.Out, opts.IO.ColorScheme(), rep)
	}
	if !rep.OK {
		return cmdutil.ErrSilent
	}
	return nil
}

func printHuman(w io.Writer, cs cmdutil.ColorScheme, rep report) {
	label := map[agent.CheckStatus]string{agent.CheckOK: cs.Good("ok") + "  ", agent.CheckWarn: cs.Warn("warn"), agent.CheckFail: cs.Bad("FAIL")}
	for _, c := range rep.Checks {
		fmt.Fprintf(w, "%s  %s: %s\n", label[c.Status], c.Name, c.Message)
		for _, d := range c.Details {
			fmt.Fprintf(w, "        %s\n", d)
		}
		if c.Fix != "" {
			fmt.Fprintf(w, "        fix: %s\n", c.Fix)
		}
	}
	if rep.OK {
		fmt.Fprintln(w, "All checks passed.")
	} else {
		fmt.Fprintln(w, "Some checks failed; each says how to fix it.")
	}
}

func checkBinary(opts *Options) agent.Check {
	c := agent.Check{Name: "learn on PATH"}
	look, exe := opts.LookPath, opts.Executable
	if look == nil {
		look = exec.LookPath
	}
	if exe == nil {
		exe = os.Executable
	}
	onPath, err := look("learn")
	if err != nil {
		c.Status = agent.CheckFail
		c.Message = "not found, so the slash commands and automatic recall cannot run learn"
		c.Fix = "put the directory holding learn on PATH (./install.sh installs to ~/.local/bin), or run go install ./cmd/learn in a clone of learn (it installs to $(go env GOPATH)/bin)"
		return c
	}
	c.Status, c.Message = agent.CheckOK, onPath
	self, err := exe()
	if err != nil {
		return c
	}
	if !sameFile(onPath, self) {
		c.Status = agent.CheckWarn
		c.Message = fmt.Sprintf("%s is not this binary (%s): the slash commands run the one on PATH", onPath, self)
		c.Fix = "reinstall (./install.sh or go install), or put this binary's directory first on PATH"
	}
	return c
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}

func checkMemory(opts *Options) agent.Check {
	c := agent.Check{Name: "learnings file"}
	path, err := opts.MemoryFile()
	if err != nil {
		c.Status, c.Message = agent.CheckFail, err.Error()
		return c
	}
	read, err := (&ops.Memory{Path: path}).Load() // refuses a binary file, naming the line
	switch {
	case err == nil && !read.Exists:
		c.Status = agent.CheckOK
		c.Message = path + " does not exist yet (first session); /learning-store creates it"
		return c
	case err != nil:
		c.Status, c.Message = agent.CheckFail, err.Error()
		c.Fix = "check the path and its permissions"
		if errors.Is(err, memfile.ErrNotFile) && strings.Contains(err.Error(), "NUL byte") {
			c.Fix = "restore it with learn undo, or remove the NUL bytes by hand"
		}
		return c
	}
	doc, data := read.Doc, read.Src
	c.Status = agent.CheckOK
	problems := memview.ProblemCount(doc)
	c.Message = fmt.Sprintf("%s: %s, %s, %s, %s", path,
		memview.Plural(len(doc.Sessions), "session", "sessions"),
		memview.Plural(len(doc.Learnings()), "learning", "learnings"),
		learnings.HumanSize(len(data)),
		memview.Plural(problems, "problem", "problems"))
	if len(doc.Damage) > 0 {
		c.Status = agent.CheckFail
		c.Details = append(c.Details, memview.DamageHeadline(path, doc))
		for _, d := range doc.Damage {
			c.Details = append(c.Details, d.String())
		}
		c.Fix = doc.Damage[0].Fix() + "; learn lint lists every problem"
		return c
	}
	if len(doc.Problems) > 0 {
		c.Status = agent.CheckWarn
		for i, p := range doc.Problems {
			if i == 3 {
				c.Details = append(c.Details, fmt.Sprintf("... and %d more", len(doc.Problems)-3))
				break
			}
			c.Details = append(c.Details, p.String())
		}
		c.Fix = "learn lint lists every problem; learn fmt rewrites the file in the canonical form (backup first)"
	}
	limit := learnings.SizeLimit
	if opts.SizeLimit != nil {
		if limit, err = opts.SizeLimit(); err != nil {
			c.Status, c.Message = agent.CheckFail, err.Error()
			return c
		}
	}
	if len(data) > limit {
		c.Status = agent.CheckWarn
		c.Details = append(c.Details, "the file is "+learnings.OverLimit(len(data), limit))
		c.Fix = strings.TrimPrefix(c.Fix+"; ", "; ") + learnings.SizeAdvice(doc, limit)
	}
	return c
}
