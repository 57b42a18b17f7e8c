package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
)

// liveSession is an agent session store and a Session func that reads
// ses-42 from it on each call, as learn serve's does, so that a test can
// record tool calls while the server runs.
type liveSession struct {
	store *sessionstate.Store
	root  string
}

func newLiveSession(t *testing.T) *liveSession {
	t.Helper()
	cache := filepath.Join(t.TempDir(), "cache")
	store, err := sessionstate.Open(func(k string) string {
		if k == "XDG_CACHE_HOME" {
			return cache
		}
		return ""
	}, func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC) })
	if err != nil {
		t.Fatal(err)
	}
	return &liveSession{store: store, root: filepath.Join(t.TempDir(), "project")}
}

func (l *liveSession) record(t *testing.T, evs ...sessionstate.Event) {
	t.Helper()
	for _, ev := range evs {
		if err := l.store.Record(l.root, "ses-42", "claude", ev); err != nil {
			t.Fatal(err)
		}
	}
}

// session is ses-42 as it is now; nil before it recorded anything.
func (l *liveSession) session() *ops.AgentSession {
	st, err := l.store.Load(l.root, "ses-42")
	if err != nil || st == nil {
		return nil
	}
	return &ops.AgentSession{State: st, Found: sessionstate.Found{ID: "ses-42", Source: "CLAUDE_CODE_SESSION_ID"}}
}

// recordedEvents read a design note, edit a file, leave a test failing and
// a lint that failed and then passed, and touch a file whose name holds
// markup.
func recordedEvents() []sessionstate.Event {
	exit := func(n int) *int { return &n }
	return []sessionstate.Event{
		{Tool: sessionstate.Read, Paths: []string{"docs/retries.md"}},
		{Tool: sessionstate.Edit, Paths: []string{"client/backoff.go"}},
		{Tool: sessionstate.Edit, Paths: []string{"client/backoff.go"}},
		{Tool: sessionstate.Read, Paths: []string{"web/<img src=x onerror=window.pwned=3>.ts"}},
		{Tool: sessionstate.Shell, Command: "go test ./client/", Exit: exit(1), Output: "--- FAIL: TestBackoffCap (0.00s)\n    backoff_test.go:9: cap = 60s, want 30s\nFAIL\n"},
		{Tool: sessionstate.Shell, Command: "golangci-lint run ./client/", Exit: exit(1), Output: "client/backoff.go:12:2: ineffectual assignment to delay (ineffassign)\n"},
		{Tool: sessionstate.Shell, Command: "golangci-lint run ./client/", Exit: exit(0)},
	}
}

// recordedSession is an agent session that recorded recordedEvents.
func recordedSession(t *testing.T) *ops.AgentSession {
	t.Helper()
	l := newLiveSession(t)
	l.record(t, recordedEvents()...)
	s := l.session()
	if s == nil {
		t.Fatal("the recorded session did not load")
	}
	return s
}

// TestPageShowsTheAgentSession: the main page (and the fragment that
// refreshes it) shows what the agent session learn serve runs in recorded,
// as recall --agent-session has it, escaped; outside a session, or for one
// that recorded nothing, the page has no such part.
func TestPageShowsTheAgentSession(t *testing.T) {
	s := recordedSession(t)
	empty := &ops.AgentSession{State: &sessionstate.State{Session: "ses-0"}, Found: sessionstate.Found{ID: "ses-0", Source: "latest"}}
	tests := []struct {
		name    string
		session func() *ops.AgentSession
		target  string
		shown   bool
	}{
		{"a recorded session", func() *ops.AgentSession { return s }, "/", true},
		{"the refreshed main part", func() *ops.AgentSession { return s }, "/fragment/main", true},
		{"the refreshed session part", func() *ops.AgentSession { return s }, "/fragment/agent-session", true},
		{"the session part of none", func() *ops.AgentSession { return nil }, "/fragment/agent-session", false},
		{"a session that recorded nothing", func() *ops.AgentSession { return empty }, "/", false},
		{"no session", func() *ops.AgentSession { return nil }, "/", false},
		{"serve without sessions", nil, "/", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, memviewtest.Sample, func(c *Config) { c.Session = tt.session })
			body := e.get(tt.target).Body.String()
			if got := strings.Contains(body, `id="agent-session"`); got != tt.shown {
				t.Fatalf("agent session part shown %v, want %v:\n%s", got, tt.shown, body)
			}
			if !tt.shown {
				return
			}
			for _, want := range []string{"Agent session <code>ses-42</code>", "<code>client/backoff.go</code> edited 2x", "<code>docs/retries.md</code> read",
				"test `go test ./client/` (exit 1): --- FAIL: TestBackoffCap (0.00s)", "then <code>golangci-lint run ./client/</code> passed",
				"learn recall --agent-session ses-42", "&lt;img src=x onerror=window.pwned=3&gt;"} {
				if !strings.Contains(body, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
			if strings.Contains(body, "<img src=x") {
				t.Error("a recorded path reached the page as markup")
			}
		})
	}
}

