// Package format implements "learn fmt".
package format

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
)

// Options holds the flags of "learn fmt".
type Options struct {
	IO     *cmdutil.IO
	Memory func() (*ops.Memory, error)
	DryRun bool
	Check  bool
	JSON   bool
}

// NewCmdFmt builds "learn fmt". runF replaces the run function in tests.
func NewCmdFmt(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
	cmd := &cobra.Command{
		Use:   "fmt",
		Short: "Rewrite the learnings file in canonical form",
		Long: `Fmt rewrites the learnings file in the canonical form learn store writes:
Consolidated Learnings first, then Recent Sessions with the newest session
first, every session with its header, project, documentation seen and its
learnings grouped by category in priority order, and one line ending style
(the file's own).

Nothing is lost. Frontmatter, the text above the first section and
hand-written sections are kept as written: sections that stood above the
learn sections stay there, the others go after the sessions. A session that
holds text the reader could not place is kept as written (learn lint says
what). Before writing, fmt parses its own result and compares it with the
original (every learning, session, documentation reference and hand-written
section); if anything would be lost or changed it refuses and writes
nothing. A file with an unclosed code fence or comment is refused too.

Fmt backs the file up first; learn undo puts it back. Running fmt twice
changes nothing the second time.

  --dry-run  prints the change as a unified diff and writes nothing
  --check    writes nothing and exits 1 when the file is not formatted (CI)`,
		Example: `  $ learn fmt --dry-run
  $ learn fmt
  $ learn fmt --check || echo "run learn fmt"`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.DryRun && opts.Check {
				return cmdutil.UsageErrorf("--dry-run and --check do not go together: --check only reports, --dry-run shows the diff")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print the change as a unified diff; write nothing")
	cmd.Flags().BoolVar(&opts.Check, "check", false, "exit 1 if the file is not in canonical form; write nothing")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.Paged(cmd)
	return cmd
}

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	m.Warn = opts.IO.Err
	rep, err := ops.Fmt(m, ops.FmtOptions{DryRun: opts.DryRun || opts.Check, Diff: opts.DryRun})
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	} else {
		write(opts, rep)
	}
	if opts.Check && rep.Exists && !rep.Formatted {
		return cmdutil.ErrSilent
	}
	return nil
}

func write(opts *Options, rep *ops.FmtResult) {
	out := opts.IO.Out
	if !rep.Exists {
		fmt.Fprintf(out, "%s does not exist yet; nothing to format.\n", rep.File)
		return
	}
	counts := memview.Plural(rep.Sessions, "session", "sessions") + ", " + memview.Plural(rep.Learnings, "learning", "learnings")
	switch {
	case opts.DryRun && rep.Diff != "":
		fmt.Fprint(out, rep.Diff)
		return
	case rep.Formatted:
		fmt.Fprintf(out, "%s is already formatted (%s).\n", rep.File, counts)
		return
	case opts.Check:
		fmt.Fprintf(out, "%s is not formatted; see the change with learn fmt --dry-run, apply it with learn fmt.\n", rep.File)
		return
	}
	fmt.Fprintf(out, "Formatted %s (%s", rep.File, counts)
	if rep.Sorted {
		fmt.Fprint(out, "; sessions sorted newest first")
	}
	fmt.Fprintln(out, ").")
	if len(rep.KeptAsWritten) > 0 {
		fmt.Fprintf(out, "Kept as written, because they hold text learn could not read: the sections at lines %v (see learn lint).\n", rep.KeptAsWritten)
	}
	fmt.Fprintf(out, "Backup: %s; learn undo puts the old file back.\n", rep.Backup.Ring)
}
