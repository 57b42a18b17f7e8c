package ops

import (
	"github.com/learn-memory/learn/internal/sessionstate"
)

// ForgetStateOptions says which agent sessions' recorded states go.
type ForgetStateOptions struct {
	// Session is one session's id; empty is every session of the project.
	Session string
	// AllProjects removes the states of every project.
	AllProjects bool
	DryRun      bool
}

// ForgetStateResult is what ForgetSessionState removed: the JSON of learn
// forget --session-state --json.
type ForgetStateResult struct {
	// Scope is "session", "project" or "all".
	Scope   string `json:"scope"`
	Root    string `json:"root"`
	Session string `json:"agent_session,omitempty"`
	Dir     string `json:"dir"`
	Removed int    `json:"removed"`
	DryRun  bool   `json:"dry_run"`
}

// ForgetSessionState removes what learn recorded of agent sessions (never
// the memory file, which it does not touch): one session's state, every
// state of the project at root, or every project's. With DryRun it counts
// them instead.
func ForgetSessionState(s *sessionstate.Store, root string, opts ForgetStateOptions) (*ForgetStateResult, error) {
	res := &ForgetStateResult{Root: root, Dir: s.Dir, DryRun: opts.DryRun}
	var err error
	switch {
	case opts.Session != "":
		res.Scope, res.Session = "session", opts.Session
		if opts.DryRun {
			st, lerr := s.Load(root, opts.Session)
			if st != nil {
				res.Removed = 1
			}
			err = lerr
			break
		}
		var ok bool
		ok, err = s.Delete(root, opts.Session)
		if ok {
			res.Removed = 1
		}
	case opts.AllProjects:
		res.Scope, res.Root = "all", ""
		if opts.DryRun {
			res.Removed = s.Count(root, true)
			break
		}
		res.Removed, err = s.DeleteAll()
	default:
		res.Scope = "project"
		if opts.DryRun {
			res.Removed = s.Count(root, false)
			break
		}
		res.Removed, err = s.DeleteProject(root)
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}
