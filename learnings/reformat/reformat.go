// Package reformat rewrites a learnings file into the canonical form that
// learn store writes: Consolidated Learnings first, then Recent Sessions
// newest first, each rendered by the engine's canonical writer. What learn
// does not own (frontmatter, preamble, hand-written sections) is kept as
// written. A session or Consolidated section holding text the reader could
// not place is kept as written too, rather than lose that text.
//
// Every result is checked before it is returned: the output is parsed again
// and must hold the same learnings (category and canonical text, as a
// multiset), the same sessions (stamp, focus, project, documentation) and
// the same hand-written sections byte for byte. When it does not, Format
// refuses instead of returning a file that lost something.
package reformat

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
)

// ErrWouldLose means the canonical form would drop or change content.
var ErrWouldLose = errors.New("formatting would lose content")

// Result is a formatted file and what formatting did.
type Result struct {
	Output []byte
	// Changed is false when the file already is in canonical form.
	Changed bool
	// Sorted is true when sessions were out of order.
	Sorted bool
	// KeptAsWritten lists the lines of sessions (and of Consolidated
	// Learnings) that were kept as written because they hold text the
	// reader could not place; learn lint says what.
	KeptAsWritten []int
}

var bom = []byte("\xef\xbb\xbf")

// Format renders doc in canonical form.
func Format(doc *learnings.Document) (*Result, error) {
	if u := doc.Unclosed; u != nil {
		return nil, fmt.Errorf("line %d: %s: %w", u.Line, u.Message, learnings.ErrUnclosed)
	}
	if len(doc.Damage) > 0 {
		d := doc.Damage[0]
		return nil, fmt.Errorf("line %d: %s (fix: %s), and formatting would rewrite those lines: %w", d.Line, d, d.Fix(), ErrWouldLose)
	}
	if err := checkUnowned(doc); err != nil {
		return nil, err
	}
	eol := doc.EOL
	if eol == "" {
		eol = "\n"
	}
	res := &Result{}
	var pieces [][]byte
	head := []byte{}
	if bytes.HasPrefix(doc.Source, bom) && (doc.Frontmatter == nil || doc.Frontmatter.Start >= len(bom)) {
		head = append(head, bom...)
	}
	if fm := doc.Frontmatter; fm != nil {
		head = append(head, doc.Source[fm.Start:fm.End]...)
	}
	if p := doc.Preamble; p != nil {
		head = append(head, trimBlankTail(doc.Source[p.Start:p.End])...)
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(head, bom))) > 0 {
		pieces = append(pieces, head)
		head = nil
	}

	firstOwned := len(doc.Source)
	if c := doc.Consolidated; c != nil {
		firstOwned = min(firstOwned, c.Span.Start)
	}
	if r := doc.Recent; r != nil {
		firstOwned = min(firstOwned, r.Start)
	}
	for _, s := range doc.Sessions {
		firstOwned = min(firstOwned, s.Span.Start)
	}
	var before, after []*learnings.Section
	for _, sec := range doc.Sections {
		if sec.Span.Start < firstOwned {
			before = append(before, sec)
		} else {
			after = append(after, sec)
		}
	}
	for _, sec := range before {
		pieces = append(pieces, doc.Source[sec.Span.Start:sec.Span.End])
	}

	if c := doc.Consolidated; c != nil {
		var ls []learnings.NewLearning
		for _, cat := range c.Categories {
			for _, l := range cat.Learnings {
				ls = append(ls, learnings.NewLearning{Category: cat.Name, Text: l.Text})
			}
		}
		original := doc.Source[c.Span.Start:c.Span.End]
		rendered := learnings.RenderConsolidated(ls, c.Tally, eol)
		if troubled(doc, c.Span) || dropsWords(original, rendered, misspelt(c.Categories)) {
			res.KeptAsWritten = append(res.KeptAsWritten, c.Span.Line)
			rendered = original
		}
		pieces = append(pieces, rendered)
	}

	if len(doc.Sessions) > 0 {
		pieces = append(pieces, []byte("## Recent Sessions"+eol))
		sessions := sortSessions(doc.Sessions)
		res.Sorted = !slices.Equal(sessions, doc.Sessions)
		for _, s := range sessions {
			original := doc.Source[s.Span.Start:s.Span.End]
			rendered := renderSession(s, eol)
			if troubled(doc, s.Span) || dropsWords(original, rendered, misspelt(s.Categories)) {
				res.KeptAsWritten = append(res.KeptAsWritten, s.Span.Line)
				rendered = original
			}
			pieces = append(pieces, rendered)
		}
	} else if doc.Recent != nil {
		pieces = append(pieces, []byte("## Recent Sessions"+eol))
	}
	for _, sec := range after {
		pieces = append(pieces, doc.Source[sec.Span.Start:sec.Span.End])
	}

	out := append([]byte{}, head...)
	for i, p := range pieces {
		p = trimBlankTail(p)
		if len(p) == 0 {
			continue
		}
		if i > 0 && len(out) > 0 {
			out = append(out, eol...)
		}
		out = append(out, p...)
		if !bytes.HasSuffix(p, []byte("\n")) {
			out = append(out, eol...)
		}
	}
	if err := verify(doc, out); err != nil {
		return nil, err
	}
	res.Output = out
	res.Changed = !bytes.Equal(out, doc.Source)
	return res, nil
}

