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
}

// NewFactory returns a Factory wired to the real process.
func NewFactory() *Factory {
	return &Factory{IO: SystemIO(), Getenv: os.Getenv, Getwd: os.Getwd, Now: time.Now}
}

// MemoryFile is the learnings file this invocation works on: --file, else
// $LEARN_FILE, else .tmp/memory-learnings.md under the project root. A
// missing default file is a project's first session; a path given with
// --file or $LEARN_FILE that does not exist is an error (exit 1), since it
// is far more often a typo than a new file, and reading it as empty would
// hide every learning the user meant to reach.
func (f *Factory) MemoryFile() (string, error) { return f.memoryFile(true) }

// NewMemoryFile is MemoryFile for the commands that may create the file
// (store, undo): a path given with --file or $LEARN_FILE may be missing,
// but its directory must exist. Only the default .tmp/ is created.
func (f *Factory) NewMemoryFile() (string, error) { return f.memoryFile(false) }

func (f *Factory) memoryFile(mustExist bool) (string, error) {
	wd, err := f.Getwd()
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	env := f.Getenv("LEARN_FILE")
	p := memfile.Resolve(f.FileFlag, env, wd)
	origin := "--file " + f.FileFlag
	if f.FileFlag == "" {
		origin = "$LEARN_FILE (" + env + ")"
	}
	if p == memfile.Resolve("", "", wd) {
		return p, nil
	}
	dir := filepath.Dir(p)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%s: directory %s does not exist; create it first (learn creates only the default %s)", origin, f.DisplayPath(dir), memfile.DefaultRel)
	}
	if _, err := os.Stat(p); mustExist && errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s: %s does not exist; check the path, or create it with learn store --file %s (without --file and $LEARN_FILE, learn uses %s in the project root)",
			origin, f.DisplayPath(p), f.DisplayPath(p), memfile.DefaultRel)
	}
	return p, nil
}

// Memory is the memory file this invocation reads, for the operations
// layer: MemoryFile, named as DisplayPath names it, with the project root,
// the clock and the size limit. A limit that is not a size is a usage error.
func (f *Factory) Memory() (*ops.Memory, error) { return f.memory(true) }

// NewMemory is Memory for the commands that may create the file (store,
// undo), as NewMemoryFile is.
func (f *Factory) NewMemory() (*ops.Memory, error) { return f.memory(false) }

func (f *Factory) memory(mustExist bool) (*ops.Memory, error) {
	path, err := f.memoryFile(mustExist)
	if err != nil {
		return nil, err
	}
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
		Path: path, Display: f.DisplayPath(path), Show: f.DisplayPath, Reason: f.memoryReason(),
		Root: root, DiffName: memfile.DiffName(wd, path), Now: f.Now, Limit: limit,
		LockTimeout: memfile.DefaultLockTimeout,
	}, nil
}

// memoryReason says why MemoryFile chose its file.
func (f *Factory) memoryReason() string {
	switch {
	case f.FileFlag != "":
		return "--file"
	case f.Getenv("LEARN_FILE") != "":
		return "$LEARN_FILE"
	default:
		return "project root"
	}
}

// ProjectRoot is the nearest ancestor of the working directory holding .git,
// else the working directory itself.
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
