package cmdutil

// MemoryReason says why MemoryFile chose its file (--file, $LEARN_FILE, the
// project root, the main worktree of a linked one), as ops.Memory.Reason
// does, for a front end that names the file itself (learn serve); "" before
// MemoryFile ran.
func (f *Factory) MemoryReason() string {
	if f.Location == nil {
		return ""
	}
	return f.Location.Reason
}
