package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/learn-memory/learn/internal/claude"
)

// scopePaths lists file(s) in each of env's scopes (the user's, then the
// project's), without repeats: one file when the project is the home.
func scopePaths(env Env, file func(Scope) (string, error)) []string {
	var paths []string
	for _, s := range env.scopes() {
		if p, err := file(s); err == nil && (len(paths) == 0 || p != paths[0]) {
			paths = append(paths, p)
		}
	}
	return paths
}

// readNoted reads p for a check: a missing file is no finding, one that
// cannot be read is noted in c's details; ok says there are bytes to read.
func readNoted(c *Check, p string) (data []byte, ok bool) {
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false
	}
	if err != nil {
		c.Details = append(c.Details, fmt.Sprintf("cannot read %s: %v", p, err))
		return nil, false
	}
	return data, true
}

// hookFiles is what a client's hook files say about learn's hooks, read
// once for doctor so that Claude Code, Codex and Gemini CLI judge them by
// the same rules: a hook counts wherever it is (the user's file or the
// project's), the first file holding it is the one named.
type hookFiles struct {
	paths []string
	// found and outdated map an event to the first file holding learn's
	// hook for it, and the first holding an earlier learn's command.
	found, outdated map[string]string
}

// readHookFiles reads set's hooks from each of paths that exists. A file
// that cannot be read is noted in c's details; one that cannot be parsed
// also fails c, with ignored saying what the client does with it. each,
// if not nil, sees every parsed file for the client's own checks.
func readHookFiles(c *Check, paths []string, set claude.HookSet, ignored string, each func(path string, data []byte)) hookFiles {
	h := hookFiles{paths: paths, found: map[string]string{}, outdated: map[string]string{}}
	for _, p := range paths {
		data, ok := readNoted(c, p)
		if !ok {
			continue
		}
		present, err := set.Present(p, data)
		if err != nil {
			c.Status = CheckFail
			c.Details = append(c.Details, err.Error()+" ("+ignored+")")
			continue
		}
		for ev, ok := range present {
			if ok && h.found[ev] == "" {
				h.found[ev] = p
			}
		}
		old, _ := set.Outdated(p, data)
		for _, ev := range old {
			if h.outdated[ev] == "" {
				h.outdated[ev] = p
			}
		}
		if each != nil {
			each(p, data)
		}
	}
	return h
}

// judge sets c's verdict when a hook of set is missing (c fails, and the
// fix is install, with hint after it), or when a file failed c (client
// will not run the hooks; fix names what to fix), and reports whether it
// did; otherwise c's message says where each hook is.
func (h hookFiles) judge(c *Check, set claude.HookSet, a Agent, hint, client, fix string) bool {
	var missing, where []string
	for _, hk := range set {
		if h.found[hk.Event] == "" {
			missing = append(missing, hk.Event)
		} else {
			where = append(where, hk.Event+" in "+h.found[hk.Event])
		}
	}
	switch {
	case len(missing) > 0:
		c.Status = CheckFail
		c.Message = fmt.Sprintf("%s missing in %s, so %s", strings.Join(missing, " and "), strings.Join(h.paths, " and "), set.Lost(missing))
		c.Fix = installCommand(a) + " (or --project for this project only" + hint + ")"
		return true
	case c.Status == CheckFail:
		c.Message = "installed, but " + client + " will not run them"
		c.Fix = fix
		return true
	}
	c.Message = strings.Join(where, ", ")
	return false
}
