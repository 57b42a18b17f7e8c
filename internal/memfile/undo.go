package memfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/revert"
)

// ErrNoBackups and ErrNoChange are what Undo says when there is nothing to
// undo: no backup at all, or none whose undoing would change the file now.
// Callers word them for their reader. ErrConflict is a refusal: the file
// changed since the backup where that change did, and putting the backup
// back would lose what was written since (see ConflictError).
var (
	ErrNoBackups = errors.New("no backups yet")
	ErrNoChange  = errors.New("every backup is the same as the file now")
	ErrConflict  = errors.New("undo would lose later writes")
)

// legacyWindow is how soon after a backup without an after record the file
// must have been last written for undo to take it as unchanged since: the
// change that made the backup writes the file within milliseconds.
const legacyWindow = 2 * time.Second

// UndoOptions tune Undo.
type UndoOptions struct {
	// Force puts the backup back whole when the change cannot be undone
	// alone, losing what was written since (the file it replaces is
	// backed up first, as always).
	Force bool
	// Skip is told of each backup that cannot be read; it is passed over.
	Skip func(BackupInfo, error)
}

// UndoResult is what an undo did.
type UndoResult struct {
	// Backup is the ring copy whose change was undone.
	Backup BackupInfo
	// Before is the file undo replaced (nil when there was none), After
	// the file as undo left it.
	Before, After []byte
	// Whole is set when the backup was put back as it is: nothing was
	// written since its change, or Force said so. Otherwise the change
	// was undone and everything written since kept.
	Whole bool
	// Forced is set when Force put the backup back over later writes.
	Forced bool
}

// ConflictError says why an undo was refused and what putting the backup
// back whole would lose.
type ConflictError struct {
	Backup BackupInfo
	// Where names the parts of the file that changed since where the
	// change did; empty for a backup with no after record.
	Where []string
	// Lost names the sessions and learnings written since that are not in
	// the backup.
	Lost []string
	// Legacy is set for a backup an older learn made, with no after
	// record: only a file unchanged since can take it back.
	Legacy bool
}

func (e *ConflictError) Error() string {
	var b strings.Builder
	if e.Legacy {
		b.WriteString("the file changed since this backup was made, and the backup (made by an older learn) does not record what its change wrote, so the change cannot be undone alone")
	} else {
		fmt.Fprintf(&b, "the file changed since this backup where its change did (%s), so the change cannot be undone alone", strings.Join(e.Where, "; "))
	}
	if len(e.Lost) > 0 {
		const show = 8
		list := strings.Join(e.Lost[:min(len(e.Lost), show)], "; ")
		if len(e.Lost) > show {
			list += fmt.Sprintf("; and %d more", len(e.Lost)-show)
		}
		fmt.Fprintf(&b, "; putting the backup back would lose what was written since: %s", list)
	} else {
		b.WriteString("; putting the backup back would lose the later edits there")
	}
	return b.String()
}

func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// Undo undoes the newest backed-up change that still shows in the file, the
// way "learn undo" and the web view's undo do: what that change removed or
// rewrote comes back, and everything written since stays (a three-way
// merge of the file now, the file as the change left it, and the backup;
// see learnings/revert). When the file is unchanged since, that is the
// backup itself. Where later writes overlap the change, Undo refuses with a
// *ConflictError naming what would be lost, unless opts.Force. The file it
// replaces is backed up first, so an undo can be undone.
func Undo(path string, timeout time.Duration, opts UndoOptions) (UndoResult, error) {
	backups, err := Backups(path)
	if err != nil {
		return UndoResult{}, err
	}
	return UndoFrom(path, backups, timeout, opts)
}

// UndoFrom is Undo choosing among backups only (learn undo --backup names
// one), newest first.
func UndoFrom(path string, backups []BackupInfo, timeout time.Duration, opts UndoOptions) (UndoResult, error) {
	if len(backups) == 0 {
		return UndoResult{}, ErrNoBackups
	}
	var res UndoResult
	found := false
	err := Update(path, timeout, func(current []byte, exists bool) ([]byte, error) {
		res, found = UndoResult{}, false
		if exists {
			res.Before = current
		}
		for _, b := range backups {
			before, err := Read(b.Path)
			if err != nil {
				if opts.Skip != nil {
					opts.Skip(b, err)
				}
				continue
			}
			next, whole, err := undoOne(path, b, before, current, exists)
			if err != nil {
				var ce *ConflictError
				if !opts.Force || !errors.As(err, &ce) {
					return nil, err
				}
				next, whole, res.Forced = before, true, true
			}
			if exists && bytes.Equal(next, current) {
				continue
			}
			res.Backup, res.After, res.Whole, found = b, next, whole, true
			if exists {
				if _, err := Backup(path, current, time.Now()); err != nil {
					return nil, err
				}
			}
			return next, nil
		}
		return current, nil
	})
	if err != nil {
		return UndoResult{}, fmt.Errorf("undo: %w", err)
	}
	if !found {
		return UndoResult{}, ErrNoChange
	}
	return res, nil
}

// undoOne works out the file with backup b's change undone.
func undoOne(path string, b BackupInfo, before, current []byte, exists bool) ([]byte, bool, error) {
	after, err := Read(AfterPath(b.Path))
	if errors.Is(err, fs.ErrNotExist) {
		if !exists || bytes.Equal(current, before) || unchangedSince(path, b) {
			return before, true, nil
		}
		return nil, false, &ConflictError{Backup: b, Legacy: true, Lost: lost(before, current)}
	}
	if err != nil {
		return nil, false, err
	}
	if !exists {
		current = nil
	}
	r := revert.Revert(before, after, current)
	if len(r.Conflicts) > 0 {
		return nil, false, &ConflictError{Backup: b, Where: r.Conflicts, Lost: lost(before, current)}
	}
	return r.Output, bytes.Equal(r.Output, before), nil
}

// unchangedSince says whether path was last written right after the ring
// copy b was made, by the change that made it: the only sign an older
// learn's backup gives.
func unchangedSince(path string, b BackupInfo) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	ci, err := os.Stat(b.Path)
	if err != nil {
		return false
	}
	return fi.ModTime().Sub(ci.ModTime()) <= legacyWindow
}

// lost names the sessions and learnings of current that before lacks: what
// putting before back whole would lose.
func lost(before, current []byte) []string {
	old := learnings.Parse(before)
	now := learnings.Parse(current)
	had := map[string]bool{}
	for _, s := range old.Sessions {
		had[s.ID] = true
	}
	for _, l := range old.Learnings() {
		had[base(l.ID)] = true
	}
	var out []string
	gone := map[*learnings.Session]bool{}
	for _, s := range now.Sessions {
		if !had[s.ID] {
			gone[s] = true
			n := 0
			for _, c := range s.Categories {
				n += len(c.Learnings)
			}
			unit := "learnings"
			if n == 1 {
				unit = "learning"
			}
			out = append(out, fmt.Sprintf("session %s (%s, %d %s)", s.ID, s.Focus, n, unit))
		}
	}
	for _, l := range now.Learnings() {
		if !had[base(l.ID)] && (l.Session == nil || !gone[l.Session]) {
			out = append(out, fmt.Sprintf("learning %s (%s)", l.ID, firstLine(l.Content(), 60)))
		}
	}
	return out
}

func base(id string) string {
	b, _, _ := strings.Cut(id, "-")
	return b
}

func firstLine(s string, n int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
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
