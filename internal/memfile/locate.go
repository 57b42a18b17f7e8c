package memfile

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Kinds of Location, the machine-readable half of its reason.
const (
	KindFlag    = "flag"    // --file
	KindEnv     = "env"     // $LEARN_FILE
	KindProject = "project" // the project root: a repository's (main) work tree, or the working directory
	KindShared  = "shared"  // a linked worktree's memory, kept in its main worktree (or bare repository)
)

// Location is the learnings file an invocation works on and why that one,
// so that doctor and every --json can say which file is used and on what
// grounds.
type Location struct {
	// Path is the learnings file, absolute and clean.
	Path string `json:"file"`
	// Reason says why Path in words: "--file", "$LEARN_FILE", "project
	// root", "main worktree of linked worktree /src/app-fix", ...
	Reason string `json:"reason"`
	// Kind is Reason for scripts: KindFlag, KindEnv, KindProject or
	// KindShared.
	Kind string `json:"kind"`
	// Root is the directory the default path hangs from (the project); the
	// symlink checks keep every write inside it. Empty for --file and
	// $LEARN_FILE, which are taken as given.
	Root string `json:"root,omitempty"`
	// Worktree is the linked worktree the command runs in when the memory
	// is shared from elsewhere (KindShared).
	Worktree string `json:"worktree,omitempty"`
	// Adopt is a memory file left inside that linked worktree, from before
	// worktrees shared one memory: Adopt merges it into Path.
	Adopt string `json:"adopt,omitempty"`
}

// Default reports whether Path is the default path, found rather than
// given, so that the symlink rules apply to it.
func (l Location) Default() bool { return l.Kind == KindProject || l.Kind == KindShared }

// Locate picks the learnings file: the --file flag, else $LEARN_FILE (both
// taken from wd when relative, and used as given, symlinks included), else
// DefaultRel under the project root (see ProjectLocation). It reads git's
// own files and runs no git command, so it costs a few stat calls.
func Locate(flag, env, wd string) Location {
	switch {
	case flag != "":
		return Location{Path: absFrom(wd, flag), Reason: "--file", Kind: KindFlag}
	case env != "":
		return Location{Path: absFrom(wd, env), Reason: "$LEARN_FILE", Kind: KindEnv}
	}
	return ProjectLocation(wd)
}

func absFrom(wd, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(wd, p)
	}
	return filepath.Clean(p)
}

// ProjectLocation is the default learnings file for wd: DefaultRel under
// the project root, where the project is
//
//   - the work tree of the nearest enclosing repository (an ordinary
//     checkout, a submodule or a repository nested in another: each is its
//     own project);
//   - for a linked worktree (git worktree add), the repository's main
//     worktree, so that every worktree shares one memory and removing a
//     worktree removes none of it;
//   - for a bare repository, and for the linked worktrees of one, the bare
//     repository's directory itself, since there is no main work tree;
//   - outside any repository, wd.
func ProjectLocation(wd string) Location {
	wd = filepath.Clean(wd)
	for dir := wd; ; {
		if fi, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return repoLocation(dir, fi)
		}
		if isBare(dir) {
			return Location{Path: filepath.Join(dir, DefaultRel), Reason: "bare repository " + dir, Kind: KindProject, Root: dir}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return Location{Path: filepath.Join(wd, DefaultRel), Reason: "working directory (not in a git repository)", Kind: KindProject, Root: wd}
		}
		dir = parent
	}
}

// repoLocation is the default location for a work tree top holding .git.
func repoLocation(top string, gitFi os.FileInfo) Location {
	own := Location{Path: filepath.Join(top, DefaultRel), Reason: "project root", Kind: KindProject, Root: top}
	if gitFi.IsDir() {
		return own
	}
	gitdir, ok := readGitFile(top)
	if !ok {
		return own
	}
	common, ok := linkedCommonDir(top, gitdir)
	if !ok {
		// A submodule or a --separate-git-dir checkout: its own project.
		return own
	}
	shared := Location{Kind: KindShared, Worktree: top}
	switch main, bare := mainWorktree(common); {
	case bare:
		shared.Root = common
		shared.Reason = "bare repository " + common + " of linked worktree " + top
	case main != "" && main != top:
		shared.Root = main
		shared.Reason = "main worktree of linked worktree " + top
	default:
		own.Reason = "project root (linked worktree whose main worktree cannot be found from " + common + ")"
		return own
	}
	shared.Path = filepath.Join(shared.Root, DefaultRel)
	if old := filepath.Join(top, DefaultRel); isPlainFile(old) && isPlainDir(filepath.Dir(old)) {
		shared.Adopt = old
	}
	return shared
}

