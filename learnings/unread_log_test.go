package learnings

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// unreadRescanned is Unread as it was before the parse kept its lines: it
// scans the source a second time and keeps every line's kind, text and
// bounds in tables of its own. TestUnreadFromParseAsRescanned and
// FuzzUnreadFromParse hold Unread to it.
func (d *Document) unreadRescanned() []Unread {
	src := d.Source
	start, num := 0, 1
	if bytes.HasPrefix(src, bom) {
		start = len(bom)
	}
	if d.Frontmatter != nil {
		start, num = d.Frontmatter.End, d.Frontmatter.EndLine+1
	}
	sc := newScanner(src, start, num)
	n := bytes.Count(src, []byte("\n")) + 2
	state := make([]uint8, n)
	kinds := make([]lineKind, n)
	texts := make([][2]int, n)
	bounds := make([][2]int, n)
	items := make([]bool, n)
	inComment := false
	for {
		l, ok := sc.next()
		if !ok {
			break
		}
		kinds[l.num] = l.kind
		texts[l.num] = [2]int{l.text, l.contentEnd}
		bounds[l.num] = [2]int{l.start, l.end}
		t := src[l.text:l.contentEnd]
		switch {
		case l.text == l.contentEnd:
			continue
		case l.kind == lkBreak:
			state[l.num] = lineRead
			continue
		case l.kind == lkHTML && (inComment || bytes.HasPrefix(t, []byte("<!--"))):
			inComment = !bytes.Contains(t, []byte("-->"))
			state[l.num] = lineRead
			continue
		}
		inComment = false
		items[l.num] = l.kind == lkItem
		state[l.num] = lineUnread
	}
	mark := func(first, last int, s uint8) {
		for i := max(first, 0); i <= last && i < n; i++ {
			if state[i] != lineBlank {
				state[i] = s
			}
		}
	}
	owned := d.Consolidated != nil || d.Recent != nil || len(d.Sessions) > 0
	if d.Recent != nil {
		mark(d.Recent.Line, d.Recent.Line, lineRead)
	}
	readBody := func(sp Span, cats []*Category) {
		mark(sp.Line, sp.Line, lineRead)
		for _, c := range cats {
			for _, l := range c.Learnings {
				mark(l.Span.Line, l.Span.EndLine, lineRead)
			}
			if c.Label == "" || len(c.Learnings) == 0 {
				continue
			}
			if t := texts[c.Span.Line]; !labelHasText(src[t[0]:t[1]]) {
				mark(c.Span.Line, c.Span.Line, lineRead)
			}
		}
		// Only the lines no learning holds can be fields: asking
		// after the learnings are marked reads a few lines per
		// session instead of every line (BenchmarkUnread, 1 MB,
		// cpu-MB/s: default 236-265 -> 351-553, prose 395-472 ->
		// 699-823, agent 418-446 -> 765-881; sparse, with one or two
		// learnings a session, unchanged).
		for i := sp.Line + 1; i <= sp.EndLine && i < n; i++ {
			if state[i] == lineUnread && structureLine(src, kinds[i], texts[i]) {
				state[i] = lineRead
			}
		}
	}
	if c := d.Consolidated; c != nil {
		readBody(c.Span, c.Categories)
		if c.TallySpan != nil {
			mark(c.TallySpan.Line, c.TallySpan.EndLine, lineRead)
		}
	}
	for _, s := range d.Sessions {
		readBody(s.Span, s.Categories)
	}
	notes := func(first, last int) {
		for i := first; i <= last && i < n; i++ {
			if items[i] {
				return
			}
		}
		mark(first, last, lineNotes)
	}
	if p := d.Preamble; p != nil {
		for i := p.Line; i <= p.EndLine && i < n; i++ {
			if kinds[i] == lkHeading && state[i] == lineUnread && atxLevel(src[texts[i][0]:texts[i][1]]) == 1 {
				state[i] = lineRead
			}
		}
		if owned {
			notes(p.Line, p.EndLine)
		}
	}
	if owned {
		for _, s := range d.Sections {
			notes(s.Span.Line, s.Span.EndLine)
		}
	}
	for _, dm := range d.Damage {
		if dm.Kind == DamageHeader {
			continue
		}
		for i := dm.Line; i <= dm.EndLine && i < n; i++ {
			if texts[i][1] > texts[i][0] || dm.Kind == DamageCR {
				state[i] = lineUnread
			}
		}
	}
	return d.unreadRunsRescanned(state, items, bounds)
}
func (d *Document) unreadRunsRescanned(state []uint8, items []bool, bounds [][2]int) []Unread {
	var out []Unread
	var cur *Unread
	curPart := ""
	for i := 1; i < len(state); i++ {
		switch state[i] {
		case lineRead:
			cur = nil
			continue
		case lineBlank, lineNotes:
			continue
		}
		kind, part, why := d.unreadPart(i)
		if cur == nil || part != curPart {
			out = append(out, Unread{Kind: kind, Line: i, Why: why, start: bounds[i][0]})
			cur, curPart = &out[len(out)-1], part
		}
		cur.EndLine, cur.end = i, bounds[i][1]
		cur.Lines++
		if items[i] {
			cur.Items++
		}
	}
	for i := range out {
		if out[i].Items > 0 && out[i].Kind != UnreadDamage {
			out[i].Why += fmt.Sprintf("; %d list %s among them", out[i].Items, pluralWord(out[i].Items, "item", "items"))
		}
	}
	return out
}

