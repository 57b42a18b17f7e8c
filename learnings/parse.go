package learnings

import (
	"bytes"
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// GeneralCategory holds learnings written straight under a session or under
// Consolidated Learnings with no category label above them. It is a custom
// category, so it ranks after the spec's five.
const GeneralCategory = "General"

var bom = []byte{0xEF, 0xBB, 0xBF}

// Parse reads src into a Document. It never fails and never panics: what it
// cannot make sense of stays in Source and is listed in Problems.
//
// Parse does its own line scan instead of building a goldmark AST. The scan
// tracks exactly the CommonMark block structure that decides where sections
// and learnings start (fences, HTML blocks, list items and lazy continuation
// lines), so it agrees with a CommonMark parser on which lines are top-level
// headings and list items, and it runs in one linear pass without allocating
// per line.
//
// Sections: only a top-level ATX "## " heading starts one (setext headings
// and "## " lines inside code, HTML blocks or list items do not). "Consolidated
// Learnings" and "Recent Sessions" are recognised by their text, a heading
// whose text starts with a date (optionally in brackets) is a session, and
// every other H2 is a Section kept verbatim. An H2 that names a category is
// such a Section too, reported as a Problem: reading it as a label would
// let an edit above it change what it belongs to.
//
// Inside a section: "**Project**:" and "**Documentation Seen**:" lines (bold
// with the colon inside or outside) are fields; a bold "**Label:**" line or a
// "###"-"######" heading is a category label; each top-level list item
// ("-", "*", "+", "1.", "1)") is one learning, with its continuation lines,
// nested lists and code blocks. A fenced code block that follows a list item
// at the left margin belongs to that item, since that is what its author
// meant. Items with no label above them go to GeneralCategory. Any other
// text is kept and reported as a Problem.
//
// Inline labels: a bold label with text after it on its line ("**Root
// cause:** the token expired", "**Why**: ...") is not a category unless it
// names a spec category or a field: right after a list item it continues
// that item (text of the learning), elsewhere it is text (kept, and listed
// by Document.Unread), so its value is never dropped.
//
// Entry headings: an H3-H6 heading under a session or Consolidated
// Learnings is not a category when it does not name a spec category (or a
// near miss), "Learnings" or a field, and is not a short name: more than
// four words or 40 characters, a date in any form (a 19xx/20xx year, a
// leading digit), "|" or brackets, or a sentence's end ("### 2025-12-21 |
// workflow | FAIL", "### Fixed the flaky login test in CI"). Logs write one
// such heading per entry; it is text of the file and the items under it
// stay in the category above it (GeneralCategory when there is none). A
// custom label (heading or bold) becomes a category only once a list item
// stands under it; until then it holds nothing and is text too.
func Parse(src []byte) *Document {
	var read idKeys
	d := parseKeyed(src, true, &read)
	d.idsGiven = true
	assignIDsFrom(d.Sessions, d.Learnings(), &read)
	return d
}

// ParseWithoutIDs is Parse leaving every session's and learning's ID
// empty, for a caller that rewrites the file and never names what it holds
// (compact), or names a learning only now and then and calls AssignIDs
// first (store names one only when it skips or updates it): the IDs hash
// every learning's text, which on a generated 10 MB memory is half of a
// parse's CPU time or more. Nor does it keep the scan's reading of every
// line for Unread, which such callers seldom ask (Unread then scans the
// file again; ParseForUnread keeps it): keeping it cost store with a four-learning
// session 1.0 to 2.6 M instructions of 164 to 471 M (0.3 to 1.1 %) on the
// eight generators' 1 MB memories (callgrind).
func ParseWithoutIDs(src []byte) *Document { return parse(src, false) }

// ParseForUnread is ParseWithoutIDs keeping the scan's reading of every
// line, as Parse does, for a caller that names no learning but asks
// Unread (compact): Unread scanning the file again cost compact on the
// zipf 1 MB memory 11.5 M instructions (callgrind). Its document has no
// problem of bytes that are not UTF-8 (see parseModel): compact, which
// rewrites the file and leaves such bytes as they are, reports none of
// the file's problems (lint does), and checking every byte of a memory
// mostly outside ASCII cost learn compact on the intl generator's 10 MB
// memory 64 M of 1,150 M instructions (callgrind).
func ParseForUnread(src []byte) *Document { return parseModel(src, true, nil) }

// AssignIDs gives every session and learning of d its ID, as Parse does,
// unless they have them already: a document read with ParseWithoutIDs gets
// the IDs Parse would have given it, the first time a caller needs one. A
// learning's "-N" copy number depends on every other learning's hash, so
// the IDs are worked out for all of them at once.
func (d *Document) AssignIDs() {
	if d.idsGiven {
		return
	}
	d.idsGiven = true
	assignIDs(d)
}

// AssignIDsOf gives ls, learnings of d, and their sessions the IDs Parse
// would give them, hashing only what those IDs depend on, for a caller
// that names a few learnings of a file it read with ParseWithoutIDs (store
// and summarise name the stored learnings a candidate repeats or updates,
// search its hits). A "-N" copy number counts the copies of an ID below it in the
// file, so every learning from the first of ls to the end of the file gets
// its ID, and every session from the first of their sessions; those above
// keep none until AssignIDs. The generated memories keep Consolidated
// Learnings on top, and a candidate the same as one of those hashes the
// whole file but its sessions: store with a four-learning session at 1 MB
// (callgrind, M instructions) default 209.2 -> 205.7, sparse 228.7 ->
// 225.3, intl 355.7 -> 351.4, agent 156.30 -> 156.27 (its first learning
// is named).
func (d *Document) AssignIDsOf(ls ...*Learning) {
	if d.idsGiven || len(ls) == 0 {
		return
	}
	// Sets, not a search of ls for each learning: search names up to
	// every hit, tens of thousands with --limit 0.
	named := make(map[*Learning]bool, len(ls))
	sessions := make(map[*Session]bool)
	for _, l := range ls {
		named[l] = true
		sessions[l.Session] = true
	}
	all := d.Learnings()
	first := slices.IndexFunc(all, func(l *Learning) bool { return named[l] })
	if first < 0 {
		return
	}
	firstSession := slices.IndexFunc(d.Sessions, func(s *Session) bool { return sessions[s] })
	if firstSession < 0 {
		firstSession = len(d.Sessions)
	}
	assignIDsFrom(d.Sessions[firstSession:], all[first:], nil)
}

// parse is Parse without the IDs (see ParseWithoutIDs); with logLines it
// keeps the scan's reading of every line for Unread (see lineLog).
func parse(src []byte, logLines bool) *Document { return parseKeyed(src, logLines, nil) }

// parseKeyed is parse; with keys set it also works out each learning's ID
// number as the learning is read, into keys, for the IDs Parse then
// gives. The text is read again while it is still in the cache: hashing
// every text after the parse read each from memory again, and that load
// was half of the samples of the IDs' normalising (perf, recall on the
// default 1 MB memory). Recall on the 8 generated 1 MB memories, 15
// interleaved runs of each memory and binary in one perf session: user
// CPU samples 13683 -> 13350 (2.4% fewer), appendIDText's 1286 -> 646;
// instructions 0.2-0.6 M more (callgrind). The numbers are kept beside the
// learnings (idKeys), not in them: 24 bytes more a Learning cost store,
// which gives no IDs, 4-8% more samples in parsing (perf).
func parseKeyed(src []byte, logLines bool, keys *idKeys) *Document {
	d := parseModel(src, logLines, keys)
	if line := invalidUTF8Line(src); line > 0 {
		d.Problems = append(d.Problems, Problem{Line: line, Message: "not valid UTF-8 text; the bytes are kept as they are"})
	}
	return d
}

// parseModel is parseKeyed without the problem of bytes that are not
// UTF-8, for a reader that reports no problem of what it parses: compact's
// parse of the file (ParseForUnread) and the editor's check of its own
// output (see Editor.Bytes). TestInvalidUTF8CompactsAsParsed holds compact
// to what it writes over Parse.
func parseModel(src []byte, logLines bool, keys *idKeys) *Document {
	d := &Document{Source: src, EOL: detectEOL(src)}
	start, num := 0, 1
	if bytes.HasPrefix(src, bom) {
		start = len(bom)
	}
	if end, endLine, ok := frontmatter(src, start); ok {
		d.Frontmatter = &Span{Start: start, End: end, Line: 1, EndLine: endLine}
		start, num = end, endLine+1
	}
	p := &docParser{doc: d, src: src, kind: secPreamble, secStart: start, secLine: num}
	p.body.keys = keys
	sc := newScanner(src, start, num)
	var lg *lineLog
	if logLines {
		lg = newLineLog(src, num)
		d.lines = lg
	}
	for {
		l, ok := sc.next()
		if !ok {
			break
		}
		if lg != nil {
			lg.add(l)
		}
		p.line(l)
	}
	if p.blk.open && sc.unclosed != nil && sc.unclosed.Line == p.blk.line {
		p.endBlock(sc.unclosed)
	}
	p.endBlock(nil)
	p.closeSection(len(src), sc.num)
	d.Unclosed = sc.unclosed
	if o := sc.openInItem; o != nil {
		d.Damage = append(d.Damage, Damage{Kind: DamageUnclosed, Line: o.Line, EndLine: sc.num, start: sc.fenceStart, end: len(src),
			Cause: fmt.Sprintf("a code fence opened on line %d inside a learning is never closed, so it runs to the end of the file (line %d): the file may have been cut short", o.Line, sc.num)})
	}
	d.Damage = append(d.Damage, bareCRs(src)...)
	return d
}

// invalidUTF8Line is the line of the first byte that is not UTF-8, 0 when
// src is valid.
func invalidUTF8Line(src []byte) int {
	if utf8.Valid(src) {
		return 0
	}
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n <= 1 {
			return bytes.Count(src[:i], []byte("\n")) + 1
		}
		i += n
	}
	return 0
}

