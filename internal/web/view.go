package web

import (
	"slices"
	"strings"

	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// catStyle is how the page tells a category apart: a word on a badge and a
// border and chart pattern of its own, so that no category depends on colour
// alone.
type catStyle struct {
	Name  string // canonical name
	Slug  string // CSS class and SVG pattern suffix
	Badge string // the word on the badge
}

var specStyles = []catStyle{
	{"User Corrections", "correction", "Correction"},
	{"New Requirements", "requirement", "Requirement"},
	{"Updated Conventions", "convention", "Convention"},
	{"Fresh Discoveries", "discovery", "Discovery"},
	{"Preference Clarifications", "preference", "Preference"},
}

var customStyle = catStyle{Slug: "custom", Badge: "Other"}

// styleOf returns the style of a category label as written.
func styleOf(label string) catStyle {
	name, known := learnings.NormalizeCategory(label)
	if known {
		for _, s := range specStyles {
			if s.Name == name {
				return s
			}
		}
	}
	s := customStyle
	s.Name = name
	return s
}

// learningView is one learning as the page shows it: redacted, split into
// paragraphs and code blocks for html/template to escape.
type learningView struct {
	ID        string
	Line      int
	EndLine   int
	Style     catStyle
	Blocks    []block
	Plain     string // redacted text, for titles and JSON
	SessionID string
	Date      string
	// Superseded is set on a learning replaced by a newer one (the
	// engine's reading of its note); SupersededBy is the ID the note
	// names, if any.
	Superseded   bool
	SupersededBy string
}

// block is a paragraph (made of inline spans) or a code block.
type block struct {
	Code  bool
	Lang  string
	Text  string // code block body
	Spans []span // paragraph
}

// span is a run of paragraph text, plain, inline code or bold, and
// maybe struck through.
type span struct {
	Text   string
	Code   bool
	Bold   bool
	Strike bool
}

type categoryView struct {
	Style catStyle
	// Owner is where the category is: "consolidated" or a session's ID.
	Owner string
	// Learnings are all the category's learnings, or, when Folded, only
	// those the page shows first.
	Learnings []learningView
	// Folded counts the learnings left out: the page loads them from
	// /fragment/rest when someone opens the fold, so a 1 MB memory's
	// Consolidated section does not make the first page heavy.
	Folded int
}

// foldAfter is how many learnings of a category show before the rest fold
// into a "Show more": a long Consolidated section stays scannable.
const foldAfter = 6

// shownOf is how many of n learnings show before the fold, leaving a fold
// of at least two.
func shownOf(n int) int {
	if n <= foldAfter+1 {
		return n
	}
	return foldAfter
}

// Shown and Rest split the learnings at the fold.
func (c categoryView) Shown() []learningView {
	return c.Learnings[:shownOf(len(c.Learnings)+c.Folded)]
}

func (c categoryView) Rest() []learningView { return c.Learnings[len(c.Shown()):] }

// Count is how many learnings the category holds, folded ones included.
func (c categoryView) Count() int { return len(c.Learnings) + c.Folded }

type sessionView struct {
	ID         string
	Stamp      string
	Date       string
	Focus      string
	Project    string
	Docs       []string
	Line       int
	EndLine    int
	Count      int
	Categories []categoryView
}

func newLearningView(l *learnings.Learning) learningView {
	text := ops.Clean(l.Text)
	v := learningView{ID: l.ID, Line: l.Span.Line, EndLine: l.Span.EndLine, Style: styleOf(l.Category),
		Blocks: renderText(text), Plain: text, Date: memview.Date(l)}
	if l.Session != nil {
		v.SessionID = l.Session.ID
	}
	if l.Superseded != nil {
		v.Superseded, v.SupersededBy = true, l.Superseded.By
	}
	return v
}

// categoryViews groups learnings by category in the spec's order (custom
// categories after, in file order), the order recall uses. With fold, only
// the learnings before each category's fold are rendered.
func categoryViews(cs []*learnings.Category, owner string, fold bool) []categoryView {
	type group struct {
		style catStyle
		ls    []*learnings.Learning
	}
	var gs []group
	for _, c := range cs {
		st := styleOf(c.Name)
		i := slices.IndexFunc(gs, func(g group) bool { return g.style.Name == st.Name })
		if i < 0 {
			gs = append(gs, group{style: st})
			i = len(gs) - 1
		}
		gs[i].ls = append(gs[i].ls, c.Learnings...)
	}
	slices.SortStableFunc(gs, func(a, b group) int {
		return learnings.CategoryRank(a.style.Name) - learnings.CategoryRank(b.style.Name)
	})
	var out []categoryView
	for _, g := range gs {
		if len(g.ls) == 0 {
			continue
		}
		v := categoryView{Style: g.style, Owner: owner}
		ls := g.ls
		if fold {
			ls = ls[:shownOf(len(ls))]
			v.Folded = len(g.ls) - len(ls)
		}
		for _, l := range ls {
			v.Learnings = append(v.Learnings, newLearningView(l))
		}
		out = append(out, v)
	}
	return out
}

// newSessionView is a session with all its learnings rendered;
// foldedSessionView renders those before each category's fold.
func newSessionView(s *learnings.Session) sessionView { return sessionViewOf(s, false) }

func foldedSessionView(s *learnings.Session) sessionView { return sessionViewOf(s, true) }

func sessionViewOf(s *learnings.Session, fold bool) sessionView {
	v := sessionView{ID: s.ID, Stamp: ops.Clean(s.Stamp), Focus: ops.Clean(s.Focus), Project: ops.Clean(s.Project),
		Line: s.Span.Line, EndLine: s.Span.EndLine, Categories: categoryViews(s.Categories, s.ID, fold)}
	if !s.Time.IsZero() {
		v.Date = s.Time.Format("2006-01-02")
	}
	for _, d := range s.Docs {
		v.Docs = append(v.Docs, ops.Clean(d))
	}
	for _, c := range v.Categories {
		v.Count += c.Count()
	}
	return v
}

// renderText splits a learning's Markdown into paragraphs and fenced code
// blocks, and paragraphs into plain, `code` and **bold** runs. Nothing is
// turned into HTML here: the template escapes every run, so a learning that
// holds <script> or <!-- shows those characters and never becomes markup.
func renderText(text string) []block {
	var out []block
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, block{Spans: inline(strings.Join(para, "\n"))})
			para = nil
		}
	}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimLeft(line, " ")
		fence := fenceOf(trimmed)
		if fence == "" {
			if strings.TrimSpace(line) == "" {
				flush()
			} else {
				para = append(para, line)
			}
			continue
		}
		flush()
		indent := len(line) - len(trimmed)
		lang := strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1]))
		var body []string
		for i++; i < len(lines); i++ {
			l := lines[i]
			if strings.HasPrefix(strings.TrimLeft(l, " "), fence) && strings.TrimSpace(strings.TrimLeft(strings.TrimLeft(l, " "), fence[:1])) == "" {
				break
			}
			body = append(body, trimIndent(l, indent))
		}
		out = append(out, block{Code: true, Lang: lang, Text: strings.Join(body, "\n")})
	}
	flush()
	return out
}

