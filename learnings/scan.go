package learnings

import (
	"bytes"
	"sync"
)

// lineKind says what a line is at the top level of the document, which is
// all the section and learning structure needs: CommonMark containers below
// a top-level list item are folded into lkInItem.
type lineKind uint8

const (
	lkBlank   lineKind = iota // blank, outside any fence or HTML block
	lkText                    // top-level paragraph, blockquote, table, indented code
	lkHeading                 // top-level ATX heading
	lkItem                    // first line of a top-level list item
	lkInItem                  // any other line inside the current top-level list item
	lkFence                   // top-level fenced code block line, fences included
	lkHTML                    // top-level HTML block line
	lkBreak                   // top-level thematic break
)

// line is one source line as the scanner classified it. Offsets index the
// whole source; end includes the line ending, contentEnd excludes it.
type line struct {
	start, end, contentEnd int
	num                    int
	// indent is the column of the first non-blank byte, which is at text.
	indent int
	text   int
	kind   lineKind
	// level is the heading level for lkHeading.
	level int
	// contentCol is where an lkItem's content starts, so continuation lines
	// can be de-indented.
	contentCol int
	// opens is set on the first line of a top-level fenced code block or of
	// a top-level HTML block that ends only at its closing marker (a
	// comment, <pre>, ...), the blocks that can swallow the file.
	opens bool
	// setext is the level (1 for "===", 2 for "---") when the line
	// underlines a top-level paragraph, making it a setext heading. The
	// line keeps its kind: a setext heading never starts a section.
	setext int
	// startsItem is set when the line's first block is a list item
	// marker, at the top level or nested in another item.
	startsItem bool
	// fence is set on the line that opens or closes a fenced code block,
	// at the top level or inside a list item.
	fence fenceMark
}

// fenceMark says whether a line opens or closes a fenced code block.
type fenceMark uint8

const (
	fenceNone fenceMark = iota
	fenceOpens
	fenceCloses
)

const (
	htmlNone = iota
	htmlPre
	htmlComment
	htmlProc
	htmlDecl
	htmlCDATA
	htmlBlock // types 6 and 7: end at a blank line
)

// scanner splits source into lines and tracks just enough CommonMark block
// structure (fences, HTML blocks, list item containers, lazy continuation)
// to tell which lines are top-level headings and list items. It is linear,
// allocates nothing per line, and never looks back.
type scanner struct {
	src []byte
	pos int
	num int

	// stack holds the content columns of the open list items, outermost
	// first; a line indented at least that far continues the item.
	stack []int
	// emptyItem is set when the innermost item's marker line had no
	// content: such an item ends at a blank line (an item may begin with
	// at most one blank line), so what follows is not inside it.
	emptyItem bool
	// para is true while a paragraph is open, so an under-indented line
	// may be a lazy continuation of it.
	para bool
	// paraTop is set while the open paragraph is at the top level and
	// outside a blockquote: only such a paragraph can be underlined into
	// a top-level setext heading.
	paraTop bool
	// paraQuoted is set while the open paragraph is a blockquote's: a
	// line without its ">" continues it lazily only if no block starts
	// there, and a list item (even an empty one, or an ordered one not
	// starting at 1) starts one, since the container the line is in
	// holds no paragraph (CommonMark; commonmark.js and goldmark agree).
	paraQuoted bool

	fenceOpen bool
	fenceCh   byte
	fenceLen  int
	fenceCol  int
	fenceTop  bool
	fenceLine int

	html     int
	htmlCol  int
	htmlTop  bool
	htmlLine int

	// unclosed is set at the end when a top-level fence or HTML block that
	// ends only at its closing marker runs to the end of the source.
	unclosed *Problem
	// openInItem is set at the end when a fence inside a list item is
	// still open: harmless to the reader, but a file cut short.
	openInItem *Problem
	fenceStart int
}

func newScanner(src []byte, start, num int) *scanner {
	return &scanner{src: src, pos: start, num: num - 1, stack: make([]int, 0, 8)}
}