// unclosedIn scans src as Parse does, for a fence or comment left open,
// without building the model.
func unclosedIn(src []byte) *Problem {
	start, num := bodyStart(src)
	sc := newScanner(src, start, num)
	for {
		if _, ok := sc.next(); !ok {
			return sc.unclosed
		}
	}
}

// bodyStart is where the scanner starts reading src, past a byte order
// mark and the frontmatter, and that line's number.
func bodyStart(src []byte) (start, num int) {
	start, num = 0, 1
	if bytes.HasPrefix(src, bom) {
		start = len(bom)
	}
	if end, endLine, ok := frontmatter(src, start); ok {
		start, num = end, endLine+1
	}
	return start, num
}

func detectEOL(src []byte) string {
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// frontmatter finds a YAML block ("---" ... "---" or "...") at start. A
// block that contains a "## " heading is not frontmatter but a thematic
// break followed by content.
func frontmatter(src []byte, start int) (end, endLine int, ok bool) {
	first, next := lineAt(src, start)
	if string(bytes.TrimRight(first, " \t\r")) != "---" {
		return 0, 0, false
	}
	num := 1
	for pos := next; pos < len(src); {
		l, n := lineAt(src, pos)
		num++
		t := bytes.TrimRight(l, " \t\r")
		if string(t) == "---" || string(t) == "..." {
			return n, num, true
		}
		if bytes.HasPrefix(l, []byte("## ")) {
			return 0, 0, false
		}
		pos = n
	}
	return 0, 0, false
}

// lineAt returns the line at pos without its "\n" and the offset after it.
func lineAt(src []byte, pos int) ([]byte, int) {
	if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
		return src[pos : pos+i], pos + i + 1
	}
	return src[pos:], len(src)
}

