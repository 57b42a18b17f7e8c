// Package undo implements "learn undo".
package undo

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn undo".
type Options struct {
	IO      *cmdutil.IO
	Path    func() (string, error)
	Display func(string) string
	Now     func() time.Time
	List    bool
	JSON    bool
	// Force puts the backup back whole when its change cannot be undone
	// alone, losing what was written since.
	Force bool
	// Backup names the copy to restore (its number in --list or its file
	// name); empty means the newest that differs from the file.
	Backup      string
	LockTimeout time.Duration
}

// NewCmdUndo builds "learn undo". runF replaces the run function in tests.
func NewCmdUndo(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Path: f.NewMemoryFile, Display: f.DisplayPath, Now: f.Now, LockTimeout: memfile.DefaultLockTimeout}
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
			return backupNames(opts), cobra.ShellCompDirectiveNoFileComp
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
type Copy struct {
	Path      string    `json:"path"`
	Time      time.Time `json:"time,omitzero"`
	Size      int       `json:"size"`
	Sessions  int       `json:"sessions"`
	Learnings int       `json:"learnings"`
	// Readable is false when the backup could not be read.
	Readable bool `json:"readable"`
}

// ListReport is the --list --json output.
type ListReport struct {
	File    string `json:"file"`
	Current *Copy  `json:"current"`
	Backups []Copy `json:"backups"`
}

// UndoReport is the --json output of an undo.
type UndoReport struct {
	File string `json:"file"`
	// Restored is the backup whose change was undone.
	Restored Copy `json:"restored"`
	// Replaced is the file before the undo, Now the file after it.
	Replaced *Copy `json:"replaced"`
	Now      Copy  `json:"now"`
	// Whole is true when the backup was put back as it is; false when the
	// change was undone and later writes kept.
	Whole bool `json:"whole"`
	// Forced is true when --force put the backup back over later writes.
	Forced bool `json:"forced"`
	// Back and Gone count the learnings the undo brought back and took
	// out of the file.
	Back int `json:"learnings_back"`
	Gone int `json:"learnings_gone"`
}

