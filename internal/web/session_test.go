package web

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
)

// recordedSession is an agent session that read a design note, edited a
// file, has a test still failing and a lint that failed and then passed,
// and touched a file whose name holds markup.
func recordedSession(t *testing.T) *ops.AgentSession {
	t.Helper()
	root := filepath.Join(t.TempDir(), "project")
	store, err := sessionstate.Open(func(k string) string {
		if k == "XDG_CACHE_HOME" {
			return filepath.Join(t.TempDir(), "cache")
		}
		return ""
	}, func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC) })
	if err != nil {
		t.Fatal(err)
	}
	exit := func(n int) *int { return &n }
	for _, ev := range []sessionstate.Event{
		{Tool: sessionstate.Read, Paths: []string{"docs/retries.md"}},
		{Tool: sessionstate.Edit, Paths: []string{"client/backoff.go"}},
		{Tool: sessionstate.Edit, Paths: []string{"client/backoff.go"}},
		{Tool: sessionstate.Read, Paths: []string{"web/<img src=x onerror=window.pwned=3>.ts"}},
		{Tool: sessionstate.Shell, Command: "go test ./client/", Exit: exit(1), Output: "--- FAIL: TestBackoffCap (0.00s)\n    backoff_test.go:9: cap = 60s, want 30s\nFAIL\n"},
		{Tool: sessionstate.Shell, Command: "golangci-lint run ./client/", Exit: exit(1), Output: "client/backoff.go:12:2: ineffectual assignment to delay (ineffassign)\n"},
		{Tool: sessionstate.Shell, Command: "golangci-lint run ./client/", Exit: exit(0)},
	} {
		if err := store.Record(root, "ses-42", "claude", ev); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Load(root, "ses-42")
	if err != nil || st == nil {
		t.Fatalf("load: %v %v", st, err)
	}
	return &ops.AgentSession{State: st, Found: sessionstate.Found{ID: "ses-42", Source: "CLAUDE_CODE_SESSION_ID"}}
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
