// Package memfile finds, reads and safely rewrites the learnings file: a
// sidecar lock, a re-read under the lock, an atomic rename, and a ring of
// backups for the commands that destroy data.
package memfile

import (
	"os"
	"path/filepath"
	"strings"
)

// DefaultRel is where the learnings file lives inside a project.
const DefaultRel = ".tmp/memory-learnings.md"

// ProjectRoot is the nearest ancestor of wd (wd included) that holds .git,
// else wd itself: the work tree the user is in, where its documentation
// is. The memory of a linked worktree lives elsewhere (see ProjectLocation).
func ProjectRoot(wd string) string {
	for dir := wd; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return wd
		}
		dir = parent
	}
}

// Resolve picks the learnings file: the --file flag, else $LEARN_FILE, else
// DefaultRel under the project root. Relative paths are taken from wd. It
// is Locate's path, for callers that need no reason.
func Resolve(flag, env, wd string) string {
	return Locate(flag, env, wd).Path
}

// DiffName names the file in diff headers relative to the project root of
// wd (the main worktree's, for a memory shared by linked worktrees), so
// that 'git apply' and 'patch -p1' work from there; outside the project (or
// with no wd) it is the path without its leading slash.
func DiffName(wd, path string) string {
	if wd != "" {
		for _, root := range []string{ProjectRoot(wd), ProjectLocation(wd).Root} {
			if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
				return filepath.ToSlash(rel)
			}
		}
	}
	return filepath.ToSlash(strings.TrimPrefix(path, "/"))
}