func run(opts *Options) error {
	path, err := opts.Path()
	if err != nil {
		return err
	}
	display := opts.Display(path)
	backups, err := memfile.Backups(path)
	if err != nil {
		return err
	}
	current, err := memfile.Read(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var cur *Copy
	if exists {
		c := describe(path, current)
		cur = &c
	}
	if opts.List {
		return list(opts, display, cur, backups)
	}
	if len(backups) == 0 {
		return fmt.Errorf("nothing to undo: %s has no backups yet (compact, forget and fmt make one before they write)", display)
	}
	if opts.Backup != "" {
		b, err := pick(backups, opts.Backup)
		if err != nil {
			return err
		}
		backups = []memfile.BackupInfo{b}
	}
	res, err := memfile.UndoFrom(path, backups, opts.LockTimeout, memfile.UndoOptions{Force: opts.Force, Skip: func(b memfile.BackupInfo, err error) {
		fmt.Fprintf(opts.IO.Err, "learn: skipping unreadable backup %s: %v\n", opts.Display(b.Path), err)
	}})
	var ce *memfile.ConflictError
	switch {
	case errors.Is(err, memfile.ErrNoChange) && opts.Backup != "":
		return fmt.Errorf("nothing to undo: undoing backup %s would not change %s", opts.Backup, display)
	case errors.Is(err, memfile.ErrNoChange):
		return fmt.Errorf("nothing to undo: undoing any backup of %s would not change it", display)
	case errors.As(err, &ce):
		return fmt.Errorf("undo refused, nothing changed: %s: %w; to put the backup back anyway: learn undo --force (the file now is backed up first)",
			display, ce)
	case err != nil:
		return err
	}
	data, _ := memfile.Read(res.Backup.Path)
	restored := describe(opts.Display(res.Backup.Path), data)
	restored.Time = res.Backup.Time
	now := describe(display, res.After)
	back, gone := delta(res.Before, res.After)
	rep := UndoReport{File: display, Restored: restored, Replaced: cur, Now: now, Whole: res.Whole, Forced: res.Forced, Back: back, Gone: gone}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	out := opts.IO.Out
	when := stamp(res.Backup.Time, opts.Now())
	switch {
	case res.Forced:
		fmt.Fprintf(out, "Put back the backup of %s whole (--force): what was written to %s since is gone from it.\n", when, display)
	case res.Whole:
		fmt.Fprintf(out, "Restored %s from the backup of %s (nothing was written since).\n", display, when)
	default:
		fmt.Fprintf(out, "Undid the change backed up at %s in %s, keeping everything written since.\n", when, display)
	}
	was := "did not exist"
	if cur != nil {
		was = counts(*cur)
	}
	fmt.Fprintf(out, "Now: %s (before the undo: %s; %s back, %s gone).\n", counts(now), was,
		memview.Plural(back, "learning", "learnings"), memview.Plural(gone, "learning", "learnings"))
	if cur != nil {
		fmt.Fprintln(out, "The file before the undo is kept as a backup: run learn undo again to get it back.")
	}
	return nil
}

// delta counts the learnings of after that before lacks (back) and those of
// before that after lacks (gone), by ID.
func delta(before, after []byte) (back, gone int) {
	n := map[string]int{}
	for _, l := range learnings.Parse(before).Learnings() {
		n[l.ID]++
	}
	for _, l := range learnings.Parse(after).Learnings() {
		if n[l.ID] > 0 {
			n[l.ID]--
			continue
		}
		back++
	}
	for _, v := range n {
		gone += v
	}
	return back, gone
}

func list(opts *Options, display string, cur *Copy, backups []memfile.BackupInfo) error {
	rep := ListReport{File: display, Current: cur, Backups: []Copy{}}
	for _, b := range backups {
		c := Copy{Path: opts.Display(b.Path), Time: b.Time, Size: int(b.Size)}
		if data, err := memfile.Read(b.Path); err == nil {
			c = describe(c.Path, data)
			c.Time = b.Time
		}
		rep.Backups = append(rep.Backups, c)
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	writeList(opts.IO.Out, rep, opts.Now())
	return nil
}

func writeList(w io.Writer, rep ListReport, now time.Time) {
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

// describe counts what a version of the file holds.
func describe(path string, data []byte) Copy {
	doc := learnings.Parse(data)
	return Copy{Path: path, Size: len(data), Sessions: len(doc.Sessions), Learnings: len(doc.Learnings()), Readable: true}
}

func counts(c Copy) string {
	return memview.Plural(c.Sessions, "session", "sessions") + ", " + memview.Plural(c.Learnings, "learning", "learnings")
}

// stamp shows a backup's time in the clock's zone (local time), to the
// second: backups made a minute apart must be told apart.
func stamp(t, now time.Time) string { return t.In(now.Location()).Format("2006-01-02 15:04:05 MST") }

// pick finds the backup a user named: its number in --list (1 is the
// newest) or its file name.
func pick(backups []memfile.BackupInfo, name string) (memfile.BackupInfo, error) {
	if n, err := strconv.Atoi(name); err == nil {
		if n < 1 || n > len(backups) {
			return memfile.BackupInfo{}, cmdutil.UsageErrorf("no backup number %d: there are %d (see learn undo --list)", n, len(backups))
		}
		return backups[n-1], nil
	}
	for _, b := range backups {
		if filepath.Base(b.Path) == filepath.Base(name) {
			return b, nil
		}
	}
	return memfile.BackupInfo{}, cmdutil.UsageErrorf("no backup named %q (see learn undo --list)", name)
}

// backupNames lists the ring's file names for shell completion.
func backupNames(opts *Options) []string {
	path, err := opts.Path()
	if err != nil {
		return nil
	}
	backups, err := memfile.Backups(path)
	if err != nil {
		return nil
	}
	names := make([]string, 0, len(backups))
	for i, b := range backups {
		names = append(names, fmt.Sprintf("%s\t%d: %s", filepath.Base(b.Path), i+1, b.Time.Format("2006-01-02 15:04:05")))
	}
	return names
}
