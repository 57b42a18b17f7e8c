package docs

import (
	"path"
	"regexp"
	"strings"
)

var (
	atxHeading   = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)
	setextLine   = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	listMarker   = regexp.MustCompile(`^[ \t]*(?:[-*+]|[0-9]{1,9}[.)])(?:[ \t]+|$)`)
	fenceLine    = regexp.MustCompile("^[ \t]*(```+|~~~+)")
	thematic     = regexp.MustCompile(`^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|=+[ \t]*)$`)
	tableDivider = regexp.MustCompile(`^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$`)
)

// split reads a doc line by line into headings and passages. It is a light
// reader, not a markdown parser: it needs only where passages start and which
// heading they sit under. Files that are not markdown (a source file named
// in --docs) are split into paragraphs without headings.
func split(p, src string) *Doc {
	d := &Doc{Path: p}
	markdown := isMarkdown(p) || path.Ext(p) == "" || strings.HasPrefix(path.Base(p), ".")
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	d.Lines = len(lines)

	var (
		stack       []Heading // enclosing headings, outermost first
		cur         *Passage
		text        []string // cur's lines
		fence       string
		tableHeader string // the first row of the current table
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

	first := 0
	if markdown && len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for i := 1; i < len(lines); i++ {
			if t := strings.TrimSpace(lines[i]); t == "---" || t == "..." {
				first = i + 1
				break
			}
		}
	}
	for i := first; i < len(lines); i++ {
		n, line := i+1, strings.TrimRight(lines[i], " \t")
		if fence != "" {
			if m := fenceLine.FindStringSubmatch(line); m != nil && strings.HasPrefix(m[1], fence) && strings.TrimSpace(line) == m[1] {
				fence = ""
				cur.EndLine = n
				flush()
				continue
			}
			addLine(n, line)
			continue
		}
		if strings.TrimSpace(line) == "" {
			flush()
			tableHeader = ""
			continue
		}
		if !markdown {
			addLine(n, line)
			continue
		}
		if m := fenceLine.FindStringSubmatch(line); m != nil {
			fence = m[1][:3]
			start(n)
			continue
		}
		if m := atxHeading.FindStringSubmatch(line); m != nil {
			heading(n, len(m[1]), strings.TrimSpace(m[2]))
			continue
		}
		if m := setextLine.FindStringSubmatch(line); m != nil && cur != nil && cur.Line == n-1 && !listMarker.MatchString(text[0]) {
			title := text[0]
			cur, text = nil, nil
			level := 1
			if m[1][0] == '-' {
				level = 2
			}
			heading(n-1, level, title)
			continue
		}
		if thematic.MatchString(line) {
			flush()
			continue
		}
		switch {
		case strings.HasPrefix(strings.TrimSpace(line), "|"):
			if tableDivider.MatchString(line) {
				continue
			}
			start(n)
			addLine(n, line)
			if tableHeader == "" {
				tableHeader = line
			} else {
				cur.context = tableHeader
			}
			flush()
		case listMarker.MatchString(line):
			start(n)
			addLine(n, line)
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
