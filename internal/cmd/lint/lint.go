// Package lint implements "learn lint".
package lint

import (
	"bufio"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/progress"
	"github.com/learn-memory/learn/learnings/lint"
)

// Options holds the flags of "learn lint".
type Options struct {
	IO *cmdutil.IO
	// Memory is the memory file, as the factory finds it.
	Memory func() (*ops.Memory, error)
	JSON   bool
}

// NewCmdLint builds "learn lint". runF replaces the run function in tests.
func NewCmdLint(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
	cmd := &cobra.Command{
		Use:   "lint",
		Short: "Report problems in the learnings file",
		Long: `Lint checks the learnings file and prints one line per problem as
"path:line: message", followed by how to fix it, so an editor can jump to
each. It reports:

  - anything the reader could not make sense of (learn keeps such text as
    written, but no command can use it)
  - every line not read as a learning (text above the first section,
    hand-written sections holding list items, paragraphs, tables, code and
    headings with no items between learnings): one problem counts them all
    and names their line ranges, one more names each place, and the fix is
    learn import --in-place, which rewrites a memory another tool wrote into
    learn's form, keeping everything; in a file learn wrote, a hand-written
    section or preamble without list items is notes and does not count
  - a code fence or HTML comment left open, which swallows the rest of the
    file and makes every writing command refuse
  - duplicate and near-duplicate learnings, with both IDs and a score
  - two learnings that say different things about the same subject while
    both stand (a warning: only you know which is true), with the words
    that changed and how to settle it: exactly the pairs 'learn summarise'
    would call an UPDATE (one thing changed), never two learnings built on
    one pattern about different things
  - a category label that misspells one of the five spec categories
  - secrets already in the file (API keys, tokens, private keys, passwords),
    by kind and line only, never the value
  - sessions out of order (the newest goes first) and timestamps learn
    cannot read
  - a file over the size limit (1 MB, or $LEARN_MAX_BYTES such as 2MB), and
    a warning as it approaches it, with advice that holds for the file:
    compact while there are sessions to fold, else forget or raise the limit
  - sessions without learnings (a warning)

Lint never changes the file. Exit status 1 when there are problems (warnings
alone do not count), 0 when the file is clean or does not exist yet.`,
		Example: `  $ learn lint
  $ learn lint --file backup.md
  $ learn lint --json | jq '.findings[] | select(.kind == "duplicate")'`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.Paged(cmd)
	return cmd
}

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	rep, err := ops.Lint(m, ops.LintOptions{Busy: progress.Busy(opts.IO.Err, opts.IO.ShowProgress())})
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	} else {
		write(opts.IO.Out, rep)
	}
	if rep.Errors > 0 {
		return cmdutil.ErrSilent
	}
	return nil
}

func write(w io.Writer, rep *ops.LintResult) {
	// A large file has tens of thousands of findings: one write each
	// would cost more than finding them.
	out := bufio.NewWriter(w)
	defer out.Flush()
	if !rep.Exists {
		fmt.Fprintf(out, "%s does not exist yet; nothing to lint.\n", rep.File)
		return
	}
	for _, f := range rep.Findings {
		sev := ""
		if f.Severity == lint.Warning {
			sev = "warning: "
		}
		fmt.Fprintf(out, "%s:%d: %s%s\n", rep.File, f.Line, sev, f.Message)
		fmt.Fprintf(out, "    fix: %s\n", f.Fix)
	}
	counts := fmt.Sprintf("%s, %s", memview.Plural(rep.Sessions, "session", "sessions"),
		memview.Plural(rep.Learnings, "learning", "learnings"))
	switch {
	case rep.Errors == 0 && rep.Warnings == 0:
		fmt.Fprintf(out, "no problems in %s (%s)\n", rep.File, counts)
	case rep.Errors == 0:
		fmt.Fprintf(out, "no problems in %s (%s), %s\n", rep.File, counts, memview.Plural(rep.Warnings, "warning", "warnings"))
	default:
		fmt.Fprintf(out, "%s", memview.Plural(rep.Errors, "problem", "problems"))
		if rep.Warnings > 0 {
			fmt.Fprintf(out, " and %s", memview.Plural(rep.Warnings, "warning", "warnings"))
		}
		fmt.Fprintf(out, " in %s (%s)", rep.File, counts)
		if rep.UnreadLines > 0 {
			fmt.Fprintf(out, "; %s not read as learnings: run `learn import --in-place`", memview.Plural(rep.UnreadLines, "line", "lines"))
		}
		fmt.Fprintln(out)
	}
}
