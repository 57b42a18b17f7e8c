// Package recall implements "learn recall".
package recall

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/taskflags"
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/search"
	"github.com/learn-memory/learn/learnings/secrets"
)

// Options holds the flags of "learn recall".
type Options struct {
	IO       *cmdutil.IO
	File     func() (string, error)
	Display  func(string) string
	Limit    func() (int, error)
	JSON     bool
	All      bool
	MaxChars int
	Category string
	Query    string
	Work     taskflags.Flags
	Root     func() (string, error)
}

// NewCmdRecall builds "learn recall". runF replaces the run function in tests.
func NewCmdRecall(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, File: f.MemoryFile, Display: f.DisplayPath, Root: f.ProjectRoot, Limit: f.SizeLimit}
	cmd := &cobra.Command{
		Use:   "recall",
		Short: "Print the learnings an agent needs, within a budget",
		Long: `Print the stored learnings for an agent to read at the start of a session.

Categories come in the spec's priority order (User Corrections, New Requirements,
Updated Conventions, Fresh Discoveries, Preference Clarifications, then custom
ones); inside a category the newest learning comes first. Session learnings and
Consolidated Learnings are merged (Consolidated counts as older than every
session, since it aggregates compacted ones). Exact and near duplicates are
collapsed into the first one shown, which inside a category is the newest
wording. Each learning ends with its ID, for 'learn show ID'.

The output stays within --max-chars characters (default 6000, about 1,500
tokens: the most important 40-60 learnings, cheap to inject into every session
however large the file grows; at least 1000). A learning is shown whole or not
at all. The last line says how many learnings of each category the budget left
out and how to see them; --all prints everything. --query shows only the
learnings matching a search, best first. The same file always gives the same
bytes.

Context. --task (the user's request in their words), --paths (the files at
hand), --branch and --git (the project's changed, staged and untracked files and
its current branch, from git) put the learnings that matter for that work
first, under "Chosen for this task (best match first)", in up to half the
budget; the priority fill above follows with what is left, no learning is shown
twice, and the last line still says what the budget left out. With no context
flags, or a context that finds nothing, the output is exactly as above.

How a learning is scored, to check by hand: the task, branch and path words are
split like identifiers (uploadFile: upload, file; snake_case, kebab-case, dots,
slashes; fix/stripe-webhook-retry: stripe, webhook, retry), lightly stemmed
(retries, retrying: retry), and words that say nothing about the subject are
dropped (please, fix, add, feat, ...). Each word found in the learning's text
scores by BM25: more the rarer it is among the memory's learnings, a little
more when repeated, less in a long learning. A word in the session's focus
counts half as much, in its Documentation Seen 0.4, in the project name 0.2; a branch word counts 0.9 and a path word 0.6 of a task word, a number
or a piece of a camelCase word half. Each path at hand that the learning names
or its session saw adds 3 (same file), 2 (same file name), 1.5 (same name, as
uploader_test.go and Uploader.swift), 1 (same directory) or 0.7 (same package),
times how rare that match is. Only learnings scoring at least the floor are
chosen: the score of a task word held once by one learning in 50 (about 3.5 to
4 in a memory of 50 learnings or more). --json gives the floor, each learning's
score and the words and paths behind it.

A missing file is the first session: recall says so and exits 0. Problems in the
file are reported on stderr with their line; everything readable is still
shown. Past 750 KB, and again past 1 MB, stderr suggests 'learn compact'.`,
		Example: `  $ learn recall
  $ learn recall --max-chars 2000
  $ learn recall --category "User Corrections" --all
  $ learn recall --query retries
  $ learn recall --git --task 'make the S3 upload retry on timeouts'
  $ learn recall --paths ios/Uploader.swift,ios/UploadQueue.swift --branch fix/upload-retry
  $ learn recall --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.All && cmd.Flags().Changed("max-chars") {
				return cmdutil.UsageErrorf("--all and --max-chars cannot be used together")
			}
			if !opts.All && opts.MaxChars < engine.MinMaxChars {
				return cmdutil.UsageErrorf("--max-chars must be at least %d (got %d); use --all for no budget", engine.MinMaxChars, opts.MaxChars)
			}
			if cmd.Flags().Changed("query") && strings.TrimSpace(opts.Query) == "" {
				return cmdutil.UsageErrorf("--query needs some words to search for")
			}
			if opts.Query != "" && opts.Work.Set() {
				return cmdutil.UsageErrorf("--query ranks by its own words; use --task, --paths, --branch and --git without it (or 'learn search' with them)")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmd.Flags().BoolVar(&opts.All, "all", false, "print every learning, with no budget")
	cmdutil.MaxCharsFlag(cmd, &opts.MaxChars, engine.DefaultMaxChars, "the whole output")
	cmdutil.CategoryFlag(cmd, &opts.Category, "show only this category", learnings.Priority)
	cmd.Flags().StringVar(&opts.Query, "query", "", "show only learnings matching these `WORDS`, best first")
	opts.Work.Add(cmd, "the learnings")
	cmdutil.Paged(cmd)
	return cmd
}

// jsonOutput is the --json form.
type jsonOutput struct {
	File         string                 `json:"file"`
	Exists       bool                   `json:"exists"`
	Sessions     int                    `json:"sessions"`
	Total        int                    `json:"total"`
	Duplicates   int                    `json:"duplicates"`
	MaxChars     int                    `json:"max_chars"`
	Learnings    []jsonLearning         `json:"learnings"`
	Omitted      []engine.CategoryCount `json:"omitted"`
	OmittedTotal int                    `json:"omitted_total"`
	Problems     []learnings.Problem    `json:"problems"`
	// Damage lists the parts of the file that could not be read as
	// learnings: what they hold is missing above.
	Damage   []learnings.Damage `json:"damage"`
	Warnings []string           `json:"warnings"`
	Context  *jsonContext       `json:"context,omitempty"`
}

type jsonLearning struct {
	ID        string       `json:"id"`
	Category  string       `json:"category"`
	Text      string       `json:"text"`
	Collapsed int          `json:"collapsed_duplicates"`
	Session   *jsonSession `json:"session"`
	// Chosen and Relevance are set with context flags: whether the
	// learning was chosen for the task, and its score and reasons.
	Chosen    bool                 `json:"chosen_for_task,omitempty"`
	Relevance *taskflags.Relevance `json:"relevance,omitempty"`
}

// jsonContext is the context the learnings were chosen for, --git's
// findings included.
type jsonContext struct {
	Task   string   `json:"task"`
	Paths  []string `json:"paths"`
	Branch string   `json:"branch"`
	Floor  float64  `json:"floor"`
	Chosen int      `json:"chosen"`
}

type jsonSession struct {
	ID    string `json:"id"`
	Stamp string `json:"stamp"`
	Focus string `json:"focus"`
}

func run(opts *Options) error {
	file, err := memview.Open(opts.File, opts.Display)
	if err != nil {
		return fmt.Errorf("read learnings: %w", err)
	}
	shown, doc := file.Display, file.Doc
	out := jsonOutput{File: shown, Learnings: []jsonLearning{}, Omitted: []engine.CategoryCount{}, Problems: []learnings.Problem{}, Damage: []learnings.Damage{}, Warnings: []string{}}
	if !file.Exists {
		if opts.JSON {
			return cmdutil.WriteJSON(opts.IO.Out, out)
		}
		fmt.Fprintf(opts.IO.Out, "No learnings yet: %s does not exist, so this is the first session with a memory in this project.\n"+
			"Store what this session teaches with `learn store` (the /learning-store command); it creates the file.\n", shown)
		return nil
	}
	out.Exists = true
	if err := memview.CheckCategory(doc, opts.Category); err != nil {
		return err
	}

	out.Problems = append(out.Problems, problems(doc)...)
	out.Damage = append(out.Damage, doc.Damage...)
	limit := learnings.SizeLimit
	if opts.Limit != nil {
		if limit, err = opts.Limit(); err != nil {
			return err
		}
	}
	out.Warnings = append(out.Warnings, sizeWarnings(shown, doc, limit)...)
	memview.WarnDamage(opts.IO.Err, shown, doc)
	if !opts.JSON {
		memview.WriteProblems(opts.IO.Err, shown, out.Problems)
		if len(out.Problems) > 0 {
			fmt.Fprintf(opts.IO.Err, "%s has %s; everything readable is shown (run `learn lint` for details).\n", shown, memview.Plural(len(out.Problems), "problem", "problems"))
		}
		for _, w := range out.Warnings {
			fmt.Fprintln(opts.IO.Err, w)
		}
	}

	sel := engine.Options{Category: opts.Category, Context: opts.Work.Context(context.Background(), opts.Root)}
	if !opts.All {
		sel.MaxChars = opts.MaxChars
	}
	if opts.Query != "" {
		category := ""
		if opts.Category != "" {
			category, _ = learnings.NormalizeCategory(opts.Category)
		}
		hits := search.Build(doc).Query(opts.Query, search.Options{Category: category})
		sel.Ranked = make([]*learnings.Learning, 0, len(hits))
		for _, h := range hits {
			sel.Ranked = append(sel.Ranked, h.Learning)
		}
		sel.Query = opts.Query
	}
	res := engine.Select(doc, sel)

	if opts.JSON {
		out.Sessions, out.Total, out.Duplicates, out.MaxChars = res.Sessions, res.Total, res.Duplicates, res.MaxChars
		out.OmittedTotal = res.OmittedTotal
		out.Omitted = append(out.Omitted, res.Omitted...)
		if opts.Work.Set() {
			c := sel.Context
			out.Context = &jsonContext{Task: c.Task, Paths: append([]string{}, c.Paths...), Branch: c.Branch, Floor: res.Floor, Chosen: res.Chosen}
		}
		for _, it := range res.Shown {
			jl := jsonLearning{ID: it.Learning.ID, Category: it.Category, Text: secrets.Redact(it.Learning.Text), Collapsed: it.Collapsed, Chosen: it.Chosen}
			jl.Relevance = taskflags.JSON(it.Match)
			if s := it.Learning.Session; s != nil {
				jl.Session = &jsonSession{ID: s.ID, Stamp: s.Stamp, Focus: s.Focus}
			}
			out.Learnings = append(out.Learnings, jl)
		}
		return cmdutil.WriteJSON(opts.IO.Out, out)
	}
	if res.Stored == 0 && len(doc.Damage) > 0 {
		fmt.Fprintf(opts.IO.Out, "No readable learnings in %s.\n", shown)
		memview.WriteDamageNote(opts.IO.Out, shown, doc)
		return nil
	}
	if res.Stored == 0 {
		fmt.Fprintf(opts.IO.Out, "No learnings yet: %s holds no learnings. Store what this session teaches with `learn store` (the /learning-store command).\n", shown)
		return nil
	}
	if _, err := fmt.Fprint(opts.IO.Out, res.Text()); err != nil {
		return err
	}
	memview.WriteDamageNote(opts.IO.Out, shown, doc)
	return nil
}

// problems lists what the reader reported in line order, leaving out what
// the damage report already says (an unclosed block is damage too).
func problems(doc *learnings.Document) []learnings.Problem {
	var ps []learnings.Problem
	for _, p := range doc.Problems {
		if doc.Unclosed != nil && p == *doc.Unclosed {
			continue
		}
		ps = append(ps, p)
	}
	return ps
}

// sizeWarnings says when the file approaches or passes the size limit, with
// advice that holds for the file at hand.
func sizeWarnings(shown string, doc *learnings.Document, limit int) []string {
	size := len(doc.Source)
	switch {
	case size > limit:
		return []string{fmt.Sprintf("warning: %s is %s: %s.", shown, learnings.OverLimit(size, limit), learnings.SizeAdvice(doc, limit))}
	case size > learnings.WarnAt(limit):
		return []string{fmt.Sprintf("note: %s is %s and approaching %s: %s.", shown, learnings.HumanSize(size), learnings.LimitText(limit), learnings.SizeAdvice(doc, limit))}
	}
	return nil
}
