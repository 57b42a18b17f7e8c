// Package search implements "learn search".
package search

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/taskflags"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
	"github.com/learn-memory/learn/learnings/search"
)

// DefaultLimit is how many hits search shows: enough to spot the right one,
// few enough that an agent pays a few hundred tokens for them.
const DefaultLimit = 10

// Options holds the flags of "learn search".
type Options struct {
	IO       *cmdutil.IO
	Path     func() (string, error)
	Display  func(string) string
	Query    string
	Limit    int
	Category string
	JSON     bool
	Work     taskflags.Flags
	Root     func() (string, error)
}

// NewCmdSearch builds "learn search". runF replaces the run function in tests.
func NewCmdSearch(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Path: f.MemoryFile, Display: f.DisplayPath, Root: f.ProjectRoot}
	cmd := &cobra.Command{
		Use:   "search [QUERY...]",
		Short: "Search learnings, ranked",
		Long: `Search ranks every learning in the file (Consolidated Learnings and all
sessions) against the query and prints the best matches, each with its ID,
category, date (the session's timestamp, or "consolidated") and a short
snippet around the match. Use "learn show ID" to read one in full.

Ranking is BM25 over the learning's text, its session's focus and the
project name; the text counts most. Matching ignores case and Unicode width,
and folds simple English endings ("retries" finds "retry"). Code-like words
such as client.Do or docs/api.md match as a whole and by their parts. The
last word of the query also matches longer words that start with it, so
"idempot" finds "idempotent". Common words (the, a, how, ...) are ignored
unless the query has nothing else.

Context. --task, --paths, --branch and --git describe the work at hand, as
in 'learn recall' (see 'learn recall --help' for how relevance is scored):
each hit's score becomes its query score plus its relevance to that work, so
the learnings about the files being edited come first, and a "why" line
says which task words and paths made a hit relevant. With context flags the
query may be left out: the hits are then every learning relevant to the
work, best first.

Matched words are shown in bold at a terminal and as **word** otherwise.
No match is not an error: search says so and exits 0.`,
		Example: `  $ learn search retry backoff
  $ learn search client.Do --limit 3
  $ learn search --category "User Corrections" migrations
  $ learn search make gen --json
  $ learn search timeout --paths internal/sync/client.go
  $ learn search --git --branch fix/stripe-webhook-retry`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Query = strings.Join(args, " ")
			if err := cmdutil.CheckLimit("limit", opts.Limit); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmd.Args = func(cmd *cobra.Command, args []string) error {
		if (len(args) == 0 || strings.TrimSpace(strings.Join(args, "")) == "") && !opts.Work.Set() {
			return cmdutil.UsageErrorf("%s needs a query or context flags, e.g. learn search retry backoff, or learn search --git", cmd.CommandPath())
		}
		return nil
	}
	cmdutil.LimitFlag(cmd, &opts.Limit, DefaultLimit, "results")
	cmdutil.CategoryFlag(cmd, &opts.Category, "search only this category", learnings.Priority)
	cmdutil.JSONFlag(cmd, &opts.JSON)
	opts.Work.Add(cmd, "the hits")
	cmdutil.Paged(cmd)
	return cmd
}

// Result is one hit as --json prints it.
type Result struct {
	ID        string  `json:"id"`
	Category  string  `json:"category"`
	Date      string  `json:"date"`
	SessionID string  `json:"session_id,omitempty"`
	Focus     string  `json:"focus,omitempty"`
	Project   string  `json:"project,omitempty"`
	Line      int     `json:"line"`
	Score     float64 `json:"score"`
	// Snippet is plain text; Highlights are the byte ranges of the matched
	// words in it.
	Snippet    string   `json:"snippet"`
	Highlights [][2]int `json:"highlights"`
	// Relevance is set with context flags, for a hit relevant to the work
	// at hand: its relevance score and the task words and paths behind it.
	Relevance *ops.Relevance `json:"relevance,omitempty"`
}

// Work is the work at hand as --json shows it.
type Work struct {
	Task   string   `json:"task"`
	Paths  []string `json:"paths"`
	Branch string   `json:"branch"`
}

// Report is the whole --json output.
type Report struct {
	File  string `json:"file"`
	Query string `json:"query"`
	// Context is the work at hand the hits were ranked for, --git's
	// findings included; set only with context flags.
	Context  *Work    `json:"context,omitempty"`
	Searched int      `json:"searched"`
	Matched  int      `json:"matched"`
	Results  []Result `json:"results"`
}

