// Package recall implements "learn recall".
package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/taskflags"
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/relevance"
	"github.com/learn-memory/learn/learnings/search"
	"github.com/learn-memory/learn/learnings/secrets"
)

// Options holds the flags of "learn recall".
type Options struct {
	IO       *cmdutil.IO
	File     func() (string, error)
	Display  func(string) string
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
	opts := &Options{IO: f.IO, File: f.MemoryFile, Display: f.DisplayPath, Root: f.ProjectRoot}
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
first, under "Chosen for this task", in up to half the budget; the priority
fill above follows with what is left, and no learning is shown twice. The
ranking can be checked by hand: the task, branch and path words are split like
identifiers (uploadFile, snake_case, fix/stripe-webhook-retry: stripe, webhook,
retry; words like fix, feat, add are dropped) and lightly stemmed (retries,
retrying: retry). A learning scores for each such word in its text, or less in
its session's focus and Documentation Seen, more the rarer the word is in the
memory (BM25); and for each path at hand that it or its session's Documentation
Seen names: the same file most, then the same file name, the same name
(uploader_test.go, Uploader.swift), the same directory, the same package. Only
learnings scoring at least 3 (about one rare word, or a file at hand) are
chosen; --json shows each score and the words and paths behind it. With no
context flags the output is exactly as above.

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
	Warnings     []string               `json:"warnings"`
	Context      *jsonContext           `json:"context,omitempty"`
}

type jsonLearning struct {
	ID        string       `json:"id"`
	Category  string       `json:"category"`
	Text      string       `json:"text"`
	Collapsed int          `json:"collapsed_duplicates"`
	Session   *jsonSession `json:"session"`
	// Chosen and Relevance are set with context flags: whether the
	// learning was chosen for the task, and its score and reasons.
	Chosen    bool           `json:"chosen_for_task,omitempty"`
	Relevance *jsonRelevance `json:"relevance,omitempty"`
}

type jsonRelevance struct {
	Score float64               `json:"score"`
	Terms []string              `json:"terms"`
	Paths []relevance.PathMatch `json:"paths"`
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
	out := jsonOutput{File: shown, Learnings: []jsonLearning{}, Omitted: []engine.CategoryCount{}, Problems: []learnings.Problem{}, Warnings: []string{}}
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
	out.Warnings = append(out.Warnings, sizeWarnings(shown, len(doc.Source))...)
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
			if m := it.Match; m != nil {
				jl.Relevance = &jsonRelevance{Score: m.Score, Terms: append([]string{}, m.Terms...), Paths: append([]relevance.PathMatch{}, m.Paths...)}
			}
			if s := it.Learning.Session; s != nil {
				jl.Session = &jsonSession{ID: s.ID, Stamp: s.Stamp, Focus: s.Focus}
			}
			out.Learnings = append(out.Learnings, jl)
		}
		return cmdutil.WriteJSON(opts.IO.Out, out)
	}
	if res.Stored == 0 {
		fmt.Fprintf(opts.IO.Out, "No learnings yet: %s holds no learnings. Store what this session teaches with `learn store` (the /learning-store command).\n", shown)
		return nil
	}
	_, err = fmt.Fprint(opts.IO.Out, res.Text())
	return err
}

// problems lists what the reader reported, the unclosed block included, in
// line order.
func problems(doc *learnings.Document) []learnings.Problem {
	ps := append([]learnings.Problem(nil), doc.Problems...)
	if doc.Unclosed != nil && !slices.Contains(ps, *doc.Unclosed) {
		ps = append(ps, *doc.Unclosed)
	}
	return ps
}

// sizeWarnings suggests compacting as the file approaches and passes the
// spec's 1 MB limit.
func sizeWarnings(shown string, size int) []string {
	switch {
	case size > learnings.SizeLimit:
		return []string{fmt.Sprintf("warning: %s is %s; run `learn compact` (the /learning-compact command) to fold old sessions into Consolidated Learnings.", shown, learnings.OverLimit(size))}
	case size > learnings.SizeWarning:
		return []string{fmt.Sprintf("note: %s is %s; consider `learn compact` (the /learning-compact command) soon.", shown, learnings.OverLimit(size))}
	}
	return nil
}
