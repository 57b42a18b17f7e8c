package ops_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
	engine "github.com/learn-memory/learn/learnings/recall"
)

// withSession records evs as session s1 of m's project and makes it the
// session m runs in.
func withSession(t *testing.T, m *ops.Memory, evs ...sessionstate.Event) *ops.AgentSession {
	t.Helper()
	store := &sessionstate.Store{Dir: filepath.Join(t.TempDir(), "sessions"), Now: m.Now}
	for _, ev := range evs {
		if err := store.Record(m.Root, "s1", "claude", ev); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Load(m.Root, "s1")
	if err != nil {
		t.Fatal(err)
	}
	s := &ops.AgentSession{State: st, Found: sessionstate.Found{ID: "s1", Source: "LEARN_SESSION"}}
	if st == nil {
		s = nil
	}
	m.Session = func() *ops.AgentSession { return s }
	return s
}

func code(n int) *int { return &n }

func TestSummariseThisSession(t *testing.T) {
	cases := []struct {
		name   string
		events []sessionstate.Event
		want   []string
		not    []string
	}{
		{"nothing recorded", nil, nil, []string{"This session"}},
		{"only exploration", []sessionstate.Event{
			{Tool: sessionstate.Shell, Command: "git log --oneline", Exit: code(0), Output: "abc fix error"},
			{Tool: sessionstate.Shell, Command: "ls", Exit: code(0)},
		}, nil, []string{"This session"}},
		{"a document read", []sessionstate.Event{{Tool: sessionstate.Read, Paths: []string{"NOTES.md"}}},
			[]string{"# This session", "Documentation read: `NOTES.md`"}, []string{"Files changed", "Failed"}},
		{"changed, fixed and failing", []sessionstate.Event{
			{Tool: sessionstate.Edit, Paths: []string{"src/retry.go"}},
			{Tool: sessionstate.Edit, Paths: []string{"src/retry.go"}},
			{Tool: sessionstate.Write, Paths: []string{"src/retry_test.go"}},
			{Tool: sessionstate.Shell, Command: "go test ./...", Exit: code(1), Output: "--- FAIL: TestBackoff (0.00s)"},
			{Tool: sessionstate.Shell, Command: "go test ./...", Exit: code(0)},
			{Tool: sessionstate.Shell, Command: "npx tsc --noEmit", Exit: code(2), Output: "src/a.ts(1,1): error TS2322: nope"},
		}, []string{
			"Files changed: src/retry.go (edited 2x), src/retry_test.go (written)",
			"- test `go test ./...` (exit 1): --- FAIL: TestBackoff (0.00s); then `go test ./...` passed",
			"Still failing:\n- typecheck `npx tsc --noEmit` (exit 2): src/a.ts(1,1): error TS2322: nope",
		}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := memory(t, sample)
			withSession(t, m, c.events...)
			res, err := ops.Summarise(m, ops.SummariseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			text := res.Baseline.AgentSession.Text()
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q in:\n%s", w, text)
				}
			}
			for _, n := range c.not {
				if strings.Contains(text, n) {
					t.Errorf("unexpected %q in:\n%s", n, text)
				}
			}
			if c.want == nil && res.Baseline.AgentSession != nil {
				t.Errorf("a session that recorded nothing useful has a part: %+v", res.Baseline.AgentSession)
			}
		})
	}
}