// unreadSources are memories to read unread lines from: the corpus, the
// memories other tools wrote, every generator's at 256 KB, and the fuzz
// seeds' small tricky files.
func unreadSources(t *testing.T) map[string][]byte {
	t.Helper()
	srcs := map[string][]byte{}
	paths, _ := filepath.Glob("testdata/corpus/*.md")
	paths = append(paths, foreignCorpus(t)...)
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		srcs[path] = src
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		srcs["gen/"+cmp.Or(mode, "default")] = memgen.GenerateWith(memgen.Options{Seed: 3, Size: 256 << 10, Mode: mode})
	}
	for i, s := range []string{
		"", "\n", "\r\n", "x", "x\r", "\r", "text\n\n## Consolidated Learnings\nstray\n- a\n", "---\na: b\n---\nabove\n## x\n",
		"---\r\na\rb\r\n---\r\n## Recent Sessions\r\n", "\xef\xbb\xbf# Title\n## [2026-01-01 00:00 UTC] - a\n### Fresh Discoveries\n- b\n\n<!-- c\nd -->\ne\n",
		"## [2026-01-01 00:00 UTC] - a\n**User Corrections:** inline text\n- item\n  cont\n```\nfence\n```\n| a | b |\n",
		"## Notes\n- a list item\n\n## Consolidated Learnings\n- x\n* * *\n", "## x\n```\nopen fence", "- a\r\n- b\rc\n",
		// Fields, labels and "Learnings" in every form the parse and
		// Unread read: a field line that ends an item lazily, a label
		// with text after it, plain "Name:" lines, headings.
		"## [2026-01-01 00:00 UTC] - a\n### Fresh Discoveries\n- item\n**Project**: x\n- b\n**Documentation Seen**: `a.md`\n  **Project**: y\n",
		"## [2026-01-01 00:00 UTC] - a\n**Project:** p\nProject: q\nLearnings:\n### Learnings\n#### Docs seen\n**Learnings:**\n**User Corrections:** with text\n- one\n**Fresh Discoveries**\n- two\n",
		"## Consolidated Learnings\n**Documentation Seen** (compacted sessions): `a` (2)\n### Learnings:\n**Custom label:**\n- x\n**Other label:** text\n- y\n- **Project**: z\n",
		"## [2026-01-01 00:00 UTC] - a\n- **Project**: p\n- **Documentation Seen**: a.md\n# Project\n##### Focus\n- c\n  **Date**: today\n",
	} {
		srcs[fmt.Sprintf("case/%d", i)] = []byte(s)
	}
	return srcs
}

// TestUnreadFromParseAsRescanned holds Unread, read from the lines the
// parse logged, to the second scan it replaced, and so is the Unread of a
// document whose Source is not the one parsed or that ParseWithoutIDs read,
// and ParseForUnread keeps the parse's log without giving IDs.
func TestUnreadFromParseAsRescanned(t *testing.T) {
	for name, src := range unreadSources(t) {
		t.Run(name, func(t *testing.T) {
			d := Parse(src)
			if d.lines == nil || !sameBytes(d.lines.src, d.Source) {
				t.Fatal("Parse kept no log of its lines for Unread")
			}
			want := d.unreadRescanned()
			if got := d.Unread(); !reflect.DeepEqual(got, want) {
				t.Fatalf("Unread from the parse's lines:\n got %+v\nwant %+v", got, want)
			}
			d.Source = bytes.Clone(src)
			if got := d.Unread(); !reflect.DeepEqual(got, want) {
				t.Fatalf("Unread from a scan of its own:\n got %+v\nwant %+v", got, want)
			}
			dw := ParseWithoutIDs(src)
			if dw.lines != nil {
				t.Fatal("ParseWithoutIDs kept a log of its lines")
			}
			if got := dw.Unread(); !reflect.DeepEqual(got, want) {
				t.Fatalf("Unread of ParseWithoutIDs:\n got %+v\nwant %+v", got, want)
			}
			du := ParseForUnread(src)
			if du.lines == nil || !sameBytes(du.lines.src, du.Source) {
				t.Fatal("ParseForUnread kept no log of its lines for Unread")
			}
			if du.idsGiven || slices.ContainsFunc(du.Learnings(), func(l *Learning) bool { return l.ID != "" }) {
				t.Fatal("ParseForUnread gave IDs")
			}
			if got := du.Unread(); !reflect.DeepEqual(got, want) {
				t.Fatalf("Unread of ParseForUnread:\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

func FuzzUnreadFromParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Parse(src)
		if got, want := d.Unread(), d.unreadRescanned(); !reflect.DeepEqual(got, want) {
			t.Fatalf("Unread(%q):\n got %+v\nwant %+v", src, got, want)
		}
	})
}
