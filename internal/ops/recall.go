package ops

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/sessionstate"
	"github.com/learn-memory/learn/learnings"
	engine "github.com/learn-memory/learn/learnings/recall"
	"github.com/learn-memory/learn/learnings/search"
)

// RecallOptions says which learnings Recall prints.
type RecallOptions struct {
	// All prints every learning; otherwise MaxChars bounds the output
	// (at least engine.MinMaxChars).
	All      bool
	MaxChars int
	// Category keeps only one category (a spec name in any spelling, or a
	// custom one the file holds).
	Category string
	// Query keeps only the learnings matching a search, best first. It
	// cannot be combined with Work.
	Query string
	// Work puts the learnings that matter for the work at hand first.
	Work Work
	// Session, when set, is an agent session whose active files are added
	// to Work.Paths and whose hot snapshot (active files, open errors)
	// ends the output, within the budget: what a session re-reads after a
	// compaction.
	Session *AgentSession
}

// SessionStart is what a session starts with: "learn recall --git", the
// Claude Code SessionStart hook's command. RecallFirstPrompt builds on the
// same selection.
func SessionStart() RecallOptions {
	return RecallOptions{MaxChars: engine.DefaultMaxChars, Work: Work{Git: true}}
}

// RecallResult is what Recall chose, and its JSON shape.
type RecallResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	Exists     bool   `json:"exists"`
	Sessions   int    `json:"sessions"`
	// Total is the number of learnings in scope; Learnings, Duplicates
	// and OmittedTotal add up to it.
	Total        int                `json:"total"`
	Duplicates   int                `json:"duplicates"`
	MaxChars     int                `json:"max_chars"`
	Learnings    []RecalledLearning `json:"learnings"`
	Omitted      []CategoryCount    `json:"omitted"`
	OmittedTotal int                `json:"omitted_total"`
	Problems     []Problem          `json:"problems"`
	// Damage lists the parts of the file that could not be read as
	// learnings: what they hold is missing above.
	Damage   []learnings.Damage `json:"damage"`
	Warnings []string           `json:"warnings"`
	// UnreadLines counts the lines of the file not read as learnings and
	// Unread lists their runs: what they hold is missing above, and the
	// text's last line says so.
	UnreadLines int                `json:"unread_lines"`
	Unread      []learnings.Unread `json:"unread"`
	// Context is the work the learnings were chosen for, git's findings
	// included; set only when work was given.
	Context *RecallContext `json:"context,omitempty"`
	// AgentSession is the agent session's id and Snapshot its hot state,
	// with RecallOptions.Session.
	AgentSession string `json:"agent_session,omitempty"`
	Snapshot     string `json:"snapshot,omitempty"`

	sel *engine.Result
	// all is set with no budget; note is the note naming damaged parts.
	all  bool
	note string
}

// RecalledLearning is one learning recall shows.
type RecalledLearning struct {
	Learning
	// Collapsed counts the older near duplicates folded into it.
	Collapsed int `json:"collapsed_duplicates"`
	// Chosen and Relevance are set with work at hand: whether the
	// learning was chosen for it, and its score and reasons.
	Chosen    bool       `json:"chosen_for_task,omitempty"`
	Relevance *Relevance `json:"relevance,omitempty"`
	// CutShort is set when the text output shows only the learning's
	// first clause, an ellipsis and its ID: with a task, a learning it
	// touches nothing of (Text here is whole).
	CutShort bool `json:"cut_short,omitempty"`
}

// RecallContext is the work at hand as recall read it.
type RecallContext struct {
	Task   string   `json:"task"`
	Paths  []string `json:"paths"`
	Branch string   `json:"branch"`
	// Floor is the least relevance a learning needed to be chosen;
	// Chosen how many were.
	Floor  float64 `json:"floor"`
	Chosen int     `json:"chosen"`
}

// CategoryCount is how many learnings of one category something applies to.
type CategoryCount struct {
	Category string `json:"category"`
	Count    int    `json:"count"`
}

// Problem is something the reader found wrong on a line of the file.
type Problem struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Recall chooses the learnings an agent reads at the start of a session:
// categories in priority order, newest first, duplicates collapsed, within
// the budget; with Work, those that matter for it first; with Query, those
// matching it, best first. A missing file is the first session, not an
// error (Exists is false). A category no one uses is ErrUsage.
func Recall(m *Memory, opts RecallOptions) (*RecallResult, error) {
	if !opts.All && opts.MaxChars < engine.MinMaxChars {
		return nil, mark(fmt.Errorf("--max-chars must be at least %d (got %d); use --all for no budget", engine.MinMaxChars, opts.MaxChars), ErrUsage)
	}
	if opts.Query != "" && opts.Work.Set() {
		return nil, mark(fmt.Errorf("--query ranks by its own words; use --task, --paths, --branch and --git without it (or 'learn search' with them)"), ErrUsage)
	}
	snap, err := m.read()
	if err != nil {
		return nil, err
	}
	return recall(m, snap, opts)
}

