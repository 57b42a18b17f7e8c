package learnings

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrUnclosed reports a fence or HTML comment left open; edits refuse,
// because whatever they wrote after it would be swallowed.
var ErrUnclosed = errors.New("unclosed block")

// errOverlap reports two edits of one Editor that touch the same bytes.
var errOverlap = errors.New("overlapping edits")

// Editor collects edits against one Document and applies them together as
// byte splices over its Source: every byte outside the edited ranges comes
// out identical, new text uses the file's own line ending, and nothing is
// ever re-rendered. Edits are planned against the document as parsed, so
// they must not overlap (a removal inside a removed session or a replaced
// Consolidated section is simply absorbed).
type Editor struct {
	doc         *Document
	sessions    []NewSession
	add         []NewLearning
	set         bool
	setLearning []NewLearning
	setTally    []DocCount
	rmSessions  []*Session
	rmLearnings []*Learning
	supersede   []supersedeOp
	err         error
	// result is the document Bytes read its output back as, when it did.
	result *Document
	// keptInOrder says verifyKept found the output's learnings in the
	// order it listed them, the path that needs no map; a test reads it.
	keptInOrder bool
}

type supersedeOp struct {
	l        *Learning
	by, date string
}

// Edit starts an edit of d.
func (d *Document) Edit() *Editor { return &Editor{doc: d} }

// InsertSession adds s as the newest session: directly above the first
// session in the file, wherever the sessions are (the prompt-only commands
// put them above Consolidated Learnings). In a file with no sessions it
// goes under "## Recent Sessions", which is created after Consolidated
// when missing; a new or empty file gets the whole canonical skeleton.
// When one Editor inserts several sessions, each goes above the previous.
func (e *Editor) InsertSession(s NewSession) *Editor {
	e.sessions = append(e.sessions, s)
	return e
}

// AddConsolidated appends learnings to Consolidated Learnings under their
// categories, adding a category label (in priority order) or the whole
// section when it is missing.
func (e *Editor) AddConsolidated(ls []NewLearning) *Editor {
	e.add = append(e.add, ls...)
	return e
}

// SetConsolidated replaces the learnings and tally of Consolidated
// Learnings with the canonical rendering of ls and tally; hand-written
// text inside the section (paragraphs, quotes, comments, code) is carried
// over byte for byte, after the learnings and before the tally, so that
// compact never loses it. Without the section it is created at the top of
// the file, after any frontmatter and preamble.
func (e *Editor) SetConsolidated(ls []NewLearning, tally []DocCount) *Editor {
	if e.set {
		e.fail(fmt.Errorf("consolidated learnings replaced twice: %w", errOverlap))
	}
	e.set = true
	e.setLearning = ls
	e.setTally = tally
	return e
}

// RemoveSession removes a whole session, from its header to the byte
// before the next "## " heading.
func (e *Editor) RemoveSession(s *Session) *Editor {
	if s == nil || !e.owns(s.Span) {
		e.fail(errors.New("remove session: the session is not part of this document"))
		return e
	}
	e.rmSessions = append(e.rmSessions, s)
	return e
}

// RemoveLearning removes one learning; removing the last learning of a
// category removes its label too.
func (e *Editor) RemoveLearning(l *Learning) *Editor {
	if l == nil || !e.owns(l.Span) {
		e.fail(errors.New("remove learning: the learning is not part of this document"))
		return e
	}
	e.rmLearnings = append(e.rmLearnings, l)
	return e
}

// Supersede marks l as replaced by the learning with ID by, on date
// ("2026-11-23"): its first paragraph is struck through and followed by
// "(superseded by ID on DATE)", and every other byte of it stays (see
// Superseded). It refuses a learning already superseded.
func (e *Editor) Supersede(l *Learning, by, date string) *Editor {
	switch {
	case l == nil || !e.owns(l.Span):
		e.fail(errors.New("supersede learning: the learning is not part of this document"))
	case l.Superseded != nil:
		e.fail(fmt.Errorf("learning %s is already superseded", l.ID))
	default:
		e.supersede = append(e.supersede, supersedeOp{l, by, date})
	}
	return e
}

