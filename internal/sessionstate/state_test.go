package sessionstate

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newStore(t *testing.T) (*Store, *clock, string) {
	t.Helper()
	c := &clock{time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)}
	s, err := Open(func(k string) string {
		if k == "XDG_CACHE_HOME" {
			return filepath.Join(t.TempDir(), "cache")
		}
		return ""
	}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), "project")
	return s, c, root
}

func exit(n int) *int { return &n }

func record(t *testing.T, s *Store, root, session string, evs ...Event) *State {
	t.Helper()
	for _, ev := range evs {
		if err := s.Record(root, session, "test", ev); err != nil {
			t.Fatal(err)
		}
	}
	st, err := s.Load(root, session)
	if err != nil || st == nil {
		t.Fatalf("load: %v, %v", st, err)
	}
	return st
}

func TestRanking(t *testing.T) {
	s, _, root := newStore(t)
	st := record(t, s, root, "s1",
		Event{Tool: Read, Paths: []string{"a.go"}},
		Event{Tool: Read, Paths: []string{"a.go"}},
		Event{Tool: Read, Paths: []string{"a.go"}},
		Event{Tool: Search, Paths: []string{"internal/"}},
		Event{Tool: Write, Paths: []string{"new.go"}},
		Event{Tool: Edit, Paths: []string{filepath.Join(root, "b.go")}},
		Event{Tool: Read, Paths: []string{"c.go"}},
		Event{Tool: Edit, Paths: []string{"d.go"}},
		Event{Tool: Edit, Paths: []string{"d.go"}},
		Event{Tool: Read, Paths: []string{"b.go"}},
		Event{Tool: Read, Paths: []string{"e.go"}, Cwd: filepath.Join(root, "sub")},
		Event{Tool: Read, Paths: []string{"/elsewhere/x.go"}},
	)
	var got []string
	for _, f := range st.Ranked() {
		got = append(got, f.Path+" "+f.Did())
	}
	want := []string{
		"d.go edited 2x", "b.go edited, read", "new.go written", "internal searched",
		"a.go read 3x", "/elsewhere/x.go read", "sub/e.go read", "c.go read",
	}
	if !slices.Equal(got, want) {
		t.Errorf("ranked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var changed []string
	for _, f := range st.Changed() {
		changed = append(changed, f.Path)
	}
	if !slices.Equal(changed, []string{"d.go", "b.go", "new.go"}) {
		t.Errorf("changed %q", changed)
	}
	if got := st.ActivePaths(2); !slices.Equal(got, []string{"d.go", "b.go"}) {
		t.Errorf("active paths %q", got)
	}
}

func TestDocs(t *testing.T) {
	s, _, root := newStore(t)
	st := record(t, s, root, "s1",
		Event{Tool: Read, Paths: []string{"NOTES.md"}},
		Event{Tool: Read, Paths: []string{"guide/setup.txt"}},
		Event{Tool: Read, Paths: []string{"main.go"}},
		Event{Tool: Read, Paths: []string{filepath.Join(root, "NOTES.md")}},
		Event{Tool: Write, Paths: []string{"DRAFT.md"}},
		Event{Tool: Edit, Paths: []string{"README.md"}},
		Event{Tool: Search, Paths: []string{"docs/api.md"}},
		Event{Tool: Shell, Command: "cat CONTRIBUTING.md | head -40", Exit: exit(0)},
		Event{Tool: Read, Paths: []string{".tmp/memory-learnings.md"}},
		Event{Tool: Read, Paths: []string{"requirements.txt"}},
	)
	want := []string{"NOTES.md", "guide/setup.txt", "README.md", "CONTRIBUTING.md"}
	if got := st.DocPaths(); !slices.Equal(got, want) {
		t.Errorf("docs %q, want %q", got, want)
	}
}

func TestFailureRules(t *testing.T) {
	type step struct {
		cmd    string
		exit   *int
		output string
	}
	cases := []struct {
		name  string
		steps []step
		open  []string // kinds of open failures
		fixed []string
	}{
		{"go test fails then passes", []step{{"go test ./...", exit(1), "--- FAIL: TestX (0.00s)"}, {"go test ./...", exit(0), "ok"}}, nil, []string{"test"}},
		{"npm test fails, jest passes", []step{{"npm test", exit(1), "FAIL src/a.test.js"}, {"npx jest", exit(0), ""}}, nil, []string{"test"}},
		{"pytest fails, still failing", []step{{"pytest -q", exit(1), "FAILED tests/test_a.py::test_x - assert 1 == 2"}}, []string{"test"}, nil},
		{"cargo build fails, test passes: not fixed", []step{{"cargo build", exit(101), "error[E0425]: cannot find value `x`"}, {"cargo test", exit(0), ""}}, []string{"build"}, nil},
		{"tsc fails then passes", []step{{"npx tsc --noEmit", exit(2), "src/a.ts(1,1): error TS2322: x"}, {"tsc --noEmit", exit(0), ""}}, nil, []string{"typecheck"}},
		{"eslint, ruff both fail, eslint passes", []step{{"eslint .", exit(1), "  3:5  error  'x' is defined but never used  no-unused-vars"}, {"ruff check .", exit(1), "a.py:1:8: F401 `os` imported but unused\nFound 1 error."}, {"npx eslint . --fix", exit(0), ""}}, nil, []string{"lint", "lint"}},
		{"make fails", []step{{"make", exit(2), "make: *** [Makefile:3: all] Error 1"}}, []string{"build"}, nil},
		{"git log output mentioning error: no failure", []step{{"git log --oneline -5", exit(0), "abc123 fix: error in parser\ndef456 handle error codes"}}, nil, nil},
		{"git command failing: no kind", []step{{"git push", exit(1), "error: failed to push some refs"}}, nil, nil},
		{"exit code missing: no failure", []step{{"go test ./...", nil, "--- FAIL: TestX (0.00s)\nFAIL"}}, nil, nil},
		{"exit code missing: no pass", []step{{"go test ./...", exit(1), "--- FAIL: TestX"}, {"go test ./...", nil, "ok"}}, []string{"test"}, nil},
		{"piped pass is no pass", []step{{"go test ./...", exit(1), "--- FAIL: TestX"}, {"go test ./... 2>&1 | tail -5", exit(0), "ok"}}, []string{"test"}, nil},
		{"piped failure is a failure", []step{{"set -o pipefail; go test ./... | tail -5", exit(1), "--- FAIL: TestX"}}, []string{"test"}, nil},
		{"|| true hides the pass", []step{{"pytest", exit(1), "E   assert 1 == 2"}, {"pytest || true", exit(0), ""}}, []string{"test"}, nil},
		{"fails again after passing", []step{{"go test ./...", exit(1), "--- FAIL: TestX (0.00s)"}, {"go test ./...", exit(0), ""}, {"go test ./...", exit(1), "--- FAIL: TestX (0.01s)"}}, []string{"test"}, nil},
		{"runtime fails then passes", []step{{"python app.py", exit(1), "Traceback (most recent call last):\nKeyError: 'x'"}, {"python app.py", exit(0), ""}}, nil, []string{"runtime"}},
		{"grep with no match: no failure", []step{{"grep -rn TODO src", exit(1), ""}}, nil, nil},
		{"tests piped into grep that matched nothing: no failure", []step{{"go test ./... 2>&1 | grep FAIL", exit(1), ""}}, nil, nil},
		{"a later command's exit code is not the test's", []step{{"npm test; git status", exit(128), "fatal: not a git repository"}}, nil, nil},
		{"bare test script fails, make test passes", []step{{"./scripts/test.sh", exit(1), "not ok 3 - retries"}, {"make test", exit(0), ""}}, nil, []string{"test"}},
		{"vet and build are different kinds", []step{{"go vet ./...", exit(1), "vet: x.go:3:2: unreachable code"}, {"go build ./...", exit(0), ""}}, []string{"lint"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _, root := newStore(t)
			var st *State
			for _, sp := range c.steps {
				st = record(t, s, root, "s", Event{Tool: Shell, Command: sp.cmd, Exit: sp.exit, Output: sp.output})
			}
			kinds := func(fs []Failure) []string {
				var out []string
				for _, f := range fs {
					out = append(out, string(f.Kind))
				}
				slices.Sort(out)
				return out
			}
			if got := kinds(st.Open()); !slices.Equal(got, c.open) {
				t.Errorf("open %q, want %q", got, c.open)
			}
			if got := kinds(st.Fixed()); !slices.Equal(got, c.fixed) {
				t.Errorf("fixed %q, want %q", got, c.fixed)
			}
		})
	}
}

func TestSameFailureCountsOnce(t *testing.T) {
	s, _, root := newStore(t)
	st := record(t, s, root, "s",
		Event{Tool: Shell, Command: "go test ./pkg/a", Exit: exit(1), Output: "--- FAIL: TestParse (0.00s)"},
		Event{Tool: Shell, Command: "go test -count=1 ./pkg/a", Exit: exit(1), Output: "--- FAIL: TestParse (0.31s)"},
		Event{Tool: Shell, Command: "go test ./pkg/a", Exit: exit(1), Output: "--- FAIL: TestRender (0.00s)"},
	)
	if len(st.Failures) != 2 || st.Failures[0].Count != 2 || st.Failures[0].Command != "go test -count=1 ./pkg/a" {
		t.Errorf("failures %+v", st.Failures)
	}
	if want := "test `go test -count=1 ./pkg/a` (exit 1, 2 times): --- FAIL: TestParse (0.31s)"; st.Failures[0].Describe() != want {
		t.Errorf("describe %q, want %q", st.Failures[0].Describe(), want)
	}
}

func TestBounds(t *testing.T) {
	s, _, root := newStore(t)
	var evs []Event
	for i := range 70 {
		evs = append(evs, Event{Tool: Read, Paths: []string{fmt.Sprintf("f%02d.go", i), fmt.Sprintf("doc%02d.md", i)}})
	}
	for i := range 14 {
		evs = append(evs, Event{Tool: Shell, Command: "go test ./...", Exit: exit(1), Output: fmt.Sprintf("--- FAIL: Test%c (0.00s)", 'A'+i)})
	}
	st := record(t, s, root, "s", evs...)
	if len(st.Files) != MaxFiles || len(st.Docs) != MaxDocs || len(st.Failures) != MaxFailures {
		t.Fatalf("%d files, %d docs, %d failures; want %d, %d, %d", len(st.Files), len(st.Docs), len(st.Failures), MaxFiles, MaxDocs, MaxFailures)
	}
	// The least recent went: the newest 50 of the 140 files are the last
	// 25 events' f and doc files.
	if st.Files[0].Path != "f45.go" || st.Docs[0].Path != "doc40.md" || !strings.Contains(st.Failures[0].Excerpt, "TestE ") {
		t.Errorf("oldest kept: %s, %s, %s", st.Files[0].Path, st.Docs[0].Path, st.Failures[0].Excerpt)
	}
	b, _ := os.ReadFile(s.Path(root, "s"))
	if len(b) > 16000 {
		t.Errorf("a full state is %d bytes", len(b))
	}
}

func TestRedaction(t *testing.T) {
	s, _, root := newStore(t)
	key := "ghp_" + strings.Repeat("a1B2", 9)
	aws := "AKIA" + "IOSFODNN7EXAMPLE"
	record(t, s, root, "s",
		Event{Tool: Shell, Command: "GITHUB_TOKEN=" + key + " npm test", Exit: exit(1), Output: "Error: bad credentials for " + aws},
		Event{Tool: Read, Paths: []string{"notes/" + key + ".md"}},
	)
	b, err := os.ReadFile(s.Path(root, "s"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), key) || strings.Contains(string(b), aws) {
		t.Errorf("a secret reached the state:\n%s", b)
	}
	if !strings.Contains(string(b), "REDACTED") {
		t.Errorf("no redaction mark in:\n%s", b)
	}
}

func TestPermissions(t *testing.T) {
	s, _, root := newStore(t)
	record(t, s, root, "s", Event{Tool: Read, Paths: []string{"a.go"}})
	p := s.Path(root, "s")
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if m := fi.Mode().Perm(); m&0o077 != 0 {
		t.Errorf("state file mode %v", m)
	}
	for d := filepath.Dir(p); d != filepath.Dir(s.Dir); d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if m := fi.Mode().Perm(); m&0o077 != 0 {
			t.Errorf("%s mode %v", d, m)
		}
	}
}

func TestOddSessionIDsStayInside(t *testing.T) {
	s, _, root := newStore(t)
	for _, id := range []string{"../../escape", "a/b", "ses_01JXYZ", strings.Repeat("x", 300), "with space"} {
		record(t, s, root, id, Event{Tool: Read, Paths: []string{"a.go"}})
		p := s.Path(root, id)
		if filepath.Dir(p) != s.projectDir(root) {
			t.Errorf("session %q is stored at %s", id, p)
		}
	}
}

func TestExpiryAndDelete(t *testing.T) {
	s, c, root := newStore(t)
	other := root + "-other"
	record(t, s, root, "old", Event{Tool: Read, Paths: []string{"a.go"}})
	record(t, s, other, "o1", Event{Tool: Read, Paths: []string{"a.go"}})
	old := c.t.Add(-8 * 24 * time.Hour)
	if err := os.Chtimes(s.Path(root, "old"), old, old); err != nil {
		t.Fatal(err)
	}
	// A new session's first write prunes what is older than a week.
	record(t, s, root, "new", Event{Tool: Read, Paths: []string{"b.go"}})
	if st, _ := s.Load(root, "old"); st != nil {
		t.Error("an eight-day-old state survived a write")
	}
	if st, _ := s.Load(other, "o1"); st == nil {
		t.Error("a fresh state of another project was pruned")
	}
	if ok, err := s.Delete(root, "new"); !ok || err != nil {
		t.Errorf("delete: %v %v", ok, err)
	}
	if ok, _ := s.Delete(root, "new"); ok {
		t.Error("deleted twice")
	}
	record(t, s, root, "a", Event{Tool: Read, Paths: []string{"b.go"}})
	record(t, s, root, "b", Event{Tool: Read, Paths: []string{"b.go"}})
	if n, err := s.DeleteProject(root); n != 2 || err != nil {
		t.Errorf("delete project: %d %v", n, err)
	}
	if st, _ := s.Load(other, "o1"); st == nil {
		t.Error("deleting one project's states removed another's")
	}
	if n, err := s.DeleteAll(); n != 1 || err != nil {
		t.Errorf("delete all: %d %v", n, err)
	}
}

func TestFind(t *testing.T) {
	s, c, root := newStore(t)
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if st, f, err := s.Find(getenv, root); st != nil || f.ID != "" || err != nil {
		t.Fatalf("nothing recorded yet: %v %v %v", st, f, err)
	}
	record(t, s, root, "first", Event{Tool: Read, Paths: []string{"a.md"}})
	c.t = c.t.Add(time.Minute)
	record(t, s, root, "second", Event{Tool: Read, Paths: []string{"b.md"}})
	if _, f, _ := s.Find(getenv, root); f != (Found{"second", "latest"}) {
		t.Errorf("fallback found %+v", f)
	}
	env["LEARN_SESSION"] = "first"
	if st, f, _ := s.Find(getenv, root); f != (Found{"first", "LEARN_SESSION"}) || st == nil || st.Docs[0].Path != "a.md" {
		t.Errorf("LEARN_SESSION found %+v", f)
	}
	env["CLAUDE_CODE_SESSION_ID"] = "second"
	if _, f, _ := s.Find(getenv, root); f != (Found{"first", "LEARN_SESSION"}) {
		t.Errorf("LEARN_SESSION comes before the client's variable: %+v", f)
	}
	delete(env, "LEARN_SESSION")
	if st, f, _ := s.Find(getenv, root); f != (Found{"second", "CLAUDE_CODE_SESSION_ID"}) || st == nil {
		t.Errorf("Claude Code's variable found %+v", f)
	}
	env["CLAUDE_CODE_SESSION_ID"] = "new-claude-session"
	if st, f, _ := s.Find(getenv, root); f.ID != "new-claude-session" || st != nil {
		t.Errorf("a new Claude Code session with nothing recorded took another's state: %+v", f)
	}
	delete(env, "CLAUDE_CODE_SESSION_ID")
	env["CODEX_THREAD_ID"] = "first"
	if _, f, _ := s.Find(getenv, root); f != (Found{"first", "CODEX_THREAD_ID"}) {
		t.Errorf("Codex CLI's variable found %+v", f)
	}
	delete(env, "CODEX_THREAD_ID")
	env["LEARN_SESSION"] = "unknown"
	if st, f, _ := s.Find(getenv, root); f.ID != "unknown" || st != nil {
		t.Errorf("a named session with no state: %+v %v", f, st)
	}
	delete(env, "LEARN_SESSION")
	c.t = c.t.Add(FallbackWindow + time.Minute)
	if st, f, _ := s.Find(getenv, root); st != nil || f.ID != "" {
		t.Errorf("a state older than the window was taken: %+v", f)
	}
	c.t = c.t.Add(-FallbackWindow)
	for _, v := range []string{"LEARN_SESSION_STATE", "LEARN_AUTO_RECALL"} {
		env[v] = "0"
		if st, f, _ := s.Find(getenv, root); st != nil || f.ID != "" {
			t.Errorf("%s=0 still finds %+v", v, f)
		}
		delete(env, v)
	}
}

// TestNamed: a session named by a front end is read from the store the
// hooks write, in that project only; off, it is not read at all; a store
// that cannot be opened or a state that cannot be read is an error, which
// the callers turn into a warning.
func TestNamed(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "cache")
	base := map[string]string{"XDG_CACHE_HOME": cache}
	c := &clock{time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)}
	s, err := Open(func(k string) string { return base[k] }, c.now)
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), "project")
	record(t, s, root, "worked", Event{Tool: Edit, Paths: []string{"client/backoff.go"}})
	broken := s.Path(root, "broken")
	if err := os.WriteFile(broken, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, root, id string
		env            map[string]string
		on, state      bool
		err            string
	}{
		{name: "recorded", root: root, id: "worked", on: true, state: true},
		{name: "nothing recorded yet", root: root, id: "fresh", on: true},
		{name: "another project's session", root: filepath.Join(t.TempDir(), "other"), id: "worked", on: true},
		{name: "unreadable state", root: root, id: "broken", on: true, err: broken},
		{name: "session state off", root: root, id: "worked", env: map[string]string{"LEARN_SESSION_STATE": "off"}},
		{name: "automatic context off", root: root, id: "worked", env: map[string]string{"LEARN_AUTO_RECALL": "0"}},
		{name: "no cache directory", root: root, id: "worked", env: map[string]string{"XDG_CACHE_HOME": ""}, on: true, err: "no cache directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			getenv := func(k string) string {
				if v, ok := c.env[k]; ok {
					return v
				}
				return base[k]
			}
			st, on, err := Named(getenv, nil, c.root, c.id)
			if on != c.on {
				t.Errorf("on = %v, want %v", on, c.on)
			}
			if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
				t.Errorf("err = %v, want one naming %q", err, c.err)
			}
			if (st != nil) != c.state {
				t.Fatalf("state = %+v, want one: %v", st, c.state)
			}
			if st != nil && (st.Session != c.id || st.Files[0].Path != "client/backoff.go") {
				t.Errorf("read %+v", st)
			}
		})
	}
}

