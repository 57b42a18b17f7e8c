package claude

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// BackupSuffix names the copy of settings.json that learn keeps from just
// before its last change to it.
const BackupSuffix = ".learn-backup"

// Change says what InstallHooks or UninstallHooks did to the settings file.
type Change string

// Changes of a settings file.
const (
	Added    Change = "added"    // our hooks were spliced in
	Current  Change = "current"  // they were all there already
	Removed  Change = "removed"  // our hooks were cut out
	Restored Change = "restored" // the file is back to its bytes before install
	Absent   Change = "absent"   // there was nothing of ours to remove
)

// InstallHooks adds learn's hooks to the settings file at path, creating it
// when missing. Before changing an existing file it copies it to
// path+BackupSuffix. A file that is not JSON is refused with its line and
// column, and nothing is written.
func InstallHooks(path string) (Change, error) { return HookSet(Hooks).Install(path) }

// Install is InstallHooks for the hooks of set.
func (set HookSet) Install(path string) (Change, error) {
	path, err := resolve(path)
	if err != nil {
		return "", err
	}
	old, existed, err := read(path)
	if err != nil {
		return "", err
	}
	data, changed, err := set.AddHooks(path, old)
	if err != nil {
		return "", err
	}
	if !changed {
		return Current, nil
	}
	if err := write(path, data, old, existed); err != nil {
		return "", err
	}
	return Added, nil
}

// UninstallHooks removes learn's hooks from the settings file at path. When
// the file is exactly what installing into the backed-up copy (or into no
// file) gives, that copy is put back (or the file removed) and no backup is
// left behind, since nothing but learn's hooks is gone: install then
// uninstall leaves the directory as it was. Otherwise only our entries are
// cut out, the file before is kept as the backup, and the user's later edits
// stay.
func UninstallHooks(path string) (Change, error) { return HookSet(Hooks).Uninstall(path) }

// Uninstall is UninstallHooks for the hooks of set.
func (set HookSet) Uninstall(path string) (Change, error) {
	path, err := resolve(path)
	if err != nil {
		return "", err
	}
	cur, existed, err := read(path)
	if err != nil || !existed {
		return Absent, err
	}
	backup, hasBackup, err := read(path + BackupSuffix)
	if err != nil {
		return "", err
	}
	type candidate struct {
		data   []byte
		exists bool
	}
	var candidates []candidate
	if hasBackup {
		candidates = append(candidates, candidate{backup, true})
	}
	candidates = append(candidates, candidate{nil, false})
	for _, c := range candidates {
		installed, changed, err := set.AddHooks(path, c.data)
		if err != nil || !changed || !bytes.Equal(installed, cur) {
			continue
		}
		if !c.exists {
			if err := os.Remove(path); err != nil {
				return "", fmt.Errorf("remove %s: %w", path, err)
			}
			return Restored, nil
		}
		if err := renameio.WriteFile(path, c.data, mode(path)); err != nil {
			return "", fmt.Errorf("write %s: %w", path, err)
		}
		// The backup's bytes are the settings file again.
		if err := os.Remove(path + BackupSuffix); err != nil {
			return "", fmt.Errorf("remove %s: %w", path+BackupSuffix, err)
		}
		return Restored, nil
	}
	data, changed, err := set.RemoveHooks(path, cur)
	if err != nil {
		return "", err
	}
	if !changed {
		return Absent, nil
	}
	if err := write(path, data, cur, true); err != nil {
		return "", err
	}
	return Removed, nil
}

// resolve follows a symlinked settings.json (dotfile managers link it), so
// the write replaces the file it points to, not the link.
func resolve(path string) (string, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", fmt.Errorf("follow the link %s: %w", path, err)
		}
		return target, nil
	}
	return path, nil
}

func read(path string) ([]byte, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", path, err)
	}
	return data, true, nil
}

func mode(path string) fs.FileMode {
	if fi, err := os.Stat(path); err == nil {
		return fi.Mode().Perm()
	}
	return 0o644
}

func saveBackup(path string, old []byte) error {
	if err := renameio.WriteFile(path+BackupSuffix, old, mode(path)); err != nil {
		return fmt.Errorf("back up %s: %w", path, err)
	}
	return nil
}

func write(path string, data, old []byte, existed bool) error {
	if existed {
		if err := saveBackup(path, old); err != nil {
			return err
		}
	} else if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	if err := renameio.WriteFile(path, data, mode(path)); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
