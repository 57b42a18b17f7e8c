package learnings

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// mdHeading is a top-level heading: the line it starts on and its level.
type mdHeading struct{ Line, Level int }

func goldmarkHeadings(src []byte) (hs []mdHeading, unknown bool) {
	doc := goldmark.DefaultParser().Parse(text.NewReader(src))
	lineOf := func(pos int) int { return bytes.Count(src[:pos], []byte("\n")) + 1 }
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		switch {
		case h.Lines().Len() > 0:
			hs = append(hs, mdHeading{lineOf(h.Lines().At(0).Start), h.Level})
		case h.Pos() >= 0:
			hs = append(hs, mdHeading{lineOf(h.Pos()), h.Level})
		default:
			unknown = true
		}
	}
	return hs, unknown
}

func scanHeadings(src []byte) []mdHeading {
	var hs []mdHeading
	for l := range ScanMarkdown(src) {
		switch l.Kind {
		case MarkdownHeading:
			hs = append(hs, mdHeading{l.Num, l.Level})
		case MarkdownSetext:
			hs = append(hs, mdHeading{l.Start, l.Level})
		}
	}
	return hs
}

// TestScanMarkdownHeadingsAgreeWithGoldmark checks, on every CommonMark spec
// example, that the top-level headings ScanMarkdown reports, ATX and setext
// of every level, are goldmark's: same lines, same levels. The exceptions
// are paragraphs made only of link reference definitions, which the scanner
// does not resolve (no doc relies on underlining one).
func TestScanMarkdownHeadingsAgreeWithGoldmark(t *testing.T) {
	exceptions := map[int]bool{215: true, 216: true}
	for _, ex := range specExamples(t) {
		src := []byte(ex.Markdown)
		want, unknown := goldmarkHeadings(src)
		if unknown || bytes.HasPrefix(src, []byte("---")) || exceptions[ex.Example] {
			continue
		}
		if got := scanHeadings(src); !slices.Equal(got, want) {
			t.Errorf("example %d (%s): headings %v, goldmark %v\n%s", ex.Example, ex.Section, got, want, ex.Markdown)
		}
	}
}

type scanCase struct {
	name string
	src  string
	want []string // headings as "line:level:title"
}

func TestScanMarkdown(t *testing.T) {
	tick3, tick4, tick5 := "```", "````", "`````"
	tests := []scanCase{
		{"atx levels", "# One\ntext\n## Two ##\n###### Six\n####### seven\n#no\n", []string{"1:1:One", "3:2:Two", "4:6:Six"}},
		{"setext", "Title\n=====\n\nSub title\n---\n", []string{"1:1:Title", "4:2:Sub title"}},
		{"setext of two lines", "A long\ntitle\n===\n", []string{"1:1:A long title"}},
		{"setext then list", "Title\n===\n2. item\n", []string{"1:1:Title"}},
		{"two setext in a row", "One\n===\nTwo\n===\n", []string{"1:1:One", "3:1:Two"}},
		{"break after blank is no setext", "Para\n\n---\n# After\n", []string{"4:1:After"}},
		{"break after quote", "> quote\n---\n# H\n", []string{"3:1:H"}},
		{"lazy quote line then dashes", "> quote\nlazy\n---\n# H\n", []string{"4:1:H"}},
		{"quoted item holding a heading ends its paragraph", ">* #\n0\n-\n", []string{"2:2:0"}},
		{"quoted item holding a break ends its paragraph", ">* ---\npara\n---\n", []string{"2:2:para"}},
		{"quoted item holding code ends its paragraph", ">*      code\npara\n---\n", []string{"2:2:para"}},
		{"quoted item text continues lazily", "> - item\nlazy\n---\n# H\n", []string{"4:1:H"}},
		{"quoted item text after four spaces continues", ">*    text\npara\n---\n", nil},
		{"break after list item", "- item\n---\n# H\n", []string{"3:1:H"}},
		{"spaced dashes are a break", "Para\n- - -\n# H\n", []string{"3:1:H"}},
		{"indented underline continues", "Para\n    ---\n# H\n", []string{"3:1:H"}},
		{"crlf", "# One\r\n\r\nTwo\r\n---\r\n````\r\n# in\r\n```\r\n````\r\n## Three\r\n", []string{"1:1:One", "3:2:Two", "9:2:Three"}},
		{"frontmatter", "---\ntitle: x\n# not a heading\n---\n# Real\n", []string{"5:1:Real"}},
		{"bom", "\ufeff# Title\n", []string{"1:1:Title"}},
		{"backtick fence not closed by tildes", tick3 + "\n~~~\n# inside\n" + tick3 + "\n# After\n", []string{"5:1:After"}},
		{"tilde fence not closed by backticks", "~~~\n" + tick3 + "\n# inside\n~~~\n# After\n", []string{"5:1:After"}},
		{"closer with info string does not close", tick3 + "\n" + tick3 + "go\n# inside\n" + tick3 + "\n# After\n", []string{"5:1:After"}},
		{"indented fence", "  " + tick4 + "\n  # inside\n  " + tick3 + "\n  " + tick4 + "\n# After\n", []string{"5:1:After"}},
		{"indented code", "# Top\n\n    # code, not a heading\n    Code\n    ---\n\n# After\n", []string{"1:1:Top", "7:1:After"}},
		{"html block", "<div>\n# inside\n</div>\n\n# After\n", []string{"5:1:After"}},
		{"html comment", "<!--\n# inside\n\n## still inside\n-->\n# After\n", []string{"6:1:After"}},
		{"html pre", "<pre>\n# inside\n\n</pre>\n# After\n", []string{"5:1:After"}},
		{"unclosed comment", "# Top\n<!-- draft\n# inside\n", []string{"1:1:Top"}},
		{"heading in list item", "- item\n  # nested\n# Top\n", []string{"3:1:Top"}},
	}
	fences := []struct{ open, short, long string }{
		{tick3, "``", tick4}, {tick4, tick3, tick5}, {tick5, tick4, tick5 + "`"},
		{"~~~", "~~", "~~~~"}, {"~~~~", "~~~", "~~~~~"}, {"~~~~~", "~~~~", "~~~~~~"},
	}
	for _, f := range fences {
		tests = append(tests,
			scanCase{"fence " + f.open + " with shorter closer inside",
				"# Before\n" + f.open + "md\n" + f.short + "\n# inside\nSetext inside\n---\n" + f.open + "\n## After\n",
				[]string{"1:1:Before", "8:2:After"}},
			scanCase{"fence " + f.open + " closed by a longer closer",
				f.open + "\n# inside\n" + f.long + "\n# After\n",
				[]string{"4:1:After"}},
			scanCase{"fence " + f.open + " left open",
				"# Top\n" + f.open + "\n# inside\n## never\n",
				[]string{"1:1:Top"}})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for l := range ScanMarkdown([]byte(tt.src)) {
				switch l.Kind {
				case MarkdownHeading:
					got = append(got, fmt.Sprintf("%d:%d:%s", l.Num, l.Level, l.Title))
				case MarkdownSetext:
					got = append(got, fmt.Sprintf("%d:%d:%s", l.Start, l.Level, l.Title))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("headings %q, want %q", got, tt.want)
			}
			src := []byte(tt.src)
			if bytes.HasPrefix(src, []byte("---")) || bytes.HasPrefix(src, bom) {
				return // goldmark reads neither frontmatter nor a byte-order mark
			}
			if want, unknown := goldmarkHeadings(src); !unknown && !slices.Equal(scanHeadings(src), want) {
				t.Errorf("heading lines %v, goldmark %v", scanHeadings(src), want)
			}
		})
	}
}