func (e *Editor) owns(s Span) bool {
	return s.Start >= 0 && s.Start <= s.End && s.End <= len(e.doc.Source)
}

func (e *Editor) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

type splice struct {
	start, end int
	text       []byte
	seq        int
}

// Bytes applies the edits and returns the new file. With no edits it
// returns the source unchanged; with any edit it refuses a document with
// an unclosed fence or comment (the error wraps ErrUnclosed and names the
// line), edits that overlap (errOverlap), and a result that would itself
// have a fence or comment left open (ErrUnclosed).
func (e *Editor) Bytes() ([]byte, error) {
	d := e.doc
	if e.err != nil {
		return nil, e.err
	}
	if len(e.sessions) == 0 && len(e.add) == 0 && !e.set && len(e.rmSessions) == 0 && len(e.rmLearnings) == 0 && len(e.supersede) == 0 {
		return bytes.Clone(d.Source), nil
	}
	if err := d.Writable(); err != nil {
		return nil, err
	}
	if e.set && len(e.add) > 0 {
		return nil, fmt.Errorf("consolidated learnings both replaced and added to: %w", errOverlap)
	}
	p := planner{doc: d, src: d.Source, eol: d.EOL}
	p.removals(e)
	p.strikes(e)
	p.consolidated(e)
	p.insertSessions(e)
	if err := p.checkDamage(); err != nil {
		return nil, err
	}
	out, err := p.apply()
	if err != nil {
		return nil, err
	}
	// Removing an item can change what its neighbours mean (an empty
	// item cannot interrupt a paragraph, so an indented fence below it
	// may become a top-level one). Never write a file learn could not
	// edit again. A store's insertion that verifyInserted accepts needs
	// no second look: the old file left no block open (Writable), its
	// bytes around the insertion are unchanged, and the inserted text
	// opens with a "## " header and ends where the window read the old
	// first session's header, each a top-level heading that ends every
	// open block, so the output scans as the old file does outside the
	// window. (Scanning the whole output again was ~0.7 ms of a 1 MB
	// store.)
	if e.verifyInserted(out) {
		if !bytes.HasPrefix(out[d.Sessions[0].Span.Start:], []byte("## ")) {
			if u := unclosedIn(out); u != nil {
				return nil, &unclosedError{p: *u, result: true}
			}
		}
		return out, nil
	}
	// The parse the check reads finds what unclosedIn finds, from the
	// same scan. Scanning the output once more for it, with verifyKept
	// counting every learning through a map, took compact on the
	// default generator's 10 MB memory 171.5 M instructions from the
	// plan to the check's parse, 76.1 M without (callgrind).
	// The check reads the output's learnings and blocks left open, never
	// its problems: whether every byte is UTF-8 is left unread, a scan
	// of the whole output (on the intl generator's 10 MB memory, whose
	// text is mostly outside ASCII, 61 M of the 1,213 M instructions of
	// learn compact, callgrind).
	after := parseModel(out, false, nil)
	if u := after.Unclosed; u != nil {
		return nil, &unclosedError{p: *u, result: true}
	}
	if err := e.verifyKept(after); err != nil {
		return nil, err
	}
	return out, nil
}

// Result is the document the bytes Bytes returned read back as, parsed to
// check that they keep every learning, so that a caller that checks them
// too (compact) does not parse them again; nil when Bytes did not read
// them back whole (a store's insert is checked in a window). Its sessions
// and learnings have no IDs (see ParseWithoutIDs), and it has no Problems
// (see parseModel): the check reads what they say.
func (e *Editor) Result() *Document { return e.result }