// TestBrowserAgentSession: in Chromium, the page shows the agent session's
// part with its files and failures, and a recorded path holding markup
// stays text.
func TestBrowserAgentSession(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	s := recordedSession(t)
	url := liveServer(t, memoryFile(t, 20_000), func(c *Config) { c.Session = func() *ops.AgentSession { return s } })
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#agent-session")))
	text := run(t, ctx, "the session part", chromedp.Evaluate[string](`document.getElementById('agent-session').innerText`))
	for _, want := range []string{"Agent session", "ses-42", "client/backoff.go edited 2x", "docs/retries.md read", "Still failing",
		"go test ./client/", "Failed, then passed", "golangci-lint run ./client/", "web/<img src=x onerror=window.pwned=3>.ts"} {
		if !strings.Contains(text, want) {
			t.Errorf("the session part lacks %q:\n%s", want, text)
		}
	}
	if pwned := run(t, ctx, "window.pwned", chromedp.Evaluate[bool](`window.pwned !== undefined`)); pwned {
		t.Error("a recorded path ran as script")
	}
}

// TestAPIAgentSession: GET /api/agent-session gives the page's session part
// as JSON (ops.SessionState), with a recorded secret redacted; outside a
// session, or for one that recorded nothing, it answers 404 with an error.
func TestAPIAgentSession(t *testing.T) {
	secret := "ghp_" + strings.Repeat("aB3dE5fG7h", 3) + "iJ9kL1"
	withSecret := newLiveSession(t)
	withSecret.record(t, append(recordedEvents(), sessionstate.Event{Tool: sessionstate.Read, Paths: []string{"docs/deploy.md?token=" + secret}},
		sessionstate.Event{Tool: sessionstate.Shell, Command: "GITHUB_TOKEN=" + secret + " make deploy", Exit: new(2), Output: "deploy: 401 Unauthorized\n"})...)
	empty := &ops.AgentSession{State: &sessionstate.State{Session: "ses-0"}, Found: sessionstate.Found{ID: "ses-0", Source: "latest"}}
	tests := []struct {
		name    string
		session func() *ops.AgentSession
	}{
		{"a recorded session", withSecret.session},
		{"a session that recorded nothing", func() *ops.AgentSession { return empty }},
		{"no session", func() *ops.AgentSession { return nil }},
		{"serve without sessions", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, memviewtest.Sample, func(c *Config) { c.Session = tt.session })
			w := e.get("/api/agent-session")
			if tt.name != "a recorded session" {
				if w.Code != http.StatusNotFound || decode[apiError](t, w).Error == "" {
					t.Fatalf("status %d, body %s; want 404 with an error", w.Code, w.Body)
				}
				return
			}
			if w.Code != http.StatusOK {
				t.Fatalf("status %d, body %s", w.Code, w.Body)
			}
			if strings.Contains(w.Body.String(), secret) {
				t.Errorf("the recorded secret reached the API:\n%s", w.Body)
			}
			got := decode[ops.SessionState](t, w)
			if got.ID != "ses-42" || got.Source != "CLAUDE_CODE_SESSION_ID" || got.Agent != "claude" || got.Updated.IsZero() {
				t.Errorf("id %q source %q agent %q updated %v", got.ID, got.Source, got.Agent, got.Updated)
			}
			if len(got.Files) == 0 || got.Files[0] != (ops.SessionFile{Path: "client/backoff.go", Did: "edited 2x"}) {
				t.Errorf("files %+v, want client/backoff.go edited 2x first", got.Files)
			}
			if !slices.Contains(got.Docs, "docs/retries.md") {
				t.Errorf("docs %q lack docs/retries.md", got.Docs)
			}
			var open []string
			for _, f := range got.Open {
				open = append(open, f.Command)
			}
			if !slices.Contains(open, "go test ./client/") || len(got.Fixed) != 1 || got.Fixed[0].PassedBy != "golangci-lint run ./client/" {
				t.Errorf("open %q, fixed %+v", open, got.Fixed)
			}
			if want := ops.AgentSessionState(withSecret.session()).Snapshot; got.Snapshot != want || !strings.Contains(got.Snapshot, "client/backoff.go") {
				t.Errorf("snapshot %q, want recall's %q", got.Snapshot, want)
			}
		})
	}
}