// recall is Recall on the file as snap read it.
func recall(m *Memory, snap *Snapshot, opts RecallOptions) (*RecallResult, error) {
	out := &RecallResult{File: m.Display, FileReason: m.Reason, Learnings: []RecalledLearning{}, Omitted: []CategoryCount{},
		Problems: []Problem{}, Damage: []learnings.Damage{}, Warnings: []string{}, Unread: []learnings.Unread{}, all: opts.All}
	if s := opts.Session; s != nil {
		out.AgentSession = s.Found.ID
		limit := sessionstate.SnapshotMaxChars
		if !opts.All {
			limit = min(limit, opts.MaxChars/3)
		}
		out.Snapshot = s.State.Snapshot(limit)
		if opts.Query == "" {
			opts.Work.Paths = append(opts.Work.Paths, s.State.ActivePaths(activePaths)...)
		}
	}
	if !snap.Exists {
		return out, nil
	}
	doc := snap.Doc
	out.Exists = true
	if err := CheckCategory(doc, opts.Category); err != nil {
		return nil, err
	}
	out.Problems = append(out.Problems, problems(doc)...)
	out.Damage = append(out.Damage, doc.Damage...)
	out.Warnings = append(out.Warnings, sizeWarnings(m.Display, doc, m.limit())...)

	sel := engine.Options{Category: opts.Category}
	if opts.Work.Set() {
		sel.Context = opts.Work.Context(context.Background(), m.Root)
	}
	out.note = DamageNote(m.Display, doc.Damage)
	if !opts.All {
		sel.MaxChars = opts.MaxChars
		sel.Reserve = utf8.RuneCountInString(out.note)
		if out.Snapshot != "" {
			sel.Reserve += utf8.RuneCountInString(out.Snapshot) + 1
		}
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
	out.sel = res
	out.Unread = append(out.Unread, res.Unread...)
	out.UnreadLines = learnings.UnreadLines(res.Unread)
	out.Sessions, out.Total, out.Duplicates, out.MaxChars = res.Sessions, res.Total, res.Duplicates, res.MaxChars
	out.OmittedTotal = res.OmittedTotal
	for _, c := range res.Omitted {
		out.Omitted = append(out.Omitted, CategoryCount{Category: Clean(c.Category), Count: c.Count})
	}
	if opts.Work.Set() {
		c := sel.Context
		out.Context = &RecallContext{Task: c.Task, Paths: append([]string{}, c.Paths...), Branch: c.Branch, Floor: res.Floor, Chosen: res.Chosen}
	}
	for _, it := range res.Shown {
		l := NewLearning(it.Learning)
		l.Category = Clean(it.Category)
		out.Learnings = append(out.Learnings, RecalledLearning{Learning: l, Collapsed: it.Collapsed, Chosen: it.Chosen, Relevance: NewRelevance(it.Match), CutShort: it.CutShort()})
	}
	return out, nil
}

// Text is recall's output for the agent, as "learn recall" prints it and a
// session starts with: the learnings, the closing line that says what the
// budget left out, and a note when part of the file could not be read; or
// the message for a first session or a file with no learnings.
//
// With a budget the whole text stays within it: the learnings fit in what
// the note on damaged parts leaves, and the note on unread lines, when
// there is one, is the last line.
func (r *RecallResult) Text() string {
	if r.Snapshot == "" {
		return r.text()
	}
	return r.text() + "\n" + r.Snapshot
}

// activePaths is how many of an agent session's most active files recall
// takes as paths at hand.
const activePaths = 10

func (r *RecallResult) text() string {
	if !r.Exists {
		return fmt.Sprintf("No learnings yet: %s does not exist, so this is the first session with a memory in this project.\n"+
			"Store what this session teaches with `learn store` (the /learning-store command); it creates the file.\n", r.File)
	}
	notice := r.sel.Notice()
	var body string
	switch {
	case r.sel.Stored == 0 && (len(r.Damage) > 0 || notice != ""):
		body = fmt.Sprintf("No readable learnings in %s.\n", r.File)
	case r.sel.Stored == 0:
		return fmt.Sprintf("No learnings yet: %s holds no learnings. Store what this session teaches with `learn store` (the /learning-store command).\n", r.File)
	default:
		body = strings.TrimSuffix(r.sel.Text(), notice)
	}
	text := body + r.note + notice
	if !r.all && r.MaxChars > 0 && utf8.RuneCountInString(text) > r.MaxChars && len(r.Damage) > 0 {
		// A tiny budget: the note keeps its headline only.
		text = body + fmt.Sprintf("\nWarning: %s. Tell the user; `learn lint` names each line.\n", DamageHeadline(r.File, r.Damage)) + notice
	}
	return text
}

// problems lists what the reader reported in line order, leaving out what
// the damage report already says (an unclosed block is damage too).
func problems(doc *learnings.Document) []Problem {
	var ps []Problem
	for _, p := range doc.Problems {
		if doc.Unclosed != nil && p == *doc.Unclosed {
			continue
		}
		ps = append(ps, Problem{Line: p.Line, Message: p.Message})
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

// limit is the file's size limit, the spec's when none was set.
