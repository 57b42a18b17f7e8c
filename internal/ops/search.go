package ops

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/search"
)

// SearchOptions is a search of the learnings.
type SearchOptions struct {
	// Query is the words searched for; the last one also matches longer
	// words starting with it. It may be empty with Work, or with a
	// Category or dates to list the learnings they keep, newest first.
	Query string
	// Category keeps one category; Limit bounds the hits (0: no limit).
	Category string
	Limit    int
	// From and To keep the learnings stored on those days (YYYY-MM-DD,
	// inclusive); a learning in Consolidated Learnings has no day.
	From, To string
	// Work ranks the hits by their relevance to the work at hand too.
	Work Work
}

// SearchResult is a search's hits, best first, and its JSON shape.
type SearchResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	Exists     bool   `json:"-"`
	Query      string `json:"query"`
	// Context is the work at hand the hits were ranked for, git's
	// findings included; set only when work was given.
	Context *SearchContext `json:"context,omitempty"`
	// Searched is how many live learnings were searched; Matched how many
	// matched, of which Results are the best.
	Searched int         `json:"searched"`
	Matched  int         `json:"matched"`
	Results  []SearchHit `json:"results"`
	// Damage lists the parts of the file that could not be read: what
	// they hold was not searched.
	Damage []learnings.Damage `json:"-"`
}

// SearchContext is the work at hand as search read it.
type SearchContext struct {
	Task   string   `json:"task"`
	Paths  []string `json:"paths"`
	Branch string   `json:"branch"`
}

// SearchHit is one learning found.
type SearchHit struct {
	Learning
	// Date is the session's stamp, "consolidated" or "undated".
	Date    string  `json:"date"`
	Project string  `json:"project,omitempty"`
	Line    int     `json:"line"`
	Score   float64 `json:"score"`
	// Snippet is a plain excerpt around the match; Highlights are the
	// byte ranges of the matched words in it.
	Snippet    string   `json:"snippet"`
	Highlights [][2]int `json:"highlights"`
	// Relevance is set with work at hand, for a hit relevant to it.
	Relevance *Relevance `json:"relevance,omitempty"`
}

// Search ranks the live learnings (never a superseded one) against the
// query and the work at hand, best first. A category no one uses and a date
// that is not YYYY-MM-DD are ErrUsage; a missing file finds nothing.
func Search(m *Memory, opts SearchOptions) (*SearchResult, error) {
	for _, d := range []string{opts.From, opts.To} {
		if d == "" {
			continue
		}
		if _, err := time.Parse("2006-01-02", d); err != nil {
			return nil, mark(fmt.Errorf("dates are YYYY-MM-DD, got %s", d), ErrUsage)
		}
	}
	// The IDs are given once the hits are known (AssignIDsOf): a query
	// that matches nothing hashes nothing, and one that does hashes the
	// learnings from its first hit in the file down. At 10 MB (callgrind,
	// M instructions) "search zyzzyvaquux" default 965 -> 442, zipf 940
	// -> 440, prose 738 -> 290; "search retry" default 1,088 -> 967.
	snap, err := m.readWith(learnings.ParseWithoutIDs)
	if err != nil {
		return nil, err
	}
	doc := snap.Doc
	out := &SearchResult{File: m.Display, FileReason: m.Reason, Exists: snap.Exists, Query: opts.Query, Results: []SearchHit{}, Damage: doc.Damage}
	category := ""
	if opts.Category != "" && snap.Exists {
		if err := CheckCategory(doc, opts.Category); err != nil {
			return out, err // with Damage, which may hide the category
		}
	}
	if opts.Category != "" {
		category, _ = learnings.NormalizeCategory(opts.Category)
	}
	live := learnings.Live(doc.Learnings())
	out.Searched = len(live)
	sopts := search.Options{Limit: opts.Limit, Category: category, Prefix: true}
	if opts.From != "" || opts.To != "" {
		sopts.Keep = func(l *learnings.Learning) bool { return onDays(l, opts.From, opts.To) }
	}
	var hits []search.Hit
	switch {
	case opts.Work.Set():
		c := opts.Work.Context(context.Background(), m.Root)
		out.Context = &SearchContext{Task: c.Task, Paths: append([]string{}, c.Paths...), Branch: c.Branch}
		hits, out.Matched = search.SearchContext(doc, opts.Query, c, sopts)
		hits = keep(hits, sopts.Keep)
	case strings.TrimSpace(opts.Query) != "" && snap.derived.shared:
		hits, out.Matched = snap.Index().QueryCount(opts.Query, sopts)
	case strings.TrimSpace(opts.Query) != "":
		hits, out.Matched = search.Search(doc, opts.Query, sopts)
		hits = keep(hits, sopts.Keep)
	case category != "" || sopts.Keep != nil:
		doc.AssignIDs()
		out.Matched, out.Results = list(doc, category, opts.Limit, sopts.Keep)
		return out, nil
	}
	named := make([]*learnings.Learning, len(hits))
	for i, h := range hits {
		named[i] = h.Learning
	}
	doc.AssignIDsOf(named...)
	for _, h := range hits {
		out.Results = append(out.Results, newHit(h.Learning, h.Score, h.Plain, h.Marks, NewRelevance(h.Match)))
	}
	return out, nil
}

