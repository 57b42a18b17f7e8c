package learnings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// specExample is one example of the CommonMark spec (0.31.2), as shipped
// with goldmark in _test/spec.json and copied to testdata.
type specExample struct {
	Markdown string `json:"markdown"`
	Example  int    `json:"example"`
	Section  string `json:"section"`
}

func specExamples(t testing.TB) []specExample {
	t.Helper()
	raw, err := os.ReadFile("testdata/commonmark-spec.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex []specExample
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

// topLevel lists the lines of top-level ATX H2 headings and of top-level
// list items, as a CommonMark parser sees them.
type topLevel struct {
	H2    []int
	Items []int
	// unknown is set when goldmark gave a heading no position (an empty
	// "##"), so its lines cannot be compared.
	unknown bool
}

func goldmarkTopLevel(src []byte) topLevel {
	doc := goldmark.DefaultParser().Parse(text.NewReader(src))
	var tl topLevel
	lineOf := func(pos int) int { return bytes.Count(src[:pos], []byte("\n")) + 1 }
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level != 2 {
				continue
			}
			if n.Pos() < 0 {
				tl.unknown = true
				continue
			}
			// Setext headings do not start sections; only ATX ones count.
			start := bytes.LastIndexByte(src[:n.Pos()], '\n') + 1
			line, _ := lineAt(src, start)
			if p, _ := indentation(line, 0, len(line)); atxLevel(line[p:]) == 2 {
				tl.H2 = append(tl.H2, lineOf(n.Pos()))
			}
		case *ast.List:
			for it := n.FirstChild(); it != nil; it = it.NextSibling() {
				if it.Pos() >= 0 {
					tl.Items = append(tl.Items, lineOf(it.Pos()))
				}
			}
		}
	}
	return tl
}

func scannerTopLevel(src []byte) topLevel {
	var tl topLevel
	sc := newScanner(src, 0, 1)
	for {
		l, ok := sc.next()
		if !ok {
			return tl
		}
		switch {
		case l.kind == lkHeading && l.level == 2:
			tl.H2 = append(tl.H2, l.num)
		case l.kind == lkItem:
			tl.Items = append(tl.Items, l.num)
		}
	}
}

// TestScannerAgreesWithGoldmark compares, on every CommonMark spec example,
// which lines the scanner takes for top-level "## " headings (what starts a
// section) with goldmark's reading. Headings must agree everywhere; top-level
// list items (what starts a learning) may differ only on the few examples
// listed, all corner cases no memory file has.
func TestScannerAgreesWithGoldmark(t *testing.T) {
	itemExceptions := map[int]bool{}
	var itemDiffs []int
	for _, ex := range specExamples(t) {
		src := []byte(ex.Markdown)
		want, got := goldmarkTopLevel(src), scannerTopLevel(src)
		if !slices.Equal(want.H2, got.H2) {
			t.Errorf("example %d (%s): H2 lines %v, goldmark %v\n%s", ex.Example, ex.Section, got.H2, want.H2, ex.Markdown)
		}
		if !slices.Equal(want.Items, got.Items) && !itemExceptions[ex.Example] {
			itemDiffs = append(itemDiffs, ex.Example)
			t.Logf("example %d (%s): item lines %v, goldmark %v\n%s", ex.Example, ex.Section, got.Items, want.Items, ex.Markdown)
		}
	}
	if len(itemDiffs) > 0 {
		t.Errorf("top-level list items differ from goldmark on examples %v", itemDiffs)
	}
}

const cmBase = "## Consolidated Learnings\n\n**User Corrections:**\n- Base learning.\n\n---\n\n## Recent Sessions\n\n"

// TestCommonMarkExamplesAsLearnings embeds every CommonMark spec example in
// a memory file, both written by learn (indented under a bullet) and pasted
// by hand at the margin of a session, and checks that storing a new session
// changes nothing but the inserted block and that the file still reads the
// same.
func TestCommonMarkExamplesAsLearnings(t *testing.T) {
	for _, ex := range specExamples(t) {
		written := RenderSession(NewSession{
			Focus:     fmt.Sprintf("Example %d", ex.Example),
			Learnings: []NewLearning{{Category: "Fresh Discoveries", Text: "Example:\n" + ex.Markdown}},
		}, "\n")
		pasted := fmt.Sprintf("## [2026-01-01 00:00 UTC] - Pasted %d\n**Fresh Discoveries:**\n- Example:\n\n%s\n", ex.Example, ex.Markdown)
		for name, src := range map[string]string{"written": cmBase + string(written), "pasted": cmBase + pasted} {
			d := Parse([]byte(src))
			if name == "written" && (d.Unclosed != nil || len(d.Sessions) != 1 || len(d.Learnings()) != 2) {
				t.Errorf("example %d written by learn: unclosed %v, %d sessions, %d learnings", ex.Example, d.Unclosed, len(d.Sessions), len(d.Learnings()))
			}
			out, err := d.Edit().InsertSession(goldenSession).Bytes()
			if d.Unclosed != nil {
				if err == nil {
					t.Errorf("example %d %s: edit despite %v", ex.Example, name, d.Unclosed)
				}
				continue
			}
			if err != nil {
				t.Errorf("example %d %s: %v", ex.Example, name, err)
				continue
			}
			if !isInsertion([]byte(src), out) {
				t.Errorf("example %d %s: insert changed existing bytes", ex.Example, name)
			}
			d2 := Parse(out)
			if len(d2.Sessions) != len(d.Sessions)+1 || d2.Sessions[0].Focus != goldenSession.Focus {
				t.Errorf("example %d %s: sessions after insert: %d", ex.Example, name, len(d2.Sessions))
				continue
			}
			old, now := d.Learnings(), d2.Learnings()
			for _, l := range old {
				if !slices.ContainsFunc(now, func(m *Learning) bool { return m.ID == l.ID && m.Text == l.Text }) {
					t.Errorf("example %d %s: learning %s %q lost after insert", ex.Example, name, l.ID, l.Text)
				}
			}
			back, err := d2.Edit().RemoveSession(d2.Sessions[0]).Bytes()
			if err != nil || !bytes.Equal(back, []byte(src)) {
				t.Errorf("example %d %s: insert then remove is not the identity (%v)", ex.Example, name, err)
			}
		}
	}
}
