// Package learnings reads the learnings file into a model and edits it as
// byte splices over the original source, so that every byte an edit did not
// mean to change survives untouched.
package learnings

import (
	"fmt"
	"time"
)

// Span locates a piece of the source. Offsets index Document.Source; End is
// exclusive and includes the piece's final line ending when it has one. Line
// and EndLine are 1-based and name the first and last line the span touches,
// so that problems and IDs can point a person at the file.
type Span struct {
	Start, End    int
	Line, EndLine int
}

// Document is a parsed learnings file. Parse never fails: what it cannot make
// sense of stays in the source untouched and is listed in Problems.
type Document struct {
	// Source is the file exactly as read, BOM and all.
	Source []byte
	// EOL is the file's own line ending ("\n" or "\r\n"), used for every
	// line an edit writes. A file without any line break reports "\n".
	EOL string
	// Frontmatter is the YAML block at the top of the file, if any.
	Frontmatter *Span
	// Preamble is the text between the frontmatter (or file start) and the
	// first H2 heading; nil when empty.
	Preamble *Span
	// Consolidated is the "## Consolidated Learnings" section, nil if absent.
	Consolidated *Consolidated
	// Recent is the "## Recent Sessions" heading line, nil if absent.
	Recent *Span
	// Sessions are in file order, which is newest first in a healthy file.
	Sessions []*Session
	// Sections are the H2 sections `learn` does not own (hand-written
	// notes, unknown headings). They are kept verbatim by every edit.
	Sections []*Section
	// Problems lists what the reader skipped or could not read, by line.
	Problems []Problem
	// Damage lists the parts of the file that could not be read as
	// learnings although they probably hold some (a fence that swallowed
	// sessions, text outside every section), by line; edits refuse to
	// rewrite them and every command reports them.
	Damage []Damage
	// Unclosed is set when a code fence or HTML comment is never closed and
	// so swallows the rest of the file; edits refuse such a document.
	Unclosed *Problem
	// idsGiven is set once AssignIDs has run.
	idsGiven bool
	// lines is what the parse's scan leaves for Unread.
	lines *lineLog
}

// Consolidated is the section that aggregates learnings across sessions.
type Consolidated struct {
	Span       Span
	Categories []*Category
	// Tally counts how often compacted sessions saw each documentation
	// reference, so improve-docs keeps its data after compact.
	Tally     []DocCount
	TallySpan *Span
}

// DocCount is one entry of the Documentation Seen tally.
type DocCount struct {
	Ref   string
	Count int
}

// Session is one stored session, from its "## [stamp] - focus" header to the
// byte before the next H2 heading (its trailing "---" separator included).
type Session struct {
	ID   string
	Span Span
	// Header is the header line's text after "## ", as written.
	Header string
	// Stamp is the timestamp text as written ("2026-11-22 14:05 CET").
	Stamp string
	// Time is Stamp parsed; the zero Time when it could not be parsed.
	Time    time.Time
	Focus   string
	Project string
	// Docs are the Documentation Seen references, split on commas and
	// stripped of backticks.
	Docs       []string
	Categories []*Category
}

// Category is a group of learnings under one category label.
type Category struct {
	// Name is the canonical name for the five spec categories (see
	// Priority) and the label as written for custom ones.
	Name string
	// Label is the label as written ("User Corections", "Fresh
	// Discovery"); empty for learnings with no label above them.
	Label     string
	Span      Span
	Learnings []*Learning
	// Misspelt is set when the label was read as a spec category only
	// because it is a near miss of one ("**User Corections:**"): lint
	// suggests the spelling, fmt and compact write it. The reader judges
	// each distinct label of a file once.
	Misspelt bool
}

// Learning is one list item under a category.
type Learning struct {
	// ID is short, derived from content and position-independent, so that
	// it is the same on every run and machine (see package docs on IDs).
	ID       string
	Category string
	// Text is the item without its list marker, continuation lines
	// de-indented, line endings normalised to "\n", trailing space trimmed.
	Text string
	// Span covers the whole list item, continuation lines included.
	Span Span
	// Session is nil for learnings in Consolidated Learnings.
	Session *Session
	// Superseded is set when the learning was replaced by a newer one and
	// is kept struck through (see ParseSuperseded); nil for a live one.
	Superseded *Superseded
}

// Content is the learning's text without the strike and note of a
// superseded learning: what it says.
func (l *Learning) Content() string {
	if l.Superseded != nil {
		return l.Superseded.Text
	}
	return l.Text
}

// Section is an H2 section kept verbatim.
type Section struct {
	Title string
	Span  Span
}

// Problem is something the reader could not make sense of.
type Problem struct {
	Line    int
	Message string
}

// String is the problem as every command prints it, "line N: message",
// so that the CLI, lint and the page word problems alike.
func (p Problem) String() string { return fmt.Sprintf("line %d: %s", p.Line, p.Message) }

// NewSession is a session about to be written.
type NewSession struct {
	Time      time.Time
	Focus     string
	Project   string
	Docs      []string
	Learnings []NewLearning
}

// NewLearning is a learning about to be written. Text may span several
// lines (nested code blocks included); the writer indents them.
type NewLearning struct {
	Category string
	Text     string
}
