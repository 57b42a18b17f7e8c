package hook

import (
	"fmt"
	"strings"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
)

// sourceCompact is the SessionStart source Claude Code and Codex CLI send
// after they compacted the conversation (by /compact or on their own).
const sourceCompact = "compact"

// sessionStart answers Claude Code's and Codex CLI's SessionStart hook
// (the two send the same fields): it prints what
// "learn recall --git" prints, the same bytes, a missing memory's
// first-session message included. After a compaction the recall also
// takes the session's recorded state, as "learn recall --git
// --agent-session ID" does: its most active files join the paths at hand,
// and its hot state (active files, commands still failing) ends the text,
// within the budget. The compaction's summary keeps what was said, not
// which files the tools read and changed. A resumed session already
// carries its memory and gets nothing.
func sessionStart(opts *Options, in Input, out *jsonOutput, note func(string, ...any)) {
	if in.Source == "resume" {
		return
	}
	wd, ok := workDir(opts, in, note)
	if !ok {
		return
	}
	req := ops.SessionStart()
	if in.Source == sourceCompact {
		req.Session = compactedSession(opts, in.SessionID, memfile.ProjectRoot(wd), note)
	}
	res, err := startRecall(opts, wd, req, out)
	if err != nil {
		note("%v", err)
		return
	}
	out.FileReason = res.FileReason
	for _, l := range res.Learnings {
		out.Learnings = append(out.Learnings, l.Learning)
	}
	out.Context = res.Text()
}

// compactedSession is the record of session id in root (the project of
// the hook's cwd, not learn's), nil when there is none to add (session
// state off, no id, nothing recorded or unreadable: the recall goes on
// without it).
func compactedSession(opts *Options, id, root string, note func(string, ...any)) *ops.AgentSession {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil
	}
	st, _, err := sessionstate.Named(opts.Getenv, opts.Now, root, id)
	if err != nil {
		note("session state of %s: %v", id, err)
		return nil
	}
	if st == nil {
		return nil
	}
	return &ops.AgentSession{State: st, Found: sessionstate.Found{ID: id, Source: "session_id"}}
}

// startRecall runs the session start's recall (req) on the memory of the
// project at wd, setting out.File.
func startRecall(opts *Options, wd string, req ops.RecallOptions, out *jsonOutput) (*ops.RecallResult, error) {
	loc := memfile.Locate(opts.FileFlag(), opts.Getenv("LEARN_FILE"), wd)
	out.File = loc.Path
	if err := memfile.CheckLinks(loc); err != nil {
		return nil, err
	}
	m := &ops.Memory{Path: loc.Path, Display: loc.Path, Reason: loc.Reason, Root: memfile.ProjectRoot(wd), Now: opts.Now}
	res, err := ops.Recall(m, req)
	if err != nil {
		return nil, fmt.Errorf("recall: %w", err)
	}
	return res, nil
}
