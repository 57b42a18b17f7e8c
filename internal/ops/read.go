package ops

import "github.com/learn-memory/learn/learnings"

// read is the file as a reading operation sees it: the front end's cached
// snapshot when it keeps one (Memory.Cached, the page's), else Load.
func (m *Memory) read() (*Snapshot, error) {
	if m.Cached != nil {
		return m.Cached()
	}
	return m.Load()
}

// readUnlogged is read for an operation that never asks which lines were
// left unread (search): without a cached snapshot the file is parsed
// without the scan's log of every line (learnings.ParseWithoutIDs), which
// only Unread reads, and given its IDs. On the 1 MB memories of bench/
// the log cost search 0.7-1.8 M instructions of 94-132 M (callgrind).
func (m *Memory) readUnlogged() (*Snapshot, error) {
	if m.Cached != nil {
		return m.Cached()
	}
	src, exists, err := m.source()
	if err != nil {
		return nil, err
	}
	doc := learnings.ParseWithoutIDs(src)
	doc.AssignIDs()
	return &Snapshot{Src: src, Doc: doc, Exists: exists}, nil
}
