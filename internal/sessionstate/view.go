package sessionstate

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
)

// SessionEnv are the environment variables that name the agent session a
// learn command runs in, in the order Find reads them: LEARN_SESSION (set
// it by hand, or a client's plugin sets it: learn's opencode plugin does
// for the bash tool), then what the clients themselves put in the
// environment of their shell tool and slash-command injections: Claude
// Code's CLAUDE_CODE_SESSION_ID and Codex CLI's CODEX_SESSION_ID (also
// CODEX_THREAD_ID), the session_id their hooks receive; Gemini CLI and
// opencode's own shell put none there (see docs/session-state.md).
var SessionEnv = []string{"LEARN_SESSION", "CLAUDE_CODE_SESSION_ID", "CODEX_SESSION_ID", "CODEX_THREAD_ID"}

// Found says which session a command runs in and how learn knows.
type Found struct {
	// ID is the session's id; "" when none was found.
	ID string `json:"id"`
	// Source is the environment variable that named it, or "latest" for
	// the project's most recently active session.
	Source string `json:"source"`
}

// Find is the agent session a learn command run in root belongs to, and
// its state (nil when it recorded nothing yet): the session an environment
// variable of SessionEnv names, else the project's most recently updated
// state when it was updated within FallbackWindow (the agent's shell tool
// often says nothing, and the hooks record the session as it works), else
// none. Off (see Enabled), it finds nothing.
func (s *Store) Find(getenv func(string) string, root string) (*State, Found, error) {
	if !Enabled(getenv) {
		return nil, Found{}, nil
	}
	for _, name := range SessionEnv {
		if id := strings.TrimSpace(getenv(name)); id != "" {
			st, err := s.Load(root, id)
			return st, Found{ID: id, Source: name}, err
		}
	}
	st, err := s.Latest(root, FallbackWindow)
	if err != nil || st == nil {
		return nil, Found{}, err
	}
	return st, Found{ID: st.Session, Source: "latest"}, nil
}

// Named is the state of the session id in the project at root, read from
// the user's store, for a front end that names the session itself rather
// than finding it: "learn recall --agent-session ID" and a SessionStart
// hook after a compaction. on is false when session state is off (see
// Enabled); st is nil when the session recorded nothing yet, which each
// caller reads its own way (the flag as an empty record, the hook as
// nothing to add).
func Named(getenv func(string) string, now func() time.Time, root, id string) (st *State, on bool, err error) {
	if !Enabled(getenv) {
		return nil, false, nil
	}
	store, err := Open(getenv, now)
	if err != nil {
		return nil, true, err
	}
	st, err = store.Load(root, id)
	return st, true, err
}

// strength is how much a file's record says it is at the heart of the
// work: edit > write > search > read.
func (f File) strength() (int, int) {
	switch {
	case f.Edits > 0:
		return 4, f.Edits
	case f.Writes > 0:
		return 3, f.Writes
	case f.Searches > 0:
		return 2, f.Searches
	}
	return 1, f.Reads
}

// Total is how many events touched the file.
func (f File) Total() int { return f.Edits + f.Writes + f.Searches + f.Reads }

// Changed reports whether the session edited or wrote the file.
func (f File) Changed() bool { return f.Edits > 0 || f.Writes > 0 }

// Ranked is the session's files, most active first: edited before
// written before searched before read, then by how often, then by how
// recently.
func (st *State) Ranked() []File {
	if st == nil {
		return nil
	}
	out := slices.Clone(st.Files)
	slices.SortStableFunc(out, func(a, b File) int {
		as, an := a.strength()
		bs, bn := b.strength()
		return cmp.Or(cmp.Compare(bs, as), cmp.Compare(bn, an), cmp.Compare(b.Total(), a.Total()), cmp.Compare(b.Last, a.Last))
	})
	return out
}

// ActivePaths are the paths of the n most active files.
func (st *State) ActivePaths(n int) []string {
	var out []string
	for _, f := range st.Ranked() {
		if len(out) == n {
			break
		}
		out = append(out, f.Path)
	}
	return out
}

