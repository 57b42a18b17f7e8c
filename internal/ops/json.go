package ops

import (
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/sanitize"
	"github.com/learn-memory/learn/learnings/shown"
)

// Learning is one learning as every operation's result names it: the one
// JSON shape of a learning (docs/json.md).
type Learning struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Text     string `json:"text"`
	// Session is where the learning was stored; nil for a learning in
	// Consolidated Learnings.
	Session *SessionRef `json:"session,omitempty"`
	// SupersededBy is the ID of the learning that replaced this one, for
	// the results that list superseded learnings at all (show's chain).
	SupersededBy string `json:"superseded_by,omitempty"`
}

// SessionRef names a session: the one JSON shape of a session reference.
type SessionRef struct {
	ID    string `json:"id"`
	Stamp string `json:"stamp"`
	Focus string `json:"focus"`
}

// NewLearning is l as results name it, its text and category made safe to
// show (Clean): a category label is the file's text too.
func NewLearning(l *learnings.Learning) Learning {
	out := Learning{ID: l.ID, Category: Clean(l.Category), Text: Clean(l.Text)}
	if l.Session != nil {
		ref := NewSessionRef(l.Session)
		out.Session = &ref
	}
	return out
}

// NewSessionRef is s as results name it.
func NewSessionRef(s *learnings.Session) SessionRef {
	return SessionRef{ID: s.ID, Stamp: Clean(s.Stamp), Focus: Clean(s.Focus)}
}

// Clean is what any text read from the memory file goes through before it
// leaves learn, in every front end and both text and JSON: secrets are
// redacted, and nothing in it can act on a terminal or on the frames learn
// puts around memory. Only text shown, never text written back, is cleaned.
func Clean(s string) string {
	return shown.Text(s)
}

// cleanInput is what text given to learn (a candidate learning, a
// session's focus) goes through before a result echoes it: neutralised as
// Clean neutralises the file's text, so that --json, the MCP tools and the
// text report show it alike. Its secrets are refused or masked before.
func cleanInput(s string) string {
	return sanitize.Text(s)
}

// cleanInputs is cleanInput on each of ss, never nil.
func cleanInputs(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = cleanInput(s)
	}
	return out
}

// cleanAll is Clean on each of refs, never nil.
func cleanAll(refs []string) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = Clean(r)
	}
	return out
}
