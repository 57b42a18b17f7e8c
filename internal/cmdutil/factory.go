package cmdutil

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
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
// $LEARN_FILE, else .tmp/memory-learnings.md under the project root.
func (f *Factory) MemoryFile() (string, error) {
	wd, err := f.Getwd()
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	return memfile.Resolve(f.FileFlag, f.Getenv("LEARN_FILE"), wd), nil
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
