package foreign

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

type reader struct {
	path   string
	family family
	res    *Result
	// onlyLearnings: an instruction file with learnings sections; the
	// other sections are its instructions.
	onlyLearnings bool
	// sections counts the file's headings.
	sections int
}

// entryHeading tells a heading that names one learning ("Lesson: ...",
// "Mistake — ..."): its section is that learning.
var entryHeading = lazyregexp.New(`(?i)^(lesson|mistake|rule|gotcha|learning|insight|tip|pitfall|takeaway)\s*[:：—–-]`)

// context is what the headings above a block say about it.
type context struct {
	title    string // the innermost heading, as written
	line     int    // its line
	level    int    // its level
	date     string
	topic    string
	category string
	why      string
	inLearn  bool   // under a learnings heading
	skip     string // why the section holds no learnings
	todo     bool
}

func (r *reader) read(blocks []*block) {
	for _, b := range blocks {
		if b.kind == bHeading {
			r.sections++
		}
	}
	if r.family.instructions {
		for _, b := range blocks {
			if b.kind == bHeading && learningsHeading().MatchString(b.title) {
				r.onlyLearnings = true
				break
			}
		}
	}
	type open struct {
		level int
		ctx   context
	}
	var stack []open
	ctx := context{}
	var section []*block
	flush := func() {
		r.section(ctx, section)
		section = nil
	}
	for _, b := range blocks {
		if b.kind != bHeading {
			section = append(section, b)
			continue
		}
		flush()
		for len(stack) > 0 && stack[len(stack)-1].level >= b.level {
			stack = stack[:len(stack)-1]
		}
		parent := context{}
		if len(stack) > 0 {
			parent = stack[len(stack)-1].ctx
		}
		ctx = r.headingContext(parent, b)
		stack = append(stack, open{b.level, ctx})
	}
	flush()
}

// headingContext is the context under heading b inside parent.
func (r *reader) headingContext(parent context, b *block) context {
	c := parent
	c.title, c.line, c.level, c.skip = b.title, b.line, b.level, ""
	rest := idTag().ReplaceAllString(b.title, " ")
	if d, _, _, ok := findDate(b.title); ok {
		c.date = d
	}
	if _, s, e, ok := findDate(rest); ok {
		rest = rest[:s] + " " + rest[e:]
	}
	c.topic = cleanTopic(rest)
	if c.topic == "" && c.date != "" {
		c.topic = parent.topic
	}
	if cat, ok := headingCategory(rest); ok {
		c.category, c.why = cat, fmt.Sprintf("under the heading %q (line %d)", b.title, b.line)
	}
	if learningsHeading().MatchString(b.title) || c.date != "" {
		c.inLearn = true
	}
	if skippedHeading().MatchString(strings.TrimSpace(b.title)) {
		c.skip = fmt.Sprintf("in the section %q, which holds no learnings", b.title)
	}
	if todoHeading().MatchString(b.title) {
		c.todo = true
	}
	return c
}

var topicTrim = lazyregexp.New(`(?i)^[\s\[\]()|:–—\-#*_]*(sessione|sesión|session|séance|phiên làm việc|セッション|会话|entry|log)?[\s\[\]()|:–—\-#*_]*|[\s\[\]()|:–—\-#*_]+$`)
var idPrefix = lazyregexp.New(`^\s*\[?[A-Z]{2,6}-?\d*[-_]?\d*\]?\s*`)

// idTag is an entry ID written into a heading: [LRN-20260606-001], ERR-12.
var idTag = lazyregexp.New(`\[?\b[A-Z]{2,6}-\d{3,8}(?:-\d{1,4})?\b\]?`)

// cleanTopic is a heading's text as a session focus: without the date's
// leftovers, ID tags such as [LRN-20260606-001], and the word "Session".
func cleanTopic(s string) string {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, "[]", "")
	for range 3 {
		s = topicTrim().ReplaceAllString(s, "")
	}
	if m := idPrefix().FindString(s); m != "" && strings.ContainsAny(m, "-0123456789") {
		s = strings.TrimSpace(s[len(m):])
	}
	return strings.Join(strings.Fields(s), " ")
}

