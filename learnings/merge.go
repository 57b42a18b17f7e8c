package learnings

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrMergeLost reports a merge whose result would not hold every session
// and learning of both files; Merge refuses it rather than lose one.
var ErrMergeLost = errors.New("the merge would lose learnings")

// MergeResult says what Merge carried from one file into the other.
type MergeResult struct {
	// Sessions were added; Same were already in the destination (the same
	// header and the same learnings) and kept once.
	Sessions, Same int
	// Consolidated learnings added; AlreadyConsolidated were there.
	Consolidated, AlreadyConsolidated int
	// Sections are hand-written H2 sections carried over verbatim.
	Sections int
	// Left lists what could not be carried (text outside every section,
	// unreadable parts), by line in the source: it stays in the source file.
	Left []string
}

// Merge adds what src holds to dst and returns the new dst: every session
// of src that dst lacks, copied byte for byte (line endings made dst's)
// above dst's newest session; every Consolidated learning dst lacks, under
// its category; Documentation Seen tallies added up; hand-written sections
// dst lacks, verbatim at the end. Every byte of dst stays as it was, except
// that a tally to add to makes the Consolidated section canonical, as
// compact writes it. A session both files hold (same header, same
// learnings) is kept once. A missing or blank dst becomes src exactly.
// Tallies add up, so a src merged twice counts its tally twice: callers
// merge a file once (Adopt moves it aside under the lock). Merge refuses
// a src or dst with an unclosed fence or comment, and a
// result that does not parse back into all the sessions and learnings of
// both (ErrMergeLost).
func Merge(dst, src []byte) ([]byte, MergeResult, error) {
	var res MergeResult
	s := Parse(src)
	if err := s.Writable(); err != nil {
		return nil, res, err
	}
	if len(bytes.TrimSpace(dst)) == 0 {
		res.Sessions = len(s.Sessions)
		if s.Consolidated != nil {
			res.Consolidated = countLearnings(s.Consolidated.Categories)
		}
		res.Sections = len(s.Sections)
		return bytes.Clone(src), res, nil
	}
	for _, d := range s.Damage {
		res.Left = append(res.Left, d.String())
	}
	if s.Preamble != nil && len(bytes.TrimSpace(src[s.Preamble.Start:s.Preamble.End])) > 0 {
		res.Left = append(res.Left, fmt.Sprintf("line %d: text before the first section", s.Preamble.Line))
	}
	d := Parse(dst)
	if err := d.Writable(); err != nil {
		return nil, res, err
	}

	mid, err := mergeConsolidated(d, s, &res)
	if err != nil {
		return nil, res, err
	}
	m := Parse(mid)
	var add []*Session
	for _, ss := range s.Sessions {
		if slices.ContainsFunc(m.Sessions, func(ms *Session) bool { return sameSession(ms, ss) }) {
			res.Same++
			continue
		}
		add = append(add, ss)
	}
	res.Sessions = len(add)
	out := insertRawSessions(m, src, add)
	out, res.Sections = appendSections(out, m, s, src)

	// Never write a file that lost something: every session and learning
	// of both must read back.
	o := Parse(out)
	want := len(m.Sessions) + len(add)
	wantL := len(m.Learnings())
	for _, ss := range add {
		wantL += countLearnings(ss.Categories)
	}
	if o.Unclosed != nil || len(o.Sessions) != want || len(o.Learnings()) != wantL {
		return nil, res, fmt.Errorf("%w: %d sessions and %d learnings expected, %d and %d read back",
			ErrMergeLost, want, wantL, len(o.Sessions), len(o.Learnings()))
	}
	return out, res, nil
}

func countLearnings(cats []*Category) int {
	n := 0
	for _, c := range cats {
		n += len(c.Learnings)
	}
	return n
}

