package learnings

import (
	"bytes"
	"fmt"
	"strings"
)

// Damage kinds, stable for scripts reading --json.
const (
	// DamageUnclosed is a code fence or HTML comment never closed: it
	// swallows everything after it.
	DamageUnclosed = "unclosed"
	// DamageFence is a code fence that is closed, but only after swallowing
	// lines that read as the file's own structure (a session header, a
	// section heading, a category label): a fence probably meant to close
	// much earlier.
	DamageFence = "fence"
	// DamageComment is the same for an HTML comment.
	DamageComment = "comment"
	// DamageStray is text outside every section, such as lines under
	// "## Recent Sessions" above the first session header.
	DamageStray = "stray"
	// DamageHeading is a category written as an H2 heading, which starts a
	// hand-written section, so its items are not read as learnings.
	DamageHeading = "heading"
	// DamageHeader is a session header written at another level than
	// "## " ("### [2026-11-20 10:00 UTC] - Billing"): it starts no session,
	// so what follows it is read as part of the section above.
	DamageHeader = "header"
	// DamageCR is a line holding bare carriage returns used as line
	// breaks (old Mac line endings, a paste from some tools): the reader
	// ends lines at LF only, so all it holds reads as one line of text.
	DamageCR = "cr"
	// DamageSecond is a second "## Consolidated Learnings" holding items:
	// only the first is read.
	DamageSecond = "second-consolidated"
)

// Damage is a part of the file the reader could not read as learnings
// although it probably holds some. Every command that reads the file says
// so, and edits refuse to rewrite it.
type Damage struct {
	Kind string `json:"kind"`
	// Line and EndLine bound the lines not read, 1-based and inclusive.
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
	// Cause says why, naming the lines: "a code fence opened on line 412
	// runs to line 980 and swallows 3 session headers (lines 420, 600, 850)".
	Cause string `json:"cause"`
	// Hidden lists the lines inside that look like the file's structure.
	Hidden []Hidden `json:"hidden,omitempty"`
	// html is set for an HTML comment or block, unset for a fence.
	html  bool
	start int
	end   int
}

// Hidden is a line swallowed by damage that reads as part of the file's
// structure: what a person meant as a session, a section or a category.
type Hidden struct {
	Line int    `json:"line"`
	What string `json:"what"`
}

// What a hidden line is, in the words messages use.
const (
	hiddenSession = "session header"
	hiddenSection = "section heading"
	hiddenLabel   = "category label"
)

// Lines is how many lines the damage covers.
func (d Damage) Lines() int { return d.EndLine - d.Line + 1 }

// Span is the byte range the damage covers.
func (d Damage) Span() Span {
	return Span{Start: d.start, End: d.end, Line: d.Line, EndLine: d.EndLine}
}

// String says the whole of it in one sentence.
func (d Damage) String() string {
	what := fmt.Sprintf("lines %d-%d (%d lines) are", d.Line, d.EndLine, d.Lines())
	if d.Line == d.EndLine {
		what = fmt.Sprintf("line %d is", d.Line)
	}
	if d.Kind == DamageHeader {
		return fmt.Sprintf("%s not read as a session of their own: %s", what, d.Cause)
	}
	return fmt.Sprintf("%s not read as learnings: %s", what, d.Cause)
}

