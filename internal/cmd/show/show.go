// Package show implements "learn show".
package show

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
)

// Options holds the flags of "learn show".
type Options struct {
	IO *cmdutil.IO
	// Memory is the memory file, as the factory finds it.
	Memory func() (*ops.Memory, error)
	ID     string
	JSON   bool
}

// NewCmdShow builds "learn show". runF replaces the run function in tests.
func NewCmdShow(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show one learning or session in full",
		Long: `Show prints one learning or one whole session, found by its ID, with where
it came from: the session's date, focus and project, the documentation seen
in that session, and the file and lines it occupies.

IDs come from "learn search", "learn summarise" and "learn lint". They are
derived from the content, so they stay the same between runs. Any unique
prefix of an ID is enough; when a prefix fits several, show lists them and
exits 1, and when nothing fits it exits 1 too.`,
		Example: `  $ learn show 3f9a2c1
  $ learn show 3f9a      # a unique prefix is enough
  $ learn show 3f9a2c1 --json`,
		Args:              cmdutil.ExactArgs(1, "one learning or session ID (find IDs with learn search)"),
		ValidArgsFunction: memview.CompleteIDs(f.MemoryFile),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = strings.TrimSpace(args[0])
			if opts.ID == "" {
				return cmdutil.UsageErrorf("the ID is empty; find IDs with learn search")
			}
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
	res, err := ops.Show(m, ops.ShowOptions{ID: opts.ID})
	if res != nil {
		memview.WarnDamageList(opts.IO.Err, res.File, res.Damage)
	}
	var amb *ops.Ambiguous
	if errors.As(err, &amb) {
		w := opts.IO.Err
		fmt.Fprintf(w, "learn: %s:\n", amb)
		for _, x := range amb.Matches {
			if !x.Session {
				fmt.Fprintf(w, "  %s  learning  %s  %s\n", x.ID, res.File+fmt.Sprintf(":%d", x.Line), oneLine(x.Text, 60))
			} else {
				fmt.Fprintf(w, "  %s  session   %s  [%s] - %s\n", x.ID, res.File+fmt.Sprintf(":%d", x.Line), x.Stamp, x.Focus)
			}
		}
		fmt.Fprintln(w, "Give more of the ID.")
		return cmdutil.ErrSilent
	}
	if err != nil {
		return err
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	if res.Learning != nil {
		writeLearning(opts.IO.Out, res.File, res.Learning)
	} else {
		writeSession(opts.IO.Out, res.File, res.Session)
	}
	return nil
}

func lines(display string, line, end int) string {
	if end > line {
		return fmt.Sprintf("%s:%d-%d", display, line, end)
	}
	return fmt.Sprintf("%s:%d", display, line)
}

func docsList(docs []string) string {
	if len(docs) == 0 {
		return "none recorded"
	}
	return strings.Join(docs, ", ")
}

func writeLearning(w io.Writer, display string, l *ops.ShownLearning) {
	fmt.Fprintf(w, "Learning %s (%s)\n", l.ID, l.Category)
	fmt.Fprintf(w, "File:     %s\n", lines(display, l.Line, l.EndLine))
	if s := l.Session; s != nil {
		fmt.Fprintf(w, "Session:  %s  [%s] - %s\n", s.ID, s.Stamp, s.Focus)
		fmt.Fprintf(w, "Project:  %s\n", orNone(s.Project))
		fmt.Fprintf(w, "Documentation seen: %s\n", docsList(s.Docs))
	} else {
		fmt.Fprintln(w, "Session:  none (in Consolidated Learnings, folded from older sessions)")
	}
	for _, line := range l.Copies {
		fmt.Fprintf(w, "Also at:  %s:%d (same text, same category)\n", display, line)
	}
	if l.Chain != nil {
		writeChain(w, display, l)
	}
	fmt.Fprintf(w, "\n%s\n", l.Text)
}

func writeSession(w io.Writer, display string, s *ops.SessionDetail) {
	fmt.Fprintf(w, "Session %s: %s\n", s.ID, s.Focus)
	fmt.Fprintf(w, "Date:     %s\n", orNone(s.Stamp))
	fmt.Fprintf(w, "Project:  %s\n", orNone(s.Project))
	fmt.Fprintf(w, "Documentation seen: %s\n", docsList(s.Docs))
	fmt.Fprintf(w, "File:     %s\n", lines(display, s.Line, s.EndLine))
	category := ""
	for _, l := range s.Learnings {
		if l.Category != category {
			fmt.Fprintf(w, "\n%s:\n", l.Category)
			category = l.Category
		}
		fmt.Fprintf(w, "  %s (line %d): %s\n", l.ID, l.Line, strings.ReplaceAll(l.Text, "\n", "\n    "))
	}
	if len(s.Learnings) == 0 {
		fmt.Fprintln(w, "\nNo learnings in this session.")
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// oneLine shortens text to about n runes on one line, for candidate lists.
func oneLine(text string, n int) string {
	text = strings.Join(strings.Fields(text), " ")
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n]) + "…"
}
