package learnings

import (
	"bytes"
	"fmt"
	"strings"
)

// Where unread lines stand, stable for scripts reading --json.
const (
	// UnreadPreamble is text above the first "## " heading.
	UnreadPreamble = "preamble"
	// UnreadSection is a hand-written "## " section.
	UnreadSection = "section"
	// UnreadSession is text inside a session that is not a list item, a
	// category label or a field.
	UnreadSession = "session"
	// UnreadConsolidated is the same inside Consolidated Learnings.
	UnreadConsolidated = "consolidated"
	// UnreadDamage is a part of the file listed in Document.Damage.
	UnreadDamage = "damage"
)

// ImportAdvice is what to do about unread lines: learn import --in-place
// rewrites the file into learn's form and keeps everything it holds.
const ImportAdvice = "run `learn import --in-place` to rewrite the file into learn's form, keeping everything (where the file already holds learn's own sessions, move those lines to a file of their own and run `learn import FILE`)"

// Unread is a run of lines of the file that no command reads as learnings:
// recall does not show them, search does not find them and compact could
// not fold them.
type Unread struct {
	Kind string `json:"kind"`
	// Line and EndLine bound the run, 1-based and inclusive; blank lines
	// inside it are not counted.
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
	// Lines counts the run's non-blank lines.
	Lines int `json:"lines"`
	// Why says what the lines are and why they are not read.
	Why string `json:"why"`
	// Items counts the list items among them: learnings in all but name.
	Items int `json:"items,omitempty"`
	// start and end are the run's bytes, line endings included.
	start, end int
}

// Span is the byte range of the run, from its first line's start to its
// last line's end.
func (u Unread) Span() Span {
	return Span{Start: u.start, End: u.end, Line: u.Line, EndLine: u.EndLine}
}

// String says it in one sentence: "lines 3-9 (5 lines) are not read as
// learnings: text above the first section".
func (u Unread) String() string {
	what := fmt.Sprintf("lines %d-%d (%d non-blank %s) are", u.Line, u.EndLine, u.Lines, pluralWord(u.Lines, "line", "lines"))
	if u.Line == u.EndLine {
		what = fmt.Sprintf("line %d is", u.Line)
	}
	return fmt.Sprintf("%s not read as learnings: %s", what, u.Why)
}

// UnreadLines totals the non-blank lines of us.
func UnreadLines(us []Unread) int {
	n := 0
	for _, u := range us {
		n += u.Lines
	}
	return n
}

// UnreadSummary says in one line how much of the file is not read and what
// to do, "" when everything is read.
func UnreadSummary(us []Unread) string {
	if len(us) == 0 {
		return ""
	}
	n := UnreadLines(us)
	return fmt.Sprintf("%d %s of the file %s not read as learnings (%d %s, first at line %d); %s",
		n, pluralWord(n, "line", "lines"), pluralWord(n, "is", "are"), len(us), pluralWord(len(us), "place", "places"), us[0].Line, ImportAdvice)
}

// unread line states.
const (
	lineBlank uint8 = iota
	lineRead
	lineUnread
	lineNotes
)