// readGitFile reads a ".git" file ("gitdir: PATH") and returns the git
// directory it names, made absolute.
func readGitFile(top string) (string, bool) {
	data, err := readSmall(filepath.Join(top, ".git"))
	if err != nil {
		return "", false
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	p, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "gitdir:")
	if !ok {
		return "", false
	}
	return absFrom(top, strings.TrimSpace(p)), true
}

// linkedCommonDir returns the repository's common git directory when
// gitdir is a linked worktree's git directory (it holds "commondir") that
// names top as its worktree in turn ("gitdir" back to top/.git): a .git file
// alone, which an unpacked archive can carry, never moves the memory.
func linkedCommonDir(top, gitdir string) (string, bool) {
	cd, err := readSmall(filepath.Join(gitdir, "commondir"))
	if err != nil {
		return "", false
	}
	back, err := readSmall(filepath.Join(gitdir, "gitdir"))
	if err != nil || !sameFile(absFrom(gitdir, strings.TrimSpace(string(back))), filepath.Join(top, ".git")) {
		return "", false
	}
	common := absFrom(gitdir, strings.TrimSpace(string(cd)))
	if !looksLikeGitDir(common) {
		return "", false
	}
	return common, true
}

// mainWorktree finds the main work tree of the repository whose git
// directory is common: core.worktree when set (a submodule's), else the
// directory holding common when common is its ".git"; bare is true for a
// bare repository. Neither (a --separate-git-dir repository) returns "".
func mainWorktree(common string) (main string, bare bool) {
	wt, isBare := coreConfig(common)
	switch {
	case wt != "":
		return absFrom(common, wt), false
	case isBare:
		return "", true
	case filepath.Base(common) == ".git":
		parent := filepath.Dir(common)
		if sameFile(filepath.Join(parent, ".git"), common) {
			return parent, false
		}
	}
	return "", false
}

// isBare reports whether dir is a bare repository: a git directory whose
// config says core.bare = true.
func isBare(dir string) bool {
	if !looksLikeGitDir(dir) {
		return false
	}
	_, bare := coreConfig(dir)
	return bare
}

// looksLikeGitDir is git's own test: HEAD, objects/ and refs/.
func looksLikeGitDir(dir string) bool {
	return isPlainFile(filepath.Join(dir, "HEAD")) && isDir(filepath.Join(dir, "objects")) && isDir(filepath.Join(dir, "refs"))
}

// coreConfig reads core.worktree and core.bare from a git directory's
// config: enough of git's config syntax for those two keys.
func coreConfig(gitdir string) (worktree string, bare bool) {
	data, err := readSmall(filepath.Join(gitdir, "config"))
	if err != nil {
		return "", false
	}
	inCore := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			name := strings.TrimSpace(strings.Trim(line, "[]"))
			inCore = strings.EqualFold(name, "core")
			continue
		}
		if !inCore || line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		key, val, hasVal := strings.Cut(line, "=")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
		val = strings.Trim(val, `"`)
		switch key {
		case "worktree":
			worktree = val
		case "bare":
			bare = !hasVal || gitBool(val)
		}
	}
	return worktree, bare
}

func gitBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// readSmall reads a small git bookkeeping file; anything over 64 KiB is
// not one, and only its first 64 KiB are read.
func readSmall(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, 64<<10))
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// isPlainFile and isPlainDir do not follow a symlink.
func isPlainFile(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode().IsRegular()
}

func isPlainDir(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.IsDir()
}

// String is the location as doctor prints it: the path and its reason.
func (l Location) String() string { return fmt.Sprintf("%s (%s)", l.Path, l.Reason) }
