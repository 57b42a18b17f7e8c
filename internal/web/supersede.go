package web

import (
	"regexp"
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// supersededNote reads the note learn store --replaces leaves on the
// learning it replaced, kept struck through in the file:
//
//   - ~~Frontend unit tests run with jest.~~ (superseded by l1a2b3c4 on 2026-11-23)
//
// and the same written by hand with "replaced by" or without the date.
var supersededNote = regexp.MustCompile(`(?is)^~~.+?~~[\s,;:.–—-]*\(?\s*(?:superseded|replaced)\s+by\s+\[?(l[0-9a-f]{4,8}(?:-\d+)?)\]?(?:\s+on\s+(\d{4}-\d{2}-\d{2}))?`)

// replacement is what a superseded learning says replaced it.
type replacement struct {
	ID   string
	Date string
	// Live is the replacing learning, when the file still holds it.
	Live *learningView
}

// supersededBy reads l's note; ok is false for a live learning.
func supersededBy(l *learnings.Learning) (by, date string, ok bool) {
	para, _, _ := strings.Cut(l.Text, "\n\n")
	m := supersededNote.FindStringSubmatch(para)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// sameID tells whether a note's ID names l: the full ID, or a prefix of it
// as a person may write it.
func sameID(note string, l *learnings.Learning) bool {
	return note != "" && strings.HasPrefix(l.ID, note)
}

// replacedBy is the learning that replaced l, if l is superseded.
func replacedBy(doc *learnings.Document, l *learnings.Learning) *replacement {
	by, date, ok := supersededBy(l)
	if !ok {
		return nil
	}
	r := &replacement{ID: by, Date: date}
	for _, o := range doc.Learnings() {
		if o != l && sameID(by, o) {
			v := newLearningView(o)
			r.Live, r.ID = &v, o.ID
			break
		}
	}
	return r
}

// superseded lists what l replaced, and what those replaced in turn: the
// chain of earlier versions, newest first, each listed once.
func superseded(doc *learnings.Document, l *learnings.Learning) []learningView {
	notes := map[*learnings.Learning]string{}
	for _, o := range doc.Learnings() {
		if by, _, ok := supersededBy(o); ok {
			notes[o] = by
		}
	}
	var out []learningView
	seen := map[*learnings.Learning]bool{l: true}
	for frontier := []*learnings.Learning{l}; len(frontier) > 0; {
		var next []*learnings.Learning
		for _, cur := range frontier {
			for _, o := range doc.Learnings() {
				if !seen[o] && sameID(notes[o], cur) {
					seen[o] = true
					out = append(out, newLearningView(o))
					next = append(next, o)
				}
			}
		}
		frontier = next
	}
	return out
}
