package cmdutil

import (
	"path/filepath"
	"strings"
)

// DisplayPath shows path relative to the working directory when it lies
// inside it, so messages stay short and read the same on every machine
// (".tmp/memory-learnings.md", not a long absolute path) and editors can
// still jump to "path:line". Elsewhere, or when the working directory is
// unknown, it is path as given.
func (f *Factory) DisplayPath(path string) string {
	wd, err := f.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}
