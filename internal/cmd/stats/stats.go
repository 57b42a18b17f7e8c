// Package stats implements "learn stats".
package stats

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/progress"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/recall"
)

// charsPerToken is the rough size of a token in English prose and code, the
// estimate stats uses because a real tokenizer depends on the model.
const charsPerToken = 4

// minGrowthSpan is the shortest history a growth rate is computed from: a
// rate per week from two sessions an hour apart would only mislead.
const minGrowthSpan = 7 * 24 * time.Hour

// Options holds the flags of "learn stats".
type Options struct {
	IO      *cmdutil.IO
	Path    func() (string, error)
	Display func(string) string
	Now     func() time.Time
	JSON    bool
}

// NewCmdStats builds "learn stats". runF replaces the run function in tests.
func NewCmdStats(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Path: f.MemoryFile, Display: f.DisplayPath, Now: f.Now}
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Summarise the size and shape of the memory",
		Long: `Stats describes the learnings file: its size, the number of sessions and of
learnings per category, what a recall costs an agent (the full recall with
--all and the default budgeted one), how old the newest and oldest sessions
are, and how fast the file grows per week over the span of its sessions.

Token counts are estimates: characters divided by 4, a fair average for
English text and code; the real count depends on the model's tokenizer.`,
		Example: `  $ learn stats
  $ learn stats --json | jq .default_recall`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return run(opts)
		},
	}
	cmdutil.JSONFlag(cmd, &opts.JSON)
	cmdutil.Paged(cmd)
	return cmd
}

// CategoryCount is one category's learning count.
type CategoryCount struct {
	Category string `json:"category"`
	Count    int    `json:"count"`
}

// RecallCost is the size of one recall's output.
type RecallCost struct {
	Chars  int `json:"chars"`
	Tokens int `json:"tokens"`
	// Shown is the number of learnings in that output.
	Shown int `json:"shown"`
}

// SessionAge is one end of the sessions' span.
type SessionAge struct {
	ID      string  `json:"id"`
	Stamp   string  `json:"stamp"`
	AgeDays float64 `json:"age_days"`
}

// Growth is how fast the sessions accumulate.
type Growth struct {
	Weeks           float64 `json:"weeks"`
	SessionsPerWeek float64 `json:"sessions_per_week"`
	BytesPerWeek    int     `json:"bytes_per_week"`
}

// Report is the --json output.
type Report struct {
	File                string          `json:"file"`
	Exists              bool            `json:"exists"`
	Bytes               int             `json:"bytes"`
	Sessions            int             `json:"sessions"`
	UndatedSessions     int             `json:"undated_sessions"`
	Learnings           int             `json:"learnings"`
	ConsolidatedCount   int             `json:"consolidated_learnings"`
	Categories          []CategoryCount `json:"categories"`
	FullRecall          RecallCost      `json:"full_recall"`
	DefaultRecall       RecallCost      `json:"default_recall"`
	DefaultRecallBudget int             `json:"default_recall_max_chars"`
	TokenEstimate       string          `json:"token_estimate"`
	Newest              *SessionAge     `json:"newest,omitempty"`
	Oldest              *SessionAge     `json:"oldest,omitempty"`
	Growth              *Growth         `json:"growth,omitempty"`
	// Problems counts what lint would report from the reader: text it
	// could not read and damaged parts (DamagedLines says how big).
	Problems     int                `json:"problems"`
	DamagedLines int                `json:"damaged_lines"`
	Damage       []learnings.Damage `json:"damage"`
}