// Unread lists the runs of non-blank lines that are not read as learnings,
// in file order, so that no command is silent about what it does not read.
//
// A line is read when it is part of a learning (list item, continuation
// lines, nested blocks), a section or session header, a category label
// with learnings under it, a session field (**Project**:, Documentation
// Seen), "### Learnings", the frontmatter, a thematic break, an HTML
// comment or a "# " title above the first section. Everything else is
// unread: text between learnings, a heading taken as a category that holds
// nothing, the text after a label on its line, damage, and what stands in
// hand-written sections and above the first section.
//
// Hand-written sections: in a file that is learn's own (it has
// Consolidated Learnings, Recent Sessions or a session), a hand-written
// "## " section or a preamble with no list items is the person's notes,
// kept on purpose, and is not counted; one that holds list items is,
// since those read as learnings that no command sees. In any other file
// (a memory another tool wrote) every such line is counted.
func (d *Document) Unread() []Unread {
	src := d.Source
	lg := d.lines
	if lg == nil || !sameBytes(lg.src, src) {
		lg = scanLines(src)
	}
	n := len(lg.kinds)
	state := make([]uint8, n)
	copy(state, lg.states)
	kinds := lg.kinds
	mark := func(first, last int, s uint8) {
		for i := max(first, 0); i <= last && i < n; i++ {
			if state[i] != lineBlank {
				state[i] = s
			}
		}
	}
	owned := d.Consolidated != nil || d.Recent != nil || len(d.Sessions) > 0
	if d.Recent != nil {
		mark(d.Recent.Line, d.Recent.Line, lineRead)
	}
	readBody := func(sp Span, cats []*Category) {
		mark(sp.Line, sp.Line, lineRead)
		for _, c := range cats {
			for _, l := range c.Learnings {
				mark(l.Span.Line, l.Span.EndLine, lineRead)
			}
			if c.Label == "" || len(c.Learnings) == 0 {
				continue
			}
			if lg.parsed[c.Span.Line]&parsedBareLabel != 0 {
				mark(c.Span.Line, c.Span.Line, lineRead)
			} else if t := lg.text(c.Span.Line); !labelHasText(src[t[0]:t[1]]) {
				mark(c.Span.Line, c.Span.Line, lineRead)
			}
		}
		// Only the lines no learning holds can be fields: asking
		// after the learnings are marked reads a few lines per
		// session instead of every line (BenchmarkUnread, 1 MB,
		// cpu-MB/s: default 236-265 -> 351-553, prose 395-472 ->
		// 699-823, agent 418-446 -> 765-881; sparse, with one or two
		// learnings a session, unchanged).
		for i := sp.Line + 1; i <= sp.EndLine && i < n; i++ {
			if state[i] == lineUnread && (lg.parsed[i]&parsedStructure != 0 || structureLine(src, kinds[i], lg.text(i))) {
				state[i] = lineRead
			}
		}
	}
	if c := d.Consolidated; c != nil {
		readBody(c.Span, c.Categories)
		if c.TallySpan != nil {
			mark(c.TallySpan.Line, c.TallySpan.EndLine, lineRead)
		}
	}
	for _, s := range d.Sessions {
		readBody(s.Span, s.Categories)
	}
	notes := func(first, last int) {
		for i := first; i <= last && i < n; i++ {
			if lg.item(i) {
				return
			}
		}
		mark(first, last, lineNotes)
	}
	if p := d.Preamble; p != nil {
		for i := p.Line; i <= p.EndLine && i < n; i++ {
			if t := lg.text(i); kinds[i] == lkHeading && state[i] == lineUnread && atxLevel(src[t[0]:t[1]]) == 1 {
				state[i] = lineRead
			}
		}
		if owned {
			notes(p.Line, p.EndLine)
		}
	}
	if owned {
		for _, s := range d.Sections {
			notes(s.Span.Line, s.Span.EndLine)
		}
	}
	for _, dm := range d.Damage {
		if dm.Kind == DamageHeader {
			continue
		}
		for i := dm.Line; i <= dm.EndLine && i < n; i++ {
			if t := lg.text(i); t[1] > t[0] || dm.Kind == DamageCR {
				state[i] = lineUnread
			}
		}
	}
	return d.unreadRuns(state, lg)
}

