package cmdutil

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
	"github.com/learn-memory/learn/learnings"
)

// Factory carries what commands need from the outside world, so tests can
// replace each piece: streams, environment, working directory and clock.
type Factory struct {
	IO     *IO
	Getenv func(string) string
	Getwd  func() (string, error)
	Now    func() time.Time
	// FileFlag is the value of the global --file flag, set by the root
	// command before any subcommand runs.
	FileFlag string
	// Location is the learnings file MemoryFile (or its siblings) chose
	// last and why (Location.Reason), nil before: what a command adds to
	// its --json to say which file it used.
	Location *memfile.Location
}

// NewFactory returns a Factory wired to the real process.
func NewFactory() *Factory {
	return &Factory{IO: SystemIO(), Getenv: os.Getenv, Getwd: os.Getwd, Now: time.Now}
}

// MemoryFile is the learnings file this invocation works on: --file, else
// $LEARN_FILE, else .tmp/memory-learnings.md under the project root (see
// MemoryLocation). A missing default file is a project's first session; a
// path given with --file or $LEARN_FILE that does not exist is an error
// (exit 1), since it is far more often a typo than a new file, and reading
// it as empty would hide every learning the user meant to reach.
func (f *Factory) MemoryFile() (string, error) {
	loc, err := f.locateMemory(true)
	return loc.Path, err
}

// NewMemoryFile is MemoryFile for the commands that may create the file
// (store, undo): a path given with --file or $LEARN_FILE may be missing,
// but its directory must exist. Only the default .tmp/ is created.
func (f *Factory) NewMemoryFile() (string, error) {
	loc, err := f.locateMemory(false)
	return loc.Path, err
}

// MemoryLocation is MemoryFile with the reason it is that file (--file,
// $LEARN_FILE, the project root, the main worktree of a linked worktree):
// what a command's --json reports as its file. The default path is refused
// (exit 1) when a symbolic link on it leads out of the project, before
// anything is written; in a linked worktree, a memory file left in the
// worktree is first merged into the shared one and moved aside, said once
// on stderr.
func (f *Factory) MemoryLocation() (memfile.Location, error) { return f.locateMemory(true) }

// NewMemoryLocation is MemoryLocation for the commands that may create the
// file, as NewMemoryFile.
func (f *Factory) NewMemoryLocation() (memfile.Location, error) { return f.locateMemory(false) }

// LocateMemory says which learnings file this invocation would use and
// why, and changes nothing: no check that it exists, no symlink check, no
// adoption. For doctor.
func (f *Factory) LocateMemory() (memfile.Location, error) {
	getwd := f.Getwd
	if getwd == nil {
		getwd = os.Getwd
	}
	wd, err := getwd()
	if err != nil {
		return memfile.Location{}, fmt.Errorf("working directory: %w", err)
	}
	return memfile.Locate(f.FileFlag, f.Getenv("LEARN_FILE"), wd), nil
}

func (f *Factory) locateMemory(mustExist bool) (memfile.Location, error) {
	loc, err := f.LocateMemory()
	if err != nil {
		return loc, err
	}
	f.Location = &loc
	if loc.Default() {
		if err := memfile.CheckLinks(loc); err != nil {
			return loc, err
		}
		if loc.Adopt != "" {
			f.adopt(loc)
		}
		return loc, nil
	}
	p := loc.Path
	origin := "--file " + f.FileFlag
	if loc.Kind == memfile.KindEnv {
		origin = "$LEARN_FILE (" + f.Getenv("LEARN_FILE") + ")"
	}
	if wd, err := f.Getwd(); err == nil && p == memfile.ProjectLocation(wd).Path {
		return loc, nil
	}
	dir := filepath.Dir(p)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return loc, fmt.Errorf("%s: directory %s does not exist; create it first (learn creates only the default %s)", origin, f.DisplayPath(dir), memfile.DefaultRel)
	}
	if _, err := os.Stat(p); mustExist && errors.Is(err, fs.ErrNotExist) {
		return loc, fmt.Errorf("%s: %s does not exist; check the path, or create it with learn store --file %s (without --file and $LEARN_FILE, learn uses %s in the project root)",
			origin, f.DisplayPath(p), f.DisplayPath(p), memfile.DefaultRel)
	}
	return loc, nil
}