// fenceOf returns the opening fence (``` or ~~~, three or more) a line
// starts with, or "".
func fenceOf(line string) string {
	for _, c := range []string{"`", "~"} {
		n := len(line) - len(strings.TrimLeft(line, c))
		if n >= 3 {
			return strings.Repeat(c, n)
		}
	}
	return ""
}

func trimIndent(line string, n int) string {
	for i := 0; i < n && strings.HasPrefix(line, " "); i++ {
		line = line[1:]
	}
	return line
}

// inline splits a paragraph into `code` spans, **bold** runs and
// ~~struck~~ runs (a superseded learning), which may hold code or bold.
func inline(text string) []span {
	var out []span
	add := func(s span) {
		if s.Text != "" {
			out = append(out, s)
		}
	}
	for text != "" {
		code := strings.IndexByte(text, '`')
		pair, delim := -1, ""
		for _, d := range []string{"**", "~~"} {
			if i := strings.Index(text, d); i >= 0 && (pair < 0 || i < pair) {
				pair, delim = i, d
			}
		}
		switch {
		case code >= 0 && (pair < 0 || code < pair):
			ticks := len(text[code:]) - len(strings.TrimLeft(text[code:], "`"))
			rest := text[code+ticks:]
			end := strings.Index(rest, strings.Repeat("`", ticks))
			if end < 0 {
				add(span{Text: text})
				return out
			}
			add(span{Text: text[:code]})
			add(span{Text: strings.TrimSpace(rest[:end]), Code: true})
			text = rest[end+ticks:]
		case pair >= 0:
			end := strings.Index(text[pair+2:], delim)
			if end <= 0 {
				add(span{Text: text})
				return out
			}
			add(span{Text: text[:pair]})
			inner := text[pair+2 : pair+2+end]
			if delim == "**" {
				add(span{Text: inner, Bold: true})
			} else {
				for _, sp := range inline(inner) {
					sp.Strike = true
					add(sp)
				}
			}
			text = text[pair+2+end+2:]
		default:
			add(span{Text: text})
			return out
		}
	}
	return out
}