func run(opts *Options) error {
	file, err := memview.Open(opts.Path, opts.Display)
	if err != nil {
		return err
	}
	doc, display := file.Doc, file.Display
	memview.WarnDamage(opts.IO.Err, display, doc)
	if file.Exists {
		if err := memview.CheckCategory(doc, opts.Category); err != nil {
			return err
		}
	}
	sopts := search.Options{Limit: opts.Limit, Category: opts.Category, Prefix: true}
	var hits []search.Hit
	var matched int
	var work *Work
	if opts.Work.Set() {
		root, _ := opts.Root()
		c := opts.Work.Work().Context(context.Background(), root)
		work = &Work{Task: c.Task, Paths: append([]string{}, c.Paths...), Branch: c.Branch}
		hits, matched = search.SearchContext(doc, opts.Query, c, sopts)
	} else {
		hits, matched = search.Search(doc, opts.Query, sopts)
	}
	searched := len(learnings.Live(doc.Learnings()))
	if opts.JSON {
		rep := Report{File: display, Query: opts.Query, Context: work, Searched: searched, Matched: matched, Results: []Result{}}
		for _, h := range hits {
			rep.Results = append(rep.Results, toResult(h))
		}
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	// --limit 0 on a large file lists tens of thousands of hits: one write
	// each would cost more than the search.
	out := bufio.NewWriter(opts.IO.Out)
	defer out.Flush()
	switch {
	case !file.Exists:
		fmt.Fprintf(out, "No learnings yet: %s does not exist. Store some with learn store.\n", display)
		return nil
	case len(hits) == 0:
		scope := ""
		if opts.Category != "" {
			scope = " in " + opts.Category
		}
		fmt.Fprintf(out, "No learnings%s match %s (%s searched in %s).\n", scope, asked(opts.Query, work),
			memview.Plural(searched, "learning", "learnings"), display)
		return nil
	}
	shown := memview.Plural(len(hits), "result", "results")
	if matched > len(hits) {
		shown = fmt.Sprintf("Best %d of %d results", len(hits), matched)
	}
	fmt.Fprintf(out, "%s for %s in %s (%s searched):\n", shown, asked(opts.Query, work), display,
		memview.Plural(searched, "learning", "learnings"))
	for _, h := range hits {
		writeHit(out, h, opts.IO.ColorScheme())
	}
	if matched > len(hits) {
		fmt.Fprintf(out, "\n%d more not shown: narrow the query, or see all with --limit 0.\n", matched-len(hits))
	}
	fmt.Fprintln(out, "\nRead one in full with: learn show ID")
	return nil
}

func toResult(h search.Hit) Result {
	l := h.Learning
	r := Result{
		ID: l.ID, Category: l.Category, Date: memview.Date(l), Line: l.Span.Line,
		Score: math.Round(h.Score*1000) / 1000, Snippet: h.Plain, Highlights: h.Marks,
	}
	if r.Highlights == nil {
		r.Highlights = [][2]int{}
	}
	r.Relevance = ops.NewRelevance(h.Match)
	if s := l.Session; s != nil {
		r.SessionID, r.Focus, r.Project = s.ID, s.Focus, s.Project
	}
	return r
}

// writeHit prints one hit as two lines: what it is, then the snippet.
func writeHit(w io.Writer, h search.Hit, cs cmdutil.ColorScheme) {
	l := h.Learning
	fmt.Fprintf(w, "\n%s  %s  %s  line %d\n", cs.ID(l.ID), l.Category, memview.Date(l), l.Span.Line)
	snippet := h.Snippet
	if cs.Enabled() {
		snippet = bold(h.Plain, h.Marks)
	}
	fmt.Fprintf(w, "    %s\n", snippet)
	if h.Match != nil {
		fmt.Fprintf(w, "    why: %s\n", why(h.Match))
	}
}

// why says in a line what made a hit relevant to the work at hand.
func why(m *relevance.Match) string {
	var parts []string
	if len(m.Terms) > 0 {
		parts = append(parts, "words "+strings.Join(m.Terms, ", "))
	}
	for _, p := range m.Paths {
		if p.Ref == p.Path {
			parts = append(parts, fmt.Sprintf("%s (%s)", p.Path, p.Kind))
		} else {
			parts = append(parts, fmt.Sprintf("%s (%s as %s)", p.Path, p.Kind, p.Ref))
		}
	}
	return fmt.Sprintf("%s; relevance %.3g", strings.Join(parts, "; "), m.Score)
}

// asked names what was searched for in the headline: the query, and the
// work at hand when context flags were given.
func asked(q string, work *Work) string {
	if work == nil {
		return fmt.Sprintf("%q", q)
	}
	var ctx []string
	if work.Task != "" {
		ctx = append(ctx, fmt.Sprintf("task %q", work.Task))
	}
	if n := len(work.Paths); n > 0 {
		ctx = append(ctx, memview.Plural(n, "path", "paths"))
	}
	if work.Branch != "" {
		ctx = append(ctx, "branch "+work.Branch)
	}
	at := "the work at hand"
	if len(ctx) > 0 {
		at += " (" + strings.Join(ctx, ", ") + ")"
	}
	if strings.TrimSpace(q) == "" {
		return at
	}
	return fmt.Sprintf("%q and %s", q, at)
}

// bold highlights the marked ranges with ANSI bold, when colour is on.
func bold(plain string, marks [][2]int) string {
	return search.Highlight(plain, marks, "\x1b[1m", "\x1b[0m")
}