// Fix says what to do about it.
func (d Damage) Fix() string {
	switch d.Kind {
	case DamageUnclosed, DamageFence:
		if !d.html {
			return fmt.Sprintf("close the code fence where it was meant to end (or delete line %d if it is a stray fence line)", d.Line)
		}
		fallthrough
	case DamageComment:
		return fmt.Sprintf("end the HTML block where it was meant to end (--> for a comment), or delete line %d", d.Line)
	case DamageHeading:
		return fmt.Sprintf("in a file learn wrote, make line %d a \"### \" heading inside a session or Consolidated Learnings so its items are read as learnings of that category (a \"### \" heading in a hand-written section is not read either); in a memory another tool wrote, run `learn import --in-place`", d.Line)
	case DamageSecond:
		return fmt.Sprintf("move its items under the first \"## Consolidated Learnings\" and delete line %d", d.Line)
	case DamageCR:
		if d.Line == d.EndLine {
			return fmt.Sprintf("turn the bare CR characters on line %d into line breaks (LF or CRLF), e.g. with dos2unix -c mac", d.Line)
		}
		return fmt.Sprintf("turn the bare CR characters on lines %d-%d into line breaks (LF or CRLF), e.g. with dos2unix -c mac", d.Line, d.EndLine)
	case DamageHeader:
		return fmt.Sprintf("make line %d a \"## \" heading so it starts its own session", d.Line)
	default:
		return "move it into a session or a hand-written \"## \" section, or remove it"
	}
}