// next classifies the next line; ok is false at the end of the source.
func (s *scanner) next() (l line, ok bool) {
	if s.pos >= len(s.src) {
		s.finish()
		return l, false
	}
	s.num++
	l.num = s.num
	l.start = s.pos
	src := s.src
	if i := bytes.IndexByte(src[s.pos:], '\n'); i >= 0 {
		l.end = s.pos + i + 1
		l.contentEnd = l.end - 1
		if l.contentEnd > l.start && src[l.contentEnd-1] == '\r' {
			l.contentEnd--
		}
	} else {
		l.end = len(src)
		l.contentEnd = l.end
		// A CR that ends the file ends its last line, as the editor takes
		// it when it appends (finishLine): "\r" alone is a blank line.
		if l.contentEnd > l.start && src[l.contentEnd-1] == '\r' {
			l.contentEnd--
		}
	}
	s.pos = l.end
	l.text, l.indent = indentation(src, l.start, l.contentEnd)
	blank := l.text == l.contentEnd
	s.classify(&l, blank)
	return l, true
}

func (s *scanner) finish() {
	if s.unclosed != nil {
		return
	}
	if s.fenceOpen && !s.fenceTop {
		s.openInItem = &Problem{Line: s.fenceLine, Message: "code fence opened here, inside a learning, is never closed"}
	}
	if s.fenceOpen && s.fenceTop {
		s.unclosed = &Problem{Line: s.fenceLine, Message: "code fence opened here is never closed"}
	} else if s.html != htmlNone && s.html != htmlBlock && s.htmlTop {
		what := "HTML block"
		if s.html == htmlComment {
			what = "HTML comment"
		}
		s.unclosed = &Problem{Line: s.htmlLine, Message: what + " opened here is never closed"}
	}
}

func (s *scanner) containerKind(top lineKind) lineKind {
	if len(s.stack) > 0 {
		return lkInItem
	}
	return top
}

func (s *scanner) classify(l *line, blank bool) {
	src := s.src
	if s.fenceOpen {
		if blank {
			l.kind = s.fenceKind()
			return
		}
		if s.fenceTop || l.indent >= s.fenceCol {
			l.kind = s.fenceKind()
			if l.indent-s.fenceCol <= 3 && isClosingFence(src[l.text:l.contentEnd], s.fenceCh, s.fenceLen) {
				s.fenceOpen = false
				l.fence = fenceCloses
			}
			return
		}
		// A less indented line ends the list item, and the fence with it.
		s.fenceOpen = false
	}
	if s.html != htmlNone {
		if blank {
			if s.html == htmlBlock {
				s.html = htmlNone
				l.kind = lkBlank
				return
			}
			l.kind = s.htmlKind()
			return
		}
		if s.htmlTop || l.indent >= s.htmlCol {
			l.kind = s.htmlKind()
			if htmlEnds(s.html, src[l.start:l.contentEnd]) {
				s.html = htmlNone
			}
			return
		}
		s.html = htmlNone
	}
	if blank {
		// Blank lines keep list items open; the consumer decides from
		// the next line whether a blank belongs to the item.
		if s.emptyItem && len(s.stack) > 0 {
			s.stack = s.stack[:len(s.stack)-1]
		}
		s.emptyItem = false
		s.para = false
		l.kind = lkBlank
		return
	}
	s.emptyItem = false
	depth := 0
	for depth < len(s.stack) && l.indent >= s.stack[depth] {
		depth++
	}
	if depth < len(s.stack) {
		base := 0
		if depth > 0 {
			base = s.stack[depth-1]
		}
		if s.para && !s.startsBlock(l.text, l.contentEnd, l.indent-base) {
			l.kind = lkInItem
			return
		}
		s.stack = s.stack[:depth]
		s.para = false
	}
	base := 0
	if depth > 0 {
		base = s.stack[depth-1]
	}
	if len(s.stack) == 0 && s.para && s.paraTop && l.indent <= 3 {
		if level := setextLevel(src[l.text:l.contentEnd]); level > 0 {
			s.block(l, l.text, l.indent, true)
			l.setext = level
			s.para = false
			return
		}
	}
	if l.indent-base >= 4 {
		// Indented code, or a paragraph continuation.
		l.kind = s.containerKind(lkText)
		return
	}
	s.block(l, l.text, l.indent, depth == 0)
}

