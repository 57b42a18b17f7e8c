// Package summarise implements "learn summarise".
package summarise

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/secrets"
	"github.com/learn-memory/learn/learnings/similar"
)

// TopDocs is how many of the most often seen references the baseline lists.
const TopDocs = 10

// Verdicts for a candidate learning.
const (
	VerdictNew        = "NEW"
	VerdictDuplicate  = "DUPLICATE"
	VerdictUpdate     = "UPDATE"
	VerdictDocumented = "ALREADY DOCUMENTED"
)

// Options holds the flags of "learn summarise".
type Options struct {
	IO      *cmdutil.IO
	File    func() (string, error)
	Root    func() (string, error)
	Display func(string) string

	JSON bool
	// Candidates is true with the "-" argument: read candidates from stdin.
	Candidates bool
	MaxChars   int
	Docs       []string
}

// NewCmdSummarise builds "learn summarise". runF replaces the run function in tests.
func NewCmdSummarise(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, File: f.MemoryFile, Root: f.ProjectRoot, Display: f.DisplayPath}
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
learning, however worded: its ID, session and score) or of an earlier
candidate; UPDATE of a stored learning that it changes (a value, a name, a
number, a negation, two values swapped), with the words that changed
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
it.`,
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

// load reads the learnings file, reporting on stderr what the reader could
// not make sense of; a missing file is an empty memory.
func load(opts *Options) (*memview.File, error) {
	file, err := memview.Open(opts.File, opts.Display)
	if err != nil {
		return nil, fmt.Errorf("read learnings: %w", err)
	}
	memview.WriteProblems(opts.IO.Err, file.Display, file.Doc.Problems)
	memview.WarnDamage(opts.IO.Err, file.Display, file.Doc)
	return file, nil
}

func run(opts *Options) error {
	m, err := load(opts)
	if err != nil {
		return err
	}
	root, err := opts.Root()
	if err != nil {
		return err
	}
	var extra []string
	for _, d := range input.SplitRefs(opts.Docs) {
		if d = strings.TrimSpace(d); d != "" {
			extra = append(extra, projectRelative(root, d))
		}
	}
	paths, err := docs.Discover(root, extra)
	if err != nil {
		return fmt.Errorf("find documentation: %w", err)
	}
	if paths == nil {
		paths = []string{}
	}
	for _, w := range unreadDocs(root, extra, paths) {
		fmt.Fprintf(opts.IO.Err, "warning: %s\n", w)
	}
	total := docs.Total(root, paths)
	if opts.Candidates {
		return check(opts, m, root, paths, total)
	}
	return baseline(opts, m, paths, total)
}

// projectRelative turns an absolute --docs path inside root into the
// relative one Discover reads; anything else is returned as given.
func projectRelative(root, ref string) string {
	if !filepath.IsAbs(ref) {
		return ref
	}
	rel, err := filepath.Rel(root, ref)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ref
	}
	return filepath.ToSlash(rel)
}

// unreadDocs says, for each --docs value that is not among the files read,
// why not: the user asked for it, so skipping it silently would hide that
// the check ran without it.
func unreadDocs(root string, extra, paths []string) []string {
	var out []string
	for _, ref := range extra {
		p := docs.RefPath(ref)
		switch {
		case p == "" && (filepath.IsAbs(ref) || strings.HasPrefix(filepath.ToSlash(filepath.Clean(ref)), "../")):
			out = append(out, fmt.Sprintf("--docs %s: outside the project, not read", ref))
		case p == "":
			out = append(out, fmt.Sprintf("--docs %s: not a file path, not read", ref))
		case slices.Contains(paths, p):
		default:
			fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
			switch {
			case err != nil:
				out = append(out, fmt.Sprintf("--docs %s: no such file in the project, not read", ref))
			case !fi.Mode().IsRegular():
				out = append(out, fmt.Sprintf("--docs %s: not a regular file, not read", ref))
			default:
				out = append(out, fmt.Sprintf("--docs %s: not read, over the limit of %d documentation files", ref, docs.MaxDocs))
			}
		}
	}
	return out
}

// capNote says that the MaxDocs cap left documentation files unread, or
// nothing when it did not.
func capNote(checked, total int) string {
	if total <= checked {
		return ""
	}
	return fmt.Sprintf("checked %d of %d documentation files (the limit is %d; name others with --docs)", checked, total, docs.MaxDocs)
}

type docCount struct {
	Ref   string `json:"ref"`
	Count int    `json:"count"`
}

type baselineLearning struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Text     string `json:"text"`
}

type baselineJSON struct {
	File         string                 `json:"file"`
	Learnings    []baselineLearning     `json:"learnings"`
	Total        int                    `json:"total"`
	Omitted      []engine.CategoryCount `json:"omitted"`
	OmittedTotal int                    `json:"omitted_total"`
	Docs         []string               `json:"docs"`
	DocsTotal    int                    `json:"docs_total"`
	DocsSeen     []docCount             `json:"docs_seen"`
}

func baseline(opts *Options, m *memview.File, paths []string, total int) error {
	res := engine.Select(m.Doc, engine.Options{MaxChars: opts.MaxChars})
	seen := docsSeen(m.Doc)
	if opts.JSON {
		out := baselineJSON{File: m.Display, Learnings: []baselineLearning{}, Total: res.Total,
			Omitted: append([]engine.CategoryCount{}, res.Omitted...), OmittedTotal: res.OmittedTotal, Docs: paths, DocsTotal: total, DocsSeen: seen}
		for _, it := range res.Shown {
			out.Learnings = append(out.Learnings, baselineLearning{it.Learning.ID, it.Category, secrets.Redact(it.Learning.Text)})
		}
		return cmdutil.WriteJSON(opts.IO.Out, out)
	}
	w := opts.IO.Out
	fmt.Fprintf(w, "Baseline for deduplication: what %s and the project documentation already say.\n"+
		"Check candidates with `learn summarise -` (candidates on stdin, as for `learn store`).\n\n", m.Display)
	if res.Stored == 0 {
		fmt.Fprintf(w, "No learnings stored yet: every candidate not in the documentation is new.\n")
	} else {
		fmt.Fprint(w, res.Text())
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
	return nil
}

// docsSeen tallies the Documentation Seen references of every session and of
// compacted ones, most often seen first, at most TopDocs.
func docsSeen(doc *learnings.Document) []docCount {
	counts := map[string]int{}
	if doc.Consolidated != nil {
		for _, d := range doc.Consolidated.Tally {
			counts[d.Ref] += d.Count
		}
	}
	for _, s := range doc.Sessions {
		for _, d := range s.Docs {
			counts[d]++
		}
	}
	out := make([]docCount, 0, len(counts))
	for ref, n := range counts {
		out = append(out, docCount{ref, n})
	}
	slices.SortFunc(out, func(a, b docCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Ref, b.Ref))
	})
	if len(out) > TopDocs {
		out = out[:TopDocs]
	}
	return out
}

type verdict struct {
	Number   int     `json:"number"`
	Category string  `json:"category"`
	Text     string  `json:"text"`
	Verdict  string  `json:"verdict"`
	Score    float64 `json:"score,omitempty"`
	// For DUPLICATE of a stored learning.
	ID    string `json:"duplicate_of_id,omitempty"`
	Stamp string `json:"duplicate_of_session,omitempty"`
	// For UPDATE of a stored learning: its ID, text and what changed.
	UpdateOf   string           `json:"update_of_id,omitempty"`
	UpdateText string           `json:"update_of_text,omitempty"`
	Changes    []similar.Change `json:"changes,omitempty"`
	// For DUPLICATE of an earlier candidate.
	Candidate int `json:"duplicate_of_candidate,omitempty"`
	// For ALREADY DOCUMENTED.
	Doc      *docs.Match `json:"documented_in,omitempty"`
	Secrets  []string    `json:"secrets"`
	Warnings []string    `json:"warnings"`
}

type checkJSON struct {
	File           string              `json:"file"`
	Candidates     int                 `json:"candidates"`
	Compared       int                 `json:"compared_learnings"`
	DocsChecked    []string            `json:"docs_checked"`
	DocsTotal      int                 `json:"docs_total"`
	Verdicts       []verdict           `json:"verdicts"`
	Problems       []learnings.Problem `json:"problems"`
	PrivateRemoved int                 `json:"private_removed"`
}

func check(opts *Options, m *memview.File, root string, paths []string, total int) error {
	if opts.IO.InTTY {
		return cmdutil.UsageErrorf("learn summarise - reads candidates from stdin; pipe them in\n\n%s", input.FormatHelp)
	}
	src, err := io.ReadAll(opts.IO.In)
	if err != nil {
		return fmt.Errorf("read stdin: %w", err)
	}
	if err := input.CheckPrivate("stdin", string(src)); err != nil {
		return fmt.Errorf("%w; nothing was checked", err)
	}
	cands, problems, removed := input.Parse(src)
	if len(cands) == 0 {
		msg := "no candidate learnings on stdin"
		if len(problems) > 0 {
			msg += ":\n" + input.Problems("stdin", problems)
		}
		return cmdutil.UsageErrorf("%s\n\n%s", msg, input.FormatHelp)
	}
	out := checkJSON{File: m.Display, Candidates: len(cands), DocsChecked: paths, DocsTotal: total, Verdicts: []verdict{},
		Problems: append([]learnings.Problem{}, problems...), PrivateRemoved: removed}

	stored := m.Doc.Learnings()
	out.Compared = len(learnings.Live(stored))
	texts := make([]string, len(cands))
	for i, c := range cands {
		texts[i] = c.Text
	}
	known := input.AgainstStored(stored, texts)
	candIx := similar.NewSameIndex()
	var corpus *docs.Corpus
	for i, c := range cands {
		v := verdict{Number: i + 1, Category: c.Category, Text: input.Mask(c.Text), Verdict: VerdictNew,
			Secrets: append([]string{}, input.Kinds(c.Text)...), Warnings: []string{}}
		for _, w := range input.Quality(c.Text) {
			v.Warnings = append(v.Warnings, w.Message)
		}
		t := similar.Prepare(c.Text)
		if k := known[i].Same; k != nil {
			v.Verdict, v.Score, v.ID, v.Stamp = VerdictDuplicate, input.RoundScore(known[i].Score), k.ID, stampOf(k)
		} else if j, ok := candIx.Find(t); ok {
			v.Verdict, v.Score, v.Candidate = VerdictDuplicate, 1, j+1
		} else if u := known[i].Update; u != nil {
			candIx.Add(i, t)
			v.Verdict, v.Score, v.UpdateOf, v.Stamp = VerdictUpdate, input.RoundScore(known[i].Score), u.ID, stampOf(u)
			v.UpdateText, v.Changes = secrets.Redact(u.Text), similar.Diff(secrets.Redact(u.Content()), input.Mask(c.Text))
		} else {
			candIx.Add(i, t)
			if corpus == nil {
				if corpus, err = docs.Load(root, paths); err != nil {
					return fmt.Errorf("read documentation: %w", err)
				}
			}
			if match, ok := corpus.Covered(c.Text); ok {
				match.Score = input.RoundScore(match.Score)
				v.Verdict, v.Score, v.Doc = VerdictDocumented, match.Score, &match
			}
		}
		out.Verdicts = append(out.Verdicts, v)
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, out)
	}
	if len(problems) > 0 {
		fmt.Fprintf(opts.IO.Err, "some of stdin was not read as candidates:\n%s\n", input.Problems("stdin", problems))
	}
	if removed > 0 {
		fmt.Fprintf(opts.IO.Err, "removed %s before checking\n", memview.Plural(removed, "<private> span", "<private> spans"))
	}
	report(opts.IO.Out, out, m.Doc)
	return nil
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

func report(w io.Writer, out checkJSON, doc *learnings.Document) {
	docList := "no documentation files"
	if len(out.DocsChecked) > 0 {
		docList = fmt.Sprintf("%s: %s", memview.Plural(len(out.DocsChecked), "documentation file", "documentation files"), listShort(out.DocsChecked))
	}
	fmt.Fprintf(w, "Checked %s against %s in %s (%s%s) and %s.\n\n",
		memview.Plural(out.Candidates, "candidate", "candidates"), memview.Plural(out.Compared, "stored learning", "stored learnings"),
		out.File, memview.Plural(len(doc.Sessions), "session", "sessions"), consolidatedNote(doc), docList)
	if note := capNote(len(out.DocsChecked), out.DocsTotal); note != "" {
		fmt.Fprintf(w, "Note: %s.\n\n", note)
	}
	counts := map[string]int{}
	refused := 0
	for _, v := range out.Verdicts {
		counts[v.Verdict]++
		verdict := v.Verdict
		if v.UpdateOf != "" {
			verdict += " of " + v.UpdateOf
		}
		fmt.Fprintf(w, "%d. %s [%s] %s\n", v.Number, verdict, v.Category, input.Preview(v.Text))
		switch {
		case v.ID != "":
			fmt.Fprintf(w, "   duplicates [%s] from %s (score %.2f)\n", v.ID, input.Where(v.Stamp), v.Score)
		case v.UpdateOf != "":
			fmt.Fprintf(w, "   changed: %s\n", similar.FormatChanges(v.Changes))
		case v.Candidate > 0:
			fmt.Fprintf(w, "   repeats candidate %d (score %.2f)\n", v.Candidate, v.Score)
		case v.Doc != nil:
			where := fmt.Sprintf("%s:%d", v.Doc.Path, v.Doc.Line)
			if v.Doc.Heading != "" {
				where += " (" + v.Doc.Heading + ")"
			}
			fmt.Fprintf(w, "   documented in %s, score %.2f: %q\n", where, v.Doc.Score, input.Preview(v.Doc.Excerpt))
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

func consolidatedNote(doc *learnings.Document) string {
	if doc.Consolidated == nil || len(doc.Consolidated.Categories) == 0 {
		return ""
	}
	return " and Consolidated Learnings"
}

func stampOf(l *learnings.Learning) string {
	if l.Session == nil {
		return ""
	}
	return l.Session.Stamp
}
