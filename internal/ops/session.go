package ops

import (
	"path"
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/ops/input"
	"github.com/learn-memory/learn/internal/sessionstate"
	"github.com/learn-memory/learn/learnings/secrets"
)

// AgentSession is the agent session an operation runs in, as the front end
// found it (sessionstate.Find): what the session's tool calls recorded, never
// anything stored in the memory file.
type AgentSession struct {
	State *sessionstate.State
	Found sessionstate.Found
}

// agentSession is the session m runs in, nil outside one or when it
// recorded nothing.
func (m *Memory) agentSession() *AgentSession {
	if m.Session == nil {
		return nil
	}
	s := m.Session()
	if s == nil || s.State.Empty() {
		return nil
	}
	return s
}

// Bounds of the baseline's "This session" part: hints, not a report.
const (
	hintDocs    = 10
	hintChanged = 8
	hintFails   = 5
)

// SessionHints is the baseline's "This session" part: what the agent
// session did, as hints for candidate learnings (the documentation it read,
// the files it changed, the commands that failed and then passed, and those
// still failing). It is never stored by itself.
type SessionHints struct {
	ID      string           `json:"id"`
	Source  string           `json:"source"`
	Docs    []string         `json:"docs"`
	Changed []SessionFile    `json:"changed"`
	Fixed   []SessionFailure `json:"fixed"`
	Open    []SessionFailure `json:"open"`
	state   *sessionstate.State
}

// SessionFile is a file the session changed, and how.
type SessionFile struct {
	Path string `json:"path"`
	Did  string `json:"did"`
}

// SessionFailure is a command that failed in the session.
type SessionFailure struct {
	Kind    string `json:"kind"`
	Command string `json:"command"`
	Exit    int    `json:"exit"`
	Count   int    `json:"count"`
	Excerpt string `json:"excerpt"`
	// PassedBy is the command of the same kind that later passed.
	PassedBy string `json:"passed_by,omitempty"`
}

// newSessionHints is the hints s gives, nil when it gives none.
func newSessionHints(s *AgentSession) *SessionHints {
	if s == nil {
		return nil
	}
	st := s.State
	h := &SessionHints{ID: s.Found.ID, Source: s.Found.Source, state: st,
		Docs:    firstN(st.DocPaths(), hintDocs, secrets.Redact),
		Changed: firstN(st.Changed(), hintChanged, sessionFile),
		Fixed:   firstN(st.Fixed(), hintFails, sessionFailure),
		Open:    firstN(st.Open(), hintFails, sessionFailure)}
	if len(h.Docs)+len(h.Changed)+len(h.Fixed)+len(h.Open) == 0 {
		return nil
	}
	return h
}

// Text is the "This session" part as the baseline prints it.
func (h *SessionHints) Text() string {
	if h == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("# This session\n\nRecorded by learn from this session's tool calls: hints for candidates, not learnings.\n")
	if len(h.Docs) > 0 {
		refs := make([]string, len(h.Docs))
		for i, d := range h.Docs {
			refs[i] = "`" + d + "`"
		}
		b.WriteString("\nDocumentation read: " + strings.Join(refs, ", ") + "\n")
	}
	if len(h.Changed) > 0 {
		parts := make([]string, len(h.Changed))
		for i, f := range h.Changed {
			parts[i] = f.Path + " (" + f.Did + ")"
		}
		b.WriteString("\nFiles changed: " + strings.Join(parts, ", ") + "\n")
	}
	if len(h.Fixed) > 0 {
		b.WriteString("\nFailed, then passed (what made it pass may be a learning):\n")
		for _, f := range h.Fixed {
			b.WriteString("- " + f.describe() + "; then `" + f.PassedBy + "` passed\n")
		}
	}
	if len(h.Open) > 0 {
		b.WriteString("\nStill failing:\n")
		for _, f := range h.Open {
			b.WriteString("- " + f.describe() + "\n")
		}
	}
	return b.String()
}

// firstN is f of each of the first n of xs (all of them when fewer),
// never nil, so that an empty list is [] in --json.
func firstN[T, U any](xs []T, n int, f func(T) U) []U {
	out := make([]U, 0, min(len(xs), n))
	for _, x := range xs[:min(len(xs), n)] {
		out = append(out, f(x))
	}
	return out
}

// sessionFile is a file the session worked on as the operations show it,
// its path redacted.
func sessionFile(f sessionstate.File) SessionFile {
	return SessionFile{Path: secrets.Redact(f.Path), Did: f.Did()}
}

// sessionFailure is a recorded failure as the operations show it, secrets
// redacted again.
func sessionFailure(f sessionstate.Failure) SessionFailure {
	return SessionFailure{Kind: string(f.Kind), Command: secrets.Redact(f.Command), Exit: f.Exit, Count: f.Count,
		Excerpt: secrets.Redact(f.Excerpt), PassedBy: secrets.Redact(f.PassedBy)}
}

func (f SessionFailure) describe() string {
	return sessionstate.Failure{Kind: sessionstate.Kind(f.Kind), Command: f.Command, Exit: f.Exit, Count: f.Count, Excerpt: f.Excerpt}.Describe()
}

// sessionDocs are the documents the session opened that Documentation Seen
// can name: inside the project (a relative path), and a reference store
// takes (no comma, not too long).
func sessionDocs(s *AgentSession) []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, d := range s.State.DocPaths() {
		if path.IsAbs(d) || strings.HasPrefix(d, "../") || strings.ContainsAny(d, ",\r\n`") ||
			utf8.RuneCountInString(d) > input.MaxRefChars || len(strings.Fields(d)) > input.MaxRefWords || d != secrets.Redact(d) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// withSessionDocs is the --docs references with the session's documents
// added after them, each once: a document given already (with or without
// an #anchor or a leading ./) is not added again.
func withSessionDocs(given []string, docs []string) (all []string, added []string) {
	seen := map[string]bool{}
	for _, r := range input.SplitRefs(given) {
		seen[refKey(r)] = true
	}
	all = append(all, given...)
	for _, d := range docs {
		if k := refKey(d); !seen[k] {
			seen[k] = true
			all = append(all, d)
			added = append(added, d)
		}
	}
	return all, added
}

// refKey is the file a reference names, for comparing references.
func refKey(ref string) string {
	ref = strings.Trim(strings.TrimSpace(ref), "`")
	if i := strings.IndexAny(ref, "#"); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndex(ref, ":"); i > 0 && strings.Trim(ref[i+1:], "0123456789-") == "" {
		ref = ref[:i]
	}
	return path.Clean(strings.TrimPrefix(ref, "./"))
}
