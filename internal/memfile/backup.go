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
	"sync"
	"syscall"
	"time"
)

// RingSize is how many timestamped backups are kept: enough to step back
// through a few compacts and forgets, small enough to never matter on disk.
const RingSize = 10

// ringStamp names ring copies in UTC so that their names sort in time order
// whatever the local time zone or daylight saving does.
const ringStamp = "20060102-150405.000"

// backupPerm is the mode of every backup learn writes, and ringDirPerm the
// mode of the backups folder it creates: a backup holds the whole memory,
// so only its owner reads it, whatever the memory file's own mode.
const (
	backupPerm  os.FileMode = 0o600
	ringDirPerm os.FileMode = 0o700
)

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
// within one millisecond. The copies are 0600 and a new backups folder 0700,
// whatever the file's own mode: a backup is a full copy of the memory.
//
// The ring copy is a second name (a hard link) for the spec backup's
// bytes where the file system allows, not a second copy: learn replaces
// a backup only by renaming a new file over it, which leaves the other
// name's bytes as they were. Writing and syncing 10 MB twice was about a
// quarter of learn compact's system time on a 10 MB memory.
func Backup(path string, data []byte, now time.Time) (string, error) {
	if _, err := ensureDir(filepath.Dir(path)); err != nil {
		return "", err
	}
	if err := writeBackup(BackupPath(path), data); err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	ring, err := makeRingDir(path)
	if err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	// A ring copy is always newer than the ones before it, even when the
	// clock stepped back or a test clock stands still.
	stamp := now.UTC().Truncate(time.Millisecond)
	if list, err := Backups(path); err == nil && len(list) > 0 && !list[0].Time.Before(stamp) {
		stamp = list[0].Time.Add(time.Millisecond)
	}
	// Only a link refused is written as a copy: a link made whose folder
	// failed to sync is an error, as a copy's would be, not a second copy.
	copyPath, err := linkUnique(ring, ringPrefix(path), BackupPath(path), stamp)
	if copyPath == "" {
		copyPath, err = writeUnique(ring, ringPrefix(path), data, stamp)
	}
	if err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	track(path, copyPath)
	if err := prune(path); err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	return copyPath, nil
}

// makeRingDir is the one place that creates the backups folder of path
// (.tmp/backups): 0700, since what it holds is the whole memory. Any check
// on where learn may create folders (a symlink leading out of the project)
// belongs here.
func makeRingDir(path string) (string, error) {
	ring := RingDir(path)
	if err := CheckRingDir(path); err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	if err := os.MkdirAll(ring, ringDirPerm); err != nil {
		return "", writeError(ring, filepath.Dir(ring), err)
	}
	return ring, nil
}

func ringPrefix(path string) string {
	stem, _ := splitExt(filepath.Base(path))
	return stem + "."
}

// writeUnique writes data to a temp file, syncs it and hard-links it to the
// first free name from t on: link(2) never replaces an existing file, so two
// concurrent backups cannot overwrite each other.
func writeUnique(dir, prefix string, data []byte, t time.Time) (string, error) {
	tmp, err := writeTemp(dir, ringTempPrefix+prefix, data)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	return linkUnique(dir, prefix, tmp, t)
}

