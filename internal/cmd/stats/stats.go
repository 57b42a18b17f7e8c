// Package stats implements "learn stats".
package stats

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/progress"
	"github.com/learn-memory/learn/learnings"
)

// Options holds the flags of "learn stats".
type Options struct {
	IO *cmdutil.IO
	// Memory is the memory file, as the factory finds it (with its clock,
	// which the ages are measured from).
	Memory func() (*ops.Memory, error)
	JSON   bool
}

// NewCmdStats builds "learn stats". runF replaces the run function in tests.
func NewCmdStats(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Summarise the size and shape of the memory",
		Long: `Stats describes the learnings file: its size, the number of sessions and of
learnings per category, what a recall costs an agent (the full recall with
--all and the default budgeted one), how old the newest and oldest sessions
are, and how fast the file grows per week over the span of its sessions.

The default recall's figures are exact, and so are the full recall's on a
memory of up to 64 KB. On a larger one the full recall's figures are an
estimate: recall --all folds near duplicates into one learning and redacts
secrets, and stats, to stay fast on a large file, weighs its output as if
neither happened. The size is off by what the folded learnings and the
redacted secrets take (under 5% on generated memories, none on a file with
neither) and the count of learnings is an upper bound: enough to tell
whether a full recall fits a model's context. In --json,
full_recall.estimated is then true.

Token counts are estimates: characters divided by 4, a fair average for
English text and code; the real count depends on the model's tokenizer.`,
		Example: `  $ learn stats
  $ learn stats --json | jq .default_recall`,
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
	rep, err := ops.Stats(m, ops.StatsOptions{Busy: progress.Busy(opts.IO.Err, opts.IO.ShowProgress())})
	if err != nil {
		return err
	}
	memview.WarnDamageList(opts.IO.Err, rep.File, rep.Damage)
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	write(opts.IO.Out, rep)
	return nil
}

func write(w io.Writer, r *ops.StatsResult) {
	if !r.Exists {
		fmt.Fprintf(w, "%s does not exist yet: no sessions, no learnings. Store some with learn store.\n", r.File)
		return
	}
	size := learnings.HumanSize(r.Bytes)
	if exact := fmt.Sprintf("%d bytes", r.Bytes); size != exact {
		size += " (" + exact + ")"
	}
	fmt.Fprintf(w, "File:       %s, %s\n", r.File, size)
	sessions := fmt.Sprintf("%d", r.Sessions)
	if r.UndatedSessions > 0 {
		sessions += fmt.Sprintf(" (%d with a timestamp learn cannot read)", r.UndatedSessions)
	}
	fmt.Fprintf(w, "Sessions:   %s\n", sessions)
	fmt.Fprintf(w, "Learnings:  %d (%d in Consolidated Learnings, %d in sessions)\n", r.Learnings, r.ConsolidatedCount, r.Learnings-r.ConsolidatedCount)
	width := 0
	for _, c := range r.Categories {
		width = max(width, len(c.Category))
	}
	for _, c := range r.Categories {
		fmt.Fprintf(w, "  %-*s  %d\n", width, c.Category, c.Count)
	}
	about, upTo := "", ""
	if r.FullRecall.Estimated {
		about, upTo = "about ", "up to "
	}
	fmt.Fprintf(w, "Recall:     full (--all) %s%s chars, about %s tokens, %s%s\n", about, thousands(r.FullRecall.Chars), thousands(r.FullRecall.Tokens), upTo, memview.Plural(r.FullRecall.Shown, "learning", "learnings"))
	if r.FullRecall.Estimated {
		fmt.Fprintln(w, "            (an estimate: --all also folds near duplicates and redacts secrets)")
	}
	fmt.Fprintf(w, "            default (--max-chars %d) %s chars, about %s tokens, %s\n", r.DefaultRecallBudget, thousands(r.DefaultRecall.Chars), thousands(r.DefaultRecall.Tokens), memview.Plural(r.DefaultRecall.Shown, "learning", "learnings"))
	fmt.Fprintf(w, "            (tokens estimated as %s)\n", r.TokenEstimate)
	switch {
	case r.Newest != nil && r.Newest.ID == r.Oldest.ID:
		// One dated session is neither newer nor older than another.
		fmt.Fprintf(w, "Dated:      %s, %s (session %s, the only dated one)\n", r.Newest.Stamp, days(r.Newest.AgeDays), r.Newest.ID)
	case r.Newest != nil:
		fmt.Fprintf(w, "Newest:     %s, %s (session %s)\n", r.Newest.Stamp, days(r.Newest.AgeDays), r.Newest.ID)
		fmt.Fprintf(w, "Oldest:     %s, %s (session %s)\n", r.Oldest.Stamp, days(r.Oldest.AgeDays), r.Oldest.ID)
	}
	switch {
	case r.Growth != nil:
		fmt.Fprintf(w, "Growth:     %.1f sessions and %s of sessions per week, over %.1f weeks\n", r.Growth.SessionsPerWeek, learnings.HumanSize(r.Growth.BytesPerWeek), r.Growth.Weeks)
	case r.Sessions > 0:
		fmt.Fprintln(w, "Growth:     not enough history yet (the sessions span less than a week)")
	}
	if r.Problems > 0 {
		damaged := ""
		if r.DamagedLines > 0 {
			damaged = fmt.Sprintf(", %s not read as learnings", memview.Plural(r.DamagedLines, "line", "lines"))
		}
		fmt.Fprintf(w, "Problems:   %d%s; the counts above leave them out (learn lint lists them)\n", r.Problems, damaged)
	}
}

func days(d float64) string {
	switch {
	case d < 0:
		return "in the future (check the clock or the timestamp)"
	case d < 1:
		return "today"
	case d < 2:
		return "1 day ago"
	}
	return fmt.Sprintf("%d days ago", int(d))
}

// thousands writes n with comma separators: 54,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