// list is the live learnings of category kept by keep (either may be
// empty), newest first: the sessions by their time, then Consolidated
// Learnings. It returns how many there are and the first limit of them.
func list(doc *learnings.Document, category string, limit int, keepIt func(*learnings.Learning) bool) (int, []SearchHit) {
	owners := [][]*learnings.Category{}
	for _, s := range learnings.NewestFirst(doc.Sessions) {
		owners = append(owners, s.Categories)
	}
	if c := doc.Consolidated; c != nil {
		owners = append(owners, c.Categories)
	}
	n, out := 0, []SearchHit{}
	for _, cs := range owners {
		for _, c := range cs {
			if name, _ := learnings.NormalizeCategory(c.Name); category != "" && name != category {
				continue
			}
			for _, l := range c.Learnings {
				if l.Superseded != nil || (keepIt != nil && !keepIt(l)) {
					continue
				}
				n++
				if limit == 0 || len(out) < limit {
					out = append(out, newHit(l, 0, FirstLine(Clean(l.Text), 160), nil, nil))
				}
			}
		}
	}
	return n, out
}

// keep drops the hits keepIt refuses; the engine's one-shot search and
// context search do not filter by day themselves.
func keep(hits []search.Hit, keepIt func(*learnings.Learning) bool) []search.Hit {
	if keepIt == nil {
		return hits
	}
	out := hits[:0]
	for _, h := range hits {
		if keepIt(h.Learning) {
			out = append(out, h)
		}
	}
	return out
}

func newHit(l *learnings.Learning, score float64, plain string, marks [][2]int, rel *Relevance) SearchHit {
	h := SearchHit{Learning: NewLearning(l), Date: Date(l), Line: l.Span.Line, Score: math.Round(score*1000) / 1000,
		Snippet: plain, Highlights: marks, Relevance: rel}
	if h.Highlights == nil {
		h.Highlights = [][2]int{}
	}
	if l.Session != nil {
		h.Project = Clean(l.Session.Project)
	}
	return h
}

// onDays tells whether l was stored between from and to (YYYY-MM-DD,
// inclusive, either may be empty).
func onDays(l *learnings.Learning, from, to string) bool {
	if l.Session == nil || l.Session.Time.IsZero() {
		return false
	}
	day := l.Session.Time.Format("2006-01-02")
	return (from == "" || day >= from) && (to == "" || day <= to)
}

// Date is when a learning was stored: its session's stamp as written, or
// "consolidated" for learnings folded into Consolidated Learnings.
func Date(l *learnings.Learning) string {
	if l.Session == nil {
		return "consolidated"
	}
	if l.Session.Stamp == "" {
		return "undated"
	}
	return Clean(l.Session.Stamp)
}

// FirstLine shortens text to its first line of at most n runes, marking
// what was cut with an ellipsis, for one-line listings.
func FirstLine(text string, n int) string {
	first, _, more := strings.Cut(text, "\n")
	r := []rune(first)
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	if more {
		return first + " …"
	}
	return first
}