func (s *scanner) fenceKind() lineKind {
	if s.fenceTop {
		return lkFence
	}
	return lkInItem
}

func (s *scanner) htmlKind() lineKind {
	if s.htmlTop {
		return lkHTML
	}
	return lkInItem
}

// maxNesting caps list items nested on one line ("- - - 1. x"); deeper
// markers are read as text so a hostile line cannot grow the stack.
const maxNesting = 64

// block classifies the block that starts at p (column col); top is true
// when it is not inside any list item. A list item's content can start a
// block of its own (a nested marker, a fence, a heading); those update the
// scanner's state while the line keeps the kind of its first block.
func (s *scanner) block(l *line, p, col int, top bool) {
	src := s.src
	end := l.contentEnd
	nested := false
	set := func(k lineKind) {
		if !nested {
			l.kind = k
		}
	}
	for {
		c := src[p]
		switch {
		case (c == '`' || c == '~') && s.openFence(p, end, col, l.num):
			s.para = false
			set(s.containerKind(lkFence))
			l.opens = s.fenceTop && !nested
			l.fence = fenceOpens
			return
		case c == '#':
			if level := atxLevel(src[p:end]); level > 0 {
				s.para = false
				if top && !nested {
					l.kind = lkHeading
					l.level = level
				} else {
					set(lkInItem)
				}
				return
			}
		case c == '<':
			if typ := htmlStart(src[p:end], s.para); typ != htmlNone {
				s.para = false
				set(s.containerKind(lkHTML))
				if !htmlEnds(typ, src[p:end]) || typ == htmlBlock {
					s.html = typ
					s.htmlCol = col
					if len(s.stack) > 0 {
						s.htmlCol = s.stack[len(s.stack)-1]
					}
					s.htmlTop = len(s.stack) == 0
					s.htmlLine = l.num
					l.opens = s.htmlTop && !nested && typ != htmlBlock
				}
				return
			}
		case c == '>':
			s.para = quoteHoldsParagraph(src[p:end])
			s.paraTop = false
			s.paraQuoted = true
			set(s.containerKind(lkText))
			return
		}
		if (c == '-' || c == '*' || c == '_') && isThematicBreak(src[p:end]) {
			s.para = false
			set(s.containerKind(lkBreak))
			return
		}
		w := listMarker(src[p:end])
		if w == 0 || (s.para && !s.paraQuoted && !interruptsParagraph(src[p:end], w)) || len(s.stack) >= maxNesting {
			if !s.para {
				s.paraTop = top && !nested
				s.paraQuoted = false
			}
			s.para = true
			set(s.containerKind(lkText))
			return
		}
		markerEnd := col + w
		ws, wsCol := indentationAt(src, p+w, end, markerEnd)
		spaces := wsCol - markerEnd
		contentCol := markerEnd + spaces
		if ws == end || spaces > 4 {
			contentCol = markerEnd + 1
		}
		switch {
		case nested:
		case top:
			l.kind = lkItem
			l.contentCol = contentCol
			l.startsItem = true
		default:
			l.kind = lkInItem
			l.startsItem = true
		}
		s.stack = append(s.stack, contentCol)
		if ws == end || spaces > 4 {
			s.para = false
			s.emptyItem = ws == end
			return
		}
		p, col, nested = ws, wsCol, true
	}
}

// startsBlock reports whether the text at p, indented rel columns past its
// container, would interrupt a paragraph rather than continue it lazily.
func (s *scanner) startsBlock(p, end, rel int) bool {
	if rel >= 4 {
		return false
	}
	b := s.src[p:end]
	switch b[0] {
	case '`', '~':
		ch, n := fenceRun(b)
		return n >= 3 && (ch == '~' || bytes.IndexByte(b[n:], '`') < 0)
	case '#':
		return atxLevel(b) > 0
	case '<':
		return htmlStart(b, true) != htmlNone
	case '>':
		return true
	}
	if isThematicBreak(b) {
		return true
	}
	// A marker here closes the item, so it starts a list of its own
	// rather than interrupting the item's paragraph.
	return listMarker(b) > 0
}

