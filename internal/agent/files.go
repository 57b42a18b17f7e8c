package agent

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"

	"github.com/learn-memory/learn/templates"
)

// ManifestName is the file beside the installed commands that records what
// learn install wrote. Neither opencode nor Claude Code reads it (they read
// *.md only).
const ManifestName = ".learn-install.json"

// Status says what install or uninstall did with one file.
type Status string

// Statuses of an Action.
const (
	StatusInstalled Status = "installed"
	StatusUpdated   Status = "updated"
	StatusCurrent   Status = "current"
	StatusReplaced  Status = "replaced"
	StatusRepaired  Status = "repaired"
	StatusSkipped   Status = "skipped"
	StatusRemoved   Status = "removed"
	StatusAbsent    Status = "absent"
	StatusLeft      Status = "left"
)

// Action is what happened to one command file.
type Action struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Status Status `json:"status"`
	Detail string `json:"detail,omitempty"`
}

// Manifest maps each file name learn install wrote to the SHA-256 of the
// bytes it wrote (Sum), so that a later install can tell its own (possibly
// older) file from one the user wrote or edited. It is exported for tests
// that stage an earlier install.
type Manifest struct {
	Files map[string]string `json:"files"`
}

// ReadManifest reads the record in dir; a missing one is empty.
func ReadManifest(dir string) (Manifest, error) {
	m := Manifest{Files: map[string]string{}}
	data, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, fmt.Errorf("read %s: %w", filepath.Join(dir, ManifestName), err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return Manifest{Files: map[string]string{}}, fmt.Errorf("%s is not valid JSON (%v); delete it and install again with --force", filepath.Join(dir, ManifestName), err)
	}
	if m.Files == nil {
		m.Files = map[string]string{}
	}
	return m, nil
}

