// Package store implements "learn store".
package store

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/learnings"

	"github.com/learn-memory/learn/learnings/similar"
)

// Options holds the flags of "learn store".
type Options struct {
	IO     *cmdutil.IO
	Memory func() (*ops.Memory, error)

	JSON    bool
	DryRun  bool
	Focus   string
	Project string
	Docs    []string
	// Replaces are the IDs of stored learnings the new ones replace.
	Replaces []string
	// ByFlag holds the learnings given with --correction, --requirement and
	// the like, in flag order; stdin is read only when there are none.
	ByFlag []learnings.NewLearning
}

// categoryFlags maps each per-category flag to its category.
var categoryFlags = []struct{ name, category, usage string }{
	{"correction", "User Corrections", "store `TEXT` as a User Correction (repeatable)"},
	{"requirement", "New Requirements", "store `TEXT` as a New Requirement (repeatable)"},
	{"convention", "Updated Conventions", "store `TEXT` as an Updated Convention (repeatable)"},
	{"discovery", "Fresh Discoveries", "store `TEXT` as a Fresh Discovery (repeatable)"},
	{"preference", "Preference Clarifications", "store `TEXT` as a Preference Clarification (repeatable)"},
}

// NewCmdStore builds "learn store". runF replaces the run function in tests.
func NewCmdStore(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.NewMemory}
	cmd := &cobra.Command{
		Use:   "store [-] --focus TEXT [flags] < learnings.md",
		Short: "Store a session's validated learnings",
		Long: `Store the learnings a user approved as a new session, first under Recent Sessions.

Learnings come as Markdown on stdin, the way an agent writes them: a category
label (**User Corrections:**, ### Fresh Discoveries, ...) followed by a list;
multi-line items with code blocks are kept. A label that misspells one of the
five spec categories (**User Corections:**, Fresh Discovery's, wrong case,
singular, a missing colon) is stored under the spec's name, with a note on
stderr; other labels are custom categories, kept as written. Or give them with one flag per
category instead: --correction, --requirement, --convention, --discovery and
--preference, each repeatable; stdin is not read when any of these is given.
An argument "-" (stdin, as for 'learn summarise -') is accepted and changes
nothing.

--focus names what the session was about (required). --project-name defaults
to the project directory's name. --docs lists the documentation the session saw, as
references only (paths and anchors such as docs/api.md#retries or
lib/auth.ex:45), comma-separated or repeated; text that looks like content is
refused. Run inside an agent session whose tool calls "learn hook" recorded,
the documents the session opened in the project (any Markdown or text file,
not only docs/) are added after the --docs references, each once, and the
output names them: Documentation Seen no longer depends on the agent
remembering what it read. LEARN_SESSION_STATE=0 turns that off.

The session is stamped with the local time (YYYY-MM-DD HH:MM TZ). The file and
.tmp/ are created when missing (.tmp/ gets its own .gitignore, yours is not
touched). Before anything else, <private>...</private> spans are removed; a
<private> that is never closed (even inside backticks) is refused with exit
status 3 and its line, since it would drop everything after it.
Content holding a secret (API keys and tokens, private keys, JWTs, passwords in
URLs, assignments, sentences, commands such as mysql -p..., .netrc lines or
user:password@host) in a learning, --focus, --docs or --project-name is
refused with exit status 3 and nothing is written; the error names the field
and the kind of secret, never the secret. Learnings
that are the same learning as a stored one (equal once case, punctuation and
emphasis are set aside, or reworded with the very same words, numbers, names,
paths and negations), and repeats inside the input, are skipped and reported
with the stored learning's ID; when nothing new is left nothing is written. A
learning that changes something in a stored one (a value, a name, a number, a
negation) is never skipped: it is stored, and the stored learning it updates is
named, so you can decide whether it replaces it.

--replaces ID (repeatable) says the new learning replaces a stored one: in the
same locked write, the old learning is struck through and marked
"~~old text~~ (superseded by lNEW on DATE)". It stays readable in the file, but
recall, search and summarise show only the new one, and compact leaves it out.
With several new learnings, each replaced one goes to the most similar. The
file is backed up first, as compact and forget do: 'learn undo' takes the
replacement back. An
unknown, ambiguous or already superseded ID is an error (exit 2) and nothing
is written. To drop a learning that is simply wrong, use 'learn forget --id'.

Learnings that look ephemeral (commit hashes, raw errors, stack traces,
"tests pass now", path lists, very short text) are stored with a warning.

Limits: one store takes at most 256 KB of input and 100 learnings (a session's
learnings are a few KB; split anything bigger into several stores). A store
that takes the file over its size limit (1 MB, or $LEARN_MAX_BYTES such as 2MB)
is still written, since a correction must not wait, with a warning that says
what would bring the file back under: compact, forget or a higher limit.

Concurrent stores are safe: the file is locked, re-read and replaced
atomically; a store that waits more than 10 s for the lock exits with status 4.

Exit status: 0 stored (or nothing new to store), 1 failure, 2 usage error,
3 refused content (a secret, no valid learning, input over the limits), 4 busy.`,
		Example: `  $ learn store --focus "Retry logic for the sync client" --docs README.md,docs/api.md#retries <<'EOF'
  **User Corrections:**
  - Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.

  **Fresh Discoveries:**
  - client.Do retries only idempotent methods; POST needs an Idempotency-Key header.
  EOF
  $ learn store --focus "Release process" --requirement "Tag releases as vX.Y.Z; CI publishes on tags only."
  $ learn store --focus "Release process" --dry-run < learnings.md
  $ learn store --focus "Test runner" --replaces l3f9a2c1 --convention "Frontend unit tests run with vitest."`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && args[0] == "-" {
				return nil
			}
			return cmdutil.NoArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(opts.Focus) == "" {
				return cmdutil.UsageErrorf("--focus is required: say in a few words what the session was about (see 'learn store --help')")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "show what would be stored without writing")
	cmd.Flags().StringVar(&opts.Focus, "focus", "", "what the session was about: a few words of `TEXT` (required)")
	cmd.Flags().StringVar(&opts.Project, "project-name", "", "the project's `NAME` in the session header (default: the project directory's name)")
	// --project was its name before install's --project (a switch) took it;
	// it stays as a hidden alias, silent because cobra would print a
	// deprecation notice on stdout, into the --json an agent parses.
	cmd.Flags().StringVar(&opts.Project, "project", "", "")
	_ = cmd.Flags().MarkHidden("project")
	cmdutil.DocsFlag(cmd, &opts.Docs, "documentation the session saw")
	cmd.Flags().StringArrayVar(&opts.Replaces, "replaces", nil, "`ID` of a stored learning the new one replaces (repeatable)")
	for _, cf := range categoryFlags {
		cmd.Flags().Var(&learningFlag{category: cf.category, dst: &opts.ByFlag}, cf.name, cf.usage)
	}
	return cmd
}

