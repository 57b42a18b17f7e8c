package memfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gofrs/flock"
)

// A writer waits for the lock in turn: before it asks for the lock it
// takes a ticket, a file beside the lock named by a number above every
// ticket there (`<file>.lock.7`), and holds a flock on it until it has
// written. Its turn comes when no ticket below its own is held: the
// writers ahead have written and removed theirs. Polling the lock alone
// let a writer that had waited lose to fresh ones, whose first tries come
// quickest (a waiter's delay grows to 50 ms), so under steady writes one
// store could wait past its timeout while the others got through: with 8
// writers updating a file 30 times each, one was passed by the others 209
// or 210 times while it waited (three runs), in turn at most 7, the
// writers ahead of it, in about the same time (TestLockInTurn).
//
// The kernel drops a dead writer's flock, so a ticket nobody holds is
// debris: the writer behind it removes it and looks further down. The
// lock itself is still taken after the turn comes: mutual exclusion rests
// on it alone, and a learn without tickets (an older version) still
// competes for it as before.
type ticket struct {
	n    int
	path string
	fl   *flock.Flock
}

// takeTicket takes a ticket numbered above every ticket of lockPath's:
// created with O_EXCL, so two writers never share a number, and locked
// before it counts. A writer behind may find it in the moment between
// creating and locking, take it for a dead writer's and remove it; the
// ticket is then taken again, with a new number. A name that exists but
// is no ticket (a folder, a link, a pipe: ticketNumbers counts regular
// files only) is passed by the next number.
func takeTicket(lockPath string) (*ticket, error) {
	least := 1
	for {
		ns, err := ticketNumbers(lockPath)
		if err != nil {
			return nil, err
		}
		n := least
		if len(ns) > 0 {
			n = max(n, ns[len(ns)-1]+1)
		}
		path := ticketPath(lockPath, n)
		fl := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_EXCL|os.O_RDWR), flock.SetPermissions(newFilePerm))
		ok, err := fl.TryLock()
		if errors.Is(err, fs.ErrExist) {
			least = n + 1
			continue
		}
		if err != nil {
			return nil, err
		}
		if !ok {
			// A writer behind is looking at it and will remove it.
			continue
		}
		held, err := fl.Stat()
		if err != nil {
			_ = fl.Unlock()
			return nil, err
		}
		if now, err := os.Lstat(path); err != nil || !os.SameFile(held, now) {
			_ = fl.Unlock()
			continue
		}
		return &ticket{n: n, path: path, fl: fl}, nil
	}
}

// waitTurn waits until no ticket below t is held, and reports whether
// that came before the deadline. It waits on the ticket just ahead, which
// its writer drops once it has written, or the kernel when it dies: the
// turn passes as soon as it is dropped, where polling it left a gap of a
// few milliseconds between writers.
func (t *ticket) waitTurn(lockPath string, deadline time.Time) (bool, error) {
	// dead are tickets below found free: removed, or, when they could
	// not be, passed over.
	dead := map[int]bool{}
	for {
		ns, err := ticketNumbers(lockPath)
		if err != nil {
			return false, err
		}
		i, _ := slices.BinarySearch(ns, t.n)
		for i > 0 && dead[ns[i-1]] {
			i--
		}
		if i == 0 {
			return true, nil
		}
		if !waitFree(ticketPath(lockPath, ns[i-1]), deadline) {
			return false, nil
		}
		dead[ns[i-1]] = true
	}
}

// drop gives the ticket up: removed, then unlocked, so that the writer
// behind finds it gone or free.
func (t *ticket) drop() {
	_ = os.Remove(t.path)
	_ = t.fl.Unlock()
}

// waitFree waits until no writer holds the ticket at path, and reports
// whether that came before the deadline. A ticket found free is removed:
// its writer has written (and is about to remove it) or died. It is
// opened without following a link and without blocking, so that a link
// or a pipe put where a ticket goes can neither aim the lock elsewhere
// nor hang the writer; one that cannot be opened is passed over. Past the deadline the wait goes on unseen, and
// lets the ticket go as soon as it has it.
func waitFree(path string, deadline time.Time) bool {
	fl := flock.New(path, flock.SetFlag(os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK))
	free := make(chan error, 1)
	go func() {
		err := fl.RLock()
		for errors.Is(err, syscall.EINTR) {
			err = fl.RLock()
		}
		free <- err
	}()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case err := <-free:
		// An error says it is gone, or no file a writer could hold:
		// it is passed over, and left alone.
		if err == nil {
			_ = os.Remove(path)
			_ = fl.Unlock()
		}
		return true
	case <-timer.C:
		go func() {
			if <-free == nil {
				_ = fl.Unlock()
			}
		}()
		return false
	}
}

// ticketPath is the path of ticket n of lockPath.
func ticketPath(lockPath string, n int) string {
	return lockPath + "." + strconv.Itoa(n)
}

// ticketNumbers are the numbers of lockPath's tickets, in order: the
// regular files beside it named lockPath, a dot and a number.
func ticketNumbers(lockPath string) ([]int, error) {
	dir, base := filepath.Split(lockPath)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	prefix := base + "."
	var ns []int
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if n, err := strconv.Atoi(rest); err == nil && n > 0 && strconv.Itoa(n) == rest {
			ns = append(ns, n)
		}
	}
	slices.Sort(ns)
	return ns, nil
}