// WriteManifest writes the record in dir, removing it (and the .gitignore
// that kept it out of git) once it lists no file.
func WriteManifest(dir string, m Manifest) error {
	path := filepath.Join(dir, ManifestName)
	if len(m.Files) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", path, err)
		}
		return unignore(dir)
	}
	if err := ignore(dir); err != nil {
		return err
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := renameio.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// Sum is how the manifest records a file's content.
func Sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// State is what is at one command file's path, compared with the file this
// binary would install.
type State struct {
	Name string
	Path string
	// Kind is "missing", "file", "link" or "other" (a directory, say).
	Kind string
	// Target is where a link points.
	Target string
	// Current: the file (or the link's target) has exactly the bytes this
	// binary renders.
	Current bool
	// Ours: learn install wrote this regular file and it has not been
	// edited since (its hash is in the manifest).
	Ours bool
	// Data is the file's content (through a link), nil when unreadable.
	Data []byte
	// Err is why the content could not be read.
	Err error
	// Dangling: a link whose target no longer exists.
	Dangling bool
}

// Stale is true for a dangling link that install.sh made: it points at
// commands/NAME in a clone of learn that has since moved or gone. learn
// repairs such links without --force, since nothing of the user's is lost.
func (s State) Stale() bool {
	return s.Dangling && filepath.Base(s.Target) == s.Name && filepath.Base(filepath.Dir(s.Target)) == "commands"
}

// Problem says in words why the file cannot be used, for doctor: never a
// bare "no such file or directory".
func (s State) Problem() string {
	switch {
	case s.Dangling:
		return fmt.Sprintf("a link to %s, which no longer exists (was the clone of learn moved or deleted?)", s.Target)
	case errors.Is(s.Err, fs.ErrPermission):
		return "cannot be read: permission denied"
	case s.Err != nil:
		return fmt.Sprintf("cannot be read (%v)", s.Err)
	case s.Kind == "other":
		return "is not a file"
	}
	return ""
}

// Inspect reports the state of each command file in dir.
func Inspect(dir string, files []templates.File) ([]State, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	states := make([]State, 0, len(files))
	for _, f := range files {
		s := State{Name: f.Name, Path: filepath.Join(dir, f.Name)}
		fi, err := os.Lstat(s.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			s.Kind = "missing"
		case err != nil:
			return nil, fmt.Errorf("inspect %s: %w", s.Path, err)
		case fi.Mode()&fs.ModeSymlink != 0:
			s.Kind = "link"
			s.Target, _ = os.Readlink(s.Path)
		case fi.Mode().IsRegular():
			s.Kind = "file"
		default:
			s.Kind = "other"
		}
		if s.Kind == "file" || s.Kind == "link" {
			s.Data, s.Err = os.ReadFile(s.Path)
			s.Dangling = s.Kind == "link" && errors.Is(s.Err, fs.ErrNotExist)
			s.Current = s.Err == nil && bytes.Equal(s.Data, f.Data)
			s.Ours = s.Kind == "file" && s.Err == nil && m.Files[f.Name] == Sum(s.Data)
		}
		states = append(states, s)
	}
	return states, nil
}

// InstallFiles writes files into dir. A current file is left alone; a file
// an earlier install wrote is updated; anything else in the way is skipped
// unless force is set.
func InstallFiles(dir string, files []templates.File, force bool) ([]Action, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	states, err := Inspect(dir, files)
	if err != nil {
		return nil, err
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	actions := make([]Action, 0, len(files))
	for i, f := range files {
		s := states[i]
		a := Action{Name: f.Name, Path: s.Path}
		switch {
		case s.Kind == "file" && s.Current:
			a.Status = StatusCurrent
		case s.Kind == "link" && s.Current:
			a.Status = StatusCurrent
			a.Detail = "a link to " + s.Target + " with the same content; left as it is"
		case s.Kind == "missing":
			a.Status = StatusInstalled
		case s.Kind == "file" && s.Ours:
			a.Status = StatusUpdated
		case s.Stale():
			a.Status = StatusRepaired
			a.Detail = "was a link to " + s.Target + ", which no longer exists"
		case s.Kind == "other":
			a.Status = StatusSkipped
			a.Detail = "something that is not a file is in the way; remove it and install again"
		case !force:
			a.Status = StatusSkipped
			a.Detail = foreignDetail(s) + "; learn install --force replaces it"
		default:
			a.Status = StatusReplaced
			a.Detail = "replaced " + foreignDetail(s)
		}
		switch a.Status {
		case StatusInstalled, StatusUpdated, StatusReplaced, StatusRepaired:
			if s.Kind == "link" {
				if err := os.Remove(s.Path); err != nil {
					return actions, fmt.Errorf("remove link %s: %w", s.Path, err)
				}
			}
			// A name may hold a folder (a skill's NAME/SKILL.md).
			if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
				return actions, fmt.Errorf("create %s: %w", filepath.Dir(s.Path), err)
			}
			if err := renameio.WriteFile(s.Path, f.Data, 0o644); err != nil {
				return actions, fmt.Errorf("write %s: %w", s.Path, err)
			}
			m.Files[f.Name] = Sum(f.Data)
		case StatusCurrent:
			if s.Kind == "file" {
				m.Files[f.Name] = Sum(f.Data)
			}
		}
		actions = append(actions, a)
	}
	return actions, WriteManifest(dir, m)
}

func foreignDetail(s State) string {
	if s.Kind == "link" {
		return "a link to " + s.Target + " that learn did not make"
	}
	return "a different file that learn did not write (yours, or edited since)"
}

// UninstallFiles removes the files learn install wrote into dir: current
// files and unedited ones from an earlier install. Anything else is left,
// unless force is set for regular files.
func UninstallFiles(dir string, files []templates.File, force bool) ([]Action, error) {
	states, err := Inspect(dir, files)
	if err != nil {
		return nil, err
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	actions := make([]Action, 0, len(files))
	for i, f := range files {
		s := states[i]
		a := Action{Name: f.Name, Path: s.Path}
		switch {
		case s.Kind == "missing":
			a.Status = StatusAbsent
		case s.Kind == "file" && (s.Ours || s.Current || force):
			if err := os.Remove(s.Path); err != nil {
				return actions, fmt.Errorf("remove %s: %w", s.Path, err)
			}
			if sub := filepath.Dir(s.Path); sub != filepath.Clean(dir) {
				_ = os.Remove(sub) // the folder install made for it, if now empty
			}
			a.Status = StatusRemoved
		case s.Kind == "link":
			a.Status = StatusLeft
			a.Detail = "a link to " + s.Target + " that learn install did not make (install.sh --uninstall removes its links)"
		default:
			a.Status = StatusLeft
			a.Detail = "not written by learn install (yours, or edited since); --force removes it"
		}
		delete(m.Files, f.Name)
		actions = append(actions, a)
	}
	return actions, WriteManifest(dir, m)
}

// ignoreFile keeps the manifest out of 'git status' when the commands are
// installed inside a git work tree (install --project): it ignores the
// manifest and itself, so the user's repository shows only the command
// files they may want to commit.
const ignoreFile = "# Written by learn install: its record of the files it installed stays out of git.\n" +
	ManifestName + "\n.gitignore\n"

func ignore(dir string) error {
	if !inGitWorkTree(dir) {
		return nil
	}
	path := filepath.Join(dir, ".gitignore")
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = nil
	case err != nil:
		return fmt.Errorf("read %s: %w", path, err)
	case bytes.Contains(data, []byte(ManifestName)):
		return nil
	}
	if len(data) > 0 {
		// The user's own .gitignore: add one line, keep every byte of theirs.
		if !bytes.HasSuffix(data, []byte("\n")) {
			data = append(data, '\n')
		}
		data = append(data, ManifestName+"\n"...)
	} else {
		data = []byte(ignoreFile)
	}
	if err := renameio.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// unignore removes the .gitignore that ignore wrote, once nothing is left to
// ignore; a .gitignore the user edited stays.
func unignore(dir string) error {
	path := filepath.Join(dir, ".gitignore")
	data, err := os.ReadFile(path)
	if err != nil || string(data) != ignoreFile {
		return nil
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("remove %s: %w", path, err)
	}
	return nil
}

func inGitWorkTree(dir string) bool {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return false
		}
		d = parent
	}
}