// labelLine reads a labelled line ("**Root cause:** the cache", "- Fix: x").
var labelLine = lazyregexp.New(`(?i)^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)?(problem|issue|symptoms?|context|situation|what happened|what went wrong|root cause|cause|why|fix|fixed by|solution|resolution|workaround|rule|lesson|lesson learned|lessons learned|takeaway|learning|prevention|how to avoid|correct approach|mistake|impact|evidence|date|tags?|category|area|severity|status|trigger|pattern|apply when)(?:\*\*|__)?\s*[:：](?:\*\*|__)?\s*(.*)$`)

var contentLabels = map[string]bool{
	"problem": true, "issue": true, "symptom": true, "symptoms": true, "context": true, "situation": true,
	"what happened": true, "what went wrong": true, "root cause": true, "cause": true, "why": true, "fix": true,
	"fixed by": true, "solution": true, "resolution": true, "workaround": true, "rule": true, "lesson": true,
	"lesson learned": true, "lessons learned": true, "takeaway": true, "learning": true, "prevention": true,
	"how to avoid": true, "correct approach": true, "mistake": true, "impact": true, "trigger": true,
	"pattern": true, "apply when": true,
}

// labelledEntry tells a section written as one entry of labelled lines,
// and how many distinct content labels it has.
func labelledEntry(bs []*block) bool {
	seen := map[string]bool{}
	for _, b := range bs {
		if b.kind != bItem && b.kind != bPara {
			continue
		}
		for _, l := range b.lines {
			if m := labelLine().FindStringSubmatch(l); m != nil && contentLabels[strings.ToLower(m[1])] {
				seen[strings.ToLower(m[1])] = true
			}
		}
	}
	return len(seen) >= 2
}

func (r *reader) section(ctx context, bs []*block) {
	if len(bs) == 0 {
		return
	}
	if r.onlyLearnings && !ctx.inLearn {
		reason := fmt.Sprintf("outside the learnings sections: the file's own instructions, which stay in %s", filepath.Base(r.path))
		if ctx.title != "" {
			reason = fmt.Sprintf("in the section %q: the file's own instructions, which stay in %s", ctx.title, filepath.Base(r.path))
		}
		r.skipAll(bs, reason)
		return
	}
	if ctx.skip != "" {
		r.skipAll(bs, ctx.skip)
		return
	}
	if ctx.title != "" && (labelledEntry(bs) || entryHeading().MatchString(ctx.title) && len(bs) <= 6) {
		r.labelled(ctx, bs)
		return
	}
	hasItems := false
	for _, b := range bs {
		if b.kind == bItem {
			hasItems = true
			break
		}
	}
	// A heading that states a learning, with a paragraph or two under it
	// and no list, is one learning: the heading and its explanation.
	if !hasItems && words(ctx.topic) >= 3 && ctx.date == "" && onlyProse(bs) {
		r.titled(ctx, bs)
		return
	}
	var last *Entry
	lastEnd := -1
	for i, b := range bs {
		switch b.kind {
		case bItem:
			for _, e := range r.item(&ctx, b) {
				r.res.Entries = append(r.res.Entries, e)
			}
			last, lastEnd = r.lastEntry(b.line), b.end
		case bPara:
			text := strings.TrimSpace(b.text())
			if label, ok := boldLabel(text); ok {
				// A bold line alone ("**Database**", "**User Corrections:**")
				// heads the list under it.
				if cat, known := headingCategory(label); known {
					ctx.category, ctx.why = cat, fmt.Sprintf("under the label %q (line %d)", label, b.line)
				}
				ctx.topic = cleanTopic(label)
				last = nil
				continue
			}
			switch {
			case ctx.level == 1 && r.sections > 1 && !hasItems:
				r.skip(b.line, "the file's introduction under its title", text)
				last = nil
			case hasItems && (strings.HasSuffix(text, ":") || strings.HasSuffix(text, "：") || i+1 < len(bs) && bs[i+1].kind == bItem && words(text) < 25):
				r.skip(b.line, "prose introducing the list that follows", text)
				last = nil
			case words(text) < 3:
				r.skip(b.line, "too short to be a learning", text)
				last = nil
			default:
				r.add(ctx, b.line, b.end, unquote(text))
				last, lastEnd = r.lastEntry(b.line), b.end
			}
		case bTable:
			if e, ok := r.tableRow(ctx, b); ok {
				r.res.Entries = append(r.res.Entries, e)
				last, lastEnd = r.lastEntry(b.line), b.end
			}
		case bFence, bIndented:
			if last != nil && lastEnd >= 0 && b.line <= lastEnd+2 {
				last.Text += "\n\n" + strings.TrimRight(dedentBlock(b.lines), "\n")
				last.EndLine = b.end
				lastEnd = b.end
				continue
			}
			r.skip(b.line, "a code block outside any learning", b.text())
		case bHTML:
			what := "an HTML block"
			if strings.HasPrefix(strings.TrimSpace(b.lines[0]), "<!--") {
				what = "an HTML comment"
			}
			r.skip(b.line, what+", not a learning", b.text())
			last = nil
		}
	}
}