type secKind uint8

const (
	secPreamble secKind = iota
	secConsolidated
	secSession
	secRecent
	secOther
)

type docParser struct {
	doc               *Document
	src               []byte
	kind              secKind
	secStart, secLine int
	session           *Session
	section           *Section
	cons              *Consolidated
	body              bodyParser
	names             categoryNames
	blk               blockWatch
	stray             strayRun
	catHeading        *catHeading
	header            *wrongHeader
}

func (p *docParser) line(l line) {
	p.watch(l)
	if l.kind == lkHeading && l.level == 2 {
		p.startSection(l)
		return
	}
	if p.kind == secConsolidated || p.kind == secSession {
		if l.kind == lkHeading {
			p.watchHeader(l)
		}
		p.body.line(l)
	}
}

// startSection ends the current section at an H2 line and starts the one
// it names.
func (p *docParser) startSection(l line) {
	text := string(headingText(p.src[l.text:l.contentEnd]))
	p.closeSection(l.start, l.num-1)
	if _, known := NormalizeCategory(text); known || keyEquals(text, "learnings") {
		p.doc.Problems = append(p.doc.Problems, Problem{Line: l.num, Message: fmt.Sprintf("%q is an H2 heading, so it starts a hand-written section and its items are not read as learnings; make it \"### %s\"", text, text)})
		p.catHeading = &catHeading{name: text, line: l.num, start: l.start}
	}
	p.secStart, p.secLine = l.start, l.num
	d := p.doc
	switch {
	case keyHasPrefix(text, "consolidated learnings") && d.Consolidated == nil:
		p.kind = secConsolidated
		p.cons = &Consolidated{}
		p.body.reset(p.src, bodyConsolidated, &d.Problems, &p.names)
		p.body.cons, p.body.lines = p.cons, d.lines
	case keyHasPrefix(text, "recent sessions") && d.Recent == nil:
		p.kind = secRecent
		d.Recent = &Span{Start: l.start, End: l.end, Line: l.num, EndLine: l.num}
	default:
		stamp, focus, ok := parseSessionHeader(text)
		if !ok {
			stamp, focus, ok = bracketedHeader(text)
		}
		if ok {
			s := &Session{Header: text, Stamp: stamp, Focus: focus}
			if t, err := parseStamp(stamp); err == nil {
				s.Time = t
			} else {
				d.Problems = append(d.Problems, Problem{Line: l.num, Message: fmt.Sprintf("session time %q could not be read; write it as [YYYY-MM-DD HH:MM TZ]; the session's learnings are read but it cannot be dated", stamp)})
			}
			p.kind = secSession
			p.session = s
			p.body.reset(p.src, bodySession, &d.Problems, &p.names)
			p.body.session, p.body.lines = s, d.lines
			return
		}
		if looksDated(text) {
			d.Problems = append(d.Problems, Problem{Line: l.num, Message: fmt.Sprintf("heading %q looks like a session header but its date is not YYYY-MM-DD; kept as a hand-written section", text)})
		}
		if keyHasPrefix(text, "consolidated learnings") || keyHasPrefix(text, "recent sessions") {
			d.Problems = append(d.Problems, Problem{Line: l.num, Message: fmt.Sprintf("second %q heading; only the first is used, this one is kept as written", text)})
		}
		if keyHasPrefix(text, "consolidated learnings") && d.Consolidated != nil {
			p.catHeading = &catHeading{name: text, line: l.num, start: l.start, second: d.Consolidated.Span.Line}
		}
		p.kind = secOther
		p.section = &Section{Title: text}
	}
}