// quoteHoldsParagraph reports whether a blockquote line (b starts at its
// first '>') leaves a paragraph open, which the next line may continue
// lazily: not when the quote is empty ("> ") or holds a heading, a fence,
// a thematic break, an HTML block, an empty list item or indented code, so
// that a line after "> " starts a paragraph of its own, one a setext
// underline can turn into a heading.
func quoteHoldsParagraph(b []byte) bool {
	i := 0
	for {
		i++ // the '>'
		if i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		j := i
		for j < len(b) && j-i < 3 && b[j] == ' ' {
			j++
		}
		if j < len(b) && b[j] == '>' {
			i = j
			continue
		}
		break
	}
	return holdsParagraph(b[i:])
}

// holdsParagraph reports whether rest, what a container line holds after
// its markers, leaves a paragraph open (see quoteHoldsParagraph). A list
// item's text is read the same way, so that an item holding a heading
// (">* #") leaves none.
func holdsParagraph(rest []byte) bool {
	indent := 0
	for indent < len(rest) && rest[indent] == ' ' {
		indent++
	}
	t := bytes.TrimSpace(rest)
	switch {
	case len(t) == 0 || indent >= 4 || rest[indent] == '\t':
		return false
	case t[0] == '#' && atxLevel(t) > 0, isThematicBreak(t), htmlStart(t, false) != htmlNone:
		return false
	case t[0] == '>':
		return quoteHoldsParagraph(t)
	case listMarker(t) > 0:
		item := t[listMarker(t):]
		n := 0
		for n < len(item) && item[n] == ' ' {
			n++
		}
		switch {
		case n < len(item) && item[n] == '\t':
			// A tab's width depends on the column: any text is taken
			// for a paragraph, as before items were read further.
			return len(bytes.TrimSpace(item)) > 0
		case n > 4:
			// The text starts one space after the marker; the rest
			// is indented code.
			n = 1
		}
		return holdsParagraph(item[n:])
	case t[0] == '`' || t[0] == '~':
		// "```0`" is no fence (a backtick in a backtick fence's info
		// string), so it is a paragraph, which the next line continues.
		_, _, fence := fenceOpener(t)
		return !fence
	}
	return true
}

// interruptsParagraph reports whether the list item starting with a marker
// of width w may interrupt a paragraph: it must not be empty, and an
// ordered one must start at 1.
func interruptsParagraph(b []byte, w int) bool {
	if len(bytes.Trim(b[w:], " \t")) == 0 {
		return false
	}
	if b[0] >= '0' && b[0] <= '9' {
		return string(bytes.TrimLeft(b[:w-1], "0")) == "1"
	}
	return true
}

func (s *scanner) openFence(p, end, col, num int) bool {
	ch, n, ok := fenceOpener(s.src[p:end])
	if !ok {
		return false
	}
	s.fenceOpen = true
	s.fenceCh = ch
	s.fenceLen = n
	s.fenceTop = len(s.stack) == 0
	s.fenceCol = 0
	if !s.fenceTop {
		s.fenceCol = s.stack[len(s.stack)-1]
	}
	s.fenceLine = num
	s.fenceStart = p
	return true
}

// indentation returns the offset of the first byte in [from, to) that is not
// a space or tab, and its column (tabs stop every 4 columns).
func indentation(src []byte, from, to int) (int, int) {
	return indentationAt(src, from, to, 0)
}

// indentationAt is indentation for text that starts at column col.
func indentationAt(src []byte, from, to, col int) (int, int) {
	i := from
	for i < to {
		switch src[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return i, col
		}
		i++
	}
	return i, col
}

