package ops

import (
	"sync"

	"github.com/learn-memory/learn/learnings"
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

	unreadOnce sync.Once
	unread     []learnings.Unread
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

// lint is what learn lint finds in this version against limit, and the
// lines it names as unread, computed on first use: on a large file it is
// the slowest thing a page shows. The unread lines are worked out once for
// both (a scan of the whole file, a third of a parse): asking CheckLimit
// and then Doc.Unread did it twice on the first call and once more on
// every later one.
func (s *Snapshot) lint(limit int) ([]lint.Finding, []learnings.Unread) {
	unread := s.Unread()
	s.derived.lintOnce.Do(func() {
		s.derived.findings = lint.CheckRead(s.Doc, limit, lint.ScanSecrets(s.Doc.Source), unread)
	})
	return s.derived.findings, unread
}

// Unread is the runs of lines of this version that no command reads as
// learnings (learnings.Document.Unread), worked out on first use and kept
// with the snapshot: lint and every page a front end renders of this
// version share one scan of the file. Callers must not modify it.
func (s *Snapshot) Unread() []learnings.Unread {
	s.derived.unreadOnce.Do(func() { s.derived.unread = s.Doc.Unread() })
	return s.derived.unread
}