// learningFlag appends each value of a per-category flag to one shared list,
// so learnings keep the order they were typed in across flags and the
// numbers in messages match the command line.
type learningFlag struct {
	category string
	dst      *[]learnings.NewLearning
}

func (f *learningFlag) Set(text string) error {
	*f.dst = append(*f.dst, learnings.NewLearning{Category: f.category, Text: text})
	return nil
}

func (f *learningFlag) String() string { return "" }
func (f *learningFlag) Type() string   { return "text" }

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	m.Warn = opts.IO.Err
	req := ops.StoreOptions{Focus: opts.Focus, Project: opts.Project, Docs: opts.Docs, Replaces: opts.Replaces,
		Learnings: opts.ByFlag, DryRun: opts.DryRun}
	if len(opts.ByFlag) == 0 {
		if opts.IO.InTTY {
			return cmdutil.UsageErrorf("no learnings given: pipe them as Markdown on stdin or use --correction, --discovery and the like\n\n%s", input.FormatHelp)
		}
		if req.Source, err = io.ReadAll(io.LimitReader(opts.IO.In, ops.MaxInputBytes+1)); err != nil {
			return fmt.Errorf("read stdin: %w", err)
		}
	}
	res, err := ops.Store(m, req)
	if err != nil {
		return err
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	report(opts.IO.Out, opts.IO.Err, res)
	return nil
}

