// Package improvedocs implements "learn improve-docs".
package improvedocs

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/progress"
	"github.com/learn-memory/learn/learnings/improve"
)

// DefaultLimit is how many suggestions are shown unless --limit says
// otherwise: enough for a session's worth of doc work.
const DefaultLimit = 20

// docsShown caps the doc ranking in the human report, problemsShown the
// reader's problems warned about on stderr.
const (
	docsShown     = 10
	problemsShown = 5
)

// Options holds the flags of "learn improve-docs".
type Options struct {
	IO *cmdutil.IO
	// Memory is the memory file, as the factory finds it.
	Memory func() (*ops.Memory, error)

	JSON     bool
	Diff     bool
	Limit    int
	MaxChars int
	Docs     []string
}

// NewCmdImproveDocs builds "learn improve-docs". runF replaces the run function in tests.
func NewCmdImproveDocs(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
	cmd := &cobra.Command{
		Use:   "improve-docs",
		Short: "Suggest where learnings belong in the project's docs",
		Long: `Suggest documentation improvements from the stored learnings, the spec's
/learning-improve-docs. It reads the learnings file and the project's docs
(README, AGENTS.md, CLAUDE.md, CONTRIBUTING.md, docs/**, the files the sessions
list under Documentation Seen, and files named with --docs) and never edits
them.

It reports:
  - the docs the sessions read, most seen first: each session's Documentation
    Seen plus the tally 'learn compact' keeps, with how many learnings came
    from sessions that read each one;
  - the learnings the docs already cover, with the file and line;
  - for every other learning, the file and section it belongs in, the docs
    its session read, and example text ready to paste.

Suggestions come most valuable first: User Corrections before New
Requirements and so on (the spec's priority), then those for the docs the
sessions read most. --limit caps how many are shown (0 shows all), and the
report stays within --max-chars characters (default 6000; 0 for no budget),
whole suggestions at a time, so /learning-improve-docs costs the agent the
same on a 10 MB file as on a small one; the report says how many more there
are and how to see them. Near-duplicate learnings are counted
once, in their newest wording.

--diff prints the suggested additions as a unified diff against the real doc
files (to review, or apply with 'git apply'); a file that does not exist yet
appears as a new file. The learnings file is read without a lock and
/learning-recall need not have run first.

Exit status: 0 report printed (also when there are no learnings yet), 1
failure, 2 usage error.`,
		Example: `  $ learn improve-docs
  $ learn improve-docs --limit 5
  $ learn improve-docs --max-chars 0 --limit 0
  $ learn improve-docs --diff > docs.patch && git apply docs.patch
  $ learn improve-docs --docs docs/design.md --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := cmdutil.CheckLimit("limit", opts.Limit); err != nil {
				return err
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
	cmd.Flags().BoolVar(&opts.Diff, "diff", false, "print the suggested additions as a unified diff")
	cmdutil.LimitFlag(cmd, &opts.Limit, DefaultLimit, "suggestions")
	cmdutil.MaxCharsFlag(cmd, &opts.MaxChars, cmdutil.DefaultReportChars, "the report (0: no budget)")
	cmdutil.DocsFlag(cmd, &opts.Docs, "also consider these docs")
	cmdutil.Paged(cmd)
	return cmd
}

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	res, err := ops.ImproveDocs(m, ops.ImproveDocsOptions{Limit: opts.Limit, Docs: opts.Docs, Diff: opts.Diff,
		Busy: progress.Busy(opts.IO.Err, opts.IO.ShowProgress())})
	if err != nil {
		return err
	}
	label := res.File
	memview.WarnDamageList(opts.IO.Err, label, res.Damage)
	for _, p := range res.Problems[:min(len(res.Problems), problemsShown)] {
		fmt.Fprintf(opts.IO.Err, "warning: %s: line %d: %s\n", label, p.Line, p.Message)
	}
	if more := len(res.Problems) - problemsShown; more > 0 {
		fmt.Fprintf(opts.IO.Err, "warning: %s: %s; 'learn lint' lists them all\n", label, memview.Plural(more, "more problem", "more problems"))
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	if !res.Exists || res.Learnings == 0 {
		fmt.Fprintf(opts.IO.Out, "No learnings yet in %s: store some with /learning-store (learn store), then run this again.\n", label)
		return nil
	}
	if opts.Diff {
		fmt.Fprint(opts.IO.Out, res.Diff)
		fmt.Fprintf(opts.IO.Err, "%s suggested as a diff against the docs; nothing was changed.\n", memview.Plural(len(res.Suggestions), "addition", "additions"))
		if res.MoreSuggestions > 0 {
			fmt.Fprintf(opts.IO.Err, "%d more not in the diff (raise --limit, or --limit 0 for all).\n", res.MoreSuggestions)
		}
		return nil
	}
	writeHuman(opts.IO.Out, res, opts.MaxChars)
	return nil
}

// coveredShown caps the "already in the docs" list of the human report:
// they need no work, so a few examples and a count say enough.
const coveredShown = 5

func writeHuman(w io.Writer, rep *ops.ImproveDocsResult, maxChars int) {
	fmt.Fprintf(w, "Documentation improvements from %s (%s", rep.File, memview.Plural(rep.Learnings, "learning", "learnings"))
	if rep.Duplicates > 0 {
		fmt.Fprintf(w, ", %s skipped", memview.Plural(rep.Duplicates, "duplicate", "duplicates"))
	}
	fmt.Fprintf(w, "; %s checked)\n\n", memview.Plural(len(rep.DocsChecked), "doc", "docs"))

	if len(rep.Docs) > 0 {
		fmt.Fprintln(w, "Docs the sessions read, most seen first:")
		for _, d := range rep.Docs[:min(len(rep.Docs), docsShown)] {
			fmt.Fprintf(w, "  %3d×  %s", d.Seen, d.Path)
			if d.Learnings > 0 {
				fmt.Fprintf(w, "  (%s from sessions that read it)", memview.Plural(d.Learnings, "learning", "learnings"))
			}
			fmt.Fprintln(w)
		}
		if more := len(rep.Docs) - docsShown; more > 0 {
			fmt.Fprintf(w, "  … and %s seen less often (all of them with --json)\n", memview.Plural(more, "more doc", "more docs"))
		}
	} else {
		fmt.Fprintln(w, "No session recorded Documentation Seen, so suggestions rank by category only.")
	}
	fmt.Fprintln(w)

	if len(rep.Covered) > 0 {
		fmt.Fprintf(w, "Already in the docs (%d):\n", len(rep.Covered))
		shown := rep.Covered
		if maxChars > 0 {
			shown = shown[:min(len(shown), coveredShown)]
		}
		for _, it := range shown {
			m := it.CoveredBy
			where := fmt.Sprintf("%s:%d", m.Path, m.Line)
			if m.Heading != "" {
				where += fmt.Sprintf(" (%s)", m.Heading)
			}
			fmt.Fprintf(w, "  %s  %s: %s\n        covered by %s\n", it.ID, it.Category, memview.FirstLine(it.Text, 70), where)
		}
		if more := len(rep.Covered) - len(shown); more > 0 {
			fmt.Fprintf(w, "  … and %d more (learn improve-docs --json lists them all)\n", more)
		}
		fmt.Fprintln(w)
	}

	total := len(rep.Suggestions) + rep.MoreSuggestions
	if total == 0 {
		fmt.Fprintln(w, "Every learning is already in the docs: nothing to suggest.")
		return
	}
	budget := cmdutil.Budget{Max: maxChars}
	var blocks []string
	for i, it := range rep.Suggestions {
		if b := suggestion(i+1, it); budget.Take(b) {
			blocks = append(blocks, b)
		}
	}
	if shown := len(blocks); shown < total {
		fmt.Fprintf(w, "Suggestions, most valuable first (showing %d of %d):\n", shown, total)
	} else {
		fmt.Fprintf(w, "Suggestions, most valuable first (%d):\n", total)
	}
	for _, b := range blocks {
		fmt.Fprint(w, b)
	}
	fmt.Fprintln(w)
	switch more := total - len(blocks); {
	case more > 0 && budget.Left > 0:
		fmt.Fprintf(w, "%s not shown, to keep this report within %d characters: learn improve-docs --max-chars 0 --limit 0 shows them all.\n",
			memview.Plural(more, "more suggestion", "more suggestions"), maxChars)
	case more > 0:
		fmt.Fprintf(w, "%s: learn improve-docs --limit 0\n", memview.Plural(more, "more suggestion", "more suggestions"))
	}
	fmt.Fprintln(w, "See them as a patch: learn improve-docs --diff (nothing is edited).")
}

// suggestion renders one numbered suggestion as the human report shows it.
func suggestion(n int, it ops.DocItem) string {
	var b strings.Builder
	sg := it.Suggestion
	fmt.Fprintf(&b, "\n%2d. [%s] %s  (%s)\n", n, it.Category, memview.FirstLine(it.Text, 70), provenance(it))
	fmt.Fprintf(&b, "    Add to %s\n", target(sg))
	if sg.Reason != "" {
		fmt.Fprintf(&b, "    Why: %s\n", sg.Reason)
	}
	fmt.Fprintln(&b, "    Example:")
	for _, l := range strings.Split(it.Example, "\n") {
		fmt.Fprintf(&b, "      %s\n", l)
	}
	return b.String()
}

func provenance(it ops.DocItem) string {
	var parts []string
	if it.ID != "" {
		parts = append(parts, "id "+it.ID)
	}
	if it.Session == nil {
		parts = append(parts, "Consolidated")
	} else {
		parts = append(parts, "session "+it.Session.Stamp)
	}
	if len(it.DocsSeen) > 0 {
		parts = append(parts, "docs seen: "+strings.Join(it.DocsSeen, ", "))
	}
	return strings.Join(parts, "; ")
}

func target(sg *improve.Placement) string {
	path := sg.Path
	if strings.TrimSpace(path) == "" {
		path = "AGENTS.md"
	}
	switch {
	case sg.NewSection != "":
		return fmt.Sprintf("%s, a new section \"## %s\" at the end", path, sg.NewSection)
	case sg.Heading != "" && sg.Line > 0:
		return fmt.Sprintf("%s, section %q (line %d)", path, sg.Heading, sg.Line)
	case sg.Heading != "":
		return fmt.Sprintf("%s, section %q", path, sg.Heading)
	default:
		return fmt.Sprintf("%s, a new section \"## %s\" at the end", path, improve.DefaultSection)
	}
}
