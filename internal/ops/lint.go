package ops

import (
	"errors"
	"io/fs"

	"github.com/learn-memory/learn/internal/heapexpect"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/lint"
)

// LintOptions asks Lint for its findings.
type LintOptions struct {
	// Busy, when set, is told the long part starts and returns the
	// function that says it ended (a front end's progress line).
	Busy func(what string) (done func())
}

// LintResult is what lint finds in the file, and its JSON shape.
type LintResult struct {
	File       string         `json:"file"`
	FileReason string         `json:"file_reason"`
	Exists     bool           `json:"exists"`
	Sessions   int            `json:"sessions"`
	Learnings  int            `json:"learnings"`
	Errors     int            `json:"error_count"`
	Warnings   int            `json:"warning_count"`
	Findings   []lint.Finding `json:"findings"`
	// UnreadLines counts the non-blank lines no command reads as
	// learnings, and Unread lists their runs (see
	// learnings.Document.Unread); the findings name them too.
	UnreadLines int                `json:"unread_lines"`
	Unread      []learnings.Unread `json:"unread"`
}

// lintHeapPerByte is how much heap lint takes per byte of the memory file,
// at most: it keeps every learning prepared and indexed beside the parsed
// file, 15-25 bytes a byte on the 10 MB memories of bench/ (peak RSS with
// no collection 161 MB on agent to 263 MB on intl). With heapexpect's 16
// a byte, the one collection lint ran there came at 143 MB of heap and
// marked 110-113 MB that were all still in use: 1.38 G of the 7.47 G
// instructions of lint on the default generator's 10 MB memory
// (callgrind), for 30 MB of peak RSS (206 -> 236 MB; intl 215 -> 263).
const lintHeapPerByte = 28

// Lint checks the file: what the reader could not read, secrets, the size
// limit, duplicates and the rest of learn lint's checks, by line.
func Lint(m *Memory, opts LintOptions) (*LintResult, error) {
	var findings []lint.Finding
	var doc *learnings.Document
	var unread []learnings.Unread
	var exists bool
	if m.Cached != nil {
		snap, err := m.Cached()
		if err != nil {
			return nil, err
		}
		doc, exists = snap.Doc, snap.Exists
		findings, unread = snap.lint(m.limit())
	} else {
		// The secret scan needs only the bytes: it runs while they are
		// parsed.
		src, err := memfile.Read(m.Path)
		exists = err == nil
		if errors.Is(err, fs.ErrNotExist) {
			src, err = nil, nil
		}
		if err != nil {
			return nil, err
		}
		heapexpect.Scaled(int64(len(src)), lintHeapPerByte)
		scan := lint.ScanSecrets(src)
		doc = learnings.Parse(src)
		done := func() {}
		if opts.Busy != nil {
			done = opts.Busy("checking " + plural(len(doc.Learnings()), "learning", "learnings"))
		}
		unread = doc.Unread()
		findings = lint.CheckRead(doc, m.limit(), scan, unread)
		done()
	}
	out := &LintResult{File: m.Display, FileReason: m.Reason, Exists: exists, Sessions: len(doc.Sessions), Learnings: len(doc.Learnings()),
		Errors: lint.Errors(findings), Findings: findings}
	out.Warnings = len(findings) - out.Errors
	out.Unread = unread
	out.UnreadLines = learnings.UnreadLines(out.Unread)
	if out.Unread == nil {
		out.Unread = []learnings.Unread{}
	}
	if out.Findings == nil {
		out.Findings = []lint.Finding{}
	}
	return out, nil
}
