package ops

import "github.com/learn-memory/learn/learnings"

// read is the file as a reading operation sees it: the front end's cached
// snapshot when it keeps one (Memory.Cached, the page's), else Load.
func (m *Memory) read() (*Snapshot, error) { return m.readWith(learnings.Parse) }

// readUnlogged is read for an operation that never asks which lines were
// left unread (improve-docs): without a cached snapshot the file is parsed
// without the scan's log of every line, which only Unread reads. On five
// of bench/'s 1 MB memories (long, agent, default, prose, zipf) the log
// cost search, when it read through here, 0.7-1.8 M instructions of
// 94-132 M (callgrind), and improve-docs 19 M of 2,108 M on the default
// 10 MB one. Search now reads without the log and without IDs (see
// Search).
func (m *Memory) readUnlogged() (*Snapshot, error) { return m.readWith(parseUnlogged) }

func (m *Memory) readWith(parse func([]byte) *learnings.Document) (*Snapshot, error) {
	if m.Cached != nil {
		return m.Cached()
	}
	return m.load(parse)
}

// parseUnlogged is learnings.Parse without the log of every line:
// ParseWithoutIDs keeps none, and the IDs are given as Parse gives them.
func parseUnlogged(src []byte) *learnings.Document {
	d := learnings.ParseWithoutIDs(src)
	d.AssignIDs()
	return d
}
