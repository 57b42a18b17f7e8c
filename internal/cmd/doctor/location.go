package doctor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/learn-memory/learn/internal/agent"
	"github.com/learn-memory/learn/internal/memfile"
)

// checkLocation says which learnings file is used and why (--file,
// $LEARN_FILE, the project root, the main worktree of a linked worktree),
// whether a linked worktree still holds a memory of its own to adopt,
// whether a symbolic link on the default path leads out of the project, and
// whether others can read the file.
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
	checks := []agent.Check{where, linkCheck(loc)}
	if c, ok := permCheck(loc.Path); ok {
		checks = append(checks, c)
	}
	return checks
}

// permCheck warns when others on the machine can read or write the
// learnings file: learn creates it 0600, but a file made before, copied in
// or created by hand may be 0644, and a memory can hold what only its owner
// should read. ok is false when there is no file to check.
func permCheck(path string) (agent.Check, bool) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return agent.Check{}, false
	}
	c := agent.Check{Name: "learnings file permissions", Status: agent.CheckOK}
	mode := fi.Mode().Perm()
	var who []string
	if mode&0o040 != 0 {
		who = append(who, "readable by its group")
	}
	if mode&0o004 != 0 {
		who = append(who, "readable by every user of this machine")
	}
	if mode&0o022 != 0 {
		who = append(who, "writable by others")
	}
	if len(who) == 0 {
		c.Message = fmt.Sprintf("only its owner can read it (%04o)", mode)
		return c, true
	}
	c.Status = agent.CheckWarn
	c.Message = fmt.Sprintf("%s is %s (%04o)", path, strings.Join(who, " and "), mode)
	c.Details = []string{"the backups copy the file's mode, so they are too"}
	c.Fix = fmt.Sprintf("chmod 600 %s; chmod -R go-rwx %s", path, filepath.Dir(path))
	return c, true
}

// linkCheck reports a symbolic link on the default path that leads out of
// the project (memfile.CheckLinks), for doctor and for lint: a cloned
// repository can ship one to aim learn's writes anywhere, and every writing
// command refuses it.
func linkCheck(loc memfile.Location) agent.Check {
	c := agent.Check{Name: "learnings file links", Status: agent.CheckOK}
	err := memfile.CheckLinks(loc)
	var le *memfile.LinkError
	switch {
	case errors.As(err, &le):
		c.Status = agent.CheckFail
		c.Message = le.Link + " is a symbolic link leading out of the project; learn refuses to write through it"
		c.Details = []string{err.Error()}
		c.Fix = "remove the link (rm " + le.Link + "); learn then creates a plain file, or name the file you mean with --file or $LEARN_FILE"
	case err != nil:
		c.Status, c.Message = agent.CheckFail, err.Error()
	case !loc.Default():
		c.Message = "a file named with " + loc.Reason + " is used as given, symbolic links included"
	default:
		c.Message = "no symbolic link on the default path leads out of the project"
	}
	return c
}
