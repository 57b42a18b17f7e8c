package ops

import (
	"sync"

	"github.com/learn-memory/learn/learnings/search"
)

// derived holds what is computed once per version of the file.
type derived struct {
	ixOnce sync.Once
	ix     *search.Index
}

// Index is the search index of this version, built on first use and kept
// with the snapshot.
func (s *Snapshot) Index() *search.Index {
	s.derived.ixOnce.Do(func() { s.derived.ix = search.Build(s.Doc) })
	return s.derived.ix
}