func TestScanMarkdownFences(t *testing.T) {
	src := "text\n````go\n```\ncode\n````\n\n~~~\n~~~\n"
	var got []string
	for l := range ScanMarkdown([]byte(src)) {
		if l.Kind == MarkdownFence {
			got = append(got, fmt.Sprintf("%d open=%v close=%v %s", l.Num, l.Opens, l.Closes, l.Text))
		}
	}
	want := []string{"2 open=true close=false ````go", "3 open=false close=false ```", "4 open=false close=false code",
		"5 open=false close=true ````", "7 open=true close=false ~~~", "8 open=false close=true ~~~"}
	if !slices.Equal(got, want) {
		t.Errorf("fence lines\n%q\nwant\n%q", got, want)
	}
}

// FuzzScanMarkdownHeadings compares ScanMarkdown's top-level headings with
// goldmark's on any input without link reference definitions (which the
// scanner does not resolve), frontmatter or a byte-order mark.
func FuzzScanMarkdownHeadings(f *testing.F) {
	for _, s := range []string{"# a\n````\n```\n# b\n````\n## c\n", "a\nb\n===\n", "> a\n---\n", "- a\n  b\n---\n", "<div>\n# x\n\n# y\n",
		// A blockquote with no paragraph open: the next line is a paragraph
		// of its own, and an underline makes it a heading.
		">\n0\n- ", "> \na\n---\n", "> a\nb\n---\n", "> # h\na\n---\n", ">     code\na\n===\n", "> > \nx\n---\n",
		"> > y\nx\n---\n", "> ---\nx\n---\n", "> ```\nx\n---\n", "> - a\nb\n---\n", "> - \nb\n---\n", "> <div>\nb\n---\n",
		// A list item, even an empty one, ends a quote's paragraph that
		// the line would otherwise continue lazily.
		">0\n*\n0\n-", "> a\n-\nb\n---\n", "> a\n2.\nb\n===\n", "> a\n* x\nb\n---\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		src := []byte(s)
		if bytes.Contains(src, []byte("]:")) || bytes.HasPrefix(src, []byte("---")) || bytes.HasPrefix(src, bom) {
			return
		}
		// A bare CR is a line break to goldmark; the reader ends lines at
		// LF only and reports bare CRs as damage (DamageCR) instead.
		if bytes.Contains(bytes.ReplaceAll(src, []byte("\r\n"), nil), []byte("\r")) {
			return
		}
		// Goldmark takes a tab inside a tag ("<a\tb>") as no tag, so not
		// as an HTML block; CommonMark's whitespace in tags includes tabs,
		// and the scanner follows the spec.
		if tabInTag(src) {
			return
		}
		want, unknown := goldmarkHeadings(src)
		if got := scanHeadings(src); !unknown && !slices.Equal(got, want) {
			t.Errorf("headings %v, goldmark %v in %q", got, want, s)
		}
	})
}

// tabInTag reports a line that starts with "<" and holds a tab before its
// first ">".
func tabInTag(src []byte) bool {
	for line := range bytes.Lines(src) {
		t := bytes.TrimLeft(line, " ")
		if len(t) == 0 || t[0] != '<' {
			continue
		}
		end := bytes.IndexByte(t, '>')
		if end < 0 {
			end = len(t)
		}
		if bytes.IndexByte(t[:end], '\t') >= 0 {
			return true
		}
	}
	return false
}
