package ops

import (
	"sync"

	"github.com/learn-memory/learn/learnings/lint"
	"github.com/learn-memory/learn/learnings/search"
)

// derived holds what is computed once per version of the file.
type derived struct {
	// shared is set on a snapshot a front end keeps for many requests,
	// where an index pays for itself.
	shared bool
	ixOnce sync.Once
	ix     *search.Index

	lintOnce sync.Once
	findings []lint.Finding
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

// lint is what learn lint finds in this version against limit, computed
// on first use: on a large file it is the slowest thing a page shows.
func (s *Snapshot) lint(limit int) []lint.Finding {
	s.derived.lintOnce.Do(func() { s.derived.findings = lint.CheckLimit(s.Doc, limit) })
	return s.derived.findings
}