func TestConcurrentRecords(t *testing.T) {
	s, _, root := newStore(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 5 {
				if err := s.Record(root, "s", "", Event{Tool: Read, Paths: []string{fmt.Sprintf("f%d-%d.go", i, j)}}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	st, _ := s.Load(root, "s")
	if st == nil || st.Seq != 40 || len(st.Files) != 40 {
		t.Errorf("40 events recorded concurrently, state has seq %d, %d files", st.Seq, len(st.Files))
	}
}

func TestSnapshot(t *testing.T) {
	s, _, root := newStore(t)
	var evs []Event
	for i := range 40 {
		evs = append(evs, Event{Tool: Edit, Paths: []string{fmt.Sprintf("internal/some/long/package/path/file%02d.go", i)}})
	}
	evs = append(evs,
		Event{Tool: Shell, Command: "go test ./internal/...", Exit: exit(1), Output: strings.Repeat("--- FAIL: TestSomethingVeryLong ", 20)},
		Event{Tool: Shell, Command: "npx tsc --noEmit", Exit: exit(2), Output: "src/a.ts(1,1): error TS2322: Type 'string' is not assignable to type 'number'."},
	)
	st := record(t, s, root, "s", evs...)
	snap := st.Snapshot(SnapshotMaxChars)
	if len(snap) > SnapshotMaxChars {
		t.Errorf("snapshot is %d bytes", len(snap))
	}
	for _, want := range []string{"Active files: internal/some/long/package/path/file", "Open errors:", "typecheck `npx tsc --noEmit` (exit 2)"} {
		if !strings.Contains(snap, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, snap)
		}
	}
	if (&State{}).Snapshot(SnapshotMaxChars) != "" {
		t.Error("an empty state has a snapshot")
	}
}

// BenchmarkRecord is one hook's work on a full state: read, apply, bound,
// write under the lock.
func BenchmarkRecord(b *testing.B) {
	dir := b.TempDir()
	s := &Store{Dir: filepath.Join(dir, "sessions"), Now: time.Now}
	root := filepath.Join(dir, "project")
	for i := range 80 {
		_ = s.Record(root, "s", "", Event{Tool: Edit, Paths: []string{fmt.Sprintf("src/f%d.go", i), fmt.Sprintf("doc%d.md", i)}})
		_ = s.Record(root, "s", "", Event{Tool: Shell, Command: "go test ./...", Exit: exit(1), Output: fmt.Sprintf("--- FAIL: TestX%d (0.00s)", i)})
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ev := Event{Tool: Shell, Command: "go test ./pkg/...", Exit: exit(1), Output: fmt.Sprintf("--- FAIL: TestY%d (0.00s)", i%20)}
		if i%2 == 0 {
			ev = Event{Tool: Read, Paths: []string{fmt.Sprintf("docs/page%d.md", i%60)}}
		}
		if err := s.Record(root, "s", "", ev); err != nil {
			b.Fatal(err)
		}
	}
}
