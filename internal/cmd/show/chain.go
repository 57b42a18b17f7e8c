package show

import (
	"fmt"
	"io"

	"github.com/learn-memory/learn/learnings"
)

// Chain is where a learning stands among its versions: the newer ones
// that replaced it (nearest first) and the older ones it replaced, directly
// or through others (nearest first).
type Chain struct {
	SupersededOn string      `json:"superseded_on,omitempty"`
	Newer        []ChainLink `json:"newer,omitempty"`
	Older        []ChainLink `json:"older,omitempty"`
	doc          *learnings.Document
	learning     *learnings.Learning
}

// ChainLink is one version in a chain.
type ChainLink struct {
	ID   string `json:"id"`
	Line int    `json:"line"`
	Text string `json:"text"`
	// Missing is set for an ID a note names that is not in the file
	// (edited or forgotten since).
	Missing bool `json:"missing,omitempty"`
}

func chainOf(doc *learnings.Document, l *learnings.Learning) Chain {
	c := Chain{doc: doc, learning: l}
	if l.Superseded != nil {
		c.SupersededOn = l.Superseded.Date
	}
	seen := map[*learnings.Learning]bool{l: true}
	for cur := l; cur.Superseded != nil && cur.Superseded.By != ""; {
		next, err := doc.FindLearning(cur.Superseded.By)
		if err != nil {
			c.Newer = append(c.Newer, ChainLink{ID: cur.Superseded.By, Missing: true})
			break
		}
		if seen[next] {
			break
		}
		seen[next] = true
		c.Newer = append(c.Newer, link(next))
		cur = next
	}
	all := doc.Learnings()
	frontier := []*learnings.Learning{l}
	for len(frontier) > 0 {
		var next []*learnings.Learning
		for _, o := range all {
			if o.Superseded == nil || seen[o] {
				continue
			}
			for _, f := range frontier {
				if o.Superseded.By == f.ID {
					seen[o] = true
					c.Older = append(c.Older, link(o))
					next = append(next, o)
					break
				}
			}
		}
		frontier = next
	}
	return c
}

func link(l *learnings.Learning) ChainLink {
	return ChainLink{ID: l.ID, Line: l.Span.Line, Text: shown(l.Content())}
}

// write prints the chain under a learning; nothing for a learning that
// never replaced or was replaced.
func (c Chain) write(w io.Writer, display string) {
	l := c.learning
	if l.Superseded != nil {
		on := ""
		if c.SupersededOn != "" {
			on = " on " + c.SupersededOn
		}
		by := "a newer learning (the note names none)"
		if l.Superseded.By != "" {
			by = l.Superseded.By
		}
		fmt.Fprintf(w, "Status:   superseded by %s%s; recall, search and summarise leave it out\n", by, on)
	}
	for _, n := range c.Newer {
		if n.Missing {
			fmt.Fprintf(w, "Newer:    %s (not in the file any more)\n", n.ID)
			continue
		}
		fmt.Fprintf(w, "Newer:    %s  %s:%d  %s\n", n.ID, display, n.Line, oneLine(n.Text, 70))
	}
	for _, o := range c.Older {
		fmt.Fprintf(w, "Replaces: %s  %s:%d  %s\n", o.ID, display, o.Line, oneLine(o.Text, 70))
	}
}
