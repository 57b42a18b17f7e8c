package foreign

import (
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// blockKind is what a top-level block of the source is.
type blockKind uint8

const (
	bHeading  blockKind = iota
	bItem               // a top-level list item, its nested lines included
	bPara               // a paragraph (or a blockquote)
	bTable              // a table row
	bFence              // a fenced code block
	bHTML               // an HTML block or comment
	bBreak              // a thematic break
	bIndented           // indented code outside a list
)

// block is one top-level block: its kind, its lines and where it is.
type block struct {
	kind  blockKind
	line  int // first line
	end   int // last line
	lines []string
	// level and title: a heading's.
	level int
	title string
	// blankBefore: a blank line came between this block and the last.
	blankBefore bool
	// headerRow: a table row the table's rule follows.
	headerRow bool
}

func (b *block) text() string { return strings.Join(b.lines, "\n") }

// blocksOf groups the scanner's lines into blocks.
func blocksOf(src []byte) []*block {
	var out []*block
	var cur *block
	blank := false
	flush := func() {
		if cur != nil {
			out = append(out, cur)
			cur = nil
		}
	}
	start := func(k blockKind, l learnings.MarkdownLine) {
		flush()
		cur = &block{kind: k, line: l.Num, end: l.Num, lines: []string{string(l.Text)}, blankBefore: blank}
	}
	for l := range learnings.ScanMarkdown(src) {
		text := string(l.Text)
		switch l.Kind {
		case learnings.MarkdownBlank:
			if cur != nil && cur.kind == bFence {
				cur.lines = append(cur.lines, text)
				cur.end = l.Num
				continue
			}
			if cur != nil && cur.kind == bItem {
				// A blank line may sit inside a loose item; keep it until
				// the next line says whether the item goes on.
				cur.lines = append(cur.lines, "")
				blank = true
				continue
			}
			flush()
			blank = true
			continue
		case learnings.MarkdownHeading:
			start(bHeading, l)
			cur.level, cur.title = l.Level, strings.TrimSpace(l.Title)
			flush()
		case learnings.MarkdownSetext:
			// The paragraph just read is the heading's text.
			if cur != nil && cur.kind == bPara {
				cur.kind, cur.level, cur.title = bHeading, l.Level, l.Title
				cur.end = l.Num
				cur.lines = append(cur.lines, text)
			} else if n := len(out); n > 0 && out[n-1].kind == bPara && cur == nil {
				h := out[n-1]
				h.kind, h.level, h.title, h.end = bHeading, l.Level, l.Title, l.Num
			}
			flush()
		case learnings.MarkdownItem:
			start(bItem, l)
		case learnings.MarkdownInItem:
			if cur == nil || cur.kind != bItem {
				start(bItem, l)
			} else {
				cur.lines = append(cur.lines, text)
				cur.end = l.Num
			}
		case learnings.MarkdownFence:
			if cur == nil || cur.kind != bFence || l.Opens {
				start(bFence, l)
			} else {
				cur.lines = append(cur.lines, text)
				cur.end = l.Num
			}
			if l.Closes {
				flush()
			}
		case learnings.MarkdownHTML:
			if cur == nil || cur.kind != bHTML {
				start(bHTML, l)
			} else {
				cur.lines = append(cur.lines, text)
				cur.end = l.Num
			}
		case learnings.MarkdownBreak:
			start(bBreak, l)
			flush()
		case learnings.MarkdownText:
			trimmed := strings.TrimSpace(text)
			switch {
			case strings.HasPrefix(trimmed, "|") || isTableRow(trimmed) && cur != nil && cur.kind == bTable:
				start(bTable, l)
				flush()
			case cur != nil && cur.kind == bPara:
				cur.lines = append(cur.lines, text)
				cur.end = l.Num
			case strings.HasPrefix(text, "    ") || strings.HasPrefix(text, "\t"):
				if cur != nil && cur.kind == bIndented {
					cur.lines = append(cur.lines, text)
					cur.end = l.Num
				} else {
					start(bIndented, l)
				}
			default:
				start(bPara, l)
			}
		}
		blank = false
	}
	flush()
	for i, b := range out {
		if b.kind == bTable && i+1 < len(out) && out[i+1].kind == bTable && tableRule().MatchString(out[i+1].text()) {
			b.headerRow = true
		}
		for len(b.lines) > 1 && b.lines[len(b.lines)-1] == "" {
			b.lines = b.lines[:len(b.lines)-1]
		}
	}
	return out
}

// isTableRow tells a row of a table written without a leading pipe.
func isTableRow(s string) bool { return strings.Count(s, "|") >= 2 }