func report(out, errw io.Writer, r *ops.StoreResult) {
	if r.PrivateRemoved > 0 {
		fmt.Fprintf(errw, "removed %s before storing", memview.Plural(r.PrivateRemoved, "<private> span", "<private> spans"))
		if r.PrivateOnly > 0 {
			fmt.Fprintf(errw, "; %s entirely private and not stored", memview.Plural(r.PrivateOnly, "learning was", "learnings were"))
		}
		fmt.Fprintln(errw)
	}
	for _, w := range r.Quality {
		fmt.Fprintf(errw, "warning: learning %d (%s): %s\n", w.Number, input.Preview(w.Text), w.Message)
	}
	for _, w := range r.Warnings {
		if len(r.Stored) > 0 {
			fmt.Fprintf(errw, "warning: %s.\n", w)
		}
	}
	switch {
	case len(r.Stored) == 0 && r.DryRun:
		fmt.Fprintf(out, "Dry run: nothing to store, %s already in %s.\n", allKnown(len(r.Skipped)), r.File)
	case len(r.Stored) == 0:
		fmt.Fprintf(out, "Nothing stored: %s already in %s.\n", allKnown(len(r.Skipped)), r.File)
	case r.DryRun:
		fmt.Fprintf(out, "Dry run: would store %s in %s as this session (nothing written):\n\n", memview.Plural(len(r.Stored), "learning", "learnings"), r.File)
		fmt.Fprint(out, strings.TrimRight(r.Preview, "\r\n"))
		fmt.Fprintln(out)
	default:
		fmt.Fprintf(out, "Stored %s in %s, session [%s] - %s", memview.Plural(len(r.Stored), "learning", "learnings"), r.File, r.Stamp, r.Focus)
		if r.Session != nil {
			fmt.Fprintf(out, " (%s)", r.Session.ID)
		}
		fmt.Fprintln(out, ":")
		for _, c := range byCategory(r.Stored) {
			fmt.Fprintf(out, "  %s: %d\n", c.name, c.n)
		}
	}
	if len(r.SessionDocs) > 0 && len(r.Stored) > 0 {
		refs := make([]string, len(r.SessionDocs))
		for i, d := range r.SessionDocs {
			refs[i] = "`" + d + "`"
		}
		fmt.Fprintf(out, "Documentation Seen from this agent session's record: %s\n", strings.Join(refs, ", "))
	}
	for _, rp := range r.Replaced {
		fmt.Fprintf(out, "Replaced [%s] (%s): struck through, superseded by [%s].\n", rp.ID, input.Preview(rp.Text), rp.SupersededBy)
	}
	if r.Backup != nil {
		fmt.Fprintf(out, "Backup: %s (and %s); 'learn undo' puts back the file as it was.\n", r.Backup.File, r.Backup.Ring)
	}
	if len(r.Updates) > 0 {
		fmt.Fprintf(out, "Stored as new, %s a stored learning; both are kept. If one replaces the old learning,\n"+
			"store it again with --replaces ID, or drop the old one with learn forget --id ID:\n",
			memview.Plural(len(r.Updates), "learning updates", "learnings update"))
		for i, u := range r.Updates {
			if i == updatesShown {
				fmt.Fprintf(out, "  … and %d more (learn store --dry-run --json with the same input lists them all)\n", len(r.Updates)-i)
				break
			}
			fmt.Fprintf(out, "  - learning %d updates [%s] (%s): %s\n", u.Number, u.Stored.ID, input.Preview(u.Stored.Text), similar.FormatChanges(u.Changes))
		}
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(out, "Skipped %d already known:\n", len(r.Skipped))
		for i, s := range r.Skipped {
			if i == skippedShown {
				fmt.Fprintf(out, "  … and %d more (learn store --dry-run --json with the same input lists them all)\n", len(r.Skipped)-i)
				break
			}
			if s.DuplicateOf == nil {
				fmt.Fprintf(out, "  - learning %d (%s) repeats learning %d of this input (score %.2f)\n", s.Number, input.Preview(s.Text), s.DuplicateOfInput, s.Score)
				continue
			}
			stamp := ""
			if s.DuplicateOf.Session != nil {
				stamp = s.DuplicateOf.Session.Stamp
			}
			fmt.Fprintf(out, "  - learning %d (%s) is the same as [%s] from %s (score %.2f)\n", s.Number, input.Preview(s.Text), s.DuplicateOf.ID, input.Where(stamp), s.Score)
		}
	}
}

// skippedShown caps the list of skipped learnings, so that storing a big
// batch costs the agent a bounded answer.
const skippedShown = 20

// updatesShown caps the list of stored learnings that update older ones,
// whose lines are longer.
const updatesShown = 10

func allKnown(n int) string {
	if n == 1 {
		return "the learning is"
	}
	return fmt.Sprintf("all %d learnings are", n)
}

type catCount struct {
	name string
	n    int
}

// byCategory counts learnings per category in priority order.
func byCategory(ls []ops.Learning) []catCount {
	var out []catCount
	for _, l := range ls {
		found := false
		for i := range out {
			if out[i].name == l.Category {
				out[i].n++
				found = true
			}
		}
		if !found {
			out = append(out, catCount{l.Category, 1})
		}
	}
	slices.SortStableFunc(out, func(a, b catCount) int {
		return cmp.Compare(learnings.CategoryRank(a.name), learnings.CategoryRank(b.name))
	})
	return out
}
