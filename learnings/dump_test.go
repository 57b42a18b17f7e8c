package learnings

import (
	"encoding/json"
	"fmt"
	"strings"
)

// dump renders the parsed model as readable text for golden files.
func dump(d *Document) string {
	var b strings.Builder
	span := func(s Span) string { return fmt.Sprintf("%d-%d [%d:%d]", s.Line, s.EndLine, s.Start, s.End) }
	q := func(s string) string { j, _ := json.Marshal(s); return string(j) }
	fmt.Fprintf(&b, "eol %q\n", d.EOL)
	if d.Frontmatter != nil {
		fmt.Fprintf(&b, "frontmatter %s\n", span(*d.Frontmatter))
	}
	if d.Preamble != nil {
		fmt.Fprintf(&b, "preamble %s\n", span(*d.Preamble))
	}
	if d.Recent != nil {
		fmt.Fprintf(&b, "recent %s\n", span(*d.Recent))
	}
	cats := func(indent string, cs []*Category) {
		for _, c := range cs {
			fmt.Fprintf(&b, "%scategory %q %s\n", indent, c.Name, span(c.Span))
			for _, l := range c.Learnings {
				fmt.Fprintf(&b, "%s  %s %s %s\n", indent, l.ID, span(l.Span), q(l.Text))
			}
		}
	}
	if c := d.Consolidated; c != nil {
		fmt.Fprintf(&b, "consolidated %s\n", span(c.Span))
		cats("  ", c.Categories)
		if c.TallySpan != nil {
			fmt.Fprintf(&b, "  tally %s %v\n", span(*c.TallySpan), c.Tally)
		}
	}
	for _, s := range d.Sessions {
		fmt.Fprintf(&b, "session %s %s header=%q stamp=%q time=%s focus=%q project=%q docs=%q\n",
			s.ID, span(s.Span), s.Header, s.Stamp, s.Time.Format("2006-01-02T15:04:05-07:00"), s.Focus, s.Project, s.Docs)
		cats("  ", s.Categories)
	}
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "section %q %s\n", s.Title, span(s.Span))
	}
	for _, p := range d.Problems {
		fmt.Fprintf(&b, "problem %s\n", p)
	}
	if d.Unclosed != nil {
		fmt.Fprintf(&b, "unclosed %s\n", *d.Unclosed)
	}
	return b.String()
}