// The "This session" part stays short however busy the session was.
func TestSummariseThisSessionIsBounded(t *testing.T) {
	m := memory(t, sample)
	var evs []sessionstate.Event
	for i := range 60 {
		p := strings.Repeat("deep/", 6) + "file" + string(rune('a'+i%26)) + strings.Repeat("x", i) + ".md"
		evs = append(evs, sessionstate.Event{Tool: sessionstate.Edit, Paths: []string{p}})
		evs = append(evs, sessionstate.Event{Tool: sessionstate.Shell, Command: "pytest -k case" + string(rune('a'+i%26)), Exit: code(1), Output: "E   assert " + strings.Repeat("y", i%26) + " == 1"})
	}
	withSession(t, m, evs...)
	res, err := ops.Summarise(m, ops.SummariseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h := res.Baseline.AgentSession
	if len(h.Docs) > 10 || len(h.Changed) > 8 || len(h.Open) > 5 {
		t.Errorf("%d docs, %d changed, %d open", len(h.Docs), len(h.Changed), len(h.Open))
	}
	if n := len(h.Text()); n > 4000 {
		t.Errorf("the part is %d bytes", n)
	}
}

func TestStoreFillsDocumentationSeen(t *testing.T) {
	read := func(paths ...string) sessionstate.Event {
		return sessionstate.Event{Tool: sessionstate.Read, Paths: paths}
	}
	cases := []struct {
		name   string
		events []sessionstate.Event
		docs   []string
		want   []string // the session's Documentation Seen
		added  []string
	}{
		{"no session, no docs", nil, nil, nil, nil},
		{"filled when --docs is empty", []sessionstate.Event{read("NOTES.md"), read("guide/setup.txt"), read("main.go")}, nil,
			[]string{"NOTES.md", "guide/setup.txt"}, []string{"NOTES.md", "guide/setup.txt"}},
		{"added after --docs, each once", []sessionstate.Event{read("README.md"), read("docs/api.md"), read("NOTES.md")},
			[]string{"./README.md", "docs/api.md#retries"}, []string{"./README.md", "docs/api.md#retries", "NOTES.md"}, []string{"NOTES.md"}},
		{"outside the project left out", []sessionstate.Event{read("/elsewhere/GUIDE.md"), read("../sibling/NOTES.md"), read("ok.md")}, nil,
			[]string{"ok.md"}, []string{"ok.md"}},
		{"odd names left out", []sessionstate.Event{read("a,b.md"), read("a `b`.md")}, nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := memory(t, sample)
			withSession(t, m, c.events...)
			res, err := ops.Store(m, ops.StoreOptions{Focus: "Docs", Docs: c.docs,
				Source: []byte("**Fresh Discoveries:**\n- The sync worker reads its batch size from SYNC_BATCH, default 200.\n")})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Docs, c.want) && (len(res.Docs)+len(c.want) > 0) {
				t.Errorf("docs %q, want %q", res.Docs, c.want)
			}
			if !slices.Equal(res.SessionDocs, c.added) {
				t.Errorf("session docs %q, want %q", res.SessionDocs, c.added)
			}
			if len(c.want) > 0 && !strings.Contains(content(t, m), "**Documentation Seen**: `"+strings.Join(c.want, "`, `")+"`") {
				t.Errorf("the file's header:\n%s", content(t, m))
			}
		})
	}
}

func TestRecallWithAgentSession(t *testing.T) {
	m := memory(t, sample)
	s := withSession(t, m,
		sessionstate.Event{Tool: sessionstate.Edit, Paths: []string{"client/retry.go"}},
		sessionstate.Event{Tool: sessionstate.Shell, Command: "go test ./client/", Exit: code(1), Output: "--- FAIL: TestBackoffCap (0.00s)"},
	)
	for _, max := range []int{engine.MinMaxChars, 2000, engine.DefaultMaxChars} {
		res, err := ops.Recall(m, ops.RecallOptions{MaxChars: max, Session: s})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Text()
		if n := utf8.RuneCountInString(text); n > max {
			t.Errorf("--max-chars %d: %d characters", max, n)
		}
		if !strings.Contains(text, "Active files: client/retry.go (edited)") || !strings.Contains(text, "Open errors:\n- test `go test ./client/`") {
			t.Errorf("--max-chars %d: no snapshot in:\n%s", max, text)
		}
		if res.Context == nil || !slices.Contains(res.Context.Paths, "client/retry.go") {
			t.Errorf("the active files are not the paths at hand: %+v", res.Context)
		}
		again, _ := ops.Recall(m, ops.RecallOptions{MaxChars: max, Session: s})
		if again.Text() != text {
			t.Error("the same record gave other bytes")
		}
	}
	// Without a session, recall is as it was.
	plain, _ := ops.Recall(m, ops.RecallOptions{MaxChars: engine.DefaultMaxChars})
	if strings.Contains(plain.Text(), "Session state") || plain.Snapshot != "" {
		t.Error("a snapshot without a session")
	}
}
