package web

import (
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// replacement is what a superseded learning says replaced it.
type replacement struct {
	// ID is the replacing learning's ID, or "" when the note names none.
	ID   string
	Date string
	// Live is the replacing learning, when the file still holds it.
	Live *learningView
}

// versions are l's replacement, when l was superseded, and the chain of
// earlier versions it replaced, newest first, as ops.ChainOf reads them
// (the engine's reading of the "superseded" note, the one recall and search
// use).
func versions(doc *learnings.Document, l *learnings.Learning) (*replacement, []learningView) {
	c := ops.ChainOf(doc, l)
	var r *replacement
	if c.Superseded {
		r = &replacement{ID: l.Superseded.By, Date: c.SupersededOn}
		if len(c.Newer) > 0 && !c.Newer[0].Missing {
			if o := findLearning(doc, c.Newer[0].ID); o != nil {
				v := newLearningView(o)
				r.Live, r.ID = &v, o.ID
			}
		}
	}
	var older []learningView
	for _, link := range c.Older {
		if o := findLearning(doc, link.ID); o != nil {
			older = append(older, newLearningView(o))
		}
	}
	return r, older
}
