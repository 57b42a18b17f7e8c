package ops

import "github.com/learn-memory/learn/learnings"

// liveLearnings counts the learnings of doc that are not superseded, the
// ones improve-docs matches (improve.AnalyseTop leaves the others out),
// reading the categories in place rather than listing every learning
// (doc.Learnings(): 528 kB on the default generator's 10 MB memory).
func liveLearnings(doc *learnings.Document) int {
	n := 0
	count := func(cs []*learnings.Category) {
		for _, c := range cs {
			for _, l := range c.Learnings {
				if l.Superseded == nil {
					n++
				}
			}
		}
	}
	if doc.Consolidated != nil {
		count(doc.Consolidated.Categories)
	}
	for _, s := range doc.Sessions {
		count(s.Categories)
	}
	return n
}
