// Package compact implements "learn compact".
package compact

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn compact".
type Options struct {
	IO     *cmdutil.IO
	Memory func() (*ops.Memory, error)

	JSON     bool
	DryRun   bool
	Keep     int
	MaxChars int
}

// NewCmdCompact builds "learn compact". runF replaces the run function in tests.
func NewCmdCompact(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
	cmd := &cobra.Command{
		Use:   "compact",
		Short: "Fold every session into Consolidated Learnings",
		Long: `Fold every stored session into the Consolidated Learnings section and remove
the individual sessions, the spec's /learning-compact. Run it when recall warns
that the file is approaching 1 MB, or whenever the sessions have piled up.

Before writing, the file is copied to .tmp/memory-learnings.backup.md and to a
timestamped copy in .tmp/backups/; 'learn undo' restores the newest copy.

Learnings keep their category and are ordered by the spec's priority. Exact and
near duplicates are merged into the newest wording; a duplicate filed under a
more important category (a User Correction) moves the kept wording there, so no
correction is lost or demoted. Superseded learnings (struck through by 'learn
store --replaces') are left out; the backup keeps them. The Documentation Seen references of the folded
sessions are added to a tally in Consolidated Learnings, so 'learn
improve-docs' still knows which docs were read. The text before the first
section, frontmatter and hand-written sections stay byte for byte. Text inside
a folded session that is not a learning (entry headings, paragraphs, tables,
code blocks) is kept as written under "## Kept by compact", and compact says
how many lines; compact refuses, writing nothing, if any line it does not read
would still be lost.

--dry-run prints the change as a unified diff (apply it with 'git apply' or
'patch -p1' from the project root) and writes nothing. --keep N leaves the
newest N sessions in place. --max-chars N keeps the printed diff within N
characters, whole lines, and says how many lines it left out: the
/learning-compact preview uses it so that the agent's prompt stays small.

A file with a code fence or HTML comment left open is refused, naming the line,
because its end cannot be read safely; so is a file where a fence or comment
swallowed sessions that compact would fold, and any result that would lose a
learning the file held.

When the file is over its size limit (1 MB, or $LEARN_MAX_BYTES) and compact
cannot bring it under, it says what would: forgetting, or a higher limit.

Exit status: 0 compacted or nothing to do, 1 failure (unreadable file, unclosed
block, damaged lines, a learning that would be lost), 2 usage error, 4 busy.`,
		Example: `  $ learn compact
  $ learn compact --dry-run
  $ learn compact --dry-run --max-chars 4000
  $ learn compact --keep 5
  $ learn compact --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Keep < 0 {
				return cmdutil.UsageErrorf("--keep must be 0 or more (got %d)", opts.Keep)
			}
			if err := cmdutil.CheckLimit("max-chars", opts.MaxChars); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print the change as a unified diff and write nothing")
	cmd.Flags().IntVar(&opts.Keep, "keep", 0, "leave the newest `N` sessions in place")
	cmdutil.MaxCharsFlag(cmd, &opts.MaxChars, 0, "the --dry-run diff (0: no budget)")
	cmdutil.Paged(cmd)
	return cmd
}

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	m.Warn = opts.IO.Err
	rep, err := ops.Compact(m, ops.CompactOptions{DryRun: opts.DryRun, Keep: opts.Keep})
	if err != nil {
		return err
	}
	return finish(opts, rep)
}

func finish(opts *Options, rep *ops.CompactResult) error {
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	out, errw := opts.IO.Out, opts.IO.Err
	for _, w := range rep.Warnings {
		fmt.Fprintf(errw, "warning: %s\n", w)
	}
	advice := func(w io.Writer) {
		if rep.Advice != "" {
			fmt.Fprintf(w, "%s is still %s: %s.\n", rep.File, learnings.OverLimit(rep.BytesAfter, rep.Limit), rep.Advice)
		}
	}
	if !rep.Compacted {
		fmt.Fprintf(out, "Nothing to compact in %s: %s.\n", rep.File, rep.Reason)
		advice(out)
		return nil
	}
	defer advice(errw)
	summary := summaryLines(rep)
	if rep.DryRun {
		// The diff alone goes to stdout so that it can be piped to a patch.
		diff, more := cmdutil.CutLines(rep.Diff, opts.MaxChars)
		fmt.Fprint(out, diff)
		fmt.Fprintf(errw, "Dry run: nothing written. Compacting %s would:\n", rep.File)
		for _, l := range summary {
			fmt.Fprintf(errw, "  %s\n", l)
		}
		if more > 0 {
			fmt.Fprintf(errw, "The diff above stops at %d characters, %s not shown: 'learn compact --dry-run' prints it whole.\n",
				opts.MaxChars, memview.Plural(more, "more line", "more lines"))
		}
		return nil
	}
	fmt.Fprintf(out, "Compacted %s:\n", rep.File)
	for _, l := range summary {
		fmt.Fprintf(out, "  %s\n", l)
	}
	fmt.Fprintf(out, "Backup: %s (and %s); 'learn undo' restores it.\n", rep.Backup.File, rep.Backup.Ring)
	return nil
}

func summaryLines(rep *ops.CompactResult) []string {
	s := rep.Stats
	verb := func(future, past string) string {
		if rep.DryRun {
			return future
		}
		return past
	}
	lines := []string{
		fmt.Sprintf("%s %s (%s) into Consolidated Learnings", verb("fold", "folded"),
			memview.Plural(s.SessionsFolded, "session", "sessions"), memview.Plural(s.LearningsFolded, "learning", "learnings")),
		fmt.Sprintf("%s %s; Consolidated goes from %d to %s", verb("merge", "merged"),
			memview.Plural(s.Merged, "duplicate", "duplicates"), s.ConsolidatedBefore, memview.Plural(s.ConsolidatedAfter, "learning", "learnings")),
		fmt.Sprintf("%s %s of Documentation Seen", verb("tally", "tallied"), memview.Plural(s.DocRefs, "reference", "references")),
	}
	if s.Superseded > 0 {
		lines = append(lines, fmt.Sprintf("%s %s (the backup keeps them)", verb("leave out", "left out"),
			memview.Plural(s.Superseded, "superseded learning", "superseded learnings")))
	}
	if s.SessionsKept > 0 {
		lines = append(lines, fmt.Sprintf("%s the newest %s in place", verb("keep", "kept"), memview.Plural(s.SessionsKept, "session", "sessions")))
	}
	if len(rep.Sections) > 0 {
		lines = append(lines, fmt.Sprintf("%s %s unchanged: %s", verb("keep", "kept"),
			memview.Plural(len(rep.Sections), "hand-written section", "hand-written sections"), strings.Join(rep.Sections, ", ")))
	}
	return append(lines, fmt.Sprintf("size %s → %s (%s)", learnings.HumanSize(rep.BytesBefore), learnings.HumanSize(rep.BytesAfter), change(rep.BytesBefore, rep.BytesAfter)))
}

func change(before, after int) string {
	if before == 0 {
		return "was empty"
	}
	pct := float64(after-before) * 100 / float64(before)
	switch {
	case after == before:
		return "unchanged"
	case pct > -1 && pct < 0:
		return "less than 1% smaller"
	case pct < 1 && pct > 0:
		return "less than 1% larger"
	}
	return fmt.Sprintf("%+.0f%%", pct)
}