// TestStateFollowsTheAgentSession: GET /api/state names the agent session
// and its record's version, and its ETag changes when the session records
// a tool call, though the file did not change; the file's version stays.
// Outside a session the state and its ETag are the file's alone.
func TestStateFollowsTheAgentSession(t *testing.T) {
	live := newLiveSession(t)
	e := newEnv(t, memviewtest.Sample, func(c *Config) { c.Session = live.session })
	conditional := func(etag string) *httptest.ResponseRecorder {
		rq := newRequest(http.MethodGet, "/api/state")
		rq.Header.Set("If-None-Match", etag)
		return serve(e, rq)
	}
	w := e.get("/api/state")
	before := decode[State](t, w)
	fileTag := w.Header().Get("ETag")
	if before.AgentSession != "" || before.AgentVersion != "" || fileTag != `"`+before.Version+`"` {
		t.Fatalf("before any tool call: agent %q %q, ETag %s (version %s)", before.AgentSession, before.AgentVersion, fileTag, before.Version)
	}

	tags := map[string]bool{fileTag: true}
	for i, ev := range append(recordedEvents(), sessionstate.Event{Tool: sessionstate.Read, Paths: []string{"client/backoff.go"}}) {
		live.record(t, ev)
		w := conditional(fileTag)
		if w.Code != http.StatusOK {
			t.Fatalf("after tool call %d: status %d with the old ETag, want 200", i+1, w.Code)
		}
		st, tag := decode[State](t, w), w.Header().Get("ETag")
		if st.AgentSession != "ses-42" || st.AgentVersion == "" || st.Version != before.Version {
			t.Errorf("after tool call %d: agent %q %q, version %s (was %s)", i+1, st.AgentSession, st.AgentVersion, st.Version, before.Version)
		}
		if tags[tag] {
			t.Errorf("after tool call %d: ETag %s seen before", i+1, tag)
		}
		tags[tag] = true
		if code := conditional(tag).Code; code != http.StatusNotModified {
			t.Errorf("after tool call %d: status %d with the current ETag, want 304", i+1, code)
		}
		fileTag = tag
	}
}

// TestBrowserFollowsTheAgentSession: in Chromium, the page follows the
// agent session as it follows the file: the part appears with the first
// tool call the session records and shows each later one, without a reload
// and without redrawing the rest of the page (the lint findings are not
// asked for again).
func TestBrowserFollowsTheAgentSession(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	live := newLiveSession(t)
	url := liveServer(t, memoryFile(t, 20_000), func(c *Config) { c.Session = live.session })
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#problems details, #problems .ok-text")))
	if n := run(t, ctx, "no session part yet", chromedp.Evaluate[int](`document.querySelectorAll('#agent-session').length`)); n != 0 {
		t.Fatalf("%d session parts before the session recorded anything", n)
	}
	// Marks that a reload or a redraw of the main part would remove.
	do(t, ctx, "mark the page", chromedp.Evaluate[chromedp.Void](`window.notReloaded = true; document.getElementById('problems').dataset.kept = 'yes'`))
	follow := func(what, text string) {
		t.Helper()
		do(t, ctx, what, chromedp.Poll[chromedp.Void](fmt.Sprintf(`(document.getElementById('agent-session') || {innerText: ''}).innerText.includes(%q)`, text),
			chromedp.WithPollingTimeout(10*time.Second)))
	}

	live.record(t, recordedEvents()...)
	follow("the part appears", "client/backoff.go edited 2x")
	live.record(t, sessionstate.Event{Tool: sessionstate.Write, Paths: []string{"client/jitter.go"}})
	follow("a later tool call shows", "client/jitter.go written")
	live.record(t, sessionstate.Event{Tool: sessionstate.Shell, Command: "go test ./client/", Exit: new(0)})
	follow("a fixed test shows", "then go test ./client/ passed")

	kept := run(t, ctx, "the page's marks", chromedp.Evaluate[bool](`window.notReloaded === true && document.getElementById('problems').dataset.kept === 'yes'`))
	if !kept {
		t.Error("the page reloaded or redrew its main part for a tool call; only the session part should change")
	}
	if pwned := run(t, ctx, "window.pwned", chromedp.Evaluate[bool](`window.pwned !== undefined`)); pwned {
		t.Error("a recorded path ran as script")
	}
}
