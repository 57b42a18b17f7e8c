package ops

// read is the file as a reading operation sees it: the front end's cached
// snapshot when it keeps one (Memory.Cached, the page's), else Load.
func (m *Memory) read() (*Snapshot, error) {
	if m.Cached != nil {
		return m.Cached()
	}
	return m.Load()
}
