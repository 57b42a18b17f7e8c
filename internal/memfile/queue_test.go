package memfile

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestLockInTurn has writers take the lock over and over, as agents
// storing at once do, and counts, for each taking, how often the others
// took it while that writer waited: in turn, each writer ahead takes it
// once at most, so no count passes the number of other writers, none
// waits past its timeout, and no ticket is left behind. Polling the lock
// alone, a writer that had waited long polled least often, and fresh
// writers took the lock again and again before it.
func TestLockInTurn(t *testing.T) {
	const writers, rounds = 8, 30
	target := filepath.Join(t.TempDir(), "m.md")
	lockPath := target + ".lock"
	var mu sync.Mutex
	taken, most, busy := 0, 0, 0
	holding := false
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			for range rounds {
				tk, err := takeTicket(lockPath)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				joined := taken
				mu.Unlock()
				unlock, err := tk.lock(target, time.Now().Add(DefaultLockTimeout), DefaultLockTimeout)
				if errors.Is(err, ErrBusy) {
					mu.Lock()
					busy++
					mu.Unlock()
					continue
				}
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				if holding {
					t.Error("two writers hold the lock")
				}
				holding = true
				most = max(most, taken-joined)
				taken++
				mu.Unlock()
				// A write's worth of work under the lock.
				if err := os.WriteFile(target, []byte("x"), 0o600); err != nil {
					t.Error(err)
				}
				mu.Lock()
				holding = false
				mu.Unlock()
				unlock()
			}
		})
	}
	wg.Wait()
	if busy > 0 || taken != writers*rounds {
		t.Errorf("%d of %d takings timed out, %d taken", busy, writers*rounds, taken)
	}
	if most > writers-1 {
		t.Errorf("a writer waited while the others took the lock %d times, more than the %d ahead of it", most, writers-1)
	}
	if ns, err := ticketNumbers(lockPath); err != nil || len(ns) > 0 {
		t.Errorf("tickets left behind: %v %v", ns, err)
	}
}

// TestWaitTurnPassesDeadTickets has tickets below a writer's that no
// writer holds (their writers died): the writer takes its turn, and
// removes them; files that only look like tickets are kept.
func TestWaitTurnPassesDeadTickets(t *testing.T) {
	dir := t.TempDir()
	lockPath := filepath.Join(dir, "m.md.lock")
	for _, name := range []string{"m.md.lock.3", "m.md.lock.9", "m.md.lock.07", "m.md.lock.x", "m.md.lock.-1"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "m.md.lock.5"), 0o700); err != nil {
		t.Fatal(err)
	}
	tk, err := takeTicket(lockPath)
	if err != nil {
		t.Fatal(err)
	}
	if tk.n != 10 {
		t.Errorf("ticket %d, want 10: above every ticket there", tk.n)
	}
	ok, err := tk.waitTurn(lockPath, time.Now().Add(time.Minute))
	if err != nil || !ok {
		t.Fatalf("waitTurn = %v, %v: dead tickets held it up", ok, err)
	}
	tk.drop()
	left, _ := os.ReadDir(dir)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	want := []string{"m.md.lock.-1", "m.md.lock.07", "m.md.lock.5", "m.md.lock.x"}
	if !slices.Equal(names, want) {
		t.Errorf("left %v, want %v", names, want)
	}
}

// TestWaitTurnWaitsForHeldTicket has a ticket below a writer's held: the
// writer waits until its deadline and says it did not get its turn.
func TestWaitTurnWaitsForHeldTicket(t *testing.T) {
	lockPath := filepath.Join(t.TempDir(), "m.md.lock")
	ahead, err := takeTicket(lockPath)
	if err != nil {
		t.Fatal(err)
	}
	behind, err := takeTicket(lockPath)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := behind.waitTurn(lockPath, time.Now().Add(20*time.Millisecond)); ok || err != nil {
		t.Errorf("waitTurn behind a held ticket = %v, %v; want false", ok, err)
	}
	ahead.drop()
	if ok, err := behind.waitTurn(lockPath, time.Now().Add(time.Minute)); !ok || err != nil {
		t.Errorf("waitTurn once the ticket ahead is dropped = %v, %v; want true", ok, err)
	}
	behind.drop()
}

// TestTakeTicketAboveOtherNames has a folder, a link and a pipe named as
// the next tickets would be, as a cloned repository or a user could put
// them: the writer takes the number above them. Creating a ticket there
// failed with "exists" and, since the listing counts only regular files,
// was tried again with the same number for ever.
func TestTakeTicketAboveOtherNames(t *testing.T) {
	dir := t.TempDir()
	lockPath := filepath.Join(dir, "m.md.lock")
	if err := os.WriteFile(lockPath+".1", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(lockPath+".2", 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "elsewhere"), lockPath+".3"); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(lockPath+".4", 0o600); err != nil {
		t.Fatal(err)
	}
	tk, err := takeTicket(lockPath)
	if err != nil {
		t.Fatal(err)
	}
	defer tk.drop()
	if tk.n != 5 {
		t.Errorf("ticket %d, want 5: above the names that are no tickets", tk.n)
	}
	if _, err := os.Lstat(filepath.Join(dir, "elsewhere")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the link was followed: %v", err)
	}
}
