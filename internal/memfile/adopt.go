package memfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/learn-memory/learn/learnings"
)

// Adopted says what Adopt did, for the one message that reports it.
type Adopted struct {
	// From is the linked worktree's own memory file, Into the shared one.
	From, Into string
	// Aside is where From was moved after the merge: it is kept, so that
	// nothing is lost even if the merge were wrong.
	Aside string
	learnings.MergeResult
}

// AdoptedSuffix is the name a worktree's memory file gets once merged
// into the shared one: memory-learnings.md → memory-learnings.adopted.md.
const AdoptedSuffix = ".adopted"

// Adopt merges the memory file a linked worktree kept before worktrees
// shared one memory (loc.Adopt) into loc.Path (see learnings.Merge: every
// session and Consolidated learning, each once), then moves it aside as
// memory-learnings.adopted.md, all under the shared file's lock, so that
// concurrent commands in the worktree adopt it once. It returns nil when
// there was nothing to adopt. A file that cannot be merged (an unclosed
// fence) is left where it is and the error says why.
func Adopt(loc Location, timeout time.Duration, now time.Time) (*Adopted, error) {
	if loc.Adopt == "" || loc.Adopt == loc.Path {
		return nil, nil
	}
	var res *Adopted
	err := updateThen(loc.Path, timeout, func(current []byte, exists bool) ([]byte, error) {
		src, err := Read(loc.Adopt)
		if errors.Is(err, fs.ErrNotExist) {
			return current, nil // another learn adopted it meanwhile
		}
		if err != nil {
			return nil, err
		}
		out, r, err := learnings.Merge(current, src)
		if err != nil {
			return nil, fmt.Errorf("merge %s into %s: %w", loc.Adopt, loc.Path, err)
		}
		res = &Adopted{From: loc.Adopt, Into: loc.Path, MergeResult: r}
		return out, nil
	}, func() error {
		if res == nil {
			return nil
		}
		res.Aside = asideName(loc.Adopt, now)
		if err := os.Rename(loc.Adopt, res.Aside); err != nil {
			return fmt.Errorf("merged %s into %s, but cannot move it aside: %w", loc.Adopt, loc.Path, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// asideName is memory-learnings.adopted.md beside path, or, when that is
// taken by an earlier adoption, one with the time in its name.
func asideName(path string, now time.Time) string {
	stem, ext := splitExt(path)
	p := stem + AdoptedSuffix + ext
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return p
	}
	for i := 0; ; i++ {
		p = fmt.Sprintf("%s%s-%s", stem, AdoptedSuffix, now.UTC().Format("20060102-150405"))
		if i > 0 {
			p += fmt.Sprintf("-%d", i)
		}
		p += ext
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return filepath.Clean(p)
		}
	}
}

// Message is the one line that tells the user about the adoption.
func (a *Adopted) Message(display func(string) string) string {
	msg := fmt.Sprintf("this worktree's memory %s is now shared by all worktrees: merged %s and %s into %s",
		display(a.From), plural(a.Sessions, "session"), plural(a.Consolidated, "consolidated learning"), display(a.Into))
	if a.Same > 0 {
		msg += fmt.Sprintf(" (%s already there, kept once)", plural(a.Same, "session"))
	}
	if a.Sections > 0 {
		msg += fmt.Sprintf(", with %s", plural(a.Sections, "hand-written section"))
	}
	msg += "; the old file is kept as " + display(a.Aside)
	if len(a.Left) > 0 {
		msg += fmt.Sprintf("; %s could not be read as learnings and stay only there: %s", plural(len(a.Left), "part"), a.Left[0])
	}
	return msg
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
