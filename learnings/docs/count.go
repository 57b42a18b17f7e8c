package docs

import (
	"io/fs"
	"path/filepath"
	"strings"
)

// Total is how many documentation files Discover would have listed without
// the MaxDocs cap, given what it did list: found plus the docs/ files the cap
// left out. Callers use it to say "checked 200 of N" instead of silently
// ignoring the rest.
func Total(root string, found []string) int {
	if len(found) < MaxDocs {
		return len(found)
	}
	listed := make(map[string]bool, len(found))
	for _, p := range found {
		listed[p] = true
	}
	total := len(found)
	docsDir := filepath.Join(root, "docs")
	_ = filepath.WalkDir(docsDir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case d.IsDir() && p != docsDir && (skipDirs[d.Name()] || strings.HasPrefix(d.Name(), ".")):
			return filepath.SkipDir
		case !d.IsDir() && isMarkdown(d.Name()):
			if rel, err := filepath.Rel(root, p); err == nil && !listed[filepath.ToSlash(rel)] {
				total++
			}
		}
		return nil
	})
	return total
}
