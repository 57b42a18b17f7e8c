package ops

import (
	"errors"
	"fmt"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// resolveReplaces finds the learnings --replaces names in doc: an unknown
// or ambiguous ID, or one already superseded, is a usage error (exit 2),
// found before anything is written.
func resolveReplaces(doc *learnings.Document, ids []string) ([]*learnings.Learning, error) {
	var out []*learnings.Learning
	for _, id := range ids {
		l, err := doc.FindLearning(id)
		if err != nil {
			if errors.Is(err, learnings.ErrNotFound) || errors.Is(err, learnings.ErrAmbiguous) {
				return nil, mark(fmt.Errorf("--replaces: %w (see 'learn search' or 'learn summarise' for IDs)", err), ErrUsage)
			}
			return nil, err
		}
		if l.Superseded != nil {
			return nil, usageErrorf("--replaces %s: learning %s is already superseded (by %s)", id, l.ID, orUnknown(l.Superseded.By))
		}
		out = append(out, l)
	}
	return out, nil
}

func orUnknown(id string) string {
	if id == "" {
		return "a learning the note does not name"
	}
	return id
}

// replacer picks, among the learnings that take over, the one old is
// replaced by: the only one, or the one most related to it.
func replacer(old *learnings.Learning, by []*learnings.Learning) (*learnings.Learning, error) {
	if len(by) == 1 {
		return by[0], nil
	}
	o := similar.Prepare(old.Content())
	var best *learnings.Learning
	bestScore := 0.0
	for _, l := range by {
		if s := o.CompareScore(similar.Prepare(l.Content())); s > bestScore {
			best, bestScore = l, s
		}
	}
	if best == nil {
		return nil, usageErrorf("--replaces %s: none of the %d learnings given says anything like it; store the replacement on its own with --replaces", old.ID, len(by))
	}
	return best, nil
}

// supersede marks each of olds (found in doc by ID) superseded by its
// replacer among by, and returns the file with the marks.
func supersede(doc *learnings.Document, olds, by []*learnings.Learning, date string, out *[]Learning) ([]byte, error) {
	ed := doc.Edit()
	*out = (*out)[:0]
	for _, o := range olds {
		l, err := doc.FindLearning(o.ID)
		if err != nil {
			return nil, fmt.Errorf("find %s after inserting the session: %w", o.ID, err)
		}
		r, err := replacer(l, by)
		if err != nil {
			return nil, err
		}
		ed.Supersede(l, r.ID, date)
		old := NewLearning(l)
		old.SupersededBy = r.ID
		*out = append(*out, old)
	}
	return ed.Bytes()
}
