// Package memview loads the learnings file for the commands that only read
// it (search, show, lint, stats, recall, summarise, fmt --check) and words
// what they say about it the same way in each.
package memview

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/learnings"
)

// Load reads and parses the learnings file. A missing file is not an error:
// exists is false and the document is empty, because a project without
// memory yet is the normal first state.
func Load(path string) (doc *learnings.Document, exists bool, err error) {
	return load(path, nil)
}

// load is Load, handing the file's bytes to beside, when it is not nil,
// before they are parsed.
func load(path string, beside func(src []byte)) (doc *learnings.Document, exists bool, err error) {
	src, err := memfile.Read(path)
	exists = err == nil
	if errors.Is(err, fs.ErrNotExist) {
		src, err = nil, nil
	}
	if err != nil {
		return nil, false, err // memfile's errors name the file already
	}
	if beside != nil {
		beside(src)
	}
	return learnings.Parse(src), exists, nil
}

// File is the learnings file as a reading command sees it.
type File struct {
	// Display names the file in messages, relative to the working
	// directory.
	Display string
	Doc     *learnings.Document
	// Exists is false when there is no file yet (Doc is then empty).
	Exists bool
}

// Open resolves the learnings file with path, names it with display and
// loads it as Load does, so that every reading command finds, names and
// reads the file the same way. Errors come back as they are: path's and
// memfile's already say what failed and where.
func Open(path func() (string, error), display func(string) string) (*File, error) {
	return OpenBeside(path, display, nil)
}

// OpenBeside is Open, handing the file's bytes (nil when there is no file)
// to beside before they are parsed: work that needs only the bytes, such as
// lint's secret scan, can start on another goroutine and run while the
// file is parsed.
func OpenBeside(path func() (string, error), display func(string) string, beside func(src []byte)) (*File, error) {
	p, err := path()
	if err != nil {
		return nil, err
	}
	doc, exists, err := load(p, beside)
	if err != nil {
		return nil, err
	}
	return &File{Display: display(p), Doc: doc, Exists: exists}, nil
}

// WriteProblems prints each problem as "display:line: message", the form
// editors and terminals turn into a link to the line.
func WriteProblems(w io.Writer, display string, problems []learnings.Problem) {
	for _, p := range problems {
		fmt.Fprintf(w, "%s:%d: %s\n", display, p.Line, p.Message)
	}
}

// Date is when a learning was stored: its session's stamp as written, or
// "consolidated" for learnings folded into Consolidated Learnings.
func Date(l *learnings.Learning) string {
	if l.Session == nil {
		return "consolidated"
	}
	if l.Session.Stamp == "" {
		return "undated"
	}
	return l.Session.Stamp
}

// Plural counts n things in words, "1 learning" or "2 learnings", so that
// no message says "1 learnings".
func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// FirstLine shortens a learning to its first line of at most n runes, marking
// what was cut with an ellipsis, for one-line listings.
func FirstLine(text string, n int) string {
	first, _, more := strings.Cut(text, "\n")
	r := []rune(first)
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	if more {
		return first + " …"
	}
	return first
}
