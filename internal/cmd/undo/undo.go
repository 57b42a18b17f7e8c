// Package undo implements "learn undo".
package undo

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn undo".
type Options struct {
	IO     *cmdutil.IO
	Memory func() (*ops.Memory, error)
	Now    func() time.Time
	List   bool
	JSON   bool
	// Force puts the backup back whole when its change cannot be undone
	// alone, losing what was written since.
	Force bool
	// Backup names the copy to restore (its number in --list or its file
	// name); empty means the newest that differs from the file.
	Backup string
}

// NewCmdUndo builds "learn undo". runF replaces the run function in tests.
func NewCmdUndo(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.NewMemory, Now: f.Now}
	cmd := &cobra.Command{
		Use:   "undo [BACKUP]",
		Short: "Restore the newest backup",
		Long: `Undo takes back the newest change that compact, forget, fmt or
store --replaces made to the learnings file, and keeps everything written
since. Those commands copy the file into a small ring of timestamped backups
before they write, with a record of what they wrote; undo puts back what the
change removed or rewrote (the sessions and learnings a forget dropped, the
sessions a compact folded) and leaves every later store, forget or edit as
it is. When nothing was written since, that is the backup itself.

Where a later write changed the very part the change did (a learning next to
a forgotten one, a session the change touched and a later forget removed),
the change cannot be undone alone: undo refuses (exit 1), writes nothing, and
names what putting the backup back whole would lose. --force puts it back
anyway. Backups made by older versions of learn hold no record of what their
change wrote: undo restores them only when the file has not been written
since, else refuses in the same way.

The file undo replaces is itself backed up first, so an undo can be undone:
run learn undo again. --list shows the ring, newest first, with each copy's
time, size and number of sessions and learnings. Name one copy, by its number
in --list or its file name (the shell completes them), to undo the change
that copy was made before.

Exit status 1 when there is nothing to undo, or when undo refuses.`,
		Example: `  $ learn undo --list
  $ learn undo
  $ learn undo     # again: back to where you were before the first undo
  $ learn undo 3   # the change before the third copy in --list
  $ learn undo --force   # put the backup back whole, losing later writes`,
		Args: cmdutil.RangeArgs(0, 1, "at most one backup (its number in learn undo --list, or its file name)"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			m, err := opts.Memory()
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return ops.BackupNames(m), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Backup = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.List, "list", false, "list the backups instead of restoring one")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "put the backup back whole even where that loses later writes")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.Paged(cmd)
	return cmd
}

// Copy describes one version of the file: a backup or the current file.
type Copy = ops.BackupCopy

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	if opts.List {
		rep, err := ops.UndoList(m)
		if err != nil {
			return err
		}
		if opts.JSON {
			return cmdutil.WriteJSON(opts.IO.Out, rep)
		}
		writeList(opts.IO.Out, rep, opts.Now())
		return nil
	}
	res, err := ops.Undo(m, ops.UndoOptions{Backup: opts.Backup, Force: opts.Force})
	if res != nil {
		for _, s := range res.Skipped {
			fmt.Fprintf(opts.IO.Err, "learn: skipped an unreadable backup: %s\n", s)
		}
	}
	if err != nil {
		return err
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	out := opts.IO.Out
	when := stamp(res.Restored.Time, opts.Now())
	switch {
	case res.Forced:
		fmt.Fprintf(out, "Put back the backup of %s whole (--force): what was written to %s since is gone from it.\n", when, res.File)
	case res.Whole:
		fmt.Fprintf(out, "Restored %s from the backup of %s (nothing was written since).\n", res.File, when)
	default:
		fmt.Fprintf(out, "Undid the change backed up at %s in %s, keeping everything written since.\n", when, res.File)
	}
	was := "did not exist"
	if res.Replaced != nil {
		was = counts(*res.Replaced)
	}
	fmt.Fprintf(out, "Now: %s (before the undo: %s; %s back, %s gone).\n", counts(res.Now), was,
		memview.Plural(res.Back, "learning", "learnings"), memview.Plural(res.Gone, "learning", "learnings"))
	if res.Replaced != nil {
		fmt.Fprintln(out, "The file before the undo is kept as a backup: run learn undo again to get it back.")
	}
	return nil
}

func writeList(w io.Writer, rep *ops.UndoListResult, now time.Time) {
	if rep.Current != nil {
		fmt.Fprintf(w, "Now:  %s, %s, %s\n", rep.File, learnings.HumanSize(rep.Current.Size), counts(*rep.Current))
	} else {
		fmt.Fprintf(w, "Now:  %s does not exist\n", rep.File)
	}
	if len(rep.Backups) == 0 {
		fmt.Fprintln(w, "No backups yet: compact, forget and fmt make one before they write.")
		return
	}
	fmt.Fprintf(w, "Backups, newest first (learn undo restores the newest that differs from now):\n")
	for i, b := range rep.Backups {
		what := "unreadable"
		if b.Readable {
			what = counts(b)
		}
		fmt.Fprintf(w, "  %2d  %s  %8s  %s  %s\n", i+1, stamp(b.Time, now), learnings.HumanSize(b.Size), what, b.Path)
	}
}

func counts(c Copy) string {
	return memview.Plural(c.Sessions, "session", "sessions") + ", " + memview.Plural(c.Learnings, "learning", "learnings")
}

// stamp shows a backup's time in the clock's zone (local time), to the
// second: backups made a minute apart must be told apart.
func stamp(t, now time.Time) string { return t.In(now.Location()).Format("2006-01-02 15:04:05 MST") }

// pick finds the backup a user named: its number in --list (1 is the
// newest) or its file name.

// backupNames lists the ring's file names for shell completion.
