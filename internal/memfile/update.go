package memfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/gofrs/flock"
	"github.com/google/renameio/v2"
)

// ErrBusy means another process held the lock past the timeout. Commands map
// it to exit status 4 so scripts can retry.
var ErrBusy = errors.New("learnings file is locked by another learn process")

// DefaultLockTimeout is how long a writer waits for the lock: long enough for
// dozens of agents storing at once, short enough that a wedged holder is
// reported instead of hanging an agent's shell.
const DefaultLockTimeout = 10 * time.Second

// newFilePerm is the mode of a file learn creates (the learnings file, its
// lock, .tmp/.gitignore), before the umask: private to its owner, since a
// memory can hold what others on the machine should not read.
const newFilePerm = 0o600

// newDirPerm is the mode of a folder learn creates (.tmp), before the umask.
const newDirPerm = 0o700

// maxLinkDepth bounds symlink chains so a loop is an error, not a hang.
const maxLinkDepth = 40

// UpdateFunc computes the new content from the current one. exists is false
// when the file does not exist yet. Returning the input unchanged (or nothing
// for a missing file) skips the write.
type UpdateFunc func(current []byte, exists bool) ([]byte, error)

type busyError struct {
	path   string
	lock   string
	waited time.Duration
}

func (e *busyError) Error() string {
	return fmt.Sprintf("%s is busy: another learn process held the lock %s for over %s; "+
		"try again in a moment (if no learn process is running, find the holder with `fuser %s`)",
		e.path, e.lock, e.waited, e.lock)
}

func (e *busyError) Is(target error) bool { return target == ErrBusy }

// Update locks the file, re-reads it, calls fn and atomically replaces the
// file with the result, so concurrent writers never lose each other's
// changes and a crash leaves the old file or the new one, never a mix.
//
// A symlinked file is written through: the link's target is replaced and the
// link kept. The parent directory is created when missing; a `.tmp` directory
// gets a `.gitignore` of `*` so the memory stays out of version control
// without touching the user's own .gitignore. What Update creates is
// private: files 0600, the folder 0700 (minus the umask); an existing file
// or folder keeps its mode. The lock is a sidecar
// `<file>.lock` held with flock(2), which the kernel drops when its holder
// dies, so a leftover lock file never blocks; writers take it in the
// order they came (see ticket). The file keeps its mode.
func Update(path string, timeout time.Duration, fn UpdateFunc) error {
	return updateThen(path, timeout, fn, nil)
}

// updateThen is Update calling then, still under the lock, after a
// successful write (or a write that was not needed).
func updateThen(path string, timeout time.Duration, fn UpdateFunc, then func() error) error {
	fn = tend(path, fn)
	target, err := resolveLink(path)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(target); err == nil {
		if err := checkRegular(path, fi); err != nil {
			return err
		}
	} else if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return err
	}
	dir := filepath.Dir(target)
	createdDir, err := ensureDir(dir)
	if err != nil {
		return err
	}
	unlock, err := lock(target, timeout)
	if err != nil {
		return err
	}
	defer unlock()

	if filepath.Base(dir) == ".tmp" {
		if err := ensureGitignore(dir, createdDir); err != nil {
			return err
		}
	}
	removeStaleTemps(target)

	current, err := Read(target)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	next, err := fn(current, exists)
	if err != nil {
		return err
	}
	if !(exists && bytes.Equal(next, current) || !exists && len(next) == 0) {
		if err := writeAtomic(target, next); err != nil {
			return err
		}
	}
	if then != nil {
		return then()
	}
	return nil
}

