package memfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/learn-memory/learn/internal/heapexpect"
)

// ErrNotFile marks a path that exists but cannot be a learnings file (a
// directory, a FIFO, a device), so commands can tell it from a missing file.
var ErrNotFile = errors.New("not a regular file")

type notFileError struct {
	path string
	what string
}

func (e *notFileError) Error() string {
	return fmt.Sprintf("%s is %s, not a learnings file", e.path, e.what)
}

func (e *notFileError) Is(target error) bool { return target == ErrNotFile }

// Read returns the file's bytes, following a symlink. A missing file is
// reported with an error that matches fs.ErrNotExist; a directory or other
// non-regular file is an error matching ErrNotFile that says what it is, so
// nobody mistakes a wrong --file for an empty memory. So is a file holding a
// NUL byte: no markdown does, and writing a session into a binary file that
// --file named by mistake would damage it. Readers take no lock:
// writers replace the file by rename, so a read sees the old or the new file.
func Read(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err = f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi); err != nil {
		return nil, err
	}
	heapexpect.File(fi.Size())
	data := make([]byte, 0, fi.Size()+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			if err := checkText(path, data); err != nil {
				return nil, err
			}
			return data, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// checkText refuses binary data, naming the line of the first NUL byte.
func checkText(path string, data []byte) error {
	i := bytes.IndexByte(data, 0)
	if i < 0 {
		return nil
	}
	line := bytes.Count(data[:i], []byte("\n")) + 1
	return &notFileError{path, fmt.Sprintf("a binary file (a NUL byte on line %d)", line)}
}

// checkRegular says what a non-regular file is instead of reading it; a FIFO
// would block a reader forever.
func checkRegular(path string, fi os.FileInfo) error {
	mode := fi.Mode()
	switch {
	case mode.IsRegular():
		return nil
	case mode.IsDir():
		return &notFileError{path, "a directory"}
	case mode&os.ModeNamedPipe != 0:
		return &notFileError{path, "a named pipe"}
	case mode&os.ModeSocket != 0:
		return &notFileError{path, "a socket"}
	case mode&os.ModeDevice != 0:
		return &notFileError{path, "a device"}
	default:
		return &notFileError{path, "a special file"}
	}
}
