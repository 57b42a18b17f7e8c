// Package format implements "learn fmt".
package format

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/udiff"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/reformat"
)

// Options holds the flags of "learn fmt".
type Options struct {
	IO          *cmdutil.IO
	Path        func() (string, error)
	Display     func(string) string
	Now         func() time.Time
	DryRun      bool
	Check       bool
	JSON        bool
	LockTimeout time.Duration
}

// NewCmdFmt builds "learn fmt". runF replaces the run function in tests.
func NewCmdFmt(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Path: f.MemoryFile, Display: f.DisplayPath, Now: f.Now, LockTimeout: memfile.DefaultLockTimeout}
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

// Report is the --json output.
type Report struct {
	File      string `json:"file"`
	Exists    bool   `json:"exists"`
	Formatted bool   `json:"formatted"`
	Written   bool   `json:"written"`
	Sorted    bool   `json:"sorted"`
	// KeptAsWritten are the lines of sections kept as written.
	KeptAsWritten []int  `json:"kept_as_written"`
	Backup        string `json:"backup,omitempty"`
	Diff          string `json:"diff,omitempty"`
	Sessions      int    `json:"sessions"`
	Learnings     int    `json:"learnings"`
}

func run(opts *Options) error {
	path, err := opts.Path()
	if err != nil {
		return err
	}
	display := opts.Display(path)
	rep := Report{File: display, KeptAsWritten: []int{}}
	if opts.DryRun || opts.Check {
		doc, exists, err := memview.Load(path)
		if err != nil {
			return err
		}
		rep.Exists = exists
		memview.WarnDamage(opts.IO.Err, display, doc)
		if exists {
			res, err := reformat.Format(doc)
			if err != nil {
				return refusal(display, err)
			}
			describe(&rep, doc, res)
			if opts.DryRun && res.Changed {
				rep.Diff = string(udiff.Unified("a/"+display, "b/"+display, doc.Source, res.Output))
			}
		}
	} else {
		err := memfile.Update(path, opts.LockTimeout, func(current []byte, exists bool) ([]byte, error) {
			rep.Exists = exists
			if !exists {
				return current, nil
			}
			doc := learnings.Parse(current)
			memview.WarnDamage(opts.IO.Err, display, doc)
			res, err := reformat.Format(doc)
			if err != nil {
				return nil, refusal(display, err)
			}
			describe(&rep, doc, res)
			if !res.Changed {
				return current, nil
			}
			backup, err := memfile.Backup(path, current, opts.Now())
			if err != nil {
				return nil, err
			}
			rep.Backup = opts.Display(backup)
			rep.Written = true
			return res.Output, nil
		})
		if err != nil {
			return err
		}
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

func describe(rep *Report, doc *learnings.Document, res *reformat.Result) {
	rep.Formatted = !res.Changed
	rep.Sorted = res.Sorted
	rep.KeptAsWritten = append(rep.KeptAsWritten, res.KeptAsWritten...)
	rep.Sessions = len(doc.Sessions)
	rep.Learnings = len(doc.Learnings())
}

// refusal explains why fmt will not write.
func refusal(display string, err error) error {
	switch {
	case errors.Is(err, learnings.ErrUnclosed):
		return fmt.Errorf("fmt refuses %s: %w; close it (learn lint shows where) and run learn fmt again", display, err)
	case errors.Is(err, reformat.ErrWouldLose):
		return fmt.Errorf("fmt refuses %s and writes nothing: %w", display, err)
	}
	return fmt.Errorf("fmt %s: %w", display, err)
}

func write(opts *Options, rep Report) {
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
	fmt.Fprintf(out, "Backup: %s; learn undo puts the old file back.\n", rep.Backup)
}