// lastEntry is the entry that begins at line, the one just added.
func (r *reader) lastEntry(line int) *Entry {
	if n := len(r.res.Entries); n > 0 && r.res.Entries[n-1].Line >= line {
		return &r.res.Entries[n-1]
	}
	return nil
}

func onlyProse(bs []*block) bool {
	paras := 0
	for _, b := range bs {
		switch b.kind {
		case bPara:
			if _, label := boldLabel(strings.TrimSpace(b.text())); label {
				return false
			}
			paras++
		case bFence, bIndented:
		default:
			return false
		}
	}
	return paras >= 1 && paras <= 3
}

func (r *reader) skipAll(bs []*block, reason string) {
	for _, b := range bs {
		switch b.kind {
		case bBreak:
		case bTable:
			if !tableRule().MatchString(b.text()) {
				r.skip(b.line, reason, b.text())
			}
		default:
			r.skip(b.line, reason, b.text())
		}
	}
}

func (r *reader) skip(line int, reason, text string) {
	r.skipTo(line, line+strings.Count(text, "\n"), reason, text)
}

// skipTo records the lines line..end as not read, for reason.
func (r *reader) skipTo(line, end int, reason, text string) {
	r.res.Skipped = append(r.res.Skipped, Skip{Line: line, EndLine: end, Reason: reason, Text: preview(text)})
}

// add files one learning read at line..end.
func (r *reader) add(ctx context, line, end int, text string) {
	text = strings.TrimSpace(text)
	e := Entry{Line: line, EndLine: end, Date: ctx.date, Topic: ctx.topic}
	if d, s, en, ok := leadingDate(text); ok {
		e.Date = d
		text = strings.TrimSpace(text[:s] + text[en:])
	}
	text = stripCounters(text)
	if strings.TrimSpace(text) == "" {
		r.skipTo(line, end, "nothing but a date or a counter", text)
		return
	}
	e.Text = text
	e.Category, e.Why = r.categorize(ctx, text)
	r.res.Entries = append(r.res.Entries, e)
}

// categorize files text: by its own label, the heading it sits under, its
// words, else the file's kind.
func (r *reader) categorize(ctx context, text string) (string, string) {
	if m := leadLabel().FindStringSubmatch(text); m != nil {
		if cat, ok := headingCategory(m[1]); ok {
			return cat, fmt.Sprintf("labelled %q", m[1])
		}
	}
	if ctx.category != "" {
		return ctx.category, ctx.why
	}
	if r.family.strong {
		return r.family.category, r.family.why
	}
	if cat, why, ok := textCategory(text); ok {
		return cat, why
	}
	return r.family.category, r.family.why
}