// sortSessions orders sessions newest first. Sessions whose timestamp cannot
// be read keep their order and go after the dated ones, since nothing says
// where they belong.
func sortSessions(ss []*learnings.Session) []*learnings.Session {
	out := slices.Clone(ss)
	slices.SortStableFunc(out, func(a, b *learnings.Session) int {
		az, bz := a.Time.IsZero(), b.Time.IsZero()
		switch {
		case az && bz:
			return 0
		case az:
			return 1
		case bz:
			return -1
		}
		return b.Time.Compare(a.Time)
	})
	return out
}

// renderSession renders s canonically, keeping the timestamp exactly as
// written: the rendered stamp comes from the parsed time, which may differ
// (a zone name Go cannot resolve, an unusual spelling).
func renderSession(s *learnings.Session, eol string) []byte {
	ns := learnings.NewSession{Time: s.Time, Focus: s.Focus, Project: s.Project, Docs: s.Docs}
	for _, c := range s.Categories {
		for _, l := range c.Learnings {
			ns.Learnings = append(ns.Learnings, learnings.NewLearning{Category: c.Name, Text: l.Text})
		}
	}
	out := learnings.RenderSession(ns, eol)
	if s.Time.IsZero() || learnings.FormatStamp(s.Time) != s.Stamp {
		rendered := learnings.FormatStamp(s.Time)
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			first := string(out[:i])
			if j := strings.Index(first, rendered); j >= 0 {
				fixed := first[:j] + s.Stamp + first[j+len(rendered):]
				out = append([]byte(fixed), out[i:]...)
			}
		}
	}
	return out
}

// troubled reports whether a problem the reader found lies inside span
// (rendering that part would drop the text it could not place), or the part
// is not valid UTF-8 (the reader reports only the first such line).
func troubled(doc *learnings.Document, sp learnings.Span) bool {
	if !utf8.Valid(doc.Source[sp.Start:sp.End]) {
		return true
	}
	for _, p := range doc.Problems {
		if p.Line >= sp.Line && p.Line <= sp.EndLine {
			return true
		}
	}
	return false
}

// dropsWords reports whether rendered lacks a word of original, other than
// the labels the canonical form spells its own way and list numbers. It is
// the guard for text the reader kept silently (an HTML comment between
// items, say): such a part is kept as written rather than lose it. The
// words of misspelt labels may go too: the spec's spelling replaces them.
func dropsWords(original, rendered []byte, respelt map[string]bool) bool {
	have := map[string]bool{}
	eachWord(rendered, func(w string) { have[w] = true })
	lost := false
	eachWord(original, func(w string) {
		if !have[w] && !labelWords[w] && !respelt[w] {
			lost = true
		}
	})
	return lost
}