// Changed is the files the session edited or wrote, most active first.
func (st *State) Changed() []File {
	var out []File
	for _, f := range st.Ranked() {
		if f.Changed() {
			out = append(out, f)
		}
	}
	return out
}

// DocPaths are the documents the session opened, most read first, then
// in the order it first opened them.
func (st *State) DocPaths() []string {
	if st == nil {
		return nil
	}
	docs := slices.Clone(st.Docs)
	slices.SortStableFunc(docs, func(a, b Doc) int {
		return cmp.Compare(b.Reads, a.Reads)
	})
	out := make([]string, len(docs))
	for i, d := range docs {
		out[i] = d.Path
	}
	return out
}

// Open is the failures no later command of their kind passed, most recent
// first: what the hot snapshot and the hints call still failing.
func (st *State) Open() []Failure { return st.failures(false) }

// Fixed is the failures a later command of their kind passed, most recent
// first: the "failed, then passed" hints, where a learning often hides.
func (st *State) Fixed() []Failure { return st.failures(true) }

func (st *State) failures(passed bool) []Failure {
	if st == nil {
		return nil
	}
	var out []Failure
	for _, f := range st.Failures {
		if f.Passed == passed {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b Failure) int { return cmp.Compare(b.Last, a.Last) })
	return out
}

// Did says in a few words what the session did to the file: "edited 3x,
// read 2x".
func (f File) Did() string {
	var parts []string
	for _, p := range []struct {
		n    int
		verb string
	}{{f.Edits, "edited"}, {f.Writes, "written"}, {f.Searches, "searched"}, {f.Reads, "read"}} {
		switch {
		case p.n == 1:
			parts = append(parts, p.verb)
		case p.n > 1:
			parts = append(parts, fmt.Sprintf("%s %dx", p.verb, p.n))
		}
	}
	return strings.Join(parts, ", ")
}

// Describe is a failure on one line: its kind, command, exit code, and
// what its output said.
func (f Failure) Describe() string {
	s := fmt.Sprintf("%s `%s` (exit %d", f.Kind, f.Command, f.Exit)
	if f.Count > 1 {
		s += fmt.Sprintf(", %d times", f.Count)
	}
	s += ")"
	if f.Excerpt != "" {
		s += ": " + f.Excerpt
	}
	return s
}

// SnapshotMaxChars bounds the hot snapshot, as the seed plugin does.
const SnapshotMaxChars = 700

// SnapshotFiles is the most active files the snapshot names.
const SnapshotFiles = 8

// Snapshot is the hot session state in at most max characters (bytes):
// the active files and the open errors, for a model that lost the
// conversation to a compaction. A session with neither gets "".
func (st *State) Snapshot(max int) string {
	files, open := st.Ranked(), st.Open()
	if len(files) == 0 && len(open) == 0 {
		return ""
	}
	var b strings.Builder
	head := "## Session state (recorded by learn from this session's tool calls)\n"
	b.WriteString(head)
	fits := func(s string) bool { return b.Len()+len(s) <= max }
	// The files get at most half the room when there are errors to show,
	// and the eight most active at most.
	filesMax := max
	if len(open) > 0 {
		filesMax = max / 2
	}
	if len(files) > 0 {
		line := "Active files:"
		for i, f := range files {
			item := fmt.Sprintf(" %s (%s)", f.Path, f.Did())
			if i > 0 {
				item = "," + item
			}
			if i == SnapshotFiles || b.Len()+len(line+item+"\n") > filesMax {
				break
			}
			line += item
		}
		if line != "Active files:" {
			b.WriteString(line + "\n")
		}
	}
	if len(open) > 0 && fits("Open errors:\n") {
		b.WriteString("Open errors:\n")
		for _, f := range open {
			item := Shorten("- "+f.Describe(), min(180, max-b.Len()-1)) + "\n"
			if len(item) < 40 || !fits(item) {
				break
			}
			b.WriteString(item)
		}
	}
	if b.Len() == len(head) {
		return ""
	}
	return b.String()
}

// Age says how long ago t was, roughly.
func Age(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}