// mergeConsolidated adds src's Consolidated learnings (and tally) to dst
// through the Editor.
func mergeConsolidated(d, s *Document, res *MergeResult) ([]byte, error) {
	if s.Consolidated == nil {
		return bytes.Clone(d.Source), nil
	}
	have := map[string]bool{}
	var kept []NewLearning
	if d.Consolidated != nil {
		for _, c := range d.Consolidated.Categories {
			for _, l := range c.Learnings {
				have[l.Category+"\x00"+LearningID(l.Content())] = true
				kept = append(kept, NewLearning{Category: l.Category, Text: l.Text})
			}
		}
	}
	var add []NewLearning
	for _, c := range s.Consolidated.Categories {
		for _, l := range c.Learnings {
			id := l.Category + "\x00" + LearningID(l.Content())
			if have[id] {
				res.AlreadyConsolidated++
				continue
			}
			have[id] = true
			add = append(add, NewLearning{Category: l.Category, Text: l.Text})
		}
	}
	res.Consolidated = len(add)
	e := d.Edit()
	if len(s.Consolidated.Tally) > 0 {
		var tally []DocCount
		if d.Consolidated != nil {
			tally = slices.Clone(d.Consolidated.Tally)
		}
		for _, t := range s.Consolidated.Tally {
			if i := slices.IndexFunc(tally, func(x DocCount) bool { return x.Ref == t.Ref }); i >= 0 {
				tally[i].Count += t.Count
			} else {
				tally = append(tally, t)
			}
		}
		slices.SortStableFunc(tally, func(a, b DocCount) int { return b.Count - a.Count })
		e.SetConsolidated(append(kept, add...), tally)
	} else if len(add) > 0 {
		e.AddConsolidated(add)
	}
	return e.Bytes()
}

// sameSession reports whether two sessions are one: the same stamp and
// focus as written and the same learnings.
func sameSession(a, b *Session) bool {
	if a.Stamp != b.Stamp || a.Focus != b.Focus {
		return false
	}
	key := func(s *Session) []string {
		var ks []string
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				ks = append(ks, l.Category+"\x00"+LearningID(l.Content()))
			}
		}
		slices.Sort(ks)
		return ks
	}
	return slices.Equal(key(a), key(b))
}

// sessionBytes is a session's own bytes with the line endings of eol,
// ending with a "---" break and a blank line.
func sessionBytes(src []byte, s *Session, eol string) string {
	raw := string(bytes.TrimRight(src[s.Span.Start:s.Span.End], " \t\r\n"))
	raw = strings.ReplaceAll(raw, "\r\n", "\n")
	if eol != "\n" {
		raw = strings.ReplaceAll(raw, "\n", eol)
	}
	var b strings.Builder
	b.WriteString(raw)
	b.WriteString(eol)
	if !endsWithBreak([]byte(raw)) {
		b.WriteString(eol + "---" + eol)
	}
	b.WriteString(eol)
	return b.String()
}

// insertRawSessions puts add (sessions of src) above m's newest session,
// or under Recent Sessions (created when missing) in a file without one.
func insertRawSessions(m *Document, src []byte, add []*Session) []byte {
	if len(add) == 0 {
		return bytes.Clone(m.Source)
	}
	var text strings.Builder
	for _, s := range add {
		text.WriteString(sessionBytes(src, s, m.EOL))
	}
	p := planner{doc: m, src: m.Source, eol: m.EOL}
	var pos int
	var chunk string
	switch {
	case len(m.Sessions) > 0:
		pos = m.Sessions[0].Span.Start
		chunk = text.String()
	case m.Recent != nil:
		pos = p.nextSectionStart(m.Recent.Start)
		chunk = p.sepBefore(pos) + text.String()
	default:
		pos = len(m.Source)
		chunk = p.sepBefore(pos) + "## Recent Sessions" + m.EOL + m.EOL + text.String()
	}
	if pos == len(m.Source) {
		chunk = strings.TrimSuffix(chunk, m.EOL)
	}
	out := make([]byte, 0, len(m.Source)+len(chunk))
	out = append(out, m.Source[:pos]...)
	out = append(out, chunk...)
	return append(out, m.Source[pos:]...)
}

// appendSections appends the hand-written sections of s that m lacks,
// verbatim, at the end of out.
func appendSections(out []byte, m, s *Document, src []byte) ([]byte, int) {
	n := 0
	for _, sec := range s.Sections {
		raw := bytes.TrimRight(src[sec.Span.Start:sec.Span.End], " \t\r\n")
		if bytes.Contains(m.Source, raw) {
			continue
		}
		text := strings.ReplaceAll(string(raw), "\r\n", "\n")
		if m.EOL != "\n" {
			text = strings.ReplaceAll(text, "\n", m.EOL)
		}
		if len(out) > 0 && out[len(out)-1] != '\n' {
			out = append(out, m.EOL...)
		}
		out = append(out, m.EOL...)
		out = append(out, text...)
		out = append(out, m.EOL...)
		n++
	}
	return out, n
}
