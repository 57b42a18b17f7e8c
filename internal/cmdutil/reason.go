package cmdutil

// MemoryReason says why MemoryFile chooses its file (--file, $LEARN_FILE,
// the project root), as ops.Memory.Reason does, for a front end that names
// the file itself (learn serve).
func (f *Factory) MemoryReason() string { return f.memoryReason() }
