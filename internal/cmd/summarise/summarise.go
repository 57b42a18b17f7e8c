// Package summarise implements "learn summarise".
package summarise

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/learnings/docs"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/similar"
)

// Verdicts for a candidate learning.
const (
	VerdictNew        = ops.VerdictNew
	VerdictDuplicate  = ops.VerdictDuplicate
	VerdictUpdate     = ops.VerdictUpdate
	VerdictDocumented = ops.VerdictDocumented
)

// Options holds the flags of "learn summarise".
type Options struct {
	IO     *cmdutil.IO
	Memory func() (*ops.Memory, error)

	JSON bool
	// Candidates is true with the "-" argument: read candidates from stdin.
	Candidates bool
	MaxChars   int
	Docs       []string
}

// NewCmdSummarise builds "learn summarise". runF replaces the run function in tests.
func NewCmdSummarise(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
	cmd := &cobra.Command{
		Use:   "summarise [-]",
		Short: "Check candidate learnings against what is already known",
		Long: `The deduplication half of /learning-summarise. It never writes.

Without arguments, print the baseline an agent checks its candidate learnings
against: the stored learnings with their IDs (within --max-chars, like recall,
saying what the budget left out) and the project documentation learn knows of
(README, AGENTS.md, CLAUDE.md, CONTRIBUTING.md, docs/**, and --docs files),
with the references sessions saw most often.

With "-", read candidate learnings from stdin in the format 'learn store' takes
and give each a verdict: NEW; DUPLICATE of a stored learning (the same
learning, however worded, common synonyms, British or American spelling and
a compound written closed, hyphenated or open (hardcoded, hard-coded) and a
lead-in that only says it is said again ("Again:", "As noted before,") included:
its ID, session and score) or of an earlier candidate; UPDATE of a
stored learning in which it changes one thing (a value, a name, a number, a
command, a path, a negation as in "no longer", a "must" become "may", two
values swapped, a number changed beside a common word swapped for its
synonym ("keeps parcels for 5 days", "holds parcels for 7 days"); a learning
built on the same pattern about something else, or citing another ticket, is
NEW), with the words that changed
(` + "`jest` → `vitest`" + `), so the user can say whether it replaces the old one
('learn store --replaces ID'); or ALREADY DOCUMENTED (the
file, line, heading and score of the passage that covers it). It says how many
candidates were compared against how many learnings and which documentation
files, flags candidates 'learn store' would refuse (secrets) and warns about
ephemeral-looking ones. Only the documentation files listed are read, never the
whole tree, and at most 200 of them (README and the agent files first, then
--docs files, then docs/ in name order); when the limit leaves files out, the
output says "checked 200 of N documentation files".

A --docs value that is not read (no such file, outside the project, or not a
file path) gets a warning on stderr naming it; the check still runs, without
it.

Run inside an agent session whose tool calls "learn hook" recorded (see
"learn hook"), the baseline ends with a short "This session" part: the
documentation the session read, the files it changed, the commands that
failed and then passed, and those still failing, as hints for candidates. A
session that recorded nothing gets no such part. LEARN_SESSION names the
session; without it learn takes the project's most recently active one (within
two hours). LEARN_SESSION_STATE=0 (or LEARN_AUTO_RECALL=0) leaves it out.`,
		Example: `  $ learn summarise
  $ learn summarise - <<'EOF'
  **Fresh Discoveries:**
  - client.Do retries only idempotent methods; POST needs an Idempotency-Key header.
  EOF
  $ learn summarise - --docs docs/sync.md,lib/client.go < candidates.md
  $ learn summarise --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if err := cmdutil.RangeArgs(0, 1, `no arguments (the baseline) or "-" (candidates on stdin)`)(cmd, args); err != nil {
				return err
			}
			if len(args) == 1 && args[0] != "-" {
				return cmdutil.UsageErrorf(`learn summarise reads candidates from stdin with "-", got %q`, args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Candidates = len(args) == 1
			if opts.MaxChars < engine.MinMaxChars {
				return cmdutil.UsageErrorf("--max-chars must be at least %d (got %d)", engine.MinMaxChars, opts.MaxChars)
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.MaxCharsFlag(cmd, &opts.MaxChars, engine.DefaultMaxChars, "the baseline's learnings")
	cmdutil.DocsFlag(cmd, &opts.Docs, "more documentation to check")
	cmdutil.Paged(cmd)
	return cmd
}

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	m.Warn = opts.IO.Err
	req := ops.SummariseOptions{MaxChars: opts.MaxChars, Docs: opts.Docs}
	if opts.Candidates {
		if opts.IO.InTTY {
			return cmdutil.UsageErrorf("learn summarise - reads candidates from stdin; pipe them in\n\n%s", input.FormatHelp)
		}
		if req.Candidates, err = io.ReadAll(opts.IO.In); err != nil {
			return fmt.Errorf("read stdin: %w", err)
		}
		if req.Candidates == nil {
			req.Candidates = []byte{}
		}
	}
	res, err := ops.Summarise(m, req)
	if err != nil {
		return err
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	if res.Check != nil {
		c := res.Check
		if len(c.Problems) > 0 {
			fmt.Fprintln(opts.IO.Err, "some of stdin was not read as candidates:")
			for _, p := range c.Problems {
				fmt.Fprintf(opts.IO.Err, "stdin:%d: %s\n", p.Line, p.Message)
			}
		}
		if c.PrivateRemoved > 0 {
			fmt.Fprintf(opts.IO.Err, "removed %s before checking\n", memview.Plural(c.PrivateRemoved, "<private> span", "<private> spans"))
		}
		report(opts.IO.Out, c)
		return nil
	}
	baseline(opts.IO.Out, res.Baseline)
	return nil
}

// capNote says that the MaxDocs cap left documentation files unread, or
// nothing when it did not.
func capNote(checked, total int) string {
	if total <= checked {
		return ""
	}
	return fmt.Sprintf("checked %d of %d documentation files (the limit is %d; name others with --docs)", checked, total, docs.MaxDocs)
}

func baseline(w io.Writer, res *ops.BaselineResult) {
	paths, total, seen := res.Docs, res.DocsTotal, res.DocsSeen
	fmt.Fprintf(w, "Baseline for deduplication: what %s and the project documentation already say.\n"+
		"Check candidates with `learn summarise -` (candidates on stdin, as for `learn store`).\n\n", res.File)
	if res.Stored == 0 {
		fmt.Fprintf(w, "No learnings stored yet: every candidate not in the documentation is new.\n")
	} else {
		fmt.Fprint(w, res.Text)
	}
	fmt.Fprintln(w, "\n# Project documentation")
	if len(paths) == 0 {
		fmt.Fprintln(w, "\nNone found (README, AGENTS.md, CLAUDE.md, CONTRIBUTING.md, docs/**); name others with --docs.")
	} else {
		fmt.Fprintln(w)
		for _, p := range paths {
			fmt.Fprintf(w, "- %s\n", p)
		}
		if note := capNote(len(paths), total); note != "" {
			fmt.Fprintf(w, "\nNote: %s.\n", note)
		}
	}
	if len(seen) > 0 {
		parts := make([]string, len(seen))
		for i, d := range seen {
			parts[i] = fmt.Sprintf("%s (%d)", d.Ref, d.Count)
		}
		fmt.Fprintf(w, "\nSeen most often in sessions: %s\n", strings.Join(parts, ", "))
	}
	if h := res.AgentSession.Text(); h != "" {
		fmt.Fprint(w, "\n"+h)
	}
}

// shownDocs is how many documentation paths the check report names before
// summing up the rest, so that a large docs/ tree does not fill the screen.
const shownDocs = 10

func listShort(paths []string) string {
	if len(paths) <= shownDocs {
		return strings.Join(paths, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(paths[:shownDocs], ", "), len(paths)-shownDocs)
}

func report(w io.Writer, out *ops.CheckResult) {
	docList := "no documentation files"
	if len(out.DocsChecked) > 0 {
		docList = fmt.Sprintf("%s: %s", memview.Plural(len(out.DocsChecked), "documentation file", "documentation files"), listShort(out.DocsChecked))
	}
	fmt.Fprintf(w, "Checked %s against %s in %s (%s%s) and %s.\n\n",
		memview.Plural(out.Candidates, "candidate", "candidates"), memview.Plural(out.Compared, "stored learning", "stored learnings"),
		out.File, memview.Plural(out.Sessions, "session", "sessions"), consolidatedNote(out.Consolidated), docList)
	if note := capNote(len(out.DocsChecked), out.DocsTotal); note != "" {
		fmt.Fprintf(w, "Note: %s.\n\n", note)
	}
	counts := map[string]int{}
	refused := 0
	for _, v := range out.Verdicts {
		counts[v.Verdict]++
		verdict := v.Verdict
		if v.UpdateOf != nil {
			verdict += " of " + v.UpdateOf.ID
		}
		// The verdict's texts and changed words come cleaned from
		// ops.Summarise, as every front end gets them.
		fmt.Fprintf(w, "%d. %s [%s] %s\n", v.Number, verdict, v.Category, input.Preview(v.Text))
		switch {
		case v.DuplicateOf != nil:
			fmt.Fprintf(w, "   duplicates [%s] from %s (score %.2f)\n", v.DuplicateOf.ID, input.Where(stampOf(v.DuplicateOf)), v.Score)
		case v.UpdateOf != nil:
			fmt.Fprintf(w, "   changed: %s\n", similar.FormatChanges(v.Changes))
		case v.DuplicateOfCandidate > 0:
			fmt.Fprintf(w, "   repeats candidate %d (score %.2f)\n", v.DuplicateOfCandidate, v.Score)
		case v.DocumentedIn != nil:
			doc := v.DocumentedIn
			where := fmt.Sprintf("%s:%d", doc.Path, doc.Line)
			if doc.Heading != "" {
				where += " (" + doc.Heading + ")"
			}
			fmt.Fprintf(w, "   documented in %s, score %.2f: %q\n", where, doc.Score, input.Preview(doc.Excerpt))
		}
		if len(v.Secrets) > 0 {
			refused++
			fmt.Fprintf(w, "   SECRET: contains %s; learn store would refuse it, leave it out or wrap it in <private>...</private>\n", strings.Join(v.Secrets, ", "))
		}
		for _, msg := range v.Warnings {
			fmt.Fprintf(w, "   warning: %s\n", msg)
		}
	}
	fmt.Fprintf(w, "\n%d new, %s, %d duplicate, %d already documented", counts[VerdictNew], memview.Plural(counts[VerdictUpdate], "update", "updates"), counts[VerdictDuplicate], counts[VerdictDocumented])
	if refused > 0 {
		fmt.Fprintf(w, "; %d would be refused for a secret", refused)
	}
	fmt.Fprintln(w, ".")
	if counts[VerdictDuplicate]+counts[VerdictUpdate] > 0 {
		fmt.Fprintln(w, "See a stored learning in full with `learn show ID`.")
	}
	switch {
	case counts[VerdictNew]+counts[VerdictUpdate] == 0:
		fmt.Fprintln(w, "No new learnings: nothing needs storing.")
	case counts[VerdictUpdate] > 0:
		fmt.Fprintln(w, "Present the NEW and UPDATE ones for the user to validate; for each UPDATE ask whether it replaces the old learning.\n"+
			"Store the approved ones with `learn store --focus ...`, adding `--replaces ID` for each learning an approved update replaces.")
	default:
		fmt.Fprintln(w, "Present the NEW ones for the user to validate; store the approved ones with `learn store --focus ...`.")
	}
}

func consolidatedNote(consolidated bool) string {
	if !consolidated {
		return ""
	}
	return " and Consolidated Learnings"
}

func stampOf(l *ops.Learning) string {
	if l.Session == nil {
		return ""
	}
	return l.Session.Stamp
}