// hiddenSummary words the hidden lines: "2 session headers (lines 12, 22)
// and a category label (line 16)".
func hiddenSummary(hs []Hidden) string {
	var order []string
	lines := map[string][]int{}
	for _, h := range hs {
		if _, ok := lines[h.What]; !ok {
			order = append(order, h.What)
		}
		lines[h.What] = append(lines[h.What], h.Line)
	}
	parts := make([]string, 0, len(order))
	for _, what := range order {
		ls := lines[what]
		nums := make([]string, 0, 5)
		for _, n := range ls[:min(len(ls), 5)] {
			nums = append(nums, fmt.Sprint(n))
		}
		list := strings.Join(nums, ", ")
		if len(ls) > 5 {
			list += ", …"
		}
		if len(ls) == 1 {
			parts = append(parts, fmt.Sprintf("a %s (line %s)", what, list))
		} else {
			parts = append(parts, fmt.Sprintf("%d %ss (lines %s)", len(ls), what, list))
		}
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// blockWatch follows a top-level fenced code block or HTML block from its
// opening line, collecting the lines inside that read as structure.
type blockWatch struct {
	open          bool
	kind          lineKind
	line, endLine int
	start, end    int
	// bare is true for a fence with no info string, in a section learn
	// reads (not a hand-written one): the shape of a stray fence line, so
	// any "## " heading inside is suspicious. In a fence that names a
	// language, "## " is as likely a shell or Python comment.
	bare   bool
	hidden []Hidden
}

// strayRun is a run of text outside every section.
type strayRun struct {
	open          bool
	line, endLine int
	start, end    int
	items         int
}

// watch follows top-level fences and comments and stray text; it is called
// for every line before the line is read.
func (p *docParser) watch(l line) {
	if l.opens {
		p.endBlock(nil)
		p.blk = blockWatch{open: true, kind: l.kind, line: l.num, endLine: l.num, start: l.start, end: l.end,
			bare: l.kind == lkFence && p.kind != secOther && bareFence(p.src[l.text:l.contentEnd])}
	} else if p.blk.open {
		if l.kind == p.blk.kind {
			p.blk.endLine, p.blk.end = l.num, l.end
			p.hiddenIn(l)
		} else {
			p.endBlock(nil)
		}
	}
	if p.kind == secRecent && !(l.kind == lkHeading && l.level == 2) {
		blank := l.text == l.contentEnd
		if !blank && l.kind != lkBreak {
			if !p.stray.open {
				p.stray = strayRun{open: true, line: l.num, start: l.start}
			}
			p.stray.endLine, p.stray.end = l.num, l.end
			if l.kind == lkItem {
				p.stray.items++
			}
		}
	}
	if p.kind == secOther && p.catHeading != nil && l.kind == lkItem {
		p.catHeading.items++
	}
}

// hiddenIn notes l when it reads as the file's own structure.
func (p *docParser) hiddenIn(l line) {
	if l.indent > 3 {
		return
	}
	t := p.src[l.text:l.contentEnd]
	if len(t) == 0 {
		return
	}
	what := ""
	switch t[0] {
	case '#':
		level := atxLevel(t)
		text := string(headingText(t))
		switch {
		case level == 2 && isSessionHeader(text):
			what = hiddenSession
		case level == 2 && (keyHasPrefix(text, "consolidated learnings") || keyHasPrefix(text, "recent sessions") || p.blk.bare):
			what = hiddenSection
		case level >= 3 && (keyEquals(strings.TrimRight(text, ":* "), "learnings") || knownCategory([]byte(text))):
			what = hiddenLabel
		}
	case '*':
		if name, _, ok := parseLabel(t, false); ok && knownCategory(name) {
			what = hiddenLabel
		}
	}
	if what != "" {
		p.blk.hidden = append(p.blk.hidden, Hidden{Line: l.num, What: what})
	}
}

// bareFence reports whether a fence line has no info string.
func bareFence(t []byte) bool {
	_, n := fenceRun(t)
	return len(bytes.TrimSpace(t[n:])) == 0
}

func isSessionHeader(text string) bool {
	if _, _, ok := parseSessionHeader(text); ok {
		return true
	}
	_, _, ok := bracketedHeader(text)
	return ok
}

// endBlock ends the watched block; unclosed is the scanner's report when
// the block runs to the end of the file.
func (p *docParser) endBlock(unclosed *Problem) {
	b := p.blk
	p.blk = blockWatch{}
	if !b.open || (unclosed == nil && len(b.hidden) == 0) {
		return
	}
	what, kind := "a code fence", DamageFence
	if b.kind == lkHTML {
		what, kind = "an HTML comment", DamageComment
		if !bytes.HasPrefix(bytes.TrimLeft(p.src[b.start:b.end], " "), []byte("<!--")) {
			what = "an HTML block"
		}
	}
	var cause string
	if unclosed != nil {
		kind = DamageUnclosed
		cause = fmt.Sprintf("%s opened on line %d is never closed, so it runs to the end of the file (line %d)", what, b.line, b.endLine)
	} else {
		cause = fmt.Sprintf("%s opened on line %d runs to line %d", what, b.line, b.endLine)
	}
	if s := hiddenSummary(b.hidden); s != "" {
		cause += " and swallows " + s
	}
	p.doc.Damage = append(p.doc.Damage, Damage{Kind: kind, Line: b.line, EndLine: b.endLine, Cause: cause,
		Hidden: b.hidden, html: b.kind == lkHTML, start: b.start, end: b.end})
}

// endStray ends a run of text under "## Recent Sessions" that no session
// holds.
func (p *docParser) endStray() {
	r := p.stray
	p.stray = strayRun{}
	if !r.open {
		return
	}
	for _, d := range p.doc.Damage {
		if d.Line <= r.line && r.endLine <= d.EndLine {
			return // inside a fence or comment already reported
		}
	}
	cause := fmt.Sprintf("text under \"## Recent Sessions\" (line %d) that is not inside any session", p.doc.Recent.Line)
	if r.items > 0 {
		cause += fmt.Sprintf("; it holds %d list %s", r.items, pluralWord(r.items, "item", "items"))
	}
	p.doc.Damage = append(p.doc.Damage, Damage{Kind: DamageStray, Line: r.line, EndLine: r.endLine, Cause: cause,
		start: r.start, end: r.end})
}

// catHeading is an H2 heading that names a category; its items go into a
// hand-written section.
type catHeading struct {
	name          string
	line, endLine int
	start, end    int
	items         int
	// second is the line of the first "## Consolidated Learnings" when
	// this heading repeats it.
	second int
}

func (p *docParser) endCatHeading(end, endLine int) {
	h := p.catHeading
	p.catHeading = nil
	if h == nil || h.items == 0 {
		return
	}
	kind := DamageHeading
	cause := fmt.Sprintf("\"## %s\" is an H2 heading, so it starts a hand-written section and its %d list %s not learnings",
		h.name, h.items, pluralWord(h.items, "item is", "items are"))
	if h.second > 0 {
		kind = DamageSecond
		cause = fmt.Sprintf("a second \"## %s\" heading (the first is on line %d) starts a hand-written section, so its %d list %s not learnings",
			h.name, h.second, h.items, pluralWord(h.items, "item is", "items are"))
	}
	p.doc.Damage = append(p.doc.Damage, Damage{Kind: kind, Line: h.line, EndLine: endLine, Cause: cause,
		start: h.start, end: end})
}

// wrongHeader is a session header written as an H1 or H3-H6 heading inside
// a section learn reads.
type wrongHeader struct {
	text        string
	level       int
	line        int
	start       int
	section     string
	sectionLine int
}

// watchHeader notes a heading l (not an H2) that reads as a session header.
func (p *docParser) watchHeader(l line) {
	if l.level == 2 || l.indent > 3 {
		return
	}
	text := string(headingText(p.src[l.text:l.contentEnd]))
	if !isSessionHeader(text) {
		return
	}
	p.endWrongHeader(l.start, l.num-1)
	section := "Consolidated Learnings"
	if p.kind == secSession {
		section = "the session above"
	}
	p.header = &wrongHeader{text: text, level: l.level, line: l.num, start: l.start, section: section, sectionLine: p.secLine}
}

func (p *docParser) endWrongHeader(end, endLine int) {
	h := p.header
	p.header = nil
	if h == nil {
		return
	}
	cause := fmt.Sprintf("%q is a session header written as an H%d heading (%s), so it starts no session: what follows it is read as part of %s (line %d)",
		h.text, h.level, strings.Repeat("#", h.level), h.section, h.sectionLine)
	p.doc.Damage = append(p.doc.Damage, Damage{Kind: DamageHeader, Line: h.line, EndLine: endLine, Cause: cause,
		start: h.start, end: end})
}

// bareCRs finds the lines that hold carriage returns used as line breaks:
// a CR not followed by LF, and followed by another line break or by what
// starts a line of the file's structure ("#", a list marker, "**", "---").
// A stray CR inside a sentence is left alone.
func bareCRs(src []byte) []Damage {
	if bytes.IndexByte(src, '\r') < 0 {
		return nil
	}
	var out []Damage
	var counts []int
	num := 1
	for pos := 0; pos < len(src); num++ {
		l, next := lineAt(src, pos)
		if breaks := crBreaks(bytes.TrimSuffix(l, []byte("\r"))); breaks > 0 {
			if n := len(out); n > 0 && out[n-1].EndLine == num-1 {
				out[n-1].EndLine, out[n-1].end = num, next
				counts[n-1] += breaks
			} else {
				out = append(out, Damage{Kind: DamageCR, Line: num, EndLine: num, start: pos, end: next})
				counts = append(counts, breaks)
			}
		}
		pos = next
	}
	for i, n := range counts {
		out[i].Cause = fmt.Sprintf("%d bare carriage %s (CR, old Mac line endings) break lines where the reader sees none, so what they separate reads as one line of text",
			n, pluralWord(n, "return", "returns"))
	}
	return out
}

// crBreaks counts the CRs in l that end a line of the file's shape.
func crBreaks(l []byte) int {
	n := 0
	for i := bytes.IndexByte(l, '\r'); i >= 0; {
		rest := bytes.TrimLeft(l[i+1:], " \t")
		if len(rest) == 0 || bytes.IndexByte([]byte("\r#-*+"), rest[0]) >= 0 {
			n++
		}
		j := bytes.IndexByte(l[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// DamageAt returns the damage that covers any of the lines first to last,
// nil when none does.
func (d *Document) DamageAt(first, last int) *Damage {
	for i := range d.Damage {
		if dm := &d.Damage[i]; dm.Line <= last && first <= dm.EndLine {
			return dm
		}
	}
	return nil
}
