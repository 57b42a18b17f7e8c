package memfile

// Placeholders for the write path while it is being built; each moves to its
// own file when implemented and this file is deleted.

import (
	"errors"
	"os"
	"time"
)

// ErrBusy means another process held the lock past the timeout.
var ErrBusy = errors.New("learnings file is locked by another learn process")

// DefaultLockTimeout is how long a writer waits for the lock.
const DefaultLockTimeout = 10 * time.Second

// Read returns the file's bytes. A missing file is reported with an error
// that matches fs.ErrNotExist; a directory or other non-regular file is an
// error that says so.
func Read(path string) ([]byte, error) { return os.ReadFile(path) }

// UpdateFunc computes the new content from the current one. exists is false
// when the file does not exist yet. Returning the input unchanged skips the
// write.
type UpdateFunc func(current []byte, exists bool) ([]byte, error)

// Update locks the file, re-reads it, calls fn and atomically replaces the
// file with the result, creating .tmp/ (with a .gitignore) when needed.
func Update(path string, timeout time.Duration, fn UpdateFunc) error {
	return errors.New("not implemented")
}

// Backup copies data to the spec's backup file beside path and to a new
// timestamped copy in the backup ring, returning the ring copy's path.
func Backup(path string, data []byte, now time.Time) (string, error) {
	return "", errors.New("not implemented")
}

// BackupInfo describes one copy in the backup ring.
type BackupInfo struct {
	Path string
	Time time.Time
	Size int64
}

// Backups lists the ring, newest first.
func Backups(path string) ([]BackupInfo, error) { return nil, errors.New("not implemented") }