var leadLabel = lazyregexp.New(`^(?:\*\*|__)([^*_:]{2,30}?)\s*[:：]?\s*(?:\*\*|__)\s*[:：]?`)

// boldLabel tells a paragraph that is only a bold label.
func boldLabel(text string) (string, bool) {
	if strings.Contains(text, "\n") {
		return "", false
	}
	t := strings.TrimSuffix(strings.TrimSuffix(text, ":"), "：")
	for _, mark := range []string{"**", "__"} {
		if strings.HasPrefix(t, mark) && strings.HasSuffix(t, mark) && len(t) > 2*len(mark) {
			inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(t[len(mark):len(t)-len(mark)], ":"), "："))
			if !strings.Contains(inner, mark) && words(inner) <= 6 {
				return inner, true
			}
		}
	}
	return "", false
}

var (
	listMarker = lazyregexp.New(`^\s*(?:[-*+•]|\d{1,3}[.)])(?:\s+|$)`)
	checkbox   = lazyregexp.New(`^\[([ xX✓✔])\]\s*`)
	counters   = lazyregexp.New(`(?i)\s*[\[(](?:x\s?\d+|\d+\s?x|×\s?\d+|seen \d+ times?|\d+ times?|count:?\s*\d+|occurrences?:?\s*\d+|hits?:?\s*\d+)[\])]|\s+×\d+\s*$`)
	tableRule  = lazyregexp.New(`^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$`)
)

// item reads a list item: one learning, or, when the item is only a label
// over a nested list ("- 2026-01-19:", "- **Testing**"), one per nested item.
func (r *reader) item(ctx *context, b *block) []Entry {
	first := b.lines[0]
	loc := listMarker().FindStringIndex(first)
	indent := 0
	if loc != nil {
		indent = loc[1]
		first = first[loc[1]:]
	}
	checked, box := false, false
	if m := checkbox().FindStringSubmatch(first); m != nil {
		box, checked = true, m[1] != " "
		first = first[len(m[0]):]
	}
	rest := dedent(b.lines[1:], indent)
	if box && !checked && ctx.todo {
		r.skipTo(b.line, b.end, "an open task (unchecked, under a to-do heading), not a learning", first)
		return nil
	}
	label := strings.TrimSpace(first)
	if children := nestedItems(rest); len(children) > 0 && isLabel(label) {
		sub := *ctx
		if d, s, e, ok := findDate(label); ok {
			sub.date = d
			label = strings.TrimSpace(label[:s] + label[e:])
		}
		label = strings.Trim(strings.TrimSpace(label), "*_:：- ")
		if cat, ok := headingCategory(label); ok {
			sub.category, sub.why = cat, fmt.Sprintf("under the label %q (line %d)", label, b.line)
		}
		if t := cleanTopic(label); t != "" {
			sub.topic = t
		}
		before := len(r.res.Entries)
		for _, c := range children {
			r.add(sub, b.line+c.offset, b.line+c.end, c.text)
		}
		out := append([]Entry(nil), r.res.Entries[before:]...)
		r.res.Entries = r.res.Entries[:before]
		return out
	}
	text := first
	if len(rest) > 0 {
		text += "\n" + strings.Join(rest, "\n")
	}
	before := len(r.res.Entries)
	r.add(*ctx, b.line, b.end, text)
	out := append([]Entry(nil), r.res.Entries[before:]...)
	r.res.Entries = r.res.Entries[:before]
	return out
}

// isLabel tells an item's first line that only names what its nested
// items are about: a date, a bold label, a few words ending in a colon.
func isLabel(s string) bool {
	if s == "" {
		return true
	}
	if d, st, e, ok := findDate(s); ok && d != "" && words(strings.Trim(s[:st]+s[e:], " *_:-—–|[]()")) <= 6 {
		return true
	}
	if _, ok := boldLabel(s); ok {
		return true
	}
	return (strings.HasSuffix(s, ":") || strings.HasSuffix(s, "：")) && words(s) <= 8
}

type child struct {
	offset, end int // lines after the item's first
	text        string
}

