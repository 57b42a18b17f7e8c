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
		Long: `Undo puts back the newest backup of the learnings file. The commands that
destroy data (compact, forget, fmt) copy the file into a small ring of
timestamped backups before they write; undo restores the newest copy that
differs from the current file.

The file undo replaces is itself backed up first, so an undo can be undone:
run learn undo again. --list shows the ring, newest first, with each copy's
time, size and number of sessions and learnings. Name one copy, by its number
in --list or its file name (the shell completes them), to restore that one.

Exit status 1 when there is nothing to undo.`,
		Example: `  $ learn undo --list
  $ learn undo
  $ learn undo     # again: back to where you were before the first undo
  $ learn undo 3   # the third copy in --list`,
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
	File     string `json:"file"`
	Restored Copy   `json:"restored"`
	Replaced *Copy  `json:"replaced"`
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
	b, data, err := memfile.UndoFrom(path, backups, opts.LockTimeout, func(b memfile.BackupInfo, err error) {
		fmt.Fprintf(opts.IO.Err, "learn: skipping unreadable backup %s: %v\n", opts.Display(b.Path), err)
	})
	switch {
	case errors.Is(err, memfile.ErrNoChange) && opts.Backup != "":
		return fmt.Errorf("nothing to undo: backup %s is the same as %s now", opts.Backup, display)
	case errors.Is(err, memfile.ErrNoChange):
		return fmt.Errorf("nothing to undo: every backup of %s is the same as the file now", display)
	case err != nil:
		return err
	}
	restored := describe(opts.Display(b.Path), data)
	restored.Time = b.Time
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, UndoReport{File: display, Restored: restored, Replaced: cur})
	}
	out := opts.IO.Out
	fmt.Fprintf(out, "Restored %s from the backup of %s: %s.\n", display, stamp(b.Time, opts.Now()), counts(restored))
	if cur != nil {
		fmt.Fprintf(out, "The file it replaced (%s) is kept as a backup: run learn undo again to get it back.\n", counts(*cur))
	}
	return nil
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