type planner struct {
	doc     *Document
	src     []byte
	eol     string
	dels    []splice
	inserts []splice // zero-length or replacing ranges with text
	seq     int
	// created is true when the Consolidated section is being created.
	created bool
}

func (p *planner) del(start, end int) {
	if start < end {
		p.dels = append(p.dels, splice{start: start, end: end})
	}
}

func (p *planner) put(start, end int, text string) { p.putBytes(start, end, []byte(text)) }

// putBytes is put of text the planner may keep.
func (p *planner) putBytes(start, end int, text []byte) {
	p.seq++
	p.inserts = append(p.inserts, splice{start: start, end: end, text: text, seq: p.seq})
}

func (p *planner) removals(e *Editor) {
	gone := map[*Session]bool{}
	for _, s := range e.rmSessions {
		gone[s] = true
		p.del(s.Span.Start, s.Span.End)
	}
	if len(e.rmLearnings) == 0 {
		return
	}
	removed := map[*Learning]bool{}
	for _, l := range e.rmLearnings {
		if l.Session != nil && gone[l.Session] {
			continue
		}
		if l.Session == nil && e.set {
			continue
		}
		removed[l] = true
	}
	visit := func(owner Span, cats []*Category) {
		for _, c := range cats {
			p.removeFrom(owner, c, removed)
		}
	}
	d := p.doc
	if d.Consolidated != nil {
		visit(d.Consolidated.Span, d.Consolidated.Categories)
	}
	for _, s := range d.Sessions {
		visit(s.Span, s.Categories)
	}
}

// strikes plans each Supersede: "~~" where the learning's text starts, and
// "~~ (superseded by ...)" where its first paragraph ends (before a blank
// line, a fence or a nested list, whichever comes first).
func (p *planner) strikes(e *Editor) {
	for _, op := range e.supersede {
		sp := op.l.Span
		first, next := lineAt(p.src[:sp.End], sp.Start)
		first = bytes.TrimSuffix(first, []byte("\r"))
		col, _ := indentation(first, 0, len(first))
		col += listMarker(first[col:])
		col, _ = indentation(first, col, len(first))
		start := sp.Start + col
		end := sp.Start + len(bytes.TrimRight(first, " \t"))
		for pos := next; pos < sp.End; {
			l, n := lineAt(p.src[:sp.End], pos)
			t := bytes.TrimSpace(l)
			if len(t) == 0 || bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")) || listMarker(t) > 0 {
				break
			}
			end = pos + len(bytes.TrimRight(bytes.TrimSuffix(l, []byte("\n")), " \t\r"))
			pos = n
		}
		p.put(start, start, "~~")
		p.put(end, end, fmt.Sprintf("~~ (superseded by %s on %s)", op.by, op.date))
	}
}

// removeFrom plans the removal of c's removed learnings: runs of items,
// taking the blank lines between items with them, or the whole category,
// label and following blank lines included, when none is left.
func (p *planner) removeFrom(owner Span, c *Category, removed map[*Learning]bool) {
	n := 0
	for _, l := range c.Learnings {
		if removed[l] {
			n++
		}
	}
	if n == 0 {
		return
	}
	if n == len(c.Learnings) {
		start, end := c.Span.Start, c.Span.End
		if after := skipBlankLines(p.src, end, owner.End); after < owner.End {
			end = after
		} else {
			start = skipBlankLinesBack(p.src, start, owner.Start)
		}
		p.del(start, end)
		return
	}
	ls := c.Learnings
	for i := 0; i < len(ls); {
		if !removed[ls[i]] {
			i++
			continue
		}
		j := i
		for j+1 < len(ls) && removed[ls[j+1]] {
			j++
		}
		if j+1 < len(ls) {
			p.del(ls[i].Span.Start, ls[j+1].Span.Start)
		} else {
			p.del(ls[i-1].Span.End, ls[j].Span.End)
		}
		i = j + 1
	}
}

