package reformat

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// verify parses out and compares it with doc: the same learnings, sessions,
// tally and hand-written sections must be there.
func verify(doc *learnings.Document, out []byte) error {
	got := learnings.Parse(out)
	if got.Unclosed != nil {
		return fmt.Errorf("the formatted file would have an unclosed block at line %d: %w", got.Unclosed.Line, ErrWouldLose)
	}
	if diff := diffCounts(learningKeys(doc), learningKeys(got)); diff != "" {
		return fmt.Errorf("the learnings would change (%s): %w", diff, ErrWouldLose)
	}
	if diff := diffCounts(sessionKeys(doc), sessionKeys(got)); diff != "" {
		return fmt.Errorf("the sessions would change (%s): %w", diff, ErrWouldLose)
	}
	if diff := diffCounts(tallyKeys(doc), tallyKeys(got)); diff != "" {
		return fmt.Errorf("the Documentation Seen tally would change (%s): %w", diff, ErrWouldLose)
	}
	for _, sec := range doc.Sections {
		body := bytes.TrimSpace(doc.Source[sec.Span.Start:sec.Span.End])
		if !bytes.Contains(out, body) {
			return fmt.Errorf("the section %q at line %d would not survive: %w", sec.Title, sec.Span.Line, ErrWouldLose)
		}
	}
	if len(got.Sections) != len(doc.Sections) {
		return fmt.Errorf("the file would have %d hand-written sections instead of %d: %w", len(got.Sections), len(doc.Sections), ErrWouldLose)
	}
	return nil
}

func learningKeys(doc *learnings.Document) map[string]int {
	m := map[string]int{}
	for _, l := range doc.Learnings() {
		name, _ := learnings.NormalizeCategory(l.Category)
		m[name+": "+similar.Canonical(l.Text)]++
	}
	return m
}

func sessionKeys(doc *learnings.Document) map[string]int {
	m := map[string]int{}
	for _, s := range doc.Sessions {
		m[fmt.Sprintf("[%s] - %s / %s / %s", s.Stamp, s.Focus, s.Project, strings.Join(s.Docs, ", "))]++
	}
	return m
}

func tallyKeys(doc *learnings.Document) map[string]int {
	m := map[string]int{}
	if c := doc.Consolidated; c != nil {
		for _, d := range c.Tally {
			m[fmt.Sprintf("%s (%d)", d.Ref, d.Count)] += 1
		}
	}
	return m
}

// diffCounts names the first few keys whose counts differ between two
// multisets, or returns "" when they are equal.
func diffCounts(before, after map[string]int) string {
	var lost, gained []string
	for k, n := range before {
		if after[k] < n {
			lost = append(lost, k)
		}
	}
	for k, n := range after {
		if before[k] < n {
			gained = append(gained, k)
		}
	}
	if len(lost) == 0 && len(gained) == 0 {
		return ""
	}
	slices.Sort(lost)
	slices.Sort(gained)
	var parts []string
	if len(lost) > 0 {
		parts = append(parts, fmt.Sprintf("%d lost, e.g. %q", len(lost), shorten(lost[0])))
	}
	if len(gained) > 0 {
		parts = append(parts, fmt.Sprintf("%d new, e.g. %q", len(gained), shorten(gained[0])))
	}
	return strings.Join(parts, "; ")
}
