package ops

import (
	"errors"
	"io/fs"

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
