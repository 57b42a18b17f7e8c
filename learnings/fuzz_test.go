package learnings

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are the corpus files plus small tricky inputs.
func fuzzSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/corpus/*.md")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"", "\n", "\r\n", "##", "## ", "## [", "## [2026-11-22", "## 2026-11-22 14:05 CET - x\n- a",
		"```\n## x\n```\n## y\n", "~~~~\n~~~\n## z", "<!--\n## a\n-->\n## b", "- a\n```\nb",
		"1.\n\n  ```\n", "\xef\xbb\xbf---\na: b\n---\n## Consolidated Learnings\n- x", "* * *\n- - -\n",
		"> ## quoted\n## real\n", "\t- tab\n\t\t```\n", "<pre>\n## x\n", "-\n  foo\n-\n  ```\n  bar\n  ```\n",
		"## Consolidated Learnings\n**Documentation Seen** (compacted sessions): `a` (2), b (x)\n",
		"## Recent Sessions\r\n## [2026-01-01 00:00 UTC] - a\r\n- b\r\n  c",
		"## Recent Sessions\n## [2026-01-02 00:00 UTC] - a\n- ~~Old  rule.~~ (superseded by l1234567 on 2026-01-02)\n- old RULE.\n" +
			"## Consolidated Learnings\n**Patterns:**\n- Old rule.\n- Größe\n",
	} {
		f.Add([]byte(s))
	}
}

func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Parse(src)
		checkSpans(t, d)
		ids := map[string]bool{}
		for _, s := range d.Sessions {
			if ids[s.ID] {
				t.Fatalf("duplicate ID %s", s.ID)
			}
			ids[s.ID] = true
		}
		for _, l := range d.Learnings() {
			if ids[l.ID] {
				t.Fatalf("duplicate ID %s", l.ID)
			}
			ids[l.ID] = true
		}
		if n := d.NumLearnings(); n != len(d.Learnings()) {
			t.Fatalf("NumLearnings() = %d, want len(Learnings()) %d", n, len(d.Learnings()))
		}
		// The IDs Parse gives from the numbers it works out while reading
		// are the ones hashed after a parse without them.
		plain := ParseWithoutIDs(src)
		plain.AssignIDs()
		for i, l := range plain.Learnings() {
			if got := d.Learnings()[i].ID; got != l.ID {
				t.Fatalf("learning %d (%q): Parse gave %s, AssignIDs %s", i, l.Text, got, l.ID)
			}
		}
		for i, s := range plain.Sessions {
			if got := d.Sessions[i].ID; got != s.ID {
				t.Fatalf("session %d: Parse gave %s, AssignIDs %s", i, got, s.ID)
			}
		}
	})
}

// checkSpans checks that every span lies in the source, that sections
// follow each other without overlap, and that learnings lie inside their
// category and section.
func checkSpans(t *testing.T, d *Document) {
	t.Helper()
	n := len(d.Source)
	ok := func(what string, s Span) {
		if s.Start < 0 || s.Start > s.End || s.End > n || s.Line < 1 || s.EndLine < s.Line-1 {
			t.Fatalf("%s span %+v out of range (len %d)", what, s, n)
		}
	}
	var sections []Span
	if d.Consolidated != nil {
		sections = append(sections, d.Consolidated.Span)
	}
	if d.Recent != nil {
		sections = append(sections, *d.Recent)
	}
	for _, s := range d.Sessions {
		sections = append(sections, s.Span)
	}
	for _, s := range d.Sections {
		sections = append(sections, s.Span)
	}
	slices.SortFunc(sections, func(a, b Span) int { return a.Start - b.Start })
	for i, s := range sections {
		ok("section", s)
		if i > 0 && s.Start < sections[i-1].End {
			t.Fatalf("sections overlap: %+v and %+v", sections[i-1], s)
		}
		if !bytes.HasPrefix(bytes.TrimLeft(d.Source[s.Start:s.End], " "), []byte("##")) {
			t.Fatalf("section %+v does not start with a heading: %q", s, d.Source[s.Start:s.End])
		}
	}
	inside := func(what string, outer, inner Span) {
		ok(what, inner)
		if inner.Start < outer.Start || inner.End > outer.End {
			t.Fatalf("%s %+v outside %+v", what, inner, outer)
		}
	}
	cats := func(owner Span, cs []*Category) {
		for _, c := range cs {
			inside("category", owner, c.Span)
			for _, l := range c.Learnings {
				inside("learning", c.Span, l.Span)
				if l.Text == "" {
					t.Fatalf("empty learning at %+v", l.Span)
				}
			}
		}
	}
	if c := d.Consolidated; c != nil {
		cats(c.Span, c.Categories)
	}
	for _, s := range d.Sessions {
		cats(s.Span, s.Categories)
	}
}

func FuzzNoopEdit(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		got, err := Parse(src).Edit().Bytes()
		if err != nil || !bytes.Equal(got, src) {
			t.Fatalf("empty edit: %q, %v", got, err)
		}
	})
}

func FuzzInsertRemove(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		checkLossless(t, src)
	})
}

// FuzzRemoveKeepsUntouched removes one learning or session and checks that
// the result is the source with one range cut out, covering what was
// removed, and that everything else still reads the same.
func FuzzRemoveKeepsUntouched(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Parse(src)
		if d.Unclosed != nil {
			return
		}
		ls := d.Learnings()
		for i, l := range ls {
			out, err := d.Edit().RemoveLearning(l).Bytes()
			if errors.Is(err, ErrUnclosed) {
				continue
			}
			// Refusing is right when the removal would lose another
			// learning, never on a file that reads cleanly.
			clean := len(d.Problems) == 0 && len(d.Damage) == 0 && !afterText(src, l.Span.Start) && sameIndent(src, ls) && !hasEmptyItem(src)
			if errors.Is(err, ErrWouldLose) && !clean {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if !isCut(src, out, l.Span.Start, l.Span.End) {
				t.Fatalf("removing %q: not one cut around [%d,%d): %q -> %q", l.Text, l.Span.Start, l.Span.End, src, out)
			}
			rest := Parse(out).Learnings()
			// On a file that reads cleanly, exactly one learning goes.
			if len(rest) != len(ls)-1 && clean {
				t.Fatalf("removing %q left %d of %d learnings:\n%q", l.Text, len(rest), len(ls), out)
			}
			if i > 3 {
				break
			}
		}
		for _, s := range d.Sessions {
			out, err := d.Edit().RemoveSession(s).Bytes()
			// A session holding lines the reader could not read is refused
			// rather than cut: what those lines hold is unknown.
			if errors.Is(err, ErrWouldLose) && len(d.Damage) > 0 {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			want := append(bytes.Clone(src[:s.Span.Start]), src[s.Span.End:]...)
			if !bytes.Equal(out, want) {
				t.Fatalf("removing session %s: %q", s.ID, out)
			}
		}
		if len(d.Sessions) == 0 && d.Consolidated == nil {
			return
		}
		add := []NewLearning{{Category: "User Corrections", Text: "added\n```\n## x\n```"}, {Category: "Custom", Text: "more"}}
		out, err := d.Edit().AddConsolidated(add).Bytes()
		clean := len(d.Problems) == 0 && len(d.Damage) == 0 && !hasEmptyItem(src)
		// On a file that does not read cleanly the splice may not read
		// back; the editor must then refuse, never write a loss.
		if errors.Is(err, ErrWouldLose) && !clean {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if !isSubsequence(src, out) {
			t.Fatalf("AddConsolidated changed existing bytes: %q -> %q", src, out)
		}
		d2 := Parse(out)
		if d2.Consolidated == nil || (clean && len(d2.Learnings()) != len(ls)+2) || len(d2.Sessions) != len(d.Sessions) {
			t.Fatalf("AddConsolidated: %d learnings, want %d:\n%q", len(d2.Learnings()), len(ls)+2, out)
		}
	})
}

// afterText reports whether the line before pos is paragraph text, a bold
// label included. Removing the first item of a list that interrupts a
// paragraph can turn the next item into paragraph text (in CommonMark a
// list not starting at 1 cannot interrupt a paragraph), which the reader
// then reports as a problem.
func afterText(src []byte, pos int) bool {
	if pos == 0 {
		return false
	}
	start := bytes.LastIndexByte(src[:pos-1], '\n') + 1
	l := bytes.TrimSpace(src[start:pos])
	return len(l) > 0 && l[0] != '#' && listMarker(l) == 0
}

// sameIndent reports whether every learning's marker and content start in
// the same columns. Items indented differently are siblings only because of the
// item before them; removing that one can nest the next in its neighbour.
func sameIndent(src []byte, ls []*Learning) bool {
	shape := func(l *Learning) (int, int) {
		p, col := indentation(src, l.Span.Start, l.Span.End)
		w := listMarker(src[p:l.Span.End])
		_, content := indentationAt(src, p+w, l.Span.End, col+w)
		return col, content
	}
	for _, l := range ls {
		a, b := shape(l)
		c, d := shape(ls[0])
		if a != c || b != d {
			return false
		}
	}
	return true
}

// hasEmptyItem reports whether a line is a bare list marker. An empty item
// cannot interrupt a paragraph, so what it means depends on its neighbours
// and can change when one of them goes.
func hasEmptyItem(src []byte) bool {
	for _, l := range bytes.Split(src, []byte("\n")) {
		l = bytes.TrimSpace(l)
		if w := listMarker(l); w > 0 && w == len(l) {
			return true
		}
	}
	return false
}

// isCut reports whether out is src with one run of bytes removed, and
// whether that run can be chosen to cover [start, end).
func isCut(src, out []byte, start, end int) bool {
	k := len(src) - len(out)
	if k < 0 {
		return false
	}
	p := 0
	for p < len(out) && src[p] == out[p] {
		p++
	}
	s := 0
	for s < len(out) && src[len(src)-1-s] == out[len(out)-1-s] {
		s++
	}
	lo := max(len(out)-s, end-k, 0)
	hi := min(p, start)
	return p+s >= len(out) && lo <= hi
}

// isSubsequence reports whether every byte of src appears in out in order,
// that is, out is src with insertions only.
func isSubsequence(src, out []byte) bool {
	i := 0
	for j := 0; j < len(out) && i < len(src); j++ {
		if out[j] == src[i] {
			i++
		}
	}
	return i == len(src)
}

// FuzzParseInput checks that input never panics and that what it reads
// survives being written by RenderSession and read back by Parse.
func FuzzParseInput(f *testing.F) {
	fuzzSeeds(f)
	f.Add([]byte("**User Corrections:**\n- a\n  ```\n  b\n  ```\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ls, _ := ParseInput(src)
		if !utf8.Valid(src) {
			return
		}
		var keep []NewLearning
		for _, l := range ls {
			if !bytes.Contains([]byte(l.Text), []byte("\r")) {
				keep = append(keep, l)
			}
		}
		d := Parse(RenderSession(NewSession{Focus: "f", Learnings: keep}, "\n"))
		if d.Unclosed != nil || len(d.Sessions) != 1 {
			return
		}
		got := d.Learnings()
		if len(got) != len(keep) {
			t.Fatalf("%d learnings read back, want %d", len(got), len(keep))
		}
	})
}

// FuzzAgreesWithGoldmark checks that the scanner and goldmark agree on which
// lines are top-level "## " headings, which is what decides sections.
func FuzzAgreesWithGoldmark(f *testing.F) {
	fuzzSeeds(f)
	for _, ex := range specExamples(f) {
		f.Add([]byte(ex.Markdown))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !utf8.Valid(src) || bytes.ContainsAny(src, "\r\x00") {
			return
		}
		want, got := goldmarkTopLevel(src), scannerTopLevel(src)
		if !want.unknown && !slices.Equal(want.H2, got.H2) {
			t.Fatalf("H2 lines %v, goldmark %v:\n%q", got.H2, want.H2, src)
		}
	})
}

// FuzzCombinedEdits applies several edits in one Editor: removals picked by
// mask, a Consolidated addition and a new session. Either the edits are
// refused as overlapping, or every learning that was not removed is still
// there and, on a cleanly read file, the counts add up.
func FuzzCombinedEdits(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Parse(src)
		if d.Unclosed != nil {
			return
		}
		ls := d.Learnings()
		mask := uint64(len(src)*2654435761) ^ uint64(len(ls))
		e := d.Edit()
		removed := 0
		kept := map[string]int{}
		for i, l := range ls {
			if i < 64 && mask&(1<<i) != 0 {
				e.RemoveLearning(l)
				removed++
			} else {
				kept[l.Text]++
			}
		}
		e.AddConsolidated([]NewLearning{{Category: "Fresh Discoveries", Text: "added"}})
		e.InsertSession(goldenSession)
		out, err := e.Bytes()
		if err != nil {
			if errors.Is(err, errOverlap) || errors.Is(err, ErrUnclosed) {
				return
			}
			if errors.Is(err, ErrWouldLose) && (len(d.Problems) > 0 || len(d.Damage) > 0 || !sameIndent(src, ls) || hasEmptyItem(src)) {
				return
			}
			t.Fatal(err)
		}
		d2 := Parse(out)
		if d2.Unclosed != nil {
			t.Fatalf("edits left %v:\n%q", d2.Unclosed, out)
		}
		for _, l := range d2.Learnings() {
			kept[l.Text]--
		}
		for text, n := range kept {
			if n > 0 && len(d.Problems) == 0 && sameIndent(src, ls) && !hasEmptyItem(src) {
				t.Fatalf("learning %q lost:\n%q\n->\n%q", text, src, out)
			}
		}
	})
}