// linkUnique hard-links the synced file from to the first free name in
// dir from t on, as writeUnique does its temp file. The name is "" when
// no link was made.
func linkUnique(dir, prefix, from string, t time.Time) (string, error) {
	for range 10000 {
		name := filepath.Join(dir, prefix+t.Format(ringStamp)+".md")
		err := os.Link(from, name)
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

// writeBackup atomically replaces the backup file at path with data, mode
// 0600 whatever mode an older backup had.
func writeBackup(path string, data []byte) error {
	dir, base := filepath.Split(path)
	tmp, err := writeTemp(filepath.Clean(dir), "."+base+specTempInfix, data)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Rename(tmp, path); err != nil {
		return writeError(path, dir, err)
	}
	return syncDir(filepath.Clean(dir))
}

// Temp files of backups are named after the process writing them (prefix,
// "p", its PID, "-", a random suffix), so that a later run can tell the
// leftovers of a killed writer (see removeBackupDebris).
const (
	ringTempPrefix = ".tmp-"
	specTempInfix  = ".tmp-"
)

// writeTemp writes data to a new 0600 temp file in dir named prefix + "p"
// + PID + "-" + random, syncs and closes it, and returns its path.
func writeTemp(dir, prefix string, data []byte) (string, error) {
	f, err := createTemp(dir, prefix+"p"+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return "", writeError(dir, dir, err)
	}
	name := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", writeError(name, dir, err)
	}
	return name, nil
}

// createTemp is os.CreateTemp with the backups' mode.
func createTemp(dir, prefix string) (*os.File, error) {
	for {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, backupPerm)
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
		_ = os.Remove(AfterPath(b.Path))
	}
	// After records whose copy is gone (an older learn pruned it).
	entries, _ := os.ReadDir(RingDir(path))
	for _, e := range entries {
		if stem, ok := strings.CutSuffix(e.Name(), afterSuffix); ok && strings.HasPrefix(e.Name(), ringPrefix(path)) {
			if _, err := os.Lstat(filepath.Join(RingDir(path), stem+".md")); errors.Is(err, fs.ErrNotExist) {
				_ = os.Remove(filepath.Join(RingDir(path), e.Name()))
			}
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

// staleAfter is how old a backup temp file must be before a run that cannot
// tell its writer is gone removes it: far longer than any backup takes.
const staleAfter = time.Minute

// tend wraps fn, the change of one Update of path, with what the backups
// need around every write: before fn, the temp files of backups that a
// killed writer left (full copies of the memory) are removed; after it,
// each backup fn made gets its after record, the file as the change leaves
// it, so that undo can take back that change alone (see Undo). A backup of
// a change that fn then refused or found empty is removed: it is a copy of
// the file as it stays.
func tend(path string, fn UpdateFunc) UpdateFunc {
	return func(current []byte, exists bool) ([]byte, error) {
		removeBackupDebris(path)
		key := trackKey(path)
		tracked.Lock()
		tracked.m[key] = nil
		tracked.Unlock()
		next, err := fn(current, exists)
		tracked.Lock()
		made := tracked.m[key]
		delete(tracked.m, key)
		tracked.Unlock()
		if err != nil || exists && bytes.Equal(next, current) || !exists && len(next) == 0 {
			for _, c := range made {
				_ = os.Remove(c)
			}
			return next, err
		}
		for _, c := range made {
			if err := writeAfter(path, c, next); err != nil {
				return nil, fmt.Errorf("back up %s: %w", path, err)
			}
		}
		return next, nil
	}
}

// tracked holds, for each file whose Update is running fn, the ring copies
// Backup made meanwhile. Update holds the file's lock while fn runs, so one
// entry per file is enough, even within one process.
var tracked = struct {
	sync.Mutex
	m map[string][]string
}{m: map[string][]string{}}

func trackKey(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}

// track notes a ring copy made inside an Update of path; a Backup outside
// any Update gets no after record.
func track(path, copyPath string) {
	key := trackKey(path)
	tracked.Lock()
	defer tracked.Unlock()
	if list, ok := tracked.m[key]; ok {
		tracked.m[key] = append(list, copyPath)
	}
}

// afterSuffix ends the name of a ring copy's after record:
// memory-learnings.20261122-130509.123.md has
// memory-learnings.20261122-130509.123.after.md. Backups does not list it
// (its stamp does not parse).
const afterSuffix = ".after.md"

// AfterPath is where the after record of ring copy copyPath is kept: the
// file as the change backed up in copyPath left it.
func AfterPath(copyPath string) string {
	return strings.TrimSuffix(copyPath, ".md") + afterSuffix
}

// writeAfter atomically writes the after record of path's ring copy
// copyPath.
func writeAfter(path, copyPath string, data []byte) error {
	dir := filepath.Dir(copyPath)
	tmp, err := writeTemp(dir, ringTempPrefix+ringPrefix(path), data)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Rename(tmp, AfterPath(copyPath)); err != nil {
		return writeError(AfterPath(copyPath), dir, err)
	}
	return syncDir(dir)
}

// removeBackupDebris removes the temp files that backups of path leave when
// their writer is killed mid-write: the spec backup's beside path and the
// ring's in the backups folder. Only learn's own temp names go, and only
// stale ones: a writer named in the file (by its PID) that is gone, or a
// file older than staleAfter (the names of older learn versions carry no
// PID). Update calls it under the lock, so no live backup is in progress.
func removeBackupDebris(path string) {
	now := time.Now()
	removeDebris(filepath.Dir(path), "."+filepath.Base(BackupPath(path)), now, func(rest string) (int, bool) {
		if digits := strings.Trim(rest, "0123456789"); digits == "" && rest != "" {
			return 0, true // renameio's temp name, as older versions wrote it
		}
		r, ok := strings.CutPrefix(rest, specTempInfix)
		if !ok {
			return 0, false
		}
		return tempPID(r)
	})
	removeDebris(RingDir(path), ringTempPrefix+ringPrefix(path), now, func(rest string) (int, bool) {
		if rest != "" && strings.Trim(rest, "0123456789abcdefghijklmnopqrstuvwxyz") == "" {
			return 0, true // an older version's temp name: no PID in it
		}
		return tempPID(rest)
	})
}

// tempPID reads "p<pid>-<random>", the tail of writeTemp's names.
func tempPID(rest string) (int, bool) {
	r, ok := strings.CutPrefix(rest, "p")
	if !ok {
		return 0, false
	}
	pid, random, ok := strings.Cut(r, "-")
	n, err := strconv.Atoi(pid)
	if !ok || err != nil || n <= 0 || random == "" || strings.Trim(random, "0123456789abcdefghijklmnopqrstuvwxyz") != "" {
		return 0, false
	}
	return n, true
}

// removeDebris removes the regular files of dir whose names are prefix and a
// tail that parse accepts, when stale: parse's PID is not a live process, or
// the file is older than staleAfter.
func removeDebris(dir, prefix string, now time.Time, parse func(rest string) (pid int, ok bool)) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		pid, ok := parse(rest)
		if !ok {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if now.Sub(info.ModTime()) > staleAfter || pid > 0 && processGone(pid) {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// processGone says whether no process has this PID. Signal 0 checks without
// signalling; EPERM means it exists under another user.
func processGone(pid int) bool {
	if pid == os.Getpid() {
		return false
	}
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
