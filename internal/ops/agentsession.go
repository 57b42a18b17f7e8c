package ops

import (
	"time"

	"github.com/learn-memory/learn/internal/sessionstate"
	"github.com/learn-memory/learn/learnings/secrets"
)

// SessionState is what an agent session recorded, as a front end shows it
// beside the memory (learn serve's page): the files it worked on most and
// what it did to them, the documents it opened, the commands still failing
// and those that failed and then passed, and the text "learn recall
// --agent-session ID" ends with. It is never stored in the memory file.
type SessionState struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	Agent  string `json:"agent,omitempty"`
	// Started and Updated are the session's first and last recorded event.
	Started time.Time        `json:"started"`
	Updated time.Time        `json:"updated"`
	Files   []SessionFile    `json:"files"`
	Docs    []string         `json:"docs"`
	Open    []SessionFailure `json:"open"`
	Fixed   []SessionFailure `json:"fixed"`
	// Snapshot is the session state as recall adds it.
	Snapshot string `json:"snapshot"`
}

// Bounds of SessionState's lists, as many as recall's snapshot names at
// most and the baseline's hints.
const (
	stateFiles = sessionstate.SnapshotFiles
	stateDocs  = hintDocs
	stateFails = hintFails
)

// AgentSessionState is s's record as SessionState; nil outside a session or
// when it recorded nothing.
func AgentSessionState(s *AgentSession) *SessionState {
	if s == nil || s.State.Empty() {
		return nil
	}
	st := s.State
	return &SessionState{ID: s.Found.ID, Source: s.Found.Source, Agent: st.Agent, Started: st.Started, Updated: st.Updated,
		Files:    firstN(st.Ranked(), stateFiles, sessionFile),
		Docs:     firstN(st.DocPaths(), stateDocs, secrets.Redact),
		Open:     firstN(st.Open(), stateFails, sessionFailure),
		Fixed:    firstN(st.Fixed(), stateFails, sessionFailure),
		Snapshot: secrets.Redact(st.Snapshot(sessionstate.SnapshotMaxChars))}
}

// Describe is the failure on one line, as recall's snapshot and the
// baseline write it.
func (f SessionFailure) Describe() string { return f.describe() }