func (p *docParser) closeSection(end, endLine int) {
	d := p.doc
	span := Span{Start: p.secStart, End: end, Line: p.secLine, EndLine: endLine}
	switch p.kind {
	case secPreamble:
		if len(bytes.TrimSpace(p.src[p.secStart:end])) > 0 {
			d.Preamble = &span
		}
	case secConsolidated:
		p.endWrongHeader(end, endLine)
		p.body.finish()
		p.cons.Span = span
		p.cons.Categories = p.body.cats
		d.Consolidated = p.cons
	case secSession:
		p.endWrongHeader(end, endLine)
		p.body.finish()
		s := p.session
		s.Span = span
		s.Categories = p.body.cats
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				l.Session = s
			}
		}
		d.Sessions = append(d.Sessions, s)
	case secRecent:
		p.endStray()
	case secOther:
		p.section.Span = span
		d.Sections = append(d.Sections, p.section)
		p.endCatHeading(end, endLine)
	}
}

// bracketedHeader reads "[anything] - Focus" (or with a colon or dash
// variant after the bracket) as a session header whose stamp may not be a
// date at all ("[22/11/2026 10:00]", "[yesterday]"): the shape says the
// author meant a session, so its learnings must not vanish.
func bracketedHeader(text string) (stamp, focus string, ok bool) {
	if !strings.HasPrefix(text, "[") {
		return "", "", false
	}
	i := strings.IndexByte(text, ']')
	if i < 0 {
		return "", "", false
	}
	stamp = strings.TrimSpace(text[1:i])
	rest := strings.TrimSpace(text[i+1:])
	if stamp == "" || strings.ContainsAny(stamp, "[") {
		return "", "", false
	}
	for _, sep := range []string{"-", "–", "—", ":"} {
		if strings.HasPrefix(rest, sep) {
			return stamp, cleanFocus(rest), true
		}
	}
	return "", "", false
}

// looksDated reports whether a heading starts like a session header ("[2026"
// or "2026-").
func looksDated(text string) bool {
	text = strings.TrimPrefix(text, "[")
	return len(text) >= 5 && digits(text[:4]) && text[4] == '-'
}

// keyEquals reports whether s, lower-cased, trimmed and with its white
// space runs collapsed to one space, equals key (lower-case ASCII). It does
// not allocate.
func keyEquals[T string | []byte](s T, key string) bool {
	n, ok := keyPrefixLen(s, key)
	return ok && n == len(s)
}

// keyHasPrefix is keyEquals for a prefix of s.
func keyHasPrefix[T string | []byte](s T, key string) bool {
	_, ok := keyPrefixLen(s, key)
	return ok
}

