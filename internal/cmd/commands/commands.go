// Package commands implements "learn commands": it writes the slash-command
// files rendered from the embedded templates, which is how the repository's
// commands/ directory is generated.
package commands

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/agent"
	"github.com/learn-memory/learn/internal/cmdutil"
)

// Options holds the flags of "learn commands".
type Options struct {
	IO    *cmdutil.IO
	Getwd func() (string, error)
	Out   string
	Agent string
	Check bool
	JSON  bool
}

// Result is what happened to one file, the --json form.
type Result struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Status string `json:"status"` // written, unchanged, stale (with --check)
}

// NewCmdCommands builds "learn commands". runF replaces the run function in tests.
func NewCmdCommands(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Getwd: f.Getwd}
	cmd := &cobra.Command{
		Use:   "commands --out DIR",
		Short: "Write the slash-command files into a directory",
		Long: `Write the six /learning-* command files, rendered from the templates built
into this binary, into DIR. Files already identical are left alone, so the
command is safe to repeat. The repository's commands/ directory is generated
this way; --check reports whether DIR is current without writing (exit 1 if not).

--agent picks the client the files are for: opencode (the default) or claude
(Claude Code, whose files also carry "allowed-tools: Bash(learn:*)").

To install the files where the client reads them, use "learn install".`,
		Example: `  $ learn commands --out commands
  $ learn commands --out commands --check
  $ learn commands --out /tmp/claude-commands --agent claude`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Out == "" {
				return cmdutil.UsageErrorf("learn commands needs --out DIR")
			}
			if _, err := agent.Lookup(opts.Agent); err != nil {
				return cmdutil.Mark(fmt.Errorf("--agent: %w", err), cmdutil.ErrUsage)
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Out, "out", "", "write the command files into `DIR` (created if missing)")
	cmd.Flags().StringVar(&opts.Agent, "agent", agent.Default().Name(), "the client the files are for, by `NAME`: "+agent.NameList())
	cmd.Flags().BoolVar(&opts.Check, "check", false, "write nothing; exit 1 if a file is missing or differs")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	_ = cmd.MarkFlagDirname("out")
	_ = cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(agent.Names(), cobra.ShellCompDirectiveNoFileComp))
	cmdutil.NoFileFlag(cmd)
	return cmd
}

func run(opts *Options) error {
	a, err := agent.Lookup(opts.Agent)
	if err != nil {
		return err
	}
	files, err := a.Commands()
	if err != nil {
		return err
	}
	dir := opts.Out
	if !filepath.IsAbs(dir) && opts.Getwd != nil {
		wd, err := opts.Getwd()
		if err != nil {
			return fmt.Errorf("working directory: %w", err)
		}
		dir = filepath.Join(wd, dir)
	}
	if !opts.Check {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create %s: %w", opts.Out, err)
		}
	}
	results := make([]Result, 0, len(files))
	stale := 0
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		r := Result{Name: f.Name, Path: filepath.Join(opts.Out, f.Name), Status: "unchanged"}
		old, err := os.ReadFile(path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("read %s: %w", r.Path, err)
		}
		if err != nil || !bytes.Equal(old, f.Data) {
			if opts.Check {
				r.Status = "stale"
				stale++
			} else {
				if err := os.WriteFile(path, f.Data, 0o644); err != nil {
					return fmt.Errorf("write %s: %w", r.Path, err)
				}
				r.Status = "written"
			}
		}
		results = append(results, r)
	}
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, results); err != nil {
			return err
		}
	} else {
		for _, r := range results {
			fmt.Fprintf(opts.IO.Out, "%-9s %s\n", r.Status, r.Path)
		}
	}
	if stale > 0 {
		fmt.Fprintf(opts.IO.Err, "%d of %d command files in %s are not current; run: learn commands --out %s --agent %s\n", stale, len(files), opts.Out, opts.Out, a.Name())
		return cmdutil.ErrSilent
	}
	return nil
}
