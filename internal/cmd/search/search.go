// Package search implements "learn search".
package search

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/taskflags"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/search"
)

// DefaultLimit is how many hits search shows: enough to spot the right one,
// few enough that an agent pays a few hundred tokens for them.
const DefaultLimit = 10

// Options holds the flags of "learn search".
type Options struct {
	IO *cmdutil.IO
	// Memory is the memory file, as the factory finds it.
	Memory   func() (*ops.Memory, error)
	Query    string
	Limit    int
	Category string
	JSON     bool
	Work     taskflags.Flags
}

// NewCmdSearch builds "learn search". runF replaces the run function in tests.
func NewCmdSearch(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Memory: f.Memory}
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
such as client.Do or docs/api.md match as a whole and by their parts. A
word written joined or hyphenated is one word ("epaper" finds "e-paper" and
the other way round; "front end" also finds "frontend"). The
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

func run(opts *Options) error {
	m, err := opts.Memory()
	if err != nil {
		return err
	}
	res, err := ops.Search(m, ops.SearchOptions{Query: opts.Query, Category: opts.Category, Limit: opts.Limit, Work: opts.Work.Work()})
	if res != nil {
		memview.WarnDamageList(opts.IO.Err, res.File, res.Damage)
	}
	if err != nil {
		return err
	}
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, res)
	}
	// --limit 0 on a large file lists tens of thousands of hits: one write
	// each would cost more than the search.
	out := bufio.NewWriter(opts.IO.Out)
	defer out.Flush()
	hits, display := res.Results, res.File
	switch {
	case !res.Exists:
		fmt.Fprintf(out, "No learnings yet: %s does not exist. Store some with learn store.\n", display)
		return nil
	case len(hits) == 0:
		scope := ""
		if opts.Category != "" {
			scope = " in " + opts.Category
		}
		fmt.Fprintf(out, "No learnings%s match %s (%s searched in %s).\n", scope, asked(opts.Query, res.Context),
			memview.Plural(res.Searched, "learning", "learnings"), display)
		return nil
	}
	shown := memview.Plural(len(hits), "result", "results")
	if res.Matched > len(hits) {
		shown = fmt.Sprintf("Best %d of %d results", len(hits), res.Matched)
	}
	fmt.Fprintf(out, "%s for %s in %s (%s searched):\n", shown, asked(opts.Query, res.Context), display,
		memview.Plural(res.Searched, "learning", "learnings"))
	for _, h := range hits {
		writeHit(out, h, opts.IO.ColorScheme())
	}
	if res.Matched > len(hits) {
		fmt.Fprintf(out, "\n%d more not shown: narrow the query, or see all with --limit 0.\n", res.Matched-len(hits))
	}
	fmt.Fprintln(out, "\nRead one in full with: learn show ID")
	return nil
}

// writeHit prints one hit as two lines: what it is, then the snippet.
func writeHit(w io.Writer, h ops.SearchHit, cs cmdutil.ColorScheme) {
	fmt.Fprintf(w, "\n%s  %s  %s  line %d\n", cs.ID(h.ID), h.Category, h.Date, h.Line)
	snippet := search.Highlight(h.Snippet, h.Highlights, "**", "**")
	if cs.Enabled() {
		snippet = bold(h.Snippet, h.Highlights)
	}
	fmt.Fprintf(w, "    %s\n", snippet)
	if h.Relevance != nil {
		fmt.Fprintf(w, "    why: %s\n", why(h.Relevance))
	}
}

// why says in a line what made a hit relevant to the work at hand.
func why(m *ops.Relevance) string {
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
func asked(q string, work *ops.SearchContext) string {
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