// lineLog is what Unread needs of each line the scanner read: its kind,
// where it starts, and whether it is blank, read as it stands (a thematic
// break, an HTML comment) or unread until the document's structure claims
// it. Parse keeps one as it scans, so that Unread, which recall, lint and
// stats ask of every file, does not scan the file a second time: recall on
// the default 1 MB memory 142.1 -> 132.5 M instructions (callgrind; 3.7 to
// 11.7 M fewer on each of the 8 generated 1 MB memories), and 128.8 M once
// the parse also logs the field lines and bare labels it read
// (lineLog.parsed).
type lineLog struct {
	// src is the source the lines were read from: a log is only good for
	// the document whose Source it still is.
	src []byte
	// first and last are the numbers of the first and last lines read;
	// the frontmatter's lines, above first, are not.
	first, last int
	// kinds and states hold each line's kind and state, by line number
	// (1-based, with room for a last line without a line break): their
	// length is the number of lines Unread's tables hold.
	kinds  []lineKind
	states []uint8
	// parsed holds what the parse read a line as, where that tells
	// Unread's question about it without reading the line again.
	parsed []uint8
	// starts holds where each line starts, and at last+1 where the last
	// one ends.
	starts    []int
	inComment bool
}

// newLineLog makes a log for the lines of src the scanner reads from line
// first on.
func newLineLog(src []byte, first int) *lineLog {
	n := bytes.Count(src, []byte("\n")) + 2
	return &lineLog{src: src, first: first, last: first - 1,
		kinds: make([]lineKind, n), states: make([]uint8, n), parsed: make([]uint8, n), starts: make([]int, n+1)}
}

// What the parse read a line as, in lineLog.parsed.
const (
	// parsedStructure is a field line or a "Learnings" heading, which
	// structureLine would take as structure: a field in a bold label on a
	// line of text ("**Project**: x"), a heading naming a field or
	// "Learnings".
	parsedStructure uint8 = 1 << iota
	// parsedBareLabel is a bold category label with no text after it,
	// where labelHasText is false.
	parsedBareLabel
)

// mark notes what the parse read line num as; a nil log notes nothing.
func (g *lineLog) mark(num int, what uint8) {
	if g != nil {
		g.parsed[num] |= what
	}
}

// add logs the next line the scanner read.
func (g *lineLog) add(l line) {
	g.kinds[l.num] = l.kind
	g.starts[l.num] = l.start
	g.starts[l.num+1] = l.end
	g.last = l.num
	if l.text == l.contentEnd {
		return
	}
	switch {
	case l.kind == lkBreak:
		g.states[l.num] = lineRead
		return
	case l.kind == lkHTML:
		t := g.src[l.text:l.contentEnd]
		if g.inComment || bytes.HasPrefix(t, []byte("<!--")) {
			g.inComment = !bytes.Contains(t, []byte("-->"))
			g.states[l.num] = lineRead
			return
		}
	}
	g.inComment = false
	g.states[l.num] = lineUnread
}

// scanLines logs the lines of src as the parse does, for a document the
// parse did not read (built by hand, or given another Source).
func scanLines(src []byte) *lineLog {
	start, num := bodyStart(src)
	g := newLineLog(src, num)
	sc := newScanner(src, start, num)
	for {
		l, ok := sc.next()
		if !ok {
			return g
		}
		g.add(l)
	}
}

// bounds is where line i starts and ends, its line ending included; zero
// for a line the scanner did not read.
func (g *lineLog) bounds(i int) [2]int {
	if i < g.first || i > g.last {
		return [2]int{}
	}
	return [2]int{g.starts[i], g.starts[i+1]}
}

// text is where line i's text starts, past its indentation, and ends,
// before its line ending, as the scanner read them; zero for a line it
// did not read.
func (g *lineLog) text(i int) [2]int {
	b := g.bounds(i)
	start, end := b[0], b[1]
	if end > start && g.src[end-1] == '\n' {
		end--
	}
	if end > start && g.src[end-1] == '\r' {
		end--
	}
	text, _ := indentation(g.src, start, end)
	return [2]int{text, end}
}

// item reports whether line i is an unread list item.
func (g *lineLog) item(i int) bool { return g.states[i] == lineUnread && g.kinds[i] == lkItem }

