package memfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// ErrUnsafeLink marks a symbolic link on the default path that leads out of
// the project: a cloned repository can ship `.tmp` or
// `.tmp/memory-learnings.md` as a link to a shell's rc file or a profile
// directory, and learn would write there. Commands refuse (exit 1) before
// writing anything.
var ErrUnsafeLink = errors.New("symbolic link leads out of the project")

// LinkError names the link, where it leads and the project it leaves.
type LinkError struct {
	Link   string // the symbolic link on the default path
	Target string // where it finally leads ("" when the chain loops)
	Root   string // the project the target is outside of
	Why    string // "outside the project", "inside the git directory of the project", "a loop"
}

func (e *LinkError) Error() string {
	what := "a symbolic link to " + e.Target + ", " + e.Why + " " + e.Root
	if e.Target == "" {
		what = "a symbolic link that loops, so where learn would write cannot be known"
	}
	return fmt.Sprintf("refusing to use %s: it is %s; a repository can ship such a link to aim learn's writes anywhere. "+
		"Remove the link (learn then creates a plain file), or name the file you mean with --file or $LEARN_FILE", e.Link, what)
}

// Is makes errors.Is(err, ErrUnsafeLink) hold.
func (e *LinkError) Is(target error) bool { return target == ErrUnsafeLink }

// DefaultPaths are the paths learn writes, creates or locks for the
// learnings file at path: its folder, the file, its lock, the spec's backup
// beside it, the backup ring folder and the folder's .gitignore. They are
// what CheckLinks inspects.
func DefaultPaths(path string) []string {
	dir := filepath.Dir(path)
	return []string{dir, path, path + ".lock", BackupPath(path), RingDir(path), filepath.Join(dir, ".gitignore")}
}

// CheckLinks refuses a default location (see Location.Default) when any
// path learn would write through is a symbolic link that leaves the
// project: one whose final target (every link of a chain followed,
// dangling or not) is outside loc.Root, or inside the repository's .git
// directory. A link that stays in the project (`.tmp -> ../shared-tmp`) is
// followed: the project already decides what is written in it, and git
// shows it. A path given with --file or $LEARN_FILE is the user's own
// choice and is not checked. The error is a *LinkError.
func CheckLinks(loc Location) error {
	if !loc.Default() || loc.Root == "" {
		return nil
	}
	for _, p := range DefaultPaths(loc.Path) {
		if err := CheckLink(loc.Root, p); err != nil {
			return err
		}
	}
	return nil
}

// CheckRingDir is the check for the backup ring folder of the learnings
// file at path (RingDir), for the code that creates it: it refuses a ring
// folder that is a symbolic link leading out of the project holding path's
// folder (for the default path, the project root). Call it before
// os.MkdirAll(RingDir(path)).
func CheckRingDir(path string) error {
	return CheckLink(filepath.Dir(filepath.Dir(path)), RingDir(path))
}

// CheckLink refuses p when it, or a folder between root and p, is a
// symbolic link whose final target is outside root or inside root's .git.
// A p that does not exist, or is not under root, passes.
func CheckLink(root, p string) error {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return nil
	}
	cur := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		if err != nil {
			return nil
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		realRoot, err := filepath.EvalSymlinks(root)
		if err != nil {
			return nil
		}
		target, err := finalTarget(cur)
		if err != nil {
			return &LinkError{Link: cur, Root: root, Why: "a loop"}
		}
		switch {
		case !within(realRoot, target):
			return &LinkError{Link: cur, Target: target, Root: root, Why: "outside the project"}
		case within(filepath.Join(realRoot, ".git"), target):
			return &LinkError{Link: cur, Target: target, Root: root, Why: "inside the git directory of the project"}
		}
	}
	return nil
}

func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// finalTarget follows the symbolic link at p, and every link after it,
// folders included, to the path it finally names, which need not exist.
func finalTarget(p string) (string, error) {
	for range maxLinkDepth {
		fi, err := os.Lstat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				return resolveMissing(p)
			}
			return "", err
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			return filepath.EvalSymlinks(p)
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		dir, err := resolveMissing(filepath.Dir(dest))
		if err != nil {
			return "", err
		}
		p = filepath.Join(dir, filepath.Base(dest))
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", p)
}

// resolveMissing is EvalSymlinks for a path whose tail may not exist: the
// longest existing prefix is resolved and the rest appended.
func resolveMissing(p string) (string, error) {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r, nil
	}
	if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return finalTarget(p)
	}
	parent := filepath.Dir(p)
	if parent == p {
		return p, nil
	}
	dir, err := resolveMissing(parent)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, filepath.Base(p)), nil
}