// skipBlankLines returns the offset after the blank lines starting at pos
// (pos must be a line start), stopping at limit.
func skipBlankLines(src []byte, pos, limit int) int {
	for pos < limit {
		l, next := lineAt(src[:limit], pos)
		if len(bytes.TrimSpace(l)) > 0 {
			return pos
		}
		pos = next
	}
	return limit
}

// skipBlankLinesBack returns the start of the blank lines that end at pos.
func skipBlankLinesBack(src []byte, pos, limit int) int {
	for pos > limit {
		i := bytes.LastIndexByte(src[limit:pos-1], '\n')
		start := limit
		if i >= 0 {
			start = limit + i + 1
		}
		if len(bytes.TrimSpace(src[start:pos])) > 0 {
			return pos
		}
		pos = start
	}
	return pos
}

// sepBefore is what to write before new text inserted at pos so that it
// starts on its own line after a blank line.
func (p *planner) sepBefore(pos int) string {
	src := p.src
	if pos == 0 || (pos == len(bom) && bytes.HasPrefix(src, bom)) {
		return ""
	}
	if src[pos-1] != '\n' {
		return p.finishLine(pos) + p.eol
	}
	start := bytes.LastIndexByte(src[:pos-1], '\n') + 1
	if len(bytes.TrimSpace(src[start:pos])) == 0 {
		return ""
	}
	return p.eol
}

// finishLine ends the line the source leaves open at pos: a file whose
// last line ends in a bare CR needs only the LF that makes it a CRLF, or
// the CR would become part of the line's text.
func (p *planner) finishLine(pos int) string {
	if pos > 0 && p.src[pos-1] == '\r' {
		return "\n"
	}
	return p.eol
}

// topPos is where a created Consolidated section goes: the first "## "
// heading, after any frontmatter and preamble, or the end of the file.
func (p *planner) topPos() int {
	d := p.doc
	pos := len(p.src)
	if d.Consolidated != nil {
		pos = min(pos, d.Consolidated.Span.Start)
	}
	if d.Recent != nil {
		pos = min(pos, d.Recent.Start)
	}
	if len(d.Sessions) > 0 {
		pos = min(pos, d.Sessions[0].Span.Start)
	}
	if len(d.Sections) > 0 {
		pos = min(pos, d.Sections[0].Span.Start)
	}
	return pos
}

// nextSectionStart is the start of the first section after offset pos, or
// the end of the file.
func (p *planner) nextSectionStart(pos int) int {
	d := p.doc
	next := len(p.src)
	consider := func(start int) {
		if start > pos && start < next {
			next = start
		}
	}
	if d.Consolidated != nil {
		consider(d.Consolidated.Span.Start)
	}
	for _, s := range d.Sessions {
		consider(s.Span.Start)
	}
	for _, s := range d.Sections {
		consider(s.Span.Start)
	}
	return next
}

func (p *planner) sessionsText(e *Editor, trailingBlank bool) string {
	var b strings.Builder
	for i := len(e.sessions) - 1; i >= 0; i-- {
		b.Write(RenderSession(e.sessions[i], p.eol))
		if i > 0 || trailingBlank {
			b.WriteString(p.eol)
		}
	}
	return b.String()
}

func (p *planner) consolidated(e *Editor) {
	d := p.doc
	if !e.set && len(e.add) == 0 {
		return
	}
	if d.Consolidated == nil {
		ls, tally := e.add, []DocCount(nil)
		if e.set {
			ls, tally = e.setLearning, e.setTally
		}
		p.created = true
		pos := p.topPos()
		text := p.sepBefore(pos) + string(RenderConsolidated(ls, tally, p.eol))
		if p.needsSkeleton(e) {
			text += p.eol + "## Recent Sessions" + p.eol + p.eol + p.sessionsText(e, pos < len(p.src))
		} else if pos < len(p.src) {
			text += p.eol
		}
		p.put(pos, pos, text)
		return
	}
	c := d.Consolidated
	if e.set {
		// Kept as bytes: compact renders a section of several MB here.
		text := renderConsolidatedKeeping(e.setLearning, e.setTally, p.handWritten(c), p.eol)
		if c.Span.End < len(p.src) {
			text = append(text, p.eol...)
		}
		p.putBytes(c.Span.Start, c.Span.End, text)
		return
	}
	p.addToConsolidated(c, e.add)
}

