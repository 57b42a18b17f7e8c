// Package store implements "learn store".
package store

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/secrets"
	"github.com/learn-memory/learn/learnings/similar"
)

// Options holds the flags of "learn store".
type Options struct {
	IO      *cmdutil.IO
	File    func() (string, error)
	Root    func() (string, error)
	Display func(string) string
	Now     func() time.Time
	// Limit is the file's size limit (see Factory.SizeLimit).
	Limit func() (int, error)

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
	opts := &Options{IO: f.IO, File: f.NewMemoryFile, Root: f.ProjectRoot, Display: f.DisplayPath, Now: f.Now, Limit: f.SizeLimit}
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
refused.

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

// skipped is a learning not stored because it is already known.
type skipped struct {
	Number   int     `json:"number"`
	Category string  `json:"category"`
	Text     string  `json:"text"`
	ID       string  `json:"duplicate_of_id,omitempty"`
	Stamp    string  `json:"duplicate_of_session,omitempty"`
	Score    float64 `json:"score"`
	// InInput is the number of the earlier input learning this repeats.
	InInput int `json:"duplicate_of_input,omitempty"`
}

// similarStored is a stored learning a new one updates: both are kept.
type similarStored struct {
	Number  int              `json:"number"`
	ID      string           `json:"id"`
	Text    string           `json:"text"`
	Score   float64          `json:"score"`
	Changes []similar.Change `json:"changes"`
}

type storedLearning struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Text     string `json:"text"`
}