func run(opts *Options) error {
	file, err := memview.Open(opts.Path, opts.Display)
	if err != nil {
		return err
	}
	busy := progress.Start(opts.IO.Err, opts.IO.ShowProgress(), fmt.Sprintf("measuring %s", memview.Plural(len(file.Doc.Learnings()), "learning", "learnings")))
	rep := compute(file.Doc, opts.Now())
	busy.Stop()
	rep.File = file.Display
	rep.Exists = file.Exists
	rep.Problems, rep.DamagedLines = memview.ProblemCount(file.Doc), memview.DamagedLines(file.Doc)
	rep.Damage = append([]learnings.Damage{}, file.Doc.Damage...)
	memview.WarnDamage(opts.IO.Err, file.Display, file.Doc)
	if opts.JSON {
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	write(opts.IO.Out, rep)
	return nil
}

// compute gathers the numbers; now is the clock the ages are measured from.
func compute(doc *learnings.Document, now time.Time) Report {
	rep := Report{
		Bytes: len(doc.Source), Sessions: len(doc.Sessions), DefaultRecallBudget: recall.DefaultMaxChars,
		TokenEstimate: fmt.Sprintf("characters / %d", charsPerToken),
	}
	counts := map[string]int{}
	for _, l := range doc.Learnings() {
		name, _ := learnings.NormalizeCategory(l.Category)
		counts[name]++
		rep.Learnings++
		if l.Session == nil {
			rep.ConsolidatedCount++
		}
	}
	for _, p := range learnings.Priority {
		rep.Categories = append(rep.Categories, CategoryCount{p, counts[p]})
		delete(counts, p)
	}
	var custom []string
	for c := range counts {
		custom = append(custom, c)
	}
	slices.Sort(custom)
	for _, c := range custom {
		rep.Categories = append(rep.Categories, CategoryCount{c, counts[c]})
	}
	// The default recall is a small part of the work of the full one; it
	// is measured beside it, on another CPU where there is one.
	defaultRecall := make(chan RecallCost, 1)
	go func() { defaultRecall <- cost(recall.Select(doc, recall.Options{MaxChars: recall.DefaultMaxChars})) }()
	rep.FullRecall = cost(recall.Select(doc, recall.Options{}))
	rep.DefaultRecall = <-defaultRecall

	var newest, oldest *learnings.Session
	sessionBytes := 0
	for _, s := range doc.Sessions {
		sessionBytes += s.Span.End - s.Span.Start
		if s.Time.IsZero() {
			rep.UndatedSessions++
			continue
		}
		if newest == nil || s.Time.After(newest.Time) {
			newest = s
		}
		if oldest == nil || s.Time.Before(oldest.Time) {
			oldest = s
		}
	}
	if newest != nil {
		rep.Newest = age(newest, now)
		rep.Oldest = age(oldest, now)
		if span := newest.Time.Sub(oldest.Time); span >= minGrowthSpan {
			weeks := span.Hours() / (24 * 7)
			rep.Growth = &Growth{
				Weeks:           round1(weeks),
				SessionsPerWeek: round1(float64(len(doc.Sessions)-rep.UndatedSessions) / weeks),
				BytesPerWeek:    int(float64(sessionBytes) / weeks),
			}
		}
	}
	return rep
}

func cost(r *recall.Result) RecallCost {
	chars := r.Chars()
	return RecallCost{Chars: chars, Tokens: (chars + charsPerToken - 1) / charsPerToken, Shown: len(r.Shown)}
}

func age(s *learnings.Session, now time.Time) *SessionAge {
	return &SessionAge{ID: s.ID, Stamp: s.Stamp, AgeDays: round1(now.Sub(s.Time).Hours() / 24)}
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

func write(w io.Writer, r Report) {
	if !r.Exists {
		fmt.Fprintf(w, "%s does not exist yet: no sessions, no learnings. Store some with learn store.\n", r.File)
		return
	}
	size := learnings.HumanSize(r.Bytes)
	if exact := fmt.Sprintf("%d bytes", r.Bytes); size != exact {
		size += " (" + exact + ")"
	}
	fmt.Fprintf(w, "File:       %s, %s\n", r.File, size)
	sessions := fmt.Sprintf("%d", r.Sessions)
	if r.UndatedSessions > 0 {
		sessions += fmt.Sprintf(" (%d with a timestamp learn cannot read)", r.UndatedSessions)
	}
	fmt.Fprintf(w, "Sessions:   %s\n", sessions)
	fmt.Fprintf(w, "Learnings:  %d (%d in Consolidated Learnings, %d in sessions)\n", r.Learnings, r.ConsolidatedCount, r.Learnings-r.ConsolidatedCount)
	width := 0
	for _, c := range r.Categories {
		width = max(width, len(c.Category))
	}
	for _, c := range r.Categories {
		fmt.Fprintf(w, "  %-*s  %d\n", width, c.Category, c.Count)
	}
	fmt.Fprintf(w, "Recall:     full (--all) %s chars, about %s tokens, %s\n", thousands(r.FullRecall.Chars), thousands(r.FullRecall.Tokens), memview.Plural(r.FullRecall.Shown, "learning", "learnings"))
	fmt.Fprintf(w, "            default (--max-chars %d) %s chars, about %s tokens, %s\n", r.DefaultRecallBudget, thousands(r.DefaultRecall.Chars), thousands(r.DefaultRecall.Tokens), memview.Plural(r.DefaultRecall.Shown, "learning", "learnings"))
	fmt.Fprintf(w, "            (tokens estimated as %s)\n", r.TokenEstimate)
	switch {
	case r.Newest != nil && r.Newest.ID == r.Oldest.ID:
		// One dated session is neither newer nor older than another.
		fmt.Fprintf(w, "Dated:      %s, %s (session %s, the only dated one)\n", r.Newest.Stamp, days(r.Newest.AgeDays), r.Newest.ID)
	case r.Newest != nil:
		fmt.Fprintf(w, "Newest:     %s, %s (session %s)\n", r.Newest.Stamp, days(r.Newest.AgeDays), r.Newest.ID)
		fmt.Fprintf(w, "Oldest:     %s, %s (session %s)\n", r.Oldest.Stamp, days(r.Oldest.AgeDays), r.Oldest.ID)
	}
	switch {
	case r.Growth != nil:
		fmt.Fprintf(w, "Growth:     %.1f sessions and %s of sessions per week, over %.1f weeks\n", r.Growth.SessionsPerWeek, learnings.HumanSize(r.Growth.BytesPerWeek), r.Growth.Weeks)
	case r.Sessions > 0:
		fmt.Fprintln(w, "Growth:     not enough history yet (the sessions span less than a week)")
	}
	if r.Problems > 0 {
		damaged := ""
		if r.DamagedLines > 0 {
			damaged = fmt.Sprintf(", %s not read as learnings", memview.Plural(r.DamagedLines, "line", "lines"))
		}
		fmt.Fprintf(w, "Problems:   %d%s; the counts above leave them out (learn lint lists them)\n", r.Problems, damaged)
	}
}

func days(d float64) string {
	switch {
	case d < 0:
		return "in the future (check the clock or the timestamp)"
	case d < 1:
		return "today"
	case d < 2:
		return "1 day ago"
	}
	return fmt.Sprintf("%d days ago", int(d))
}

// thousands writes n with comma separators: 54,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