// fenceOpener reports whether b, from its first non-space byte, opens a
// fenced code block, and with which character and how many of it: three
// or more backticks or tildes, and no backtick in the info string of a
// backtick fence (CommonMark), so that "```0`" is a paragraph.
func fenceOpener(b []byte) (ch byte, n int, ok bool) {
	ch, n = fenceRun(b)
	if n < 3 || ch == '`' && bytes.IndexByte(b[n:], '`') >= 0 {
		return 0, 0, false
	}
	return ch, n, true
}

func fenceRun(b []byte) (byte, int) {
	if len(b) == 0 || (b[0] != '`' && b[0] != '~') {
		return 0, 0
	}
	n := 0
	for n < len(b) && b[n] == b[0] {
		n++
	}
	return b[0], n
}

func isClosingFence(b []byte, ch byte, n int) bool {
	c, m := fenceRun(b)
	if c != ch || m < n {
		return false
	}
	for _, x := range b[m:] {
		if x != ' ' && x != '\t' {
			return false
		}
	}
	return true
}

// atxLevel returns the level of an ATX heading opener, 0 if b is not one.
func atxLevel(b []byte) int {
	n := 0
	for n < len(b) && b[n] == '#' {
		n++
	}
	if n == 0 || n > 6 {
		return 0
	}
	if n < len(b) && b[n] != ' ' && b[n] != '\t' {
		return 0
	}
	return n
}

// headingText is the text of an ATX heading without its markers.
func headingText(b []byte) []byte {
	n := atxLevel(b)
	b = bytes.TrimSpace(b[n:])
	// An optional closing sequence of #s, preceded by a space.
	i := len(b)
	for i > 0 && b[i-1] == '#' {
		i--
	}
	if i == 0 {
		return b[:0]
	}
	if i < len(b) && (b[i-1] == ' ' || b[i-1] == '\t') {
		b = bytes.TrimSpace(b[:i])
	}
	return b
}

// setextLevel returns 1 for a setext underline of "=", 2 for one of "-",
// 0 if b is not one. b starts at the underline's first marker.
func setextLevel(b []byte) int {
	b = bytes.TrimRight(b, " \t")
	if len(b) == 0 || (b[0] != '=' && b[0] != '-') {
		return 0
	}
	for _, c := range b {
		if c != b[0] {
			return 0
		}
	}
	if b[0] == '=' {
		return 1
	}
	return 2
}