type warning struct {
	Number  int    `json:"number"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// note is a correction store made to the input: a category label written
// as the spec's name.
type note struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

type result struct {
	File      string           `json:"file"`
	DryRun    bool             `json:"dry_run"`
	Written   bool             `json:"written"`
	Stamp     string           `json:"stamp"`
	Focus     string           `json:"focus"`
	Project   string           `json:"project"`
	Docs      []string         `json:"docs"`
	SessionID string           `json:"session_id,omitempty"`
	Stored    []storedLearning `json:"stored"`
	Skipped   []skipped        `json:"skipped"`
	Updates   []similarStored  `json:"updates"`
	Replaced  []replaced       `json:"replaced"`
	Warnings  []warning        `json:"warnings"`
	// Backup and Ring name the copies of the file taken before --replaces
	// rewrote a stored learning ('learn undo' restores them).
	Backup string `json:"backup,omitempty"`
	Ring   string `json:"backup_ring,omitempty"`
	// SizeWarning says the file is now over its size limit, and what
	// would bring it back under.
	SizeWarning    string `json:"size_warning,omitempty"`
	PrivateRemoved int    `json:"private_removed"`
	// Notes are the category labels corrected to the spec's names.
	Notes []note `json:"notes"`
	// rendered is the session as written, for --dry-run.
	rendered []byte
}

// Limits of one store: far above what a session teaches, far below what
// would make the file useless to recall.
const (
	MaxInputBytes = 256 * 1000
	MaxLearnings  = 100
)

func run(opts *Options) error {
	path, err := opts.File()
	if err != nil {
		return err
	}
	limit := learnings.SizeLimit
	if opts.Limit != nil {
		if limit, err = opts.Limit(); err != nil {
			return err
		}
	}
	in, err := gather(opts)
	if err != nil {
		return err
	}
	res := &result{
		File: opts.Display(path), DryRun: opts.DryRun, Focus: in.Focus, Project: in.Project, Docs: append([]string{}, in.Docs...),
		Stored: []storedLearning{}, Skipped: []skipped{}, Warnings: []warning{}, PrivateRemoved: in.PrivateRemoved,
		Updates: []similarStored{}, Replaced: []replaced{},
		Notes: []note{},
	}
	for _, n := range in.Notes {
		res.Notes = append(res.Notes, note{Line: n.Line, Message: n.Message})
		fmt.Fprintf(opts.IO.Err, "note: stdin:%d: %s\n", n.Line, n.Message)
	}
	if err := input.CheckSecrets(in); err != nil {
		return cmdutil.Mark(err, cmdutil.ErrRefused)
	}
	for i, l := range in.Learnings {
		for _, w := range input.Quality(l.Text) {
			res.Warnings = append(res.Warnings, warning{Number: i + 1, Kind: w.Kind, Message: w.Message})
		}
	}

	now := opts.Now()
	res.Stamp = learnings.FormatStamp(now)
	session := learnings.NewSession{Time: now, Focus: in.Focus, Project: in.Project, Docs: in.Docs}
	warned := false
	plan := func(current []byte, exists bool) ([]byte, error) {
		res.Skipped, res.Updates = res.Skipped[:0], res.Updates[:0]
		doc := learnings.Parse(current)
		if !warned {
			warned = memview.WarnDamage(opts.IO.Err, res.File, doc) > 0
		}
		olds, err := resolveReplaces(doc, opts.Replaces)
		if err != nil {
			return nil, err
		}
		var sameAs []*learnings.Learning
		session.Learnings, sameAs = dedup(doc, in.Learnings, olds, &res.Skipped, &res.Updates)
		date := now.Format("2006-01-02")
		if len(session.Learnings) == 0 {
			if len(olds) == 0 || len(sameAs) == 0 {
				return current, nil
			}
			// The replacement is stored already: only mark the old.
			next, err := supersede(doc, olds, sameAs, date, &res.Replaced)
			if err != nil || opts.DryRun {
				return current, err
			}
			if err := backup(path, current, now, opts, res); err != nil {
				return nil, err
			}
			res.Written = true
			return next, nil
		}
		next, err := doc.Edit().InsertSession(session).Bytes()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", res.File, err)
		}
		if len(olds) > 0 {
			after := learnings.Parse(next)
			if next, err = supersede(after, olds, newSessionLearnings(after), date, &res.Replaced); err != nil {
				return nil, err
			}
		}
		res.SizeWarning = ""
		if len(next) > limit {
			res.SizeWarning = fmt.Sprintf("%s is now %s: %s", res.File, learnings.OverLimit(len(next), limit), learnings.SizeAdviceFor(len(next), len(doc.Sessions)+1, limit))
		}
		res.rendered = learnings.RenderSession(session, doc.EOL)
		if opts.DryRun {
			return current, nil
		}
		if len(olds) > 0 {
			if err := backup(path, current, now, opts, res); err != nil {
				return nil, err
			}
		}
		res.Written = true
		return next, nil
	}
	if opts.DryRun {
		current, err := memfile.Read(path)
		exists := err == nil
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("read learnings: %w", err)
		}
		if _, err := plan(current, exists); err != nil {
			return err
		}
	} else if err := memfile.Update(path, memfile.DefaultLockTimeout, plan); err != nil {
		if errors.Is(err, memfile.ErrBusy) {
			return cmdutil.Mark(err, cmdutil.ErrBusy)
		}
		return fmt.Errorf("store: %w", err)
	}
	res.identify(session)

	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	report(opts.IO.Out, opts.IO.Err, res, in)
	return nil
}

// gather reads the learnings and checks the session fields.
func gather(opts *Options) (*input.Input, error) {
	in := &input.Input{Focus: opts.Focus, Project: opts.Project, Docs: opts.Docs}
	if in.Project == "" {
		root, err := opts.Root()
		if err != nil {
			return nil, err
		}
		in.Project = filepath.Base(root)
	}
	if len(opts.ByFlag) > 0 {
		in.Learnings = append(in.Learnings, opts.ByFlag...)
	} else {
		if opts.IO.InTTY {
			return nil, cmdutil.UsageErrorf("no learnings given: pipe them as Markdown on stdin or use --correction, --discovery and the like\n\n%s", input.FormatHelp)
		}
		src, err := io.ReadAll(io.LimitReader(opts.IO.In, MaxInputBytes+1))
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
		if len(src) > MaxInputBytes {
			return nil, cmdutil.Mark(fmt.Errorf("the input is over %s, the most one store takes; a session's learnings are a few KB: "+
				"store the few that matter, or split them over several stores; nothing was written", learnings.HumanSize(MaxInputBytes)), cmdutil.ErrRefused)
		}
		in.Source = src
	}
	if err := in.Prepare(); err != nil {
		return nil, err
	}
	if n := len(in.Learnings); n > MaxLearnings {
		return nil, cmdutil.Mark(fmt.Errorf("the input holds %d learnings, over the %d one store takes; store the ones this session "+
			"really taught in several stores; nothing was written", n, MaxLearnings), cmdutil.ErrRefused)
	}
	return in, nil
}

// dedup drops learnings that are the same as a live stored one (other than
// those being replaced) or as one earlier in the input, recording each in
// skips, and returns the rest in input order with the stored learnings the
// skipped ones are the same as. A learning that updates a stored one is
// kept and recorded in updates.
func dedup(doc *learnings.Document, ls []learnings.NewLearning, replacing []*learnings.Learning, skips *[]skipped, updates *[]similarStored) (keep []learnings.NewLearning, sameAs []*learnings.Learning) {
	texts := make([]string, len(ls))
	for i, l := range ls {
		texts[i] = l.Text
	}
	stored := doc.Learnings()
	if len(replacing) > 0 {
		stored = slices.DeleteFunc(slices.Clone(stored), func(l *learnings.Learning) bool { return slices.Contains(replacing, l) })
	}
	known := input.AgainstStored(stored, texts)
	inputIx := similar.NewSameIndex()
	for i, l := range ls {
		if k := known[i].Same; k != nil {
			s := skipped{Number: i + 1, Category: l.Category, Text: l.Text, ID: k.ID, Score: input.RoundScore(known[i].Score)}
			if k.Session != nil {
				s.Stamp = k.Session.Stamp
			}
			*skips = append(*skips, s)
			sameAs = append(sameAs, k)
			continue
		}
		t := similar.Prepare(l.Text)
		if j, ok := inputIx.Find(t); ok {
			*skips = append(*skips, skipped{Number: i + 1, Category: l.Category, Text: l.Text, InInput: j + 1, Score: 1})
			continue
		}
		inputIx.Add(i, t)
		keep = append(keep, l)
		if u := known[i].Update; u != nil && !slices.Contains(replacing, u) {
			*updates = append(*updates, similarStored{Number: i + 1, ID: u.ID, Text: u.Text,
				Score: input.RoundScore(known[i].Score), Changes: similar.Diff(secrets.Redact(u.Content()), l.Text)})
		}
	}
	return keep, sameAs
}

// newSessionLearnings are the learnings of the session store just
// inserted: the first in the file, since a new session goes above all
// others.
func newSessionLearnings(doc *learnings.Document) []*learnings.Learning {
	if len(doc.Sessions) == 0 {
		return nil
	}
	var out []*learnings.Learning
	for _, c := range doc.Sessions[0].Categories {
		out = append(out, c.Learnings...)
	}
	return out
}

// identify fills in the IDs the new session and its learnings get, by
// reading back the rendered session alone.
func (r *result) identify(s learnings.NewSession) {
	if r.rendered == nil {
		return
	}
	doc := learnings.Parse(r.rendered)
	if len(doc.Sessions) == 1 {
		r.SessionID = doc.Sessions[0].ID
	}
	for _, l := range doc.Learnings() {
		r.Stored = append(r.Stored, storedLearning{ID: l.ID, Category: l.Category, Text: l.Text})
	}
	if len(r.Stored) == 0 {
		for _, l := range s.Learnings {
			r.Stored = append(r.Stored, storedLearning{Category: l.Category, Text: l.Text})
		}
	}
}

func report(out, errw io.Writer, r *result, in *input.Input) {
	if r.PrivateRemoved > 0 {
		fmt.Fprintf(errw, "removed %s before storing", memview.Plural(r.PrivateRemoved, "<private> span", "<private> spans"))
		if in.PrivateOnly > 0 {
			fmt.Fprintf(errw, "; %s entirely private and not stored", memview.Plural(in.PrivateOnly, "learning was", "learnings were"))
		}
		fmt.Fprintln(errw)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(errw, "warning: learning %d (%s): %s\n", w.Number, input.Preview(in.Learnings[w.Number-1].Text), w.Message)
	}
	if r.SizeWarning != "" && len(r.Stored) > 0 {
		fmt.Fprintf(errw, "warning: %s.\n", r.SizeWarning)
	}
	switch {
	case len(r.Stored) == 0 && r.DryRun:
		fmt.Fprintf(out, "Dry run: nothing to store, %s already in %s.\n", allKnown(len(r.Skipped)), r.File)
	case len(r.Stored) == 0:
		fmt.Fprintf(out, "Nothing stored: %s already in %s.\n", allKnown(len(r.Skipped)), r.File)
	case r.DryRun:
		fmt.Fprintf(out, "Dry run: would store %s in %s as this session (nothing written):\n\n", memview.Plural(len(r.Stored), "learning", "learnings"), r.File)
		out.Write(bytes.TrimRight(r.rendered, "\r\n"))
		fmt.Fprintln(out)
	default:
		fmt.Fprintf(out, "Stored %s in %s, session [%s] - %s", memview.Plural(len(r.Stored), "learning", "learnings"), r.File, r.Stamp, r.Focus)
		if r.SessionID != "" {
			fmt.Fprintf(out, " (%s)", r.SessionID)
		}
		fmt.Fprintln(out, ":")
		for _, c := range byCategory(r.Stored) {
			fmt.Fprintf(out, "  %s: %d\n", c.name, c.n)
		}
	}
	for _, rp := range r.Replaced {
		fmt.Fprintf(out, "Replaced [%s] (%s): struck through, superseded by [%s].\n", rp.ID, input.Preview(rp.Text), rp.By)
	}
	if r.Backup != "" {
		fmt.Fprintf(out, "Backup: %s (and %s); 'learn undo' puts back the file as it was.\n", r.Backup, r.Ring)
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
			fmt.Fprintf(out, "  - learning %d updates [%s] (%s): %s\n", u.Number, u.ID, input.Preview(u.Text), similar.FormatChanges(u.Changes))
		}
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(out, "Skipped %d already known:\n", len(r.Skipped))
		for i, s := range r.Skipped {
			if i == skippedShown {
				fmt.Fprintf(out, "  … and %d more (learn store --dry-run --json with the same input lists them all)\n", len(r.Skipped)-i)
				break
			}
			if s.InInput > 0 {
				fmt.Fprintf(out, "  - learning %d (%s) repeats learning %d of this input (score %.2f)\n", s.Number, input.Preview(s.Text), s.InInput, s.Score)
				continue
			}
			fmt.Fprintf(out, "  - learning %d (%s) is the same as [%s] from %s (score %.2f)\n", s.Number, input.Preview(s.Text), s.ID, input.Where(s.Stamp), s.Score)
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
func byCategory(ls []storedLearning) []catCount {
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