// nestedItems splits an item's dedented lines into its nested items, when
// they are all nested items (blank lines aside).
func nestedItems(lines []string) []child {
	var out []child
	for i, l := range lines {
		switch {
		case strings.TrimSpace(l) == "":
			continue
		case listMarker().MatchString(l) && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "\t"):
			loc := listMarker().FindStringIndex(l)
			text := l[loc[1]:]
			if m := checkbox().FindStringSubmatch(text); m != nil {
				text = text[len(m[0]):]
			}
			out = append(out, child{offset: i + 1, end: i + 1, text: text})
		case len(out) > 0:
			c := &out[len(out)-1]
			c.text += "\n" + strings.TrimPrefix(strings.TrimPrefix(l, "  "), "  ")
			c.end = i + 1
		default:
			return nil
		}
	}
	for i := range out {
		out[i].text = strings.TrimRight(out[i].text, "\n ")
	}
	return out
}

// dedent removes the item's content indent from its continuation lines.
func dedent(lines []string, indent int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		n := 0
		for n < len(l) && n < indent && l[n] == ' ' {
			n++
		}
		if n < len(l) && l[n] == '\t' && n < indent {
			n++
		}
		out[i] = l[n:]
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	return out
}

func dedentBlock(lines []string) string {
	return strings.Join(lines, "\n")
}

// unquote takes a blockquote's markers off.
func unquote(text string) string {
	if !strings.HasPrefix(text, ">") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		l = strings.TrimPrefix(l, ">")
		lines[i] = strings.TrimPrefix(l, " ")
	}
	return strings.Join(lines, "\n")
}

// leadingDate finds a date that opens a learning ("2026-01-19: ...",
// "[2026-01-19] ...", "**Jan 19, 2026** — ...") or closes it in brackets,
// with the punctuation around it, so the learning reads without it.
func leadingDate(text string) (string, int, int, bool) {
	d, s, e, ok := findDate(text)
	if !ok {
		return "", 0, 0, false
	}
	before := strings.TrimLeft(text[:s], " *_[(`")
	after := text[e:]
	if before == "" {
		n := len(after) - len(strings.TrimLeft(after, " *_])`:：—–-|,"))
		return d, 0, e + n, true
	}
	if trimmed := strings.TrimRight(after, " *_])`.") + ""; trimmed == "" && strings.ContainsAny(text[:s], "([") {
		open := strings.LastIndexAny(text[:s], "([")
		return d, open, len(text), true
	}
	return d, 0, 0, false
}

func stripCounters(text string) string {
	first, rest, more := strings.Cut(text, "\n")
	first = strings.TrimSpace(counters().ReplaceAllString(first, ""))
	if more {
		return first + "\n" + rest
	}
	return first
}

// tableRow reads a row of a table as a learning: its cells joined, a date
// cell taken as the date. Header rows and rules are not learnings.
func (r *reader) tableRow(ctx context, b *block) (Entry, bool) {
	row := strings.TrimSpace(b.text())
	if tableRule().MatchString(row) {
		return Entry{}, false
	}
	cells := splitRow(row)
	if r.isHeader(b) {
		return Entry{}, false
	}
	var parts []string
	date := ""
	for _, c := range cells {
		c = strings.TrimSpace(c)
		if c == "" || c == "-" || c == "—" {
			continue
		}
		if d, s, e, ok := findDate(c); ok && strings.TrimSpace(c[:s]+c[e:]) == "" {
			date = d
			continue
		}
		parts = append(parts, c)
	}
	if len(parts) == 0 {
		r.skip(b.line, "a table row with nothing but a date", row)
		return Entry{}, false
	}
	sub := ctx
	if date != "" {
		sub.date = date
	}
	before := len(r.res.Entries)
	r.add(sub, b.line, b.end, strings.Join(parts, " — "))
	if len(r.res.Entries) == before {
		return Entry{}, false
	}
	e := r.res.Entries[before]
	r.res.Entries = r.res.Entries[:before]
	return e, true
}

