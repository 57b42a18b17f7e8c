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
// else wd itself.
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
// DefaultRel under the project root. Relative paths are taken from wd.
func Resolve(flag, env, wd string) string {
	p := flag
	if p == "" {
		p = env
	}
	if p == "" {
		return filepath.Join(ProjectRoot(wd), DefaultRel)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(wd, p)
	}
	return filepath.Clean(p)
}

// DiffName names the file in diff headers relative to the project root of
// wd, so that 'git apply' and 'patch -p1' work from there; outside the
// project (or with no wd) it is the path without its leading slash.
func DiffName(wd, path string) string {
	if wd != "" {
		if rel, err := filepath.Rel(ProjectRoot(wd), path); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(strings.TrimPrefix(path, "/"))
}