// adopt merges a linked worktree's own memory into the shared one and
// says so once. When it cannot, the command goes on with the shared file
// and a warning says why, every time, until the file is fixed or moved.
func (f *Factory) adopt(loc memfile.Location) {
	now := time.Now
	if f.Now != nil {
		now = f.Now
	}
	a, err := memfile.Adopt(loc, memfile.DefaultLockTimeout, now())
	if err != nil {
		fmt.Fprintf(f.IO.Err, "learn: warning: this worktree's memory %s is not used: it could not be merged into the shared %s: %v\n",
			f.DisplayPath(loc.Adopt), f.DisplayPath(loc.Path), err)
		return
	}
	if a != nil {
		fmt.Fprintf(f.IO.Err, "learn: %s\n", a.Message(f.DisplayPath))
	}
}

// Memory is the memory file this invocation reads, for the operations
// layer: MemoryFile, named as DisplayPath names it, with the project root,
// the clock and the size limit. A limit that is not a size is a usage error.
func (f *Factory) Memory() (*ops.Memory, error) { return f.memory(true) }

// NewMemory is Memory for the commands that may create the file (store,
// undo), as NewMemoryFile is.
func (f *Factory) NewMemory() (*ops.Memory, error) { return f.memory(false) }

func (f *Factory) memory(mustExist bool) (*ops.Memory, error) {
	loc, err := f.locateMemory(mustExist)
	if err != nil {
		return nil, err
	}
	path := loc.Path
	root, err := f.ProjectRoot()
	if err != nil {
		return nil, err
	}
	limit, err := f.SizeLimit()
	if err != nil {
		return nil, err
	}
	wd, _ := f.Getwd()
	return &ops.Memory{
		Path: path, Display: f.DisplayPath(path), Show: f.DisplayPath, Reason: loc.Reason,
		Root: root, DiffName: memfile.DiffName(wd, path), Now: f.Now, Limit: limit,
		LockTimeout: memfile.DefaultLockTimeout, Session: f.AgentSession,
	}, nil
}

// ProjectRoot is the nearest ancestor of the working directory holding .git,
// else the working directory itself: the work tree the user is in, where
// its docs are. A linked worktree's memory is elsewhere (MemoryLocation).
func (f *Factory) ProjectRoot() (string, error) {
	wd, err := f.Getwd()
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	return memfile.ProjectRoot(wd), nil
}

// WriteJSON writes v as indented JSON followed by a newline: the --json form
// of every command.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// SizeLimit is the learnings file's size limit: $LEARN_MAX_BYTES ("2MB",
// "1500000") when set, else the spec's 1 MB. recall, lint, doctor, store and
// compact all measure against it, so they agree; a value that is not a size
// is a usage error (exit 2) rather than a silent default.
func (f *Factory) SizeLimit() (int, error) {
	v := f.Getenv("LEARN_MAX_BYTES")
	if v == "" {
		return learnings.SizeLimit, nil
	}
	n, err := learnings.ParseSize(v)
	if err != nil {
		return 0, Mark(fmt.Errorf("LEARN_MAX_BYTES: %w", err), ErrUsage)
	}
	return n, nil
}

// SessionStore is where agent sessions' states are kept (under the user's
// cache directory, see sessionstate.Open).
func (f *Factory) SessionStore() (*sessionstate.Store, error) {
	now := f.Now
	if now == nil {
		now = time.Now
	}
	return sessionstate.Open(f.Getenv, now)
}

// AgentSession is the agent session this invocation runs in, found as
// sessionstate.Find says (LEARN_SESSION, the clients' variables, else the
// project's most recently active session within two hours), with what it
// recorded; nil outside one, with session state off, or when anything fails
// (the session is a hint, never a reason to fail a command).
func (f *Factory) AgentSession() *ops.AgentSession {
	root, err := f.ProjectRoot()
	if err != nil {
		return nil
	}
	store, err := f.SessionStore()
	if err != nil {
		return nil
	}
	st, found, err := store.Find(f.Getenv, root)
	if err != nil || st == nil {
		return nil
	}
	return &ops.AgentSession{State: st, Found: found}
}

// NamedAgentSession is the agent session id of this project with what it
// recorded (nothing yet is an empty record, so that --agent-session still
// says which session it meant); nil with session state off.
func (f *Factory) NamedAgentSession(id string) (*ops.AgentSession, error) {
	root, err := f.ProjectRoot()
	if err != nil {
		return nil, err
	}
	st, on, err := sessionstate.Named(f.Getenv, f.Now, root, id)
	if !on || err != nil {
		return nil, err
	}
	if st == nil {
		st = &sessionstate.State{Root: root, Session: id}
	}
	return &ops.AgentSession{State: st, Found: sessionstate.Found{ID: id, Source: "--agent-session"}}, nil
}
