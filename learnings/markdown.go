package learnings

import (
	"bytes"
	"iter"
)

// MarkdownKind says what a line of a Markdown document is at the top level.
// Exported so that readers of other Markdown files (the project's docs) use
// the same scanner as the memory file, the one checked against goldmark,
// instead of a reader of their own.
type MarkdownKind uint8

// The kinds of MarkdownLine, as the scanner reads the top level of a
// document; a container's inner structure is folded into its own kind.
const (
	MarkdownBlank   MarkdownKind = iota // blank, outside any fence or HTML block
	MarkdownText                        // paragraph, blockquote, table or indented code
	MarkdownHeading                     // ATX heading ("## Title")
	MarkdownSetext                      // underline ("===", "---") of a setext heading
	MarkdownItem                        // first line of a top-level list item
	MarkdownInItem                      // any other line inside that item
	MarkdownFence                       // fenced code block line, fences included
	MarkdownHTML                        // HTML block line, comments included
	MarkdownBreak                       // thematic break
)

// MarkdownLine is one line of a Markdown document as ScanMarkdown reads it.
type MarkdownLine struct {
	// Num is the line's number in the source, from 1.
	Num int
	// Text is the line without its line ending ("\n" or "\r\n").
	Text []byte
	Kind MarkdownKind
	// Level is the heading level of a MarkdownHeading or MarkdownSetext.
	Level int
	// Title is a heading's text: an ATX heading's without its markers, a
	// setext heading's paragraph lines trimmed and joined with spaces.
	Title string
	// Start is the first line of a setext heading: the paragraph its
	// underline (this line) turns into the heading.
	Start int
	// Opens and Closes mark the opening and closing lines of a fenced
	// code block, at the top level or inside a list item (where the line
	// opening one may also start the item: "- ```go").
	Opens, Closes bool
	// StartsItem is set on the first line of a list item, a top-level one
	// (MarkdownItem) or one nested in another (MarkdownInItem), so that a
	// reader can take each item of a nested list on its own.
	StartsItem bool
}

// ScanMarkdown reads src line by line, after a byte-order mark and YAML
// frontmatter, with the scanner Parse uses, so that a fence of four
// backticks is closed only by four or more, and a heading inside a code
// block, an HTML block or indented code is not taken as one. A fence left
// open runs to the end, as in CommonMark. The yielded Text aliases src.
func ScanMarkdown(src []byte) iter.Seq[MarkdownLine] {
	return func(yield func(MarkdownLine) bool) {
		start, num := 0, 1
		if bytes.HasPrefix(src, bom) {
			start = len(bom)
		}
		if end, endLine, ok := frontmatter(src, start); ok {
			start, num = end, endLine+1
		}
		sc := newScanner(src, start, num)
		paraStart, paraOff := 0, 0
		for {
			wasPara := sc.para
			l, ok := sc.next()
			if !ok {
				return
			}
			m := MarkdownLine{Num: l.num, Text: src[l.start:l.contentEnd], Kind: markdownKinds[l.kind], StartsItem: l.startsItem,
				Opens: l.fence == fenceOpens, Closes: l.fence == fenceCloses}
			switch {
			case l.setext > 0:
				m.Kind, m.Level, m.Start = MarkdownSetext, l.setext, paraStart
				m.Title = joinTrimmed(src[paraOff:l.start])
			case l.kind == lkHeading:
				m.Level = l.level
				m.Title = string(headingText(src[l.text:l.contentEnd]))
			case l.kind == lkText && !wasPara && sc.para:
				paraStart, paraOff = l.num, l.start
			}
			if !yield(m) {
				return
			}
		}
	}
}

var markdownKinds = [...]MarkdownKind{
	lkBlank: MarkdownBlank, lkText: MarkdownText, lkHeading: MarkdownHeading, lkItem: MarkdownItem,
	lkInItem: MarkdownInItem, lkFence: MarkdownFence, lkHTML: MarkdownHTML, lkBreak: MarkdownBreak,
}

// joinTrimmed joins the lines of b, each trimmed, with single spaces.
func joinTrimmed(b []byte) string {
	var out []byte
	for line := range bytes.Lines(b) {
		if t := bytes.TrimSpace(line); len(t) > 0 {
			if len(out) > 0 {
				out = append(out, ' ')
			}
			out = append(out, t...)
		}
	}
	return string(out)
}