// needsSkeleton is true when inserted sessions need the whole canonical
// structure: the file has no sessions, no Recent Sessions heading and no
// Consolidated section.
func (p *planner) needsSkeleton(e *Editor) bool {
	d := p.doc
	return len(e.sessions) > 0 && len(d.Sessions) == 0 && d.Recent == nil && d.Consolidated == nil
}

func (p *planner) addToConsolidated(c *Consolidated, ls []NewLearning) {
	type block struct {
		pos    int
		before bool // label block goes before an existing category
		text   strings.Builder
	}
	var blocks []*block
	at := map[int]*block{}
	blockAt := func(pos int, before bool) *block {
		if b, ok := at[pos]; ok {
			return b
		}
		b := &block{pos: pos, before: before}
		at[pos] = b
		blocks = append(blocks, b)
		return b
	}
	for _, g := range groupByCategory(ls) {
		var items strings.Builder
		for _, t := range g.texts {
			writeItem(&items, t, p.eol)
		}
		if cat := findCategory(c.Categories, g.name); cat != nil {
			pos := cat.Span.End
			text := items.String()
			if pos > 0 && p.src[pos-1] != '\n' {
				text = p.finishLine(pos) + text
			}
			p.put(pos, pos, text)
			continue
		}
		var label strings.Builder
		writeLabel(&label, g.name, p.eol)
		label.WriteString(items.String())
		rank := CategoryRank(g.name)
		var next *Category
		for _, cat := range c.Categories {
			if CategoryRank(cat.Name) > rank {
				next = cat
				break
			}
		}
		if next != nil && !hasLabel(next) {
			// A label above unlabelled items would adopt them.
			next = nil
		}
		switch {
		case next != nil:
			b := blockAt(next.Span.Start, true)
			b.text.WriteString(label.String())
			b.text.WriteString(p.eol)
		case len(c.Categories) > 0:
			last := c.Categories[len(c.Categories)-1]
			b := blockAt(last.Span.End, false)
			if b.text.Len() == 0 && p.src[last.Span.End-1] != '\n' {
				b.text.WriteString(p.finishLine(last.Span.End))
			}
			b.text.WriteString(p.eol)
			b.text.WriteString(label.String())
		default:
			pos := skipBlankLines(p.src, c.Span.Start+headingLen(p.src, c.Span), c.Span.End)
			b := blockAt(pos, false)
			if b.text.Len() == 0 {
				b.text.WriteString(p.sepBefore(pos))
			} else {
				b.text.WriteString(p.eol)
			}
			b.text.WriteString(label.String())
		}
	}
	for _, b := range blocks {
		text := b.text.String()
		if !b.before && len(c.Categories) == 0 && b.pos < len(p.src) {
			text += p.eol
		}
		p.put(b.pos, b.pos, text)
	}
}

// hasLabel reports whether c starts with a label line rather than with its
// first learning (GeneralCategory items written without one).
func hasLabel(c *Category) bool {
	return len(c.Learnings) == 0 || c.Span.Start < c.Learnings[0].Span.Start
}

// headingLen is the length of the heading line that starts span s.
func headingLen(src []byte, s Span) int {
	_, next := lineAt(src[:s.End], s.Start)
	return next - s.Start
}

func findCategory(cats []*Category, name string) *Category {
	var found *Category
	for _, c := range cats {
		if strings.EqualFold(c.Name, name) {
			found = c
		}
	}
	return found
}

