package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/learn-memory/learn/internal/cmd/store"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// TestPageWhileStoring runs learn store (the command, in-process, through
// the same engine and memfile path) from several goroutines while others
// read the page and the API and forget through it, as a person watching
// the page while agents store. Run with -race.
func TestPageWhileStoring(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	const writers, runs = 4, 5
	// The lock is not first come, first served: a store that has polled
	// for a while waits up to 50 ms between tries while one just started
	// tries after 1 ms, so on a loaded machine one store can wait out its
	// 10 s while the other writers store a dozen times (measured: 11).
	// That busy error is learn's answer to contention (exit 4: try again),
	// so a write that was busy while others got through is tried again,
	// as a script would; one busy while nobody wrote finds the lock
	// wedged, and fails.
	var writes, retries atomic.Int64
	busyWhileOthersWrote := func(err error, before int64) bool {
		if errors.Is(err, memfile.ErrBusy) && writes.Load() > before {
			retries.Add(1)
			return true
		}
		return false
	}
	// The billing worker session is the sample's last; find it before
	// any writer appends a session after it.
	sessions := e.doc().Sessions
	forgetID := sessions[len(sessions)-1].ID
	var wg sync.WaitGroup
	var done atomic.Bool
	errs := make(chan error, writers*runs+16)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range runs {
				stdin := fmt.Sprintf("**Fresh Discoveries:**\n- Writer %d run %d: queue q%dx%d flushes after %d ms under load.\n", w, r, w, r, 100*w+r)
				for {
					f, _, errb := memviewtest.Factory(t.TempDir(), memviewtest.Now, stdin)
					f.FileFlag = e.path
					before := writes.Load()
					err := memviewtest.Execute(store.NewCmdStore(f, nil), f, "--focus", fmt.Sprintf("writer %d run %d", w, r))
					if busyWhileOthersWrote(err, before) {
						continue
					}
					if err != nil {
						errs <- fmt.Errorf("store %d/%d: %v (%s)", w, r, err, errb)
					}
					writes.Add(1)
					break
				}
			}
		}()
	}
	var readers sync.WaitGroup
	var reads atomic.Int64
	for _, target := range []string{"/", "/api/search?q=queue+flushes", "/api/state", "/fragment/main", "/api/sessions?limit=0", "/fragment/problems"} {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for !done.Load() {
				w := e.get(target)
				if w.Code != http.StatusOK {
					errs <- fmt.Errorf("GET %s while storing: %d", target, w.Code)
					return
				}
				reads.Add(1)
			}
		}()
	}
	// One learning forgotten from the page while the writers store.
	readers.Add(1)
	go func() {
		defer readers.Done()
		for {
			before := writes.Load()
			w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {forgetID}})
			if w.Code == http.StatusOK {
				writes.Add(1)
				return
			}
			var ae apiError
			if json.Unmarshal(w.Body.Bytes(), &ae) == nil && ae.Retry && busyWhileOthersWrote(memfile.ErrBusy, before) {
				continue
			}
			errs <- fmt.Errorf("forget while storing: %d %s", w.Code, w.Body)
			return
		}
	}()
	wg.Wait()
	done.Store(true)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	content := e.content()
	for w := range writers {
		for r := range runs {
			if !strings.Contains(content, fmt.Sprintf("Writer %d run %d:", w, r)) {
				t.Errorf("lost writer %d run %d", w, r)
			}
		}
	}
	if strings.Contains(content, "billing worker") {
		t.Error("the forgotten session came back")
	}
	st := decode[State](t, e.get("/api/state"))
	if st.Sessions != 1+writers*runs {
		t.Errorf("the page sees %d sessions, want %d", st.Sessions, 1+writers*runs)
	}
	t.Logf("%d reads during %d stores, %d writes tried again", reads.Load(), writers*runs, retries.Load())
}
