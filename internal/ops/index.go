package ops

import (
	"sync"

	"github.com/learn-memory/learn/learnings/search"
)

// derived holds what is computed once per version of the file.
type derived struct {
	// shared is set on a snapshot a front end keeps for many requests,
	// where an index pays for itself.
	shared bool
	ixOnce sync.Once
	ix     *search.Index
}

// Index is the search index of this version, built on first use and kept
// with the snapshot.
func (s *Snapshot) Index() *search.Index {
	s.derived.ixOnce.Do(func() { s.derived.ix = search.Build(s.Doc) })
	return s.derived.ix
}

// Shared marks s as kept by a front end for many requests (the page): the
// reading operations then build what they derive from it once.
func (s *Snapshot) Shared() *Snapshot {
	s.derived.shared = true
	return s
}