// resolveLink follows a symlink at path (not its parent directories, which a
// rename goes through anyway) to the file it names, even when that file does
// not exist yet.
func resolveLink(path string) (string, error) {
	for range maxLinkDepth {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// ensureDir creates dir when missing and says whether it did.
func ensureDir(dir string) (bool, error) {
	fi, err := os.Stat(dir)
	if err == nil {
		if !fi.IsDir() {
			return false, fmt.Errorf("%s is not a directory, cannot hold the learnings file", dir)
		}
		return false, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	if err := os.MkdirAll(dir, newDirPerm); err != nil {
		return false, fmt.Errorf("cannot create directory %s for the learnings file: %w", dir, err)
	}
	return true, nil
}

// ensureGitignore keeps a .tmp directory out of version control. In a .tmp
// that already existed, failing to add the file is not worth failing the
// user's write over.
func ensureGitignore(dir string, created bool) error {
	p := filepath.Join(dir, ".gitignore")
	if _, err := os.Lstat(p); err == nil {
		return nil
	}
	err := renameio.WriteFile(p, []byte("*\n"), newFilePerm, renameio.WithTempDir(dir))
	if err != nil && created {
		return writeError(p, dir, err)
	}
	return nil
}

// lock takes the sidecar lock in its turn: it takes a ticket (see
// ticket) and waits for the writers that came before it.
func lock(target string, timeout time.Duration) (func(), error) {
	lockPath := target + ".lock"
	deadline := time.Now().Add(timeout)
	t, err := takeTicket(lockPath)
	if err != nil {
		return nil, writeError(lockPath, filepath.Dir(lockPath), err)
	}
	return t.lock(target, deadline, timeout)
}

// lock waits for t's turn, then polls the lock, which only a learn
// without tickets can hold by then, with a growing, jittered delay so
// that many such processes do not retry in step. The function it returns
// unlocks and drops t; on an error t is dropped already.
func (t *ticket) lock(target string, deadline time.Time, timeout time.Duration) (func(), error) {
	lockPath := target + ".lock"
	busy := &busyError{path: target, lock: lockPath, waited: timeout}
	if ok, err := t.waitTurn(lockPath, deadline); err != nil || !ok {
		t.drop()
		if err != nil {
			return nil, writeError(lockPath, filepath.Dir(lockPath), err)
		}
		return nil, busy
	}
	fl := flock.New(lockPath, flock.SetPermissions(newFilePerm))
	delay := time.Millisecond
	for {
		ok, err := fl.TryLock()
		if err != nil {
			t.drop()
			return nil, writeError(lockPath, filepath.Dir(lockPath), err)
		}
		if ok {
			return func() {
				_ = fl.Unlock()
				t.drop()
			}, nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			t.drop()
			return nil, busy
		}
		sleep := delay/2 + rand.N(delay/2+1)
		time.Sleep(min(sleep, left))
		delay = min(delay*2, 50*time.Millisecond)
	}
}

// removeStaleTemps deletes temp files that writers killed mid-write left
// behind. Only the lock holder writes temp files for target, so under the
// lock every one of them is debris.
func removeStaleTemps(target string) {
	dir, base := filepath.Split(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := "." + base
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		_ = os.Remove(filepath.Join(dir, name))
	}
}

// writeAtomic replaces path with data: a temp file in the same directory,
// fsync, rename, fsync of the directory. An existing file keeps its mode and
// owner; a new one gets 0600 minus the umask.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	pf, err := renameio.NewPendingFile(path,
		renameio.WithTempDir(dir),
		renameio.WithPermissions(newFilePerm),
		renameio.WithExistingPermissions())
	if err != nil {
		return writeError(path, dir, err)
	}
	defer func() { _ = pf.Cleanup() }()
	if fi, err := os.Stat(path); err == nil {
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			_ = pf.Chown(int(st.Uid), int(st.Gid))
		}
	}
	if _, err := pf.Write(data); err != nil {
		return writeError(path, dir, err)
	}
	if err := pf.CloseAtomicallyReplace(); err != nil {
		return writeError(path, dir, err)
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

// writeError turns a permission or read-only error into one that names the
// directory, since that is what the user has to fix.
func writeError(path, dir string, err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("cannot write %s: directory %s is not writable: %w", path, dir, err)
	case errors.Is(err, syscall.EROFS):
		return fmt.Errorf("cannot write %s: %s is on a read-only file system: %w", path, dir, err)
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("cannot write %s: no space left on the device holding %s: %w", path, dir, err)
	default:
		return fmt.Errorf("write %s: %w", path, err)
	}
}