func (p *planner) insertSessions(e *Editor) {
	d := p.doc
	if len(e.sessions) == 0 || (p.created && p.needsSkeleton(e)) {
		return
	}
	switch {
	case len(d.Sessions) > 0:
		pos := d.Sessions[0].Span.Start
		p.put(pos, pos, p.sessionsText(e, true))
	case d.Recent != nil:
		// At the end of whatever is written under the heading, before
		// the next "## " heading.
		pos := p.nextSectionStart(d.Recent.Start)
		p.put(pos, pos, p.sepBefore(pos)+p.sessionsText(e, pos < len(p.src)))
	case d.Consolidated != nil:
		c := d.Consolidated
		pos := c.Span.End
		var b strings.Builder
		if e.set {
			// The replacement ends with "---" and, when text follows
			// it, a blank line already.
			if pos == len(p.src) {
				b.WriteString(p.eol)
			}
		} else {
			b.WriteString(p.sepBefore(pos))
			if !endsWithBreak(p.src[c.Span.Start:c.Span.End]) {
				b.WriteString("---")
				b.WriteString(p.eol)
				b.WriteString(p.eol)
			}
		}
		b.WriteString("## Recent Sessions")
		b.WriteString(p.eol)
		b.WriteString(p.eol)
		b.WriteString(p.sessionsText(e, pos < len(p.src)))
		p.put(pos, pos, b.String())
	default:
		// No Consolidated, no Recent Sessions, no sessions: the skeleton.
		pos := p.topPos()
		text := p.sepBefore(pos) + string(RenderConsolidated(nil, nil, p.eol)) + p.eol +
			"## Recent Sessions" + p.eol + p.eol + p.sessionsText(e, pos < len(p.src))
		p.put(pos, pos, text)
	}
}

// endsWithBreak reports whether the last non-blank line of b is a
// thematic break such as "---".
func endsWithBreak(b []byte) bool {
	b = bytes.TrimRight(b, " \t\r\n")
	i := bytes.LastIndexByte(b, '\n')
	return isThematicBreak(bytes.TrimSpace(b[i+1:]))
}

func (p *planner) apply() ([]byte, error) {
	dels := mergeRanges(p.dels)
	var kept []splice
	for _, d := range dels {
		absorbed := false
		for _, r := range p.inserts {
			if r.start < r.end && d.start >= r.start && d.end <= r.end {
				absorbed = true
				break
			}
		}
		if !absorbed {
			kept = append(kept, d)
		}
	}
	all := append(kept, p.inserts...)
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].start != all[j].start {
			return all[i].start < all[j].start
		}
		// At one offset, insertions come before the range that starts
		// there, in the order they were planned.
		ei, ej := all[i].start == all[i].end, all[j].start == all[j].end
		if ei != ej {
			return ei
		}
		return all[i].seq < all[j].seq
	})
	for i := 1; i < len(all); i++ {
		prev := all[i-1]
		if prev.start < prev.end && all[i].start < prev.end {
			return nil, fmt.Errorf("edits at lines %d and %d touch the same text: %w",
				lineOf(p.src, prev.start), lineOf(p.src, all[i].start), errOverlap)
		}
	}
	size := len(p.src)
	for _, s := range all {
		size += len(s.text) - (s.end - s.start)
	}
	out := make([]byte, 0, size)
	pos := 0
	for _, s := range all {
		out = append(out, p.src[pos:s.start]...)
		out = append(out, s.text...)
		pos = s.end
	}
	return append(out, p.src[pos:]...), nil
}

func mergeRanges(rs []splice) []splice {
	sort.Slice(rs, func(i, j int) bool { return rs[i].start < rs[j].start })
	var out []splice
	for _, r := range rs {
		if n := len(out); n > 0 && r.start <= out[n-1].end {
			out[n-1].end = max(out[n-1].end, r.end)
			continue
		}
		out = append(out, r)
	}
	return out
}

func lineOf(src []byte, pos int) int { return bytes.Count(src[:pos], []byte("\n")) + 1 }

