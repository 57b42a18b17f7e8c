package memfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/renameio/v2"
)

// RingSize is how many timestamped backups are kept: enough to step back
// through a few compacts and forgets, small enough to never matter on disk.
const RingSize = 10

// ringStamp names ring copies in UTC so that their names sort in time order
// whatever the local time zone or daylight saving does.
const ringStamp = "20060102-150405.000"

// BackupInfo describes one copy in the backup ring.
type BackupInfo struct {
	Path string
	Time time.Time
	Size int64
}

// BackupPath is the spec's single backup beside the file:
// memory-learnings.md → memory-learnings.backup.md.
func BackupPath(path string) string {
	stem, ext := splitExt(path)
	return stem + ".backup" + ext
}

// RingDir is the directory holding the timestamped backups of path.
func RingDir(path string) string {
	return filepath.Join(filepath.Dir(path), "backups")
}

func splitExt(path string) (string, string) {
	ext := filepath.Ext(path)
	if ext != ".md" {
		return path, ".md"
	}
	return strings.TrimSuffix(path, ext), ext
}

// Backup copies data to the spec's backup file beside path and to a new
// timestamped copy in the ring, dropping the oldest copies beyond RingSize,
// so every destructive command can be undone. It returns the ring copy's
// path. Both writes are atomic, and two backups never share a name, even
// within one millisecond. The copies get the file's own mode, so a file the
// user restricted to 0600 or 0640 is not copied world-readable.
func Backup(path string, data []byte, now time.Time) (string, error) {
	if _, err := ensureDir(filepath.Dir(path)); err != nil {
		return "", err
	}
	perm := os.FileMode(0)
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	if err := writeBackup(BackupPath(path), data, perm); err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	ring := RingDir(path)
	if err := os.MkdirAll(ring, 0o755); err != nil {
		return "", fmt.Errorf("back up %s: %w", path, writeError(ring, filepath.Dir(ring), err))
	}
	// A ring copy is always newer than the ones before it, even when the
	// clock stepped back or a test clock stands still.
	stamp := now.UTC().Truncate(time.Millisecond)
	if list, err := Backups(path); err == nil && len(list) > 0 && !list[0].Time.Before(stamp) {
		stamp = list[0].Time.Add(time.Millisecond)
	}
	copyPath, err := writeUnique(ring, ringPrefix(path), data, stamp, perm)
	if err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	if err := prune(path); err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	return copyPath, nil
}

func ringPrefix(path string) string {
	stem, _ := splitExt(filepath.Base(path))
	return stem + "."
}

// writeUnique writes data to a temp file, syncs it and hard-links it to the
// first free name from t on: link(2) never replaces an existing file, so two
// concurrent backups cannot overwrite each other. A non-zero perm is given
// to the copy exactly; zero means the mode of a new learnings file.
func writeUnique(dir, prefix string, data []byte, t time.Time, perm os.FileMode) (string, error) {
	tmp, err := createTemp(dir, ".tmp-"+prefix)
	if err != nil {
		return "", writeError(dir, dir, err)
	}
	defer os.Remove(tmp.Name())
	if perm != 0 {
		if err := tmp.Chmod(perm); err != nil {
			tmp.Close()
			return "", writeError(tmp.Name(), dir, err)
		}
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", writeError(tmp.Name(), dir, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	for range 10000 {
		name := filepath.Join(dir, prefix+t.Format(ringStamp)+".md")
		err := os.Link(tmp.Name(), name)
		if err == nil {
			return name, syncDir(dir)
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", writeError(name, dir, err)
		}
		t = t.Add(time.Millisecond)
	}
	return "", fmt.Errorf("no free backup name in %s", dir)
}

// writeBackup atomically replaces the backup file at path with data. A
// non-zero perm is set exactly, whatever mode an older backup had; zero
// means the mode of a new learnings file.
func writeBackup(path string, data []byte, perm os.FileMode) error {
	if perm == 0 {
		return writeAtomic(path, data)
	}
	dir := filepath.Dir(path)
	pf, err := renameio.NewPendingFile(path, renameio.WithTempDir(dir), renameio.WithStaticPermissions(perm))
	if err != nil {
		return writeError(path, dir, err)
	}
	defer func() { _ = pf.Cleanup() }()
	if _, err := pf.Write(data); err != nil {
		return writeError(path, dir, err)
	}
	if err := pf.CloseAtomicallyReplace(); err != nil {
		return writeError(path, dir, err)
	}
	return syncDir(dir)
}

// createTemp is os.CreateTemp with the mode of a new learnings file (0644
// minus the umask) instead of 0600.
func createTemp(dir, prefix string) (*os.File, error) {
	for {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, newFilePerm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}

// prune removes ring copies beyond RingSize, oldest first.
func prune(path string) error {
	list, err := Backups(path)
	if err != nil {
		return err
	}
	for _, b := range list[min(RingSize, len(list)):] {
		if err := os.Remove(b.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// Backups lists the ring, newest first. No ring yet is an empty list.
func Backups(path string) ([]BackupInfo, error) {
	ring := RingDir(path)
	entries, err := os.ReadDir(ring)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list backups: %w", err)
	}
	prefix := ringPrefix(path)
	var list []BackupInfo
	for _, e := range entries {
		stamp, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok {
			continue
		}
		stamp, ok = strings.CutSuffix(stamp, ".md")
		if !ok {
			continue
		}
		t, err := time.Parse(ringStamp, stamp)
		if err != nil || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		list = append(list, BackupInfo{Path: filepath.Join(ring, e.Name()), Time: t, Size: info.Size()})
	}
	slices.SortFunc(list, func(a, b BackupInfo) int { return b.Time.Compare(a.Time) })
	return list, nil
}

// Restore puts backup b back in place of path, atomically and under the
// lock. The current file is backed up first, so a restore can itself be
// undone.
func Restore(path string, b BackupInfo, timeout time.Duration) error {
	data, err := Read(b.Path)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	return Update(path, timeout, func(current []byte, exists bool) ([]byte, error) {
		if exists && bytes.Equal(current, data) {
			return current, nil
		}
		if exists {
			if _, err := Backup(path, current, time.Now()); err != nil {
				return nil, err
			}
		}
		return data, nil
	})
}
