package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmd/store"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// TestPageWhileStoring runs learn store (the command, in-process, through
// the same engine and memfile path) from several goroutines while others
// read the page and the API and forget through it, as a person watching
// the page while agents store. Run with -race.
func TestPageWhileStoring(t *testing.T) {
	// The page's forget waits for the writers as long as learn store
	// would: on a loaded machine 4 writers can hold the lock for seconds.
	e := newEnv(t, memviewtest.Sample, func(c *Config) { c.LockTimeout = 30 * time.Second })
	const writers, runs = 4, 5
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
				f, _, errb := memviewtest.Factory(t.TempDir(), memviewtest.Now, stdin)
				f.FileFlag = e.path
				if err := memviewtest.Execute(store.NewCmdStore(f, nil), f, "--focus", fmt.Sprintf("writer %d run %d", w, r)); err != nil {
					errs <- fmt.Errorf("store %d/%d: %v (%s)", w, r, err, errb)
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
		if w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {forgetID}}); w.Code != http.StatusOK {
			errs <- fmt.Errorf("forget while storing: %d %s", w.Code, w.Body)
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
	t.Logf("%d reads during %d stores", reads.Load(), writers*runs)
}