// sameBytes reports whether a and b are one slice of memory.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// structureLine reports whether a line inside a session or Consolidated
// Learnings is a field or the "Learnings" heading, which the reader takes
// as structure and not as a learning.
func structureLine(src []byte, k lineKind, at [2]int) bool {
	t := src[at[0]:at[1]]
	switch k {
	case lkHeading:
		h := headingText(t)
		return fieldOf(h) != fieldNone || keyEquals(bytes.TrimRight(h, ":* "), "learnings")
	case lkText:
		if name, _, ok := parseLabel(t, true); ok {
			return fieldOf(name) != fieldNone || keyEquals(name, "learnings")
		}
	case lkItem:
		p := listMarker(t)
		if name, _, ok := parseLabel(bytes.TrimSpace(t[p:]), false); ok {
			return keyEquals(name, "project") || keyEquals(name, "documentation seen")
		}
	}
	return false
}

// labelHasText reports whether a bold label line carries text after the
// label ("**User Corrections:** always run make gen"), which the reader
// does not read.
func labelHasText(t []byte) bool {
	if len(t) == 0 || t[0] != '*' {
		return false
	}
	_, rest, ok := parseLabel(t, false)
	return ok && len(bytes.TrimSpace(rest)) > 0
}

// unreadRuns groups the unread lines into runs, one per part of the file,
// blank lines and read-as-nothing lines between unread ones included.
func (d *Document) unreadRuns(state []uint8, lg *lineLog) []Unread {
	var out []Unread
	var cur *Unread
	curPart := ""
	for i := 1; i < len(state); i++ {
		switch state[i] {
		case lineRead:
			cur = nil
			continue
		case lineBlank, lineNotes:
			continue
		}
		kind, part, why := d.unreadPart(i)
		if cur == nil || part != curPart {
			out = append(out, Unread{Kind: kind, Line: i, Why: why, start: lg.bounds(i)[0]})
			cur, curPart = &out[len(out)-1], part
		}
		cur.EndLine, cur.end = i, lg.bounds(i)[1]
		cur.Lines++
		if lg.item(i) {
			cur.Items++
		}
	}
	for i := range out {
		if out[i].Items > 0 && out[i].Kind != UnreadDamage {
			out[i].Why += fmt.Sprintf("; %d list %s among them", out[i].Items, pluralWord(out[i].Items, "item", "items"))
		}
	}
	return out
}

// unreadPart names the part of the file line i stands in: its kind, a key
// that tells parts apart, and why its lines are not read.
func (d *Document) unreadPart(i int) (kind, part, why string) {
	for _, dm := range d.Damage {
		if dm.Kind != DamageHeader && dm.Line <= i && i <= dm.EndLine {
			return UnreadDamage, fmt.Sprintf("d%d", dm.Line), dm.Cause
		}
	}
	for _, s := range d.Sessions {
		if s.Span.Line <= i && i <= s.Span.EndLine {
			return UnreadSession, fmt.Sprintf("s%d", s.Span.Line), fmt.Sprintf("text in session %q (line %d) that is not a \"- \" list item under a category label: headings that hold no list items, paragraphs, tables, code blocks or text after a label", s.Header, s.Span.Line)
		}
	}
	if c := d.Consolidated; c != nil && c.Span.Line <= i && i <= c.Span.EndLine {
		return UnreadConsolidated, "c", fmt.Sprintf("text in Consolidated Learnings (line %d) that is not a \"- \" list item under a category label", c.Span.Line)
	}
	for _, s := range d.Sections {
		if s.Span.Line <= i && i <= s.Span.EndLine {
			return UnreadSection, fmt.Sprintf("h%d", s.Span.Line), fmt.Sprintf("hand-written section \"## %s\" (line %d); learn reads learnings only in sessions and Consolidated Learnings", strings.TrimSpace(s.Title), s.Span.Line)
		}
	}
	return UnreadPreamble, "p", "text above the first \"## \" section, which learn does not read"
}