// isHeader tells a table's header row: the row a rule follows.
func (r *reader) isHeader(b *block) bool {
	return b.headerRow
}

func splitRow(row string) []string {
	row = strings.TrimPrefix(strings.TrimSuffix(row, "|"), "|")
	var cells []string
	var cur strings.Builder
	code := false
	for i := 0; i < len(row); i++ {
		c := row[i]
		switch {
		case c == '\\' && i+1 < len(row) && row[i+1] == '|':
			cur.WriteByte('|')
			i++
		case c == '`':
			code = !code
			cur.WriteByte(c)
		case c == '|' && !code:
			cells = append(cells, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(cells, cur.String())
}

// labelled reads a section of labelled lines as one learning: the heading,
// then its lines as written.
func (r *reader) labelled(ctx context, bs []*block) {
	var lines []string
	end := ctx.line
	sub := ctx
	for _, b := range bs {
		switch b.kind {
		case bItem, bPara:
			for _, l := range b.lines {
				if m := labelLine().FindStringSubmatch(l); m != nil {
					switch strings.ToLower(m[1]) {
					case "date":
						if d, _, _, ok := findDate(m[2]); ok {
							sub.date = d
							continue
						}
					case "category", "area", "tags", "tag", "severity", "status":
						if cat, ok := headingCategory(m[2]); ok {
							sub.category, sub.why = cat, fmt.Sprintf("its %s line says %q", strings.ToLower(m[1]), strings.TrimSpace(m[2]))
						}
						continue
					}
				}
				if loc := listMarker().FindStringIndex(l); loc != nil && loc[0] == 0 {
					l = l[loc[1]:]
				}
				lines = append(lines, strings.TrimRight(l, " "))
			}
		case bFence, bIndented, bTable:
			lines = append(lines, b.lines...)
		case bHTML:
			r.skip(b.line, "an HTML comment, not a learning", b.text())
			continue
		case bBreak:
			continue
		}
		end = b.end
	}
	title := sub.topic
	if title == "" {
		title = strings.TrimSpace(ctx.title)
	}
	if loc := entryHeading().FindStringIndex(title); loc != nil && strings.TrimSpace(title[loc[1]:]) != "" {
		title = strings.TrimSpace(title[loc[1]:])
	}
	text := title + "\n" + strings.Join(trimBlank(lines), "\n")
	sub.topic = cleanTopic(title)
	if sub.category == "" {
		for _, l := range lines {
			if m := labelLine().FindStringSubmatch(l); m != nil && (strings.EqualFold(m[1], "mistake") || strings.EqualFold(m[1], "what went wrong")) {
				sub.category, sub.why = "User Corrections", "an entry that records a mistake"
				break
			}
		}
	}
	r.add(sub, ctx.line, end, text)
}

// titled reads a heading that states a learning with the prose under it.
func (r *reader) titled(ctx context, bs []*block) {
	var parts []string
	end := ctx.line
	for _, b := range bs {
		parts = append(parts, unquote(strings.TrimSpace(b.text())))
		end = b.end
	}
	title := ctx.topic
	r.add(ctx, ctx.line, end, title+"\n"+strings.Join(parts, "\n\n"))
}

func trimBlank(lines []string) []string {
	out := lines[:0:0]
	for _, l := range lines {
		if strings.TrimSpace(l) == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// whole reads a file that is one memory (a Claude Code memory file without
// a list): its prose is one learning.
func (r *reader) whole(bs []*block) {
	var parts []string
	first, end := 0, 0
	for _, b := range bs {
		switch b.kind {
		case bHTML:
			r.skip(b.line, "an HTML comment, not a learning", b.text())
			continue
		case bBreak:
			continue
		case bHeading:
			parts = append(parts, b.title)
		default:
			parts = append(parts, unquote(strings.TrimSpace(b.text())))
		}
		if first == 0 {
			first = b.line
		}
		end = b.end
	}
	if first == 0 {
		return
	}
	r.add(context{}, first, end, strings.Join(parts, "\n\n"))
}
