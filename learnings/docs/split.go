package docs

import (
	"path"
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/learnings"
)

var tableDivider = lazyregexp.New(`^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$`)

// split reads a doc into headings and passages. A markdown doc is read with
// the engine's own scanner (learnings.ScanMarkdown, the one checked against
// goldmark), so a heading inside a code block, an HTML block or indented
// code is not one, and a fence closes only on a fence at least as long.
// Files that are not markdown (a source file named in --docs) are split into
// paragraphs without headings.
func split(p, src string) *Doc {
	d := &Doc{Path: p}
	markdown := isMarkdown(p) || path.Ext(p) == "" || strings.HasPrefix(path.Base(p), ".")
	d.Lines = strings.Count(src, "\n")
	if src != "" && !strings.HasSuffix(src, "\n") {
		d.Lines++
	}

	var (
		stack       []Heading // enclosing headings, outermost first
		cur         *Passage
		text        []string // cur's lines
		tableHeader string   // the first row of the current table
	)
	trail := func() string {
		titles := make([]string, len(stack))
		for i, h := range stack {
			titles[i] = h.Title
		}
		return strings.Join(titles, " > ")
	}
	flush := func() {
		if cur != nil {
			cur.Text = strings.Join(text, "\n")
			if strings.TrimSpace(cur.Text) != "" {
				d.Passages = append(d.Passages, cur)
			}
		}
		cur, text = nil, nil
	}
	start := func(n int) {
		flush()
		cur = &Passage{Line: n, EndLine: n, Heading: trail(), section: len(d.Headings) - 1}
	}
	addLine := func(n int, line string) {
		if cur == nil {
			start(n)
		}
		text = append(text, line)
		cur.EndLine = n
	}
	heading := func(n, level int, title string) {
		flush()
		for len(stack) > 0 && stack[len(stack)-1].Level >= level {
			stack = stack[:len(stack)-1]
		}
		h := Heading{Title: title, Level: level, Line: n}
		stack = append(stack, h)
		h.Trail = trail()
		d.Headings = append(d.Headings, h)
	}

	if !markdown {
		for i, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
			line = strings.TrimRight(line, " \t\r")
			if line == "" {
				flush()
				continue
			}
			addLine(i+1, line)
		}
		flush()
		return d
	}
	for l := range learnings.ScanMarkdown([]byte(src)) {
		n, line := l.Num, strings.TrimRight(string(l.Text), " \t")
		if l.Kind != learnings.MarkdownText {
			tableHeader = ""
		}
		switch l.Kind {
		case learnings.MarkdownBlank:
			flush()
		case learnings.MarkdownHeading:
			heading(n, l.Level, l.Title)
		case learnings.MarkdownSetext:
			// The paragraph above, table rows included, is the heading.
			cur, text = nil, nil
			for len(d.Passages) > 0 && d.Passages[len(d.Passages)-1].Line >= l.Start {
				d.Passages = d.Passages[:len(d.Passages)-1]
			}
			heading(l.Start, l.Level, l.Title)
		case learnings.MarkdownBreak:
			flush()
		case learnings.MarkdownItem:
			start(n)
			addLine(n, line)
		case learnings.MarkdownFence, learnings.MarkdownInItem, learnings.MarkdownHTML:
			// A fenced code block is a passage of its own, without its
			// fences, and so is each item of a nested list; a blank
			// line parts an HTML block's passages as it parts
			// paragraphs.
			switch {
			case l.Opens:
				start(n)
				if l.StartsItem {
					addLine(n, line)
				}
			case l.Closes && cur != nil:
				cur.EndLine = n
				flush()
			case l.StartsItem:
				start(n)
				addLine(n, line)
			case l.Kind == learnings.MarkdownHTML && strings.TrimSpace(line) == "":
				flush()
			default:
				addLine(n, line)
			}
		case learnings.MarkdownText:
			if !strings.HasPrefix(strings.TrimSpace(line), "|") {
				addLine(n, line)
				break
			}
			if tableDivider().MatchString(line) {
				break
			}
			start(n)
			addLine(n, line)
			if tableHeader == "" {
				tableHeader = line
			} else {
				cur.context = tableHeader
			}
			flush()
		default:
			addLine(n, line)
		}
	}
	flush()
	closeSections(d)
	return d
}

// closeSections sets each heading's End: the last line of the last passage
// before the next heading of the same or a higher level, or the heading
// itself when its section is empty.
func closeSections(d *Doc) {
	for i := range d.Headings {
		h := &d.Headings[i]
		limit := d.Lines + 1
		for _, next := range d.Headings[i+1:] {
			if next.Level <= h.Level {
				limit = next.Line
				break
			}
		}
		h.End = h.Line
		for _, p := range d.Passages {
			if p.Line > h.Line && p.Line < limit && p.EndLine > h.End {
				h.End = p.EndLine
			}
		}
	}
}
