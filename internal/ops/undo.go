package ops

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/learnings"
)

// UndoOptions says which change Undo takes back.
type UndoOptions struct {
	// Backup names the copy whose change to undo: its number in the list
	// (1 is the newest) or its file name; empty means the newest copy that
	// differs from the file.
	Backup string
	// Force puts the backup back whole when its change cannot be undone
	// alone, losing what was written since (the file is backed up first).
	Force bool
}

// BackupCopy describes one version of the file: a backup or the file now.
type BackupCopy struct {
	Path      string    `json:"path"`
	Time      time.Time `json:"time,omitzero"`
	Size      int       `json:"size"`
	Sessions  int       `json:"sessions"`
	Learnings int       `json:"learnings"`
	// Readable is false when the backup could not be read.
	Readable bool `json:"readable"`
}

// UndoResult is what Undo did, and the JSON of learn undo --json.
type UndoResult struct {
	File       string `json:"file"`
	FileReason string `json:"file_reason"`
	// Restored is the backup whose change was undone.
	Restored BackupCopy `json:"restored"`
	// Replaced is the file before the undo (nil when there was none), Now
	// the file after it.
	Replaced *BackupCopy `json:"replaced"`
	Now      BackupCopy  `json:"now"`
	// Whole is true when the backup was put back as it is; false when the
	// change was undone and later writes kept.
	Whole bool `json:"whole"`
	// Forced is true when Force put the backup back over later writes.
	Forced bool `json:"forced"`
	// Back and Gone count the learnings the undo brought back and took
	// out of the file.
	Back int `json:"learnings_back"`
	Gone int `json:"learnings_gone"`
	// Skipped are the backups that could not be read, with why.
	Skipped []string `json:"skipped,omitempty"`
}

// UndoListResult is the ring of backups, newest first: learn undo --list.
type UndoListResult struct {
	File       string       `json:"file"`
	FileReason string       `json:"file_reason"`
	Current    *BackupCopy  `json:"current"`
	Backups    []BackupCopy `json:"backups"`
}

// ErrNothingToUndo: there is no backup, or none whose change undoing
// would alter the file.
var ErrNothingToUndo = errors.New("nothing to undo")

// Undo takes back the change a backup was made before, keeping everything
// written since (memfile.UndoFrom's three-way merge); where a later write
// overlaps the change it refuses (ErrConflict) unless Force. Nothing to
// undo is ErrNothingToUndo; a backup named that does not exist ErrUsage.
func Undo(m *Memory, opts UndoOptions) (*UndoResult, error) {
	backups, err := memfile.Backups(m.Path)
	if err != nil {
		return nil, err
	}
	var replaced *BackupCopy
	if current, err := memfile.Read(m.Path); err == nil {
		c := describeCopy(m.Display, current)
		replaced = &c
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if len(backups) == 0 {
		return nil, mark(fmt.Errorf("nothing to undo: %s has no backups yet (compact, forget and fmt make one before they write)", m.Display), ErrNothingToUndo)
	}
	if opts.Backup != "" {
		b, err := pickBackup(backups, opts.Backup)
		if err != nil {
			return nil, err
		}
		backups = []memfile.BackupInfo{b}
	}
	res := &UndoResult{File: m.Display, FileReason: m.Reason, Replaced: replaced}
	done, err := memfile.UndoFrom(m.Path, backups, m.lockTimeout(), memfile.UndoOptions{Force: opts.Force, Skip: func(b memfile.BackupInfo, err error) {
		res.Skipped = append(res.Skipped, fmt.Sprintf("%s (%v)", m.display(b.Path), err))
	}})
	var ce *memfile.ConflictError
	switch {
	case errors.Is(err, memfile.ErrNoChange) && opts.Backup != "":
		return nil, mark(fmt.Errorf("nothing to undo: undoing backup %s would not change %s", opts.Backup, m.Display), ErrNothingToUndo)
	case errors.Is(err, memfile.ErrNoChange):
		return nil, mark(fmt.Errorf("nothing to undo: undoing any backup of %s would not change it", m.Display), ErrNothingToUndo)
	case errors.As(err, &ce):
		return nil, mark(fmt.Errorf("undo refused, nothing changed: %s: %w; to put the backup back anyway: learn undo --force (the file now is backed up first)",
			m.Display, ce), ErrConflict)
	case errors.Is(err, memfile.ErrBusy):
		return nil, mark(err, ErrBusy)
	case err != nil:
		return nil, err
	}
	data, _ := memfile.Read(done.Backup.Path)
	res.Restored = describeCopy(m.display(done.Backup.Path), data)
	res.Restored.Time = done.Backup.Time
	res.Now = describeCopy(m.Display, done.After)
	res.Whole, res.Forced = done.Whole, done.Forced
	res.Back, res.Gone = learningDelta(done.Before, done.After)
	return res, nil
}

// UndoList lists the backups, newest first, with what each holds.
func UndoList(m *Memory) (*UndoListResult, error) {
	backups, err := memfile.Backups(m.Path)
	if err != nil {
		return nil, err
	}
	res := &UndoListResult{File: m.Display, FileReason: m.Reason, Backups: []BackupCopy{}}
	if current, err := memfile.Read(m.Path); err == nil {
		c := describeCopy(m.Display, current)
		res.Current = &c
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, b := range backups {
		c := BackupCopy{Path: m.display(b.Path), Time: b.Time, Size: int(b.Size)}
		if data, err := memfile.Read(b.Path); err == nil {
			c = describeCopy(c.Path, data)
			c.Time = b.Time
		}
		res.Backups = append(res.Backups, c)
	}
	return res, nil
}

// BackupNames lists the backups for completion: file name, then a
// description after a tab.
func BackupNames(m *Memory) []string {
	backups, err := memfile.Backups(m.Path)
	if err != nil {
		return nil
	}
	names := make([]string, 0, len(backups))
	for i, b := range backups {
		names = append(names, fmt.Sprintf("%s\t%d: %s", filepath.Base(b.Path), i+1, b.Time.Format("2006-01-02 15:04:05")))
	}
	return names
}

func pickBackup(backups []memfile.BackupInfo, name string) (memfile.BackupInfo, error) {
	if n, err := strconv.Atoi(name); err == nil {
		if n < 1 || n > len(backups) {
			return memfile.BackupInfo{}, mark(fmt.Errorf("no backup number %d: there are %d (see learn undo --list)", n, len(backups)), ErrUsage)
		}
		return backups[n-1], nil
	}
	for _, b := range backups {
		if filepath.Base(b.Path) == filepath.Base(name) {
			return b, nil
		}
	}
	return memfile.BackupInfo{}, mark(fmt.Errorf("no backup named %q (see learn undo --list)", name), ErrUsage)
}

// describeCopy counts what a version of the file holds.
func describeCopy(path string, data []byte) BackupCopy {
	doc := learnings.Parse(data)
	return BackupCopy{Path: path, Size: len(data), Sessions: len(doc.Sessions), Learnings: len(doc.Learnings()), Readable: true}
}

// learningDelta counts the learnings of after that before lacks (back) and
// those of before that after lacks (gone), by ID.
func learningDelta(before, after []byte) (back, gone int) {
	n := map[string]int{}
	for _, l := range learnings.Parse(before).Learnings() {
		n[l.ID]++
	}
	for _, l := range learnings.Parse(after).Learnings() {
		if n[l.ID] > 0 {
			n[l.ID]--
			continue
		}
		back++
	}
	for _, v := range n {
		gone += v
	}
	return back, gone
}
