package learnings

// This file holds the engine's API as placeholders while it is being built.
// Each function moves to its own file (parse.go, edit.go, render.go, canon.go)
// when implemented, and this file is deleted.

import (
	"errors"
	"time"
)

// ErrUnclosed reports a fence or HTML comment left open; edits refuse.
var ErrUnclosed = errors.New("unclosed block")

// Parse reads src into a Document. It never fails and never panics.
func Parse(src []byte) *Document { return &Document{Source: src, EOL: "\n"} }

// Editor collects edits against one Document and applies them together.
type Editor struct{ doc *Document }

// Edit starts an edit of d.
func (d *Document) Edit() *Editor { return &Editor{doc: d} }

// InsertSession adds s as the newest session.
func (e *Editor) InsertSession(s NewSession) *Editor { return e }

// AddConsolidated appends learnings to Consolidated under their categories.
func (e *Editor) AddConsolidated(ls []NewLearning) *Editor { return e }

// SetConsolidated replaces (or creates) the Consolidated section.
func (e *Editor) SetConsolidated(ls []NewLearning, tally []DocCount) *Editor { return e }

// RemoveSession removes a whole session.
func (e *Editor) RemoveSession(s *Session) *Editor { return e }

// RemoveLearning removes a single learning.
func (e *Editor) RemoveLearning(l *Learning) *Editor { return e }

// Bytes applies the edits and returns the new file.
func (e *Editor) Bytes() ([]byte, error) { return nil, errors.New("not implemented") }

// FormatStamp renders t as the spec's local timestamp, "2006-01-02 15:04 MST".
func FormatStamp(t time.Time) string { return t.Format("2006-01-02 15:04 MST") }

// RenderSession renders s in canonical form with the given line ending.
func RenderSession(s NewSession, eol string) []byte { return nil }

// RenderConsolidated renders a Consolidated section in canonical form.
func RenderConsolidated(ls []NewLearning, tally []DocCount, eol string) []byte { return nil }

// ParseInput reads learnings written the way agents write them.
func ParseInput(src []byte) ([]NewLearning, []Problem) { return nil, nil }