// misspelt collects the words of the labels in cats that misspell a spec
// category ("Corections"), which the canonical form spells right.
func misspelt(cats []*learnings.Category) map[string]bool {
	var m map[string]bool
	for _, c := range cats {
		if !c.Misspelt {
			continue
		}
		if m == nil {
			m = map[string]bool{}
		}
		eachWord([]byte(c.Label), func(w string) { m[w] = true })
	}
	return m
}

func eachWord(b []byte, fn func(string)) {
	for _, f := range bytes.FieldsFunc(b, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(bytes.TrimFunc(f, unicode.IsDigit)) == 0 {
			continue
		}
		fn(strings.ToLower(string(f)))
	}
}

// labelWords are the words of labels that the canonical form writes in its
// own spelling ("### Fresh Discovery" becomes "**Fresh Discoveries:**").
var labelWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`learnings learning project documentation seen consolidated recent
		sessions session compacted none general user corrections correction new requirements requirement
		updated conventions convention fresh discoveries discovery preference preferences clarifications
		clarification workflow`) {
		m[w] = true
	}
	return m
}()

// checkUnowned refuses a file with text outside every part the reader knows
// (frontmatter, preamble, the learn sections, hand-written sections): the
// canonical form has no place for it.
func checkUnowned(doc *learnings.Document) error {
	if stray := Stray(doc); len(stray) > 0 {
		return fmt.Errorf("line %d: %s; move it into a section or remove it, then run learn fmt again: %w",
			stray[0].Line, stray[0].Message, ErrWouldLose)
	}
	return nil
}

// Stray lists the lines of text that lie outside every part of the file the
// reader knows (such as a paragraph between "## Recent Sessions" and the
// first session): learn keeps them, but nothing reads them and fmt has no
// place for them. Blank lines and thematic breaks are not stray.
func Stray(doc *learnings.Document) []learnings.Problem {
	var spans []learnings.Span
	add := func(sp *learnings.Span) {
		if sp != nil {
			spans = append(spans, *sp)
		}
	}
	add(doc.Frontmatter)
	add(doc.Preamble)
	add(doc.Recent)
	if c := doc.Consolidated; c != nil {
		add(&c.Span)
	}
	for _, s := range doc.Sessions {
		add(&s.Span)
	}
	for _, sec := range doc.Sections {
		add(&sec.Span)
	}
	slices.SortFunc(spans, func(a, b learnings.Span) int { return cmp.Compare(a.Start, b.Start) })
	pos := 0
	if bytes.HasPrefix(doc.Source, bom) {
		pos = len(bom)
	}
	var out []learnings.Problem
	gap := func(from, to int) {
		if to <= from {
			return
		}
		line := 1 + bytes.Count(doc.Source[:from], []byte("\n"))
		for _, l := range bytes.SplitAfter(doc.Source[from:to], []byte("\n")) {
			if t := bytes.TrimSpace(l); len(t) > 0 && !isRule(t) {
				out = append(out, learnings.Problem{Line: line,
					Message: fmt.Sprintf("text outside any section (%q)", shorten(string(t)))})
			}
			line++
		}
	}
	for _, sp := range spans {
		gap(pos, sp.Start)
		pos = max(pos, sp.End)
	}
	gap(pos, len(doc.Source))
	return out
}

func isRule(t []byte) bool {
	s := strings.ReplaceAll(string(t), " ", "")
	return len(s) >= 3 && (strings.Trim(s, "-") == "" || strings.Trim(s, "*") == "" || strings.Trim(s, "_") == "")
}

func shorten(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// trimBlankTail drops trailing blank lines, keeping the last non-blank line
// whole with its line ending, so pieces are joined with exactly one blank
// line.
func trimBlankTail(b []byte) []byte {
	k := len(bytes.TrimRightFunc(b, unicode.IsSpace))
	if k == 0 {
		return nil
	}
	if nl := bytes.IndexByte(b[k:], '\n'); nl >= 0 {
		return b[:k+nl+1]
	}
	return b
}