func isThematicBreak(b []byte) bool {
	var ch byte
	n := 0
	for _, c := range b {
		switch c {
		case ' ', '\t':
			continue
		case '-', '*', '_':
			if ch == 0 {
				ch = c
			} else if c != ch {
				return false
			}
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// listMarker returns the width of a list marker at the start of b ("-",
// "1." and so on), 0 if b does not start a list item.
func listMarker(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	w := 0
	switch c := b[0]; {
	case c == '-' || c == '*' || c == '+':
		w = 1
	case c >= '0' && c <= '9':
		for w < len(b) && w < 9 && b[w] >= '0' && b[w] <= '9' {
			w++
		}
		if w >= len(b) || (b[w] != '.' && b[w] != ')') {
			return 0
		}
		w++
	default:
		return 0
	}
	if w < len(b) && b[w] != ' ' && b[w] != '\t' {
		return 0
	}
	return w
}

// htmlBlockTags are the tag names that start a CommonMark HTML block of
// type 6; built on first use, as few memories hold HTML.
var htmlBlockTags = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, t := range []string{"address", "article", "aside", "base", "basefont", "blockquote", "body",
		"caption", "center", "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt",
		"fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3",
		"h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main",
		"menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search",
		"section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul"} {
		m[t] = true
	}
	return m
})

var htmlRawTags = []string{"pre", "script", "style", "textarea"}

// htmlStart returns the CommonMark HTML block type that b starts, htmlNone
// if it starts none. Type 7 cannot interrupt a paragraph.
func htmlStart(b []byte, inPara bool) int {
	if len(b) < 2 || b[0] != '<' {
		return htmlNone
	}
	switch {
	case bytes.HasPrefix(b, []byte("<!--")):
		return htmlComment
	case bytes.HasPrefix(b, []byte("<![CDATA[")):
		return htmlCDATA
	case b[1] == '!' && len(b) > 2 && b[2] >= 'A' && b[2] <= 'Z':
		// CommonMark 0.31 allows any letter; goldmark, which DESIGN.md
		// builds on, only upper case ("<!DOCTYPE"). Agree with goldmark.
		return htmlDecl
	case b[1] == '?':
		return htmlProc
	}
	closing := b[1] == '/'
	i := 1
	if closing {
		i = 2
	}
	j := i
	for j < len(b) && (isASCIILetter(b[j]) || (j > i && (b[j] >= '0' && b[j] <= '9' || b[j] == '-'))) {
		j++
	}
	if j == i {
		return htmlNone
	}
	var name [16]byte
	tag := name[:0]
	if j-i <= len(name) {
		for _, c := range b[i:j] {
			tag = append(tag, lowerASCII(c))
		}
	}
	atEnd := j == len(b) || b[j] == ' ' || b[j] == '\t' || b[j] == '>'
	if !closing && atEnd {
		for _, t := range htmlRawTags {
			if string(tag) == t {
				return htmlPre
			}
		}
	}
	if (atEnd || bytes.HasPrefix(b[j:], []byte("/>"))) && htmlBlockTags()[string(tag)] {
		return htmlBlock
	}
	if !inPara && completeTag(b, j, closing) {
		return htmlBlock
	}
	return htmlNone
}

// completeTag reports whether b, whose tag name ends at j, is one complete
// open or closing tag followed only by white space (HTML block type 7),
// with attributes as CommonMark defines them.
func completeTag(b []byte, j int, closing bool) bool {
	k := j
	skip := func() bool {
		n := k
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		return k > n
	}
	if !closing {
		for {
			spaced := skip()
			if k >= len(b) || b[k] == '>' || b[k] == '/' {
				break
			}
			if !spaced || !isAttrNameStart(b[k]) {
				return false
			}
			for k < len(b) && isAttrNameChar(b[k]) {
				k++
			}
			save := k
			skip()
			if k >= len(b) || b[k] != '=' {
				k = save
				continue
			}
			k++
			skip()
			if k >= len(b) {
				return false
			}
			switch q := b[k]; q {
			case '"', '\'':
				end := bytes.IndexByte(b[k+1:], q)
				if end < 0 {
					return false
				}
				k += end + 2
			default:
				n := k
				for k < len(b) && bytes.IndexByte([]byte(" \t\"'=<>`"), b[k]) < 0 {
					k++
				}
				if k == n {
					return false
				}
			}
		}
		if k < len(b) && b[k] == '/' {
			k++
		}
	} else {
		skip()
	}
	if k >= len(b) || b[k] != '>' {
		return false
	}
	for _, c := range b[k+1:] {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

func isAttrNameStart(c byte) bool { return isASCIILetter(c) || c == '_' || c == ':' }

func isAttrNameChar(c byte) bool {
	return isAttrNameStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-'
}

func htmlEnds(typ int, b []byte) bool {
	switch typ {
	case htmlComment:
		return bytes.Contains(b, []byte("-->"))
	case htmlCDATA:
		return bytes.Contains(b, []byte("]]>"))
	case htmlDecl:
		return bytes.IndexByte(b, '>') >= 0
	case htmlProc:
		return bytes.Contains(b, []byte("?>"))
	case htmlPre:
		for i := 0; i+2 < len(b); i++ {
			if b[i] == '<' && b[i+1] == '/' {
				for _, t := range htmlRawTags {
					if hasFoldPrefix(b[i+2:], t) && i+2+len(t) < len(b) && b[i+2+len(t)] == '>' {
						return true
					}
				}
			}
		}
	}
	return false
}

func hasFoldPrefix(b []byte, s string) bool {
	if len(b) < len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lowerASCII(b[i]) != s[i] {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
