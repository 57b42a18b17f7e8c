package memfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"time"
)

// ErrNoBackups and ErrNoChange are what Undo says when there is nothing to
// undo: no backup at all, or none that differs from the file now. Callers word
// them for their reader.
var (
	ErrNoBackups = errors.New("no backups yet")
	ErrNoChange  = errors.New("every backup is the same as the file now")
)

// Undo puts back the newest backup that differs from the file now, the way
// "learn undo" and the web view's undo do, and returns it with its bytes.
// The file it replaces is backed up first (see Restore), so an undo can be
// undone. A backup that cannot be read is passed to skip and passed over.
func Undo(path string, timeout time.Duration, skip func(BackupInfo, error)) (BackupInfo, []byte, error) {
	backups, err := Backups(path)
	if err != nil {
		return BackupInfo{}, nil, err
	}
	return UndoFrom(path, backups, timeout, skip)
}

// UndoFrom is Undo choosing among backups only (learn undo --backup names
// one), newest first.
func UndoFrom(path string, backups []BackupInfo, timeout time.Duration, skip func(BackupInfo, error)) (BackupInfo, []byte, error) {
	if len(backups) == 0 {
		return BackupInfo{}, nil, ErrNoBackups
	}
	current, err := Read(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return BackupInfo{}, nil, err
	}
	for _, b := range backups {
		data, err := Read(b.Path)
		if err != nil {
			if skip != nil {
				skip(b, err)
			}
			continue
		}
		if exists && bytes.Equal(data, current) {
			continue
		}
		if err := Restore(path, b, timeout); err != nil {
			return BackupInfo{}, nil, fmt.Errorf("undo: %w", err)
		}
		return b, data, nil
	}
	return BackupInfo{}, nil, ErrNoChange
}

// UpdateBacked is Update for the changes that remove data (compact, forget):
// when fn changes an existing file, the bytes it replaces are first copied to
// the backup file and the ring, so that Undo brings them back. It returns the
// ring copy's path, empty when nothing was written.
func UpdateBacked(path string, timeout time.Duration, now time.Time, fn UpdateFunc) (string, error) {
	var ring string
	err := Update(path, timeout, func(current []byte, exists bool) ([]byte, error) {
		next, err := fn(current, exists)
		if err != nil || !exists || bytes.Equal(next, current) {
			return next, err
		}
		ring, err = Backup(path, current, now)
		if err != nil {
			return nil, err
		}
		return next, nil
	})
	if err != nil {
		return "", err
	}
	return ring, nil
}
