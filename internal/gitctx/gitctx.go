// Package gitctx reads what a git repository says about the work at hand:
// the files changed, staged or new, and the current branch. Recall uses it
// to choose the learnings relevant to that work. Outside a repository, or
// without git, it finds nothing and says nothing: the memory works the same
// in any directory.
package gitctx

import (
	"bytes"
	"context"
	"os/exec"
	"path"
	"slices"
	"strings"
	"time"
)

// Timeout bounds each git call: a slow or hung git (a huge untracked tree,
// a network file system) must not hold up a session's start.
const Timeout = 2 * time.Second

// MaxPaths caps the paths returned, so that a tree with thousands of
// untracked files does not flood the context; changed and staged files come
// before untracked ones.
const MaxPaths = 200

// Work is the state of a working tree.
type Work struct {
	// Paths are the changed, staged and untracked files under dir, relative
	// to dir, with forward slashes: modified and staged ones first, then
	// untracked ones, each group sorted.
	Paths []string
	// Branch is the current branch; empty on a detached HEAD.
	Branch string
}

// Read returns the work in progress in the repository holding dir, limited
// to files under dir. Anything git cannot tell (no repository, no git, a
// timeout) leaves the result empty.
func Read(ctx context.Context, dir string) Work {
	var w Work
	out, ok := git(ctx, dir, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", ".")
	if !ok {
		return w
	}
	prefix, _ := git(ctx, dir, "rev-parse", "--show-prefix")
	w.Paths = parseStatus(out, strings.TrimSpace(string(prefix)))
	if b, ok := git(ctx, dir, "symbolic-ref", "--quiet", "--short", "HEAD"); ok {
		w.Branch = strings.TrimSpace(string(b))
	}
	return w
}

// git runs git with args in dir under Timeout and returns its stdout; ok is
// false when it failed in any way.
func git(ctx context.Context, dir string, args ...string) ([]byte, bool) {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir, "--no-optional-locks"}, args...)...)
	cmd.Env = append(cmd.Environ(), "GIT_TERMINAL_PROMPT=0", "LC_ALL=C")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		return nil, false
	}
	return stdout.Bytes(), true
}

// parseStatus reads `git status --porcelain=v1 -z` output: entries "XY path"
// separated by NUL, with paths relative to the repository's top. prefix is
// dir relative to the top ("sub/dir/"), stripped from each path.
func parseStatus(out []byte, prefix string) []string {
	var changed, untracked []string
	for entry := range bytes.SplitSeq(out, []byte{0}) {
		if len(entry) < 4 || entry[2] != ' ' {
			continue
		}
		xy, p := string(entry[:2]), string(entry[3:])
		p, ok := strings.CutPrefix(p, prefix)
		if !ok || p == "" || strings.HasSuffix(p, "/") {
			continue
		}
		p = path.Clean(p)
		switch {
		case xy == "??":
			untracked = append(untracked, p)
		case xy == "!!":
		default: // modified, added, deleted (still the work's subject), ...
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	slices.Sort(untracked)
	all := append(slices.Compact(changed), slices.Compact(untracked)...)
	if len(all) > MaxPaths {
		all = all[:MaxPaths]
	}
	return all
}
