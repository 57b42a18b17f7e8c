// Package ops is learn's use-case layer: one typed operation per action
// (store, forget, compact, undo, fmt, recall, search, show, summarise,
// improve-docs, lint, stats), shared by every front end (the CLI commands,
// the page of learn serve, the Claude Code hook, the MCP server), so that
// the same request gives the same bytes and the same answer whichever way it
// came in.
//
// An operation takes a *Memory and an options struct and returns a result
// struct that is also its JSON shape (docs/json.md names every field). Front
// ends parse their input, call one operation and render its result; they
// never parse Markdown, decide what is superseded or write the file. Every
// write goes through Memory.write: the sidecar lock, a re-read under it, a
// backup when the change removes or rewrites data, an atomic replace.
package ops

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
)

// Memory is the memory file an operation works on, with what operations
// need from the world around it. Front ends build one per request (the CLI
// from its flags and environment, the page once at start).
type Memory struct {
	// Path is the file's absolute path.
	Path string
	// Display names the file in messages, relative to the working
	// directory where that is shorter: Show(Path).
	Display string
	// Show names any path in messages as Display names the file (the
	// backups, the docs); nil shows paths as they are.
	Show func(path string) string
	// Reason says why this file is the memory (--file, $LEARN_FILE, the
	// project root, the main worktree of a linked one), for doctor and
	// --json.
	Reason string
	// Root is the project root: the project name's default and where the
	// git context and the project's docs are read.
	Root string
	// DiffName names the file in diff headers (see memfile.DiffName).
	DiffName string
	// Now is the clock; sessions and backups are stamped with it.
	Now func() time.Time
	// Limit is the file's size limit in bytes (learnings.SizeLimit unless
	// $LEARN_MAX_BYTES says otherwise).
	Limit int
	// LockTimeout is how long a write waits for the lock
	// (memfile.DefaultLockTimeout when zero).
	LockTimeout time.Duration
	// Warn, when set, is told as soon as a read finds part of the file
	// damaged (memview.WarnDamage), even when the operation then fails:
	// the CLI passes stderr, so damage is never silent; nil says nothing.
	Warn io.Writer
	// Cached, when set, gives the reading operations the file's newest
	// version from a front end's cache (the page keeps one per version)
	// instead of reading it again; writes always read under the lock.
	Cached func() (*Snapshot, error)
	// Session, when set, is the agent session the operation runs in (the
	// CLI finds it with sessionstate.Find): summarise adds what it did as
	// hints, store adds the documents it opened to Documentation Seen. Nil,
	// or a nil result, is no session.
	Session func() *AgentSession
}

// warnDamage tells m.Warn which parts of doc could not be read, and how
// many it reported.
func (m *Memory) warnDamage(doc *learnings.Document) int {
	if m.Warn == nil {
		return 0
	}
	return memview.WarnDamage(m.Warn, m.Display, doc)
}

// Snapshot is the file as one read saw it, with no lock held.
type Snapshot struct {
	Src    []byte
	Doc    *learnings.Document
	Exists bool

	// derived is what reading operations compute from this version once
	// (the search index), for a front end that keeps the snapshot.
	derived derived
}

// Load reads and parses the file without a lock, as every reading
// operation does. A missing file is not an error: Exists is false and the
// document empty, the first state of every project.
func (m *Memory) Load() (*Snapshot, error) { return m.load(learnings.Parse) }

// load is Load with the document read by parse.
func (m *Memory) load(parse func([]byte) *learnings.Document) (*Snapshot, error) {
	src, exists, err := m.source()
	if err != nil {
		return nil, err
	}
	return &Snapshot{Src: src, Doc: parse(src), Exists: exists}, nil
}

// source reads the file's bytes without a lock, as Load does, for an
// operation that parses them its own way.
func (m *Memory) source() (src []byte, exists bool, err error) {
	src, err = memfile.Read(m.Path)
	exists = err == nil
	if errors.Is(err, fs.ErrNotExist) {
		src, err = nil, nil
	}
	if err != nil {
		return nil, false, err // memfile's errors name the file already
	}
	return src, exists, nil
}

// Backup names the copies a write made of the bytes it replaced, so that
// learn undo (or the page's Undo) brings them back.
type Backup struct {
	// File is the spec's backup, .tmp/memory-learnings.backup.md.
	File string `json:"file"`
	// Ring is the timestamped copy in .tmp/backups/.
	Ring string `json:"ring"`
}

// change is one write's plan: called under the lock with the bytes as they
// are then, it returns the new bytes (the same bytes, or nothing for a
// missing file, to write nothing) and whether the change must be backed up
// first (it removes or rewrites stored data).
type change func(current []byte, exists bool) (next []byte, backup bool, err error)

// write is the one path every write takes: lock, re-read, plan, back up
// when the plan asks and the bytes change, replace atomically. It returns
// the backup made, nil when none was. A lock held too long is ErrBusy.
func (m *Memory) write(plan change) (*Backup, error) {
	timeout := m.LockTimeout
	if timeout == 0 {
		timeout = memfile.DefaultLockTimeout
	}
	var made *Backup
	err := memfile.Update(m.Path, timeout, func(current []byte, exists bool) ([]byte, error) {
		made = nil
		next, backup, err := plan(current, exists)
		if err != nil || !backup || !exists || string(next) == string(current) {
			return next, err
		}
		ring, err := memfile.Backup(m.Path, current, m.Now())
		if err != nil {
			return nil, fmt.Errorf("back up %s: %w", m.Display, err)
		}
		made = &Backup{File: m.display(memfile.BackupPath(m.Path)), Ring: m.display(ring)}
		return next, nil
	})
	if errors.Is(err, memfile.ErrBusy) {
		return nil, mark(err, ErrBusy)
	}
	if err != nil {
		return nil, err
	}
	return made, nil
}

// display names path in messages as Display names the file.
func (m *Memory) display(path string) string {
	if m.Show == nil {
		return path
	}
	return m.Show(path)
}

// missing is true when the file does not exist: the destructive operations
// then say there is nothing to do, and neither lock nor create anything.
func (m *Memory) missing() bool {
	_, err := os.Stat(m.Path)
	return errors.Is(err, fs.ErrNotExist)
}
