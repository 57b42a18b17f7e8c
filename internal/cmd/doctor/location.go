package doctor

import (
	"fmt"

	"github.com/learn-memory/learn/internal/agent"
	"github.com/learn-memory/learn/internal/memfile"
)

// checkLocation says which learnings file is used and why (--file,
// $LEARN_FILE, the project root, the main worktree of a linked worktree),
// and whether a linked worktree still holds a memory of its own to adopt.
func checkLocation(opts *Options) []agent.Check {
	if opts.Locate == nil {
		return nil
	}
	loc, err := opts.Locate()
	if err != nil {
		return []agent.Check{{Name: "learnings file location", Status: agent.CheckFail, Message: err.Error()}}
	}
	where := agent.Check{Name: "learnings file location", Status: agent.CheckOK, Message: loc.String()}
	if loc.Kind == memfile.KindShared {
		where.Details = append(where.Details, "shared by every worktree of the repository; removing a worktree removes none of it")
	}
	if loc.Adopt != "" {
		where.Status = agent.CheckWarn
		where.Details = append(where.Details, fmt.Sprintf("this worktree still has a memory of its own, %s, which is not used", loc.Adopt))
		where.Fix = "run any learn command here (learn recall) to merge it into the shared file; it is then kept as memory-learnings" + memfile.AdoptedSuffix + ".md"
	}
	return []agent.Check{where}
}