// keyPrefixLen matches key against the folded start of s and returns how
// much of s it used, trailing white space included.
func keyPrefixLen[T string | []byte](s T, key string) (int, bool) {
	i := 0
	for i < len(s) && isSpaceByte(s[i]) {
		i++
	}
	for k := 0; k < len(key); k++ {
		if i >= len(s) {
			return i, false
		}
		if key[k] == ' ' {
			if !isSpaceByte(s[i]) {
				return i, false
			}
			for i < len(s) && isSpaceByte(s[i]) {
				i++
			}
			continue
		}
		if lowerASCII(s[i]) != key[k] {
			return i, false
		}
		i++
	}
	for i < len(s) && isSpaceByte(s[i]) {
		i++
	}
	return i, true
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// categoryNames caches NormalizeCategory per label as written: a large
// file repeats the same few labels thousands of times.
type categoryNames map[string]labelName

// labelName is a label as written and the category it is read as. A
// near miss of a spec label ("User Corections") is read as that spec
// category, so a typo does not rank it after all of them; lint and store
// say so.
type labelName struct {
	label, name string
	typo        bool
	// known is set for a spec label in any spelling.
	known bool
}

func (c *categoryNames) normalize(label []byte) labelName {
	if n, ok := (*c)[string(label)]; ok {
		return n
	}
	if *c == nil {
		*c = categoryNames{}
	}
	n := labelName{label: string(label)}
	n.name, n.known = NormalizeCategory(n.label)
	if !n.known {
		if s, ok := SuggestCategory(n.label); ok {
			n.name, n.typo = s, true
		}
	}
	(*c)[n.label] = n
	return n
}

type bodyMode uint8

const (
	bodySession bodyMode = iota
	bodyConsolidated
	bodyInput
)

type itemState struct {
	active        bool
	start, end    int
	line, endLine int
	contentCol    int
}

// bodyParser reads the inside of a session, of Consolidated Learnings, or of
// `learn store` input: category labels, fields and list items. Parse and
// ParseInput share it so both accept the same forms.
type bodyParser struct {
	src      []byte
	mode     bodyMode
	session  *Session
	cons     *Consolidated
	problems *[]Problem
	cats     []*Category
	cur      *Category
	item     itemState
	// gap is true when blank lines follow the open item.
	gap bool
	// textRun is true inside a run of stray text already reported.
	textRun bool
	buf     []byte
	names   *categoryNames
	// notes collects, for input, what store corrected and says so.
	notes *[]Problem
	// pending is a custom category label with no learning under it yet.
	pending *Category
	// slab holds the learnings newLearning hands out next.
	slab []Learning
	// lines, when set, is told of the lines read as structure (see
	// lineLog.parsed).
	lines *lineLog
	// keys, when set, is given each learning's ID number as it is read
	// (see parseKeyed).
	keys *idKeys
}

func (b *bodyParser) reset(src []byte, mode bodyMode, problems *[]Problem, names *categoryNames) {
	*b = bodyParser{src: src, mode: mode, problems: problems, names: names, buf: b.buf[:0], slab: b.slab, keys: b.keys}
}

// slabSize is how many learnings newLearning allocates at once.
const slabSize = 64

// newLearning is a new Learning from a block of slabSize, which lives as
// long as any of its learnings: one allocation per 64 learnings instead of
// one each (a 1 MB parse: 35925 -> 29315 allocations on the default file).
func (b *bodyParser) newLearning() *Learning {
	if len(b.slab) == 0 {
		b.slab = make([]Learning, slabSize)
	}
	l := &b.slab[0]
	b.slab = b.slab[1:]
	return l
}

func (b *bodyParser) problem(line int, format string, args ...any) {
	*b.problems = append(*b.problems, Problem{Line: line, Message: fmt.Sprintf(format, args...)})
}

func (b *bodyParser) line(l line) {
	switch l.kind {
	case lkBlank:
		if b.item.active {
			b.gap = true
		}
		b.textRun = false
	case lkItem:
		b.finishItem()
		b.textRun = false
		b.item = itemState{active: true, start: l.start, end: l.end, line: l.num, endLine: l.num, contentCol: l.contentCol}
	case lkInItem:
		if !b.item.active {
			b.text(l)
			return
		}
		if l.indent < b.item.contentCol && b.structural(l) {
			return
		}
		b.extend(l)
	case lkFence:
		if b.item.active {
			b.extend(l)
			return
		}
		b.text(l)
	case lkHTML:
		if b.item.active && !b.gap {
			b.extend(l)
			return
		}
		b.finishItem()
		b.textRun = false
	case lkHeading:
		b.finishItem()
		b.textRun = false
		b.heading(l)
	case lkBreak:
		b.finishItem()
		b.textRun = false
	case lkText:
		if b.structural(l) {
			return
		}
		if b.item.active && !b.gap {
			b.extend(l)
			return
		}
		b.text(l)
	}
}

func (b *bodyParser) extend(l line) {
	b.item.end = l.end
	b.item.endLine = l.num
	b.gap = false
}

func (b *bodyParser) text(l line) {
	b.finishItem()
	if b.textRun {
		return
	}
	b.textRun = true
	switch {
	case b.mode == bodyInput && len(b.cats) == 0:
		b.problem(l.num, "text before the first category label is ignored; start with a label such as **User Corrections:**")
	case b.mode == bodyInput:
		b.problem(l.num, "text outside a list item is ignored; write each learning as a \"- \" item")
	default:
		b.problem(l.num, "text outside a list item is kept but not read as a learning")
	}
}

func (b *bodyParser) heading(l line) {
	text := headingText(b.src[l.text:l.contentEnd])
	if l.level == 1 && b.mode != bodyInput {
		b.text(l)
		return
	}
	if f := fieldOf(text); f != fieldNone {
		b.lines.mark(l.num, parsedStructure)
		return
	}
	if b.mode == bodyInput && (looksDated(string(text)) || keyEquals(text, "consolidated learnings") || keyEquals(text, "recent sessions")) {
		b.problem(l.num, "heading %q is ignored: learn store writes the session header itself", string(text))
		b.cur = nil
		return
	}
	if !b.headingLabel(text) {
		// An entry's title ("### 2026-01-19 | deploy | FAIL", "### Fixed
		// the flaky login test"): not a category. Its lines are text and
		// the items under it stay in the category above.
		b.pending = nil
		b.text(l)
		return
	}
	b.label(text, l)
}

// headingLabel reports whether an H3-H6 heading inside a session or
// Consolidated Learnings names a category: a spec category or a near miss
// of one, "Learnings", a field, or a short name (at most four words and 40
// characters, without a date, "|", "[", digits first or a sentence's end).
// Any other heading is the title of an entry, as logs and journals write
// one per change, and not a category. Input keeps reading every heading as
// a label, since learn store's input is short and written for it.
func (b *bodyParser) headingLabel(text []byte) bool {
	if b.mode == bodyInput || b.knownCategory(text) || keyEquals(bytes.TrimRight(text, ":* "), "learnings") {
		return true
	}
	return shortName(text)
}

// shortName is the shape of a custom category's name.
func shortName(text []byte) bool {
	t := bytes.TrimSpace(bytes.TrimRight(text, ": "))
	if len(t) == 0 || len(t) > 40 || len(bytes.Fields(t)) > 4 {
		return false
	}
	if t[0] >= '0' && t[0] <= '9' || bytes.ContainsAny(t, "|[]") || looksDated(string(t)) || hasYear(t) {
		return false
	}
	switch t[len(t)-1] {
	case '.', '?', '!', ')':
		return false
	}
	return true
}

// hasYear reports whether t holds a four-digit run starting 19 or 20 (a
// date written any way: "January 19, 2026", "19/01/2026").
func hasYear(t []byte) bool {
	run := 0
	for i, c := range t {
		if c >= '0' && c <= '9' {
			run++
			continue
		}
		if run == 4 && (t[i-4] == '1' && t[i-3] == '9' || t[i-4] == '2' && t[i-3] == '0') {
			return true
		}
		run = 0
	}
	return run == 4 && (t[len(t)-4] == '1' && t[len(t)-3] == '9' || t[len(t)-4] == '2' && t[len(t)-3] == '0')
}

func (b *bodyParser) label(name []byte, l line) {
	if keyEquals(bytes.TrimRight(name, ":* "), "learnings") {
		// "### Learnings" only introduces the categories.
		if l.kind == lkHeading {
			b.lines.mark(l.num, parsedStructure)
		}
		b.cur = nil
		return
	}
	n := b.names.normalize(name)
	canon := n.name
	if canon == "" {
		b.problem(l.num, "empty category label")
		canon = GeneralCategory
	}
	if b.mode == bodyInput && b.notes != nil && canon != GeneralCategory && n.label != canon {
		if n.typo {
			*b.notes = append(*b.notes, Problem{Line: l.num, Message: fmt.Sprintf("category label %q looks like a misspelling of %q; stored as %q", n.label, canon, canon)})
		} else if n.known {
			*b.notes = append(*b.notes, Problem{Line: l.num, Message: fmt.Sprintf("category label %q stored as the spec's %q", n.label, canon)})
		}
	}
	c := &Category{Name: canon, Label: n.label, Span: Span{Start: l.start, End: l.end, Line: l.num, EndLine: l.num}, Misspelt: n.typo}
	b.pending = nil
	if b.mode != bodyInput && !n.known && !n.typo {
		// A custom label is a category once a learning stands under
		// it; until then it holds nothing and is text of the file.
		b.pending = c
		return
	}
	b.cats = append(b.cats, c)
	b.cur = c
}

// structural handles l when it is a category label or a field line.
func (b *bodyParser) structural(l line) bool {
	t := b.src[l.text:l.contentEnd]
	if len(t) == 0 || (t[0] != '*' && b.mode != bodyInput) {
		return false
	}
	name, rest, ok := parseLabel(t, b.mode == bodyInput)
	if !ok {
		return false
	}
	if b.mode != bodyInput && len(bytes.TrimSpace(rest)) > 0 && fieldOf(name) == fieldNone && !b.knownCategory(name) {
		// "**Root cause:** the token expired": an inline label, text of
		// the learning it follows, not a category.
		return false
	}
	b.finishItem()
	b.textRun = false
	if f := fieldOf(name); f != fieldNone {
		if l.kind == lkText {
			b.lines.mark(l.num, parsedStructure)
		}
		b.field(f, name, rest, l)
		return true
	}
	if len(bytes.TrimSpace(rest)) == 0 {
		b.lines.mark(l.num, parsedBareLabel)
	}
	b.label(name, l)
	if len(bytes.TrimSpace(rest)) > 0 {
		b.problem(l.num, "text after the label %q is not read as a learning; put it on its own \"- \" line", string(name))
	}
	return true
}

type field uint8

const (
	fieldNone field = iota
	fieldProject
	fieldDocs
	fieldIgnored
)

var fieldNames = []struct {
	key string
	f   field
}{
	{"project", fieldProject}, {"project name", fieldProject},
	{"documentation seen", fieldDocs}, {"docs seen", fieldDocs}, {"documentation", fieldDocs},
	{"docs", fieldDocs}, {"documentation referenced", fieldDocs}, {"docs referenced", fieldDocs},
	{"focus", fieldIgnored}, {"session focus", fieldIgnored}, {"date", fieldIgnored},
	{"time", fieldIgnored}, {"session", fieldIgnored}, {"timestamp", fieldIgnored},
}

// fieldOf names the session fields models write next to the header.
func fieldOf[T string | []byte](name T) field {
	i, j := 0, len(name)
	for i < j && isFieldTrim(name[i]) {
		i++
	}
	for j > i && isFieldTrim(name[j-1]) {
		j--
	}
	name = name[i:j]
	if len(name) > 30 {
		return fieldNone
	}
	// Only the names that start with its first letter can match: most
	// lines asked about are a learning's first words, and asking all
	// fourteen cost recall on the generated 1 MB memories 2 to 4% more
	// instructions (callgrind, M: sparse 169.9 against 163.1, paths 154.8
	// against 150.6, default 151.5 against 148.1, zipf 149.2 against
	// 145.0).
	first := 0
	for first < len(name) && isSpaceByte(name[first]) {
		first++
	}
	if first == len(name) {
		return fieldNone
	}
	c := lowerASCII(name[first])
	for _, fn := range fieldNames {
		if fn.key[0] == c && keyEquals(name, fn.key) {
			return fn.f
		}
	}
	return fieldNone
}

func isFieldTrim(c byte) bool { return c == ' ' || c == '*' || c == ':' || c == '_' }

func (b *bodyParser) field(f field, name []byte, rest []byte, l line) {
	value := strings.TrimSpace(string(rest))
	switch {
	case b.mode == bodyInput:
		b.problem(l.num, "field %q is not read from the input; use learn store's flags", string(bytes.TrimSpace(name)))
	case b.mode == bodySession && f == fieldProject:
		b.session.Project = strings.Trim(value, "`")
	case b.mode == bodySession && f == fieldDocs:
		b.session.Docs = splitDocs(value)
	case b.mode == bodyConsolidated && f == fieldDocs:
		b.cons.Tally = parseTally(value)
		b.cons.TallySpan = &Span{Start: l.start, End: l.end, Line: l.num, EndLine: l.num}
	}
}

// parseLabel reads "**Name:**", "**Name**:" (with any text after it in
// rest), "**Name**" alone for the spec's categories and, when plain is set,
// a bare "Name:" line.
func parseLabel(t []byte, plain bool) (name, rest []byte, ok bool) {
	t = bytes.TrimRight(t, " \t")
	if bytes.HasPrefix(t, []byte("**")) {
		k := bytes.Index(t[2:], []byte("**"))
		if k <= 0 {
			return nil, nil, false
		}
		inner, after := bytes.TrimSpace(t[2:2+k]), t[4+k:]
		switch {
		case len(inner) > 1 && inner[len(inner)-1] == ':':
			return bytes.TrimSpace(inner[:len(inner)-1]), after, true
		case len(after) > 0 && after[0] == ':':
			return inner, after[1:], true
		case len(bytes.TrimSpace(after)) == 0 && knownCategory(inner):
			// "**Fresh Discoveries**" alone on its line: models often
			// leave the colon out.
			return inner, nil, true
		case fieldOf(inner) == fieldDocs:
			// "**Documentation Seen** (compacted sessions): ..."
			if i := bytes.IndexByte(after, ':'); i >= 0 {
				return inner, after[i+1:], true
			}
		}
		return nil, nil, false
	}
	if plain && len(t) > 1 && t[len(t)-1] == ':' {
		name := bytes.TrimSpace(t[:len(t)-1])
		if plainLabel(string(name)) {
			return name, nil, true
		}
	}
	return nil, nil, false
}

// knownCategory is the package's knownCategory through the file's cache of
// labels: a file asks about the same few labels on thousands of lines.
func (b *bodyParser) knownCategory(name []byte) bool {
	n := b.names.normalize(name)
	return n.known || n.typo
}

// knownCategory accepts a spec label or a near miss of one.
func knownCategory(name []byte) bool {
	if _, known := NormalizeCategory(string(name)); known {
		return true
	}
	_, near := SuggestCategory(string(name))
	return near
}

// plainLabel accepts "User Corrections" or a short Title Case phrase as a
// label written without bold, and rejects sentences ("Here is what I
// learned").
func plainLabel(name string) bool {
	if _, known := NormalizeCategory(name); known {
		return true
	}
	if fieldOf(name) != fieldNone {
		return true
	}
	words := strings.Fields(name)
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	for _, w := range words {
		if w[0] < 'A' || w[0] > 'Z' {
			return false
		}
	}
	return true
}

// splitDocs splits a Documentation Seen value on commas and semicolons
// (outside backticks) and strips the backticks.
func splitDocs(v string) []string {
	var out []string
	for part := range refParts(v) {
		ref := stripTicks(part)
		if ref == "" || isNone(ref) {
			continue
		}
		out = append(out, ref)
	}
	return out
}

// stripTicks is part without its backticks, trimmed. A reference written
// in one pair of backticks, as nearly all are, is cut out of part instead
// of copied: every session has a Documentation Seen line, and the copies
// (and isNone's lower-casing) were a seventh of the parse of the default
// 1 MB memory.
func stripTicks(part string) string {
	t := strings.TrimSpace(part)
	if n := len(t); n >= 2 && t[0] == '`' && t[n-1] == '`' && !strings.Contains(t[1:n-1], "`") {
		return strings.TrimSpace(t[1 : n-1])
	}
	if !strings.Contains(t, "`") {
		return t
	}
	return strings.TrimSpace(strings.ReplaceAll(t, "`", ""))
}

// isNone reports a reference that says there is none. No text longer than
// "nothing" folds to one of the words: none of their letters has a case
// outside ASCII (only "k" and "s" have, U+212A and U+017F).
func isNone(s string) bool {
	t := strings.Trim(s, " .()_*")
	if len(t) > len("nothing") {
		return false
	}
	for _, w := range [...]string{"none", "n/a", "na", "-", "nothing", ""} {
		if strings.EqualFold(t, w) {
			return true
		}
	}
	return false
}

// refParts yields the parts of a list of references between commas and
// semicolons outside backticks. An iterator, not a slice: every session's
// Documentation Seen line is split, and with isNone's test of length the
// slices of parts cost recall on the 8 generated 1 MB memories 0.4-2.5 %
// of its instructions (callgrind, M: agent 98.8 -> 96.4, sparse 133.0 ->
// 130.5, default 125.8 -> 124.9).
func refParts(v string) iter.Seq[string] {
	return func(yield func(string) bool) {
		inTick := false
		start := 0
		for i := 0; i < len(v); i++ {
			switch v[i] {
			case '`':
				inTick = !inTick
			case ',', ';':
				if !inTick {
					if !yield(v[start:i]) {
						return
					}
					start = i + 1
				}
			}
		}
		yield(v[start:])
	}
}

// parseTally reads "`README.md` (4), `docs/api.md` (2)".
func parseTally(v string) []DocCount {
	var out []DocCount
	for part := range refParts(v) {
		part = strings.TrimSpace(part)
		n := 1
		if strings.HasSuffix(part, ")") {
			if i := strings.LastIndexByte(part, '('); i >= 0 && digits(part[i+1:len(part)-1]) {
				n = atoi(part[i+1 : len(part)-1])
				part = part[:i]
			}
		}
		ref := strings.TrimSpace(strings.ReplaceAll(part, "`", ""))
		if ref == "" || isNone(ref) {
			continue
		}
		out = append(out, DocCount{Ref: ref, Count: n})
	}
	return out
}

func (b *bodyParser) finish() { b.finishItem() }

func (b *bodyParser) finishItem() {
	if !b.item.active {
		return
	}
	it := b.item
	b.item.active = false
	b.gap = false
	text := b.itemText(it)
	span := Span{Start: it.start, End: it.end, Line: it.line, EndLine: it.endLine}
	if text == "" {
		b.problem(it.line, "empty list item")
		return
	}
	// "- **Project**: x" is the session field written as a list item,
	// wherever it stands; only the two unmistakable field names count.
	// Input reads it the same way (and reports it), so what store writes
	// reads back as the same learnings.
	if b.mode != bodyConsolidated && strings.HasPrefix(text, "**") && !strings.Contains(text, "\n") {
		if name, rest, ok := parseLabel([]byte(text), false); ok {
			if keyEquals(name, "project") || keyEquals(name, "documentation seen") {
				b.field(fieldOf(name), name, rest, line{start: it.start, end: it.end, num: it.line})
				return
			}
		}
	}
	if b.pending != nil {
		b.cats = append(b.cats, b.pending)
		b.cur, b.pending = b.pending, nil
	}
	c := b.cur
	if c == nil {
		c = &Category{Name: GeneralCategory, Span: span}
		b.cats = append(b.cats, c)
		b.cur = c
		if b.mode == bodyInput {
			b.problem(it.line, "learning with no category label above it; filed under %s", GeneralCategory)
		}
	}
	l := b.newLearning()
	*l = Learning{Category: c.Name, Text: text, Span: span}
	if sup, ok := ParseSuperseded(text); ok {
		l.Superseded = sup
	}
	if b.keys != nil {
		b.buf = appendIDText(b.buf[:0], l.Content())
		b.keys.of = append(b.keys.of, l)
		b.keys.keys = append(b.keys.keys, idKey(b.buf))
	}
	c.Learnings = append(c.Learnings, l)
	c.Span.End, c.Span.EndLine = it.end, it.endLine
}

// itemText is a list item's text without its marker, continuation lines
// de-indented by the item's content column.
func (b *bodyParser) itemText(it itemState) string {
	src := b.src
	first, next := lineAt(src[:it.end], it.start)
	first = bytes.TrimSuffix(first, []byte("\r"))
	p, _ := indentation(first, 0, len(first))
	p += listMarker(first[p:])
	p, _ = indentation(first, p, len(first))
	head := first[p:]
	if next >= it.end {
		return string(bytes.TrimRight(head, " \t"))
	}
	buf := append(b.buf[:0], head...)
	for pos := next; pos < it.end; {
		l, n := lineAt(src[:it.end], pos)
		l = bytes.TrimSuffix(l, []byte("\r"))
		buf = append(buf, '\n')
		buf = append(buf, deindent(l, it.contentCol)...)
		pos = n
	}
	b.buf = buf
	return string(bytes.TrimRight(buf, " \t\n"))
}

// deindent removes up to n columns of leading white space from l; a blank
// line comes back empty.
func deindent(l []byte, n int) []byte {
	col, i := 0, 0
	for i < len(l) && col < n {
		switch l[i] {
		case ' ':
			col++
		case '\t':
			if col+4-col%4 > n {
				return l[i:]
			}
			col += 4 - col%4
		default:
			return l[i:]
		}
		i++
	}
	if len(bytes.TrimSpace(l[i:])) == 0 {
		return nil
	}
	return l[i:]
}