// renderConsolidatedKeeping is RenderConsolidated with the hand-written
// blocks of the old section written verbatim between the learnings and the
// tally.
func renderConsolidatedKeeping(ls []NewLearning, tally []DocCount, kept [][]byte, eol string) []byte {
	if len(kept) == 0 {
		return RenderConsolidated(ls, tally, eol)
	}
	var b strings.Builder
	b.Grow(consolidatedSize(ls, tally, kept, eol))
	b.WriteString("## Consolidated Learnings")
	b.WriteString(eol)
	b.WriteString(eol)
	writeCategories(&b, ls, eol)
	for _, k := range kept {
		b.Write(k)
		if k[len(k)-1] != '\n' {
			b.WriteString(eol)
		}
		b.WriteString(eol)
	}
	if len(tally) > 0 {
		b.WriteString(renderTally(tally))
		b.WriteString(eol)
		b.WriteString(eol)
	}
	b.WriteString("---")
	b.WriteString(eol)
	return []byte(b.String())
}

// handWritten returns the blocks of c that are neither its heading, a
// category with its learnings, the tally nor the closing thematic break:
// the text a person wrote there, which a rewrite of the section must keep.
func (p *planner) handWritten(c *Consolidated) [][]byte {
	src := p.src
	_, bodyStart := lineAt(src[:c.Span.End], c.Span.Start)
	var covered []Span
	for _, cat := range c.Categories {
		covered = append(covered, cat.Span)
	}
	if c.TallySpan != nil {
		covered = append(covered, *c.TallySpan)
	}
	sort.Slice(covered, func(i, j int) bool { return covered[i].Start < covered[j].Start })
	var gaps []Span
	pos := bodyStart
	for _, s := range covered {
		if s.Start > pos {
			gaps = append(gaps, Span{Start: pos, End: s.Start})
		}
		pos = max(pos, s.End)
	}
	if pos < c.Span.End {
		gaps = append(gaps, Span{Start: pos, End: c.Span.End})
	}
	var kept [][]byte
	for i, g := range gaps {
		start := skipBlankLines(src, g.Start, g.End)
		end := skipBlankLinesBack(src, g.End, start)
		if i == len(gaps)-1 && g.End == c.Span.End {
			end = dropClosingBreak(src, start, end)
		}
		if start < end {
			kept = append(kept, src[start:end])
		}
	}
	return kept
}

// dropClosingBreak returns end without a last thematic break line that
// stands on its own (after a blank line or alone): the section's "---"
// separator, which the rendering writes again. A "---" right under text is
// a setext underline and stays.
func dropClosingBreak(src []byte, start, end int) int {
	if start >= end {
		return end
	}
	lineStart := start
	if i := bytes.LastIndexByte(src[start:end-1], '\n'); i >= 0 {
		lineStart = start + i + 1
	}
	if !isBreakLine(src[lineStart:end]) {
		return end
	}
	if lineStart > start {
		prevStart := start
		if i := bytes.LastIndexByte(src[start:lineStart-1], '\n'); i >= 0 {
			prevStart = start + i + 1
		}
		if len(bytes.TrimSpace(src[prevStart:lineStart])) > 0 {
			return end
		}
	}
	return skipBlankLinesBack(src, lineStart, start)
}

// isBreakLine reports whether l is a thematic break: three or more of one
// of "-", "*" or "_", with optional spaces, indented less than four columns.
func isBreakLine(l []byte) bool {
	l = bytes.TrimRight(l, " \t\r\n")
	if len(l)-len(bytes.TrimLeft(l, " ")) > 3 {
		return false
	}
	l = bytes.TrimLeft(l, " ")
	if len(l) == 0 || (l[0] != '-' && l[0] != '*' && l[0] != '_') {
		return false
	}
	n := 0
	for _, c := range l {
		switch c {
		case l[0]:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}
