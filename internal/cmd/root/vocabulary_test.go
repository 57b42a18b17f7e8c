package root

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/sessionstate"
	"github.com/learn-memory/learn/internal/web"
)

// vocabularyDoc is the page that names every JSON field learn writes.
const vocabularyDoc = "../../../docs/json.md"

// vocabulary is docs/json.md read as data: the shared names with their JSON
// type, and each section's (command's or route's) field paths.
type vocabulary struct {
	shared   map[string]string
	sections map[string]map[string]bool
}

var (
	sectionHeading = regexp.MustCompile("^### `([^`]+)`")
	fieldRow       = regexp.MustCompile("^\\|\\s*`([^`]+)`\\s*\\|\\s*([^|]+?)\\s*\\|")
)

// readVocabulary parses docs/json.md: the table under "## Shared names"
// (name, shape, meaning) and, under "## Commands" and "## API", a "### `NAME`"
// heading per command or route followed by a table whose first column is
// a field path (`learnings[].session.id`; `*` stands for any key of an
// object keyed by data, such as a category name).
func readVocabulary(t *testing.T) vocabulary {
	t.Helper()
	f, err := os.Open(vocabularyDoc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v := vocabulary{shared: map[string]string{}, sections: map[string]map[string]bool{}}
	part, section := "", ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			part, section = strings.TrimPrefix(line, "## "), ""
			continue
		case strings.HasPrefix(line, "### "):
			section = ""
			if m := sectionHeading.FindStringSubmatch(line); m != nil && (part == "Commands" || part == "API") {
				section = m[1]
				if v.sections[section] != nil {
					t.Errorf("docs/json.md: section %q twice", section)
				}
				v.sections[section] = map[string]bool{}
			}
			continue
		}
		m := fieldRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		switch {
		case part == "Shared names":
			v.shared[m[1]] = jsonType(m[2])
		case section != "":
			v.sections[section][m[1]] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(v.shared) == 0 {
		t.Fatalf("docs/json.md: no shared names or no sections read (%d, %d)", len(v.shared), len(v.sections))
	}
	return v
}

// jsonType is the JSON type a shape column names: "string", "object",
// "bool", "number", "array of strings" (array).
func jsonType(shape string) string {
	shape = strings.TrimSpace(shape)
	for _, t := range []string{"string", "object", "bool", "number", "array"} {
		if strings.HasPrefix(shape, t) {
			return t
		}
	}
	return shape
}

// field is one key path seen in an output, with the JSON type of a value.
type field struct {
	path, name, typ string
}

// collect lists every key path of v: "a", "a.b", "list[].c".
func collect(v any, prefix string, out map[field]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out[field{path: p, name: k, typ: typeOf(val)}] = true
			collect(val, p, out)
		}
	case []any:
		for _, val := range x {
			collect(val, prefix+"[]", out)
		}
	}
}

func typeOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "bool"
	case float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// documented tells whether path is listed in section, a `*` in a listed
// path standing for any one key.
func documented(section map[string]bool, path string) bool {
	if section[path] {
		return true
	}
	parts := strings.Split(path, ".")
	for listed := range section {
		lp := strings.Split(listed, ".")
		if len(lp) != len(parts) {
			continue
		}
		ok := true
		for i := range lp {
			if lp[i] != parts[i] && lp[i] != "*" && lp[i] != "*[]" {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// fixture is a project holding the shared fixture files: the memory
// (testdata/fixtures/memory.md) and the docs it names.
func fixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("testdata", "fixtures")
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if rel == "memory.md" {
			rel = filepath.Join(".tmp", "memory-learnings.md")
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o700); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// learnIn runs learn with args in dir as the txtar scripts do, in process.
func learnIn(t *testing.T, dir, stdin string, env map[string]string, args ...string) (stdout, stderr string) {
	t.Helper()
	f, out, errOut := memviewtest.Factory(dir, memviewtest.Now, stdin)
	f.Getenv = func(k string) string { return env[k] }
	_ = memviewtest.Execute(NewCmdRoot(f), f, args...)
	return out.String(), errOut.String()
}

// jsonRun is one --json invocation the vocabulary test makes.
type jsonRun struct {
	section string
	stdin   string
	args    []string
	// before runs other commands first, in the same project.
	before [][]string
}

func jsonRuns() []jsonRun {
	const candidates = "**User Corrections:**\n- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n\n" +
		"**Fresh Discoveries:**\n- Backoff must cap at 45 s; the gateway now drops idle connections at 90 s.\n- Webhooks are retried 5 times by Stripe.\n"
	return []jsonRun{
		{section: "learn recall", args: []string{"recall", "--json"}},
		{section: "learn recall", args: []string{"recall", "--json", "--task", "make the retry backoff shorter", "--paths", "docs/api.md"}},
		{section: "learn recall", args: []string{"recall", "--json", "--max-chars", "1000"}},
		{section: "learn hook", stdin: `{"session_id":"s1","hook_event_name":"UserPromptSubmit","prompt":"the retry backoff and the idempotency key","cwd":"."}`, args: []string{"hook", "--json"}},
		{section: "learn search", args: []string{"search", "--json", "retry"}},
		{section: "learn search", args: []string{"search", "--json", "--task", "retry backoff"}},
		{section: "learn improve-docs", args: []string{"improve-docs", "--json"}},
		{section: "learn lint", args: []string{"lint", "--json"}},
		{section: "learn stats", args: []string{"stats", "--json"}},
		{section: "learn summarise", args: []string{"summarise", "--json"}},
		{section: "learn summarise", stdin: candidates, args: []string{"summarise", "--json"}},
		{section: "learn store", stdin: "**Fresh Discoveries:**\n- Webhooks are retried 5 times by Stripe, over 3 days.\n", args: []string{"store", "--json", "--focus", "Stripe webhooks", "--docs", "README.md"}},
		{section: "learn forget", args: []string{"forget", "--json", "--dry-run", "--match", "backoff"}},
		{section: "learn forget", args: []string{"forget", "--json", "--yes", "--match", "invoices"}},
		{section: "learn compact", args: []string{"compact", "--json", "--dry-run"}},
		{section: "learn compact", args: []string{"compact", "--json"}},
		{section: "learn fmt", args: []string{"fmt", "--json", "--check"}},
		{section: "learn fmt", args: []string{"fmt", "--json"}},
		{section: "learn undo", args: []string{"undo", "--json"}, before: [][]string{{"compact"}}},
		{section: "learn version", args: []string{"version", "--json"}},
	}
}

// TestJSONVocabulary runs every command with --json and every GET /api/
// route on the shared fixture files, and fails on a field docs/json.md does
// not list for that command or route, and on a shared name used with
// another type than docs/json.md gives it.
func TestJSONVocabulary(t *testing.T) {
	v := readVocabulary(t)
	seen := map[string]map[field]bool{}
	add := func(section, body string) {
		var doc any
		if err := json.Unmarshal([]byte(body), &doc); err != nil {
			t.Errorf("%s: not JSON (%v):\n%s", section, err, body)
			return
		}
		if seen[section] == nil {
			seen[section] = map[field]bool{}
		}
		collect(doc, "", seen[section])
	}
	env := map[string]string{"XDG_STATE_HOME": t.TempDir()}
	for _, r := range append(jsonRuns(), showRuns(t, env)...) {
		dir := fixture(t)
		for _, b := range r.before {
			learnIn(t, dir, "", env, b...)
		}
		out, errOut := learnIn(t, dir, r.stdin, env, r.args...)
		if strings.TrimSpace(out) == "" {
			t.Errorf("learn %s: no JSON on stdout; stderr:\n%s", strings.Join(r.args, " "), errOut)
			continue
		}
		add(r.section, out)
	}
	for route, bodies := range apiBodies(t) {
		for _, body := range bodies {
			add(route, body)
		}
	}
	conflicts := map[string]bool{}
	for section, fields := range seen {
		listed, ok := v.sections[section]
		if !ok {
			t.Errorf("docs/json.md has no section ### `%s`", section)
		}
		var missing []string
		for f := range fields {
			if !documented(listed, f.path) {
				missing = append(missing, fmt.Sprintf("| `%s` | %s | |", f.path, f.typ))
			}
			if want, ok := v.shared[f.name]; ok && f.typ != "null" && f.typ != want {
				key := section + ": " + f.path
				if _, pending := pendingRenames[key]; pending {
					conflicts[key] = true
					continue
				}
				t.Errorf("%s: %s is a %s; the shared name %q is a %s", section, f.path, f.typ, f.name, want)
			}
		}
		if len(missing) > 0 {
			sort.Strings(missing)
			missing = slicesCompact(missing)
			t.Errorf("docs/json.md's section %q does not list:\n%s", section, strings.Join(missing, "\n"))
		}
	}
	for key, why := range pendingRenames {
		if !conflicts[key] {
			t.Errorf("pendingRenames: %q no longer conflicts (%s): remove it", key, why)
		}
	}
}

// pendingRenames are shared names a command still writes with another
// type, each waiting for the branch that moves the command into ops and
// renames the field. An entry that no longer conflicts fails the test, so
// the list only shrinks.
var pendingRenames = map[string]string{}

func slicesCompact(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// apiBodies answers every GET /api/ route on the fixture, keyed by the
// route's section name in docs/json.md.
func apiBodies(t *testing.T) map[string][]string {
	t.Helper()
	dir := fixture(t)
	const port, token = "7300", "vocabulary-token-0123456789abcdef"
	srv, err := web.New(web.Config{Path: filepath.Join(dir, ".tmp", "memory-learnings.md"), Display: ".tmp/memory-learnings.md", Reason: "project root",
		Project: "acme", Token: token, Hosts: web.AllowedHosts(port), LockTimeout: time.Second,
		Now: func() time.Time { return memviewtest.Now }, Session: agentSession(t, dir)})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	get := func(target string) string {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Host = "127.0.0.1:" + port
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: %d\n%s", target, rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	var sessions struct {
		Sessions []struct {
			ID        string `json:"id"`
			Learnings []struct {
				ID string `json:"id"`
			} `json:"learnings"`
		} `json:"sessions"`
	}
	list := get("/api/sessions")
	if err := json.Unmarshal([]byte(list), &sessions); err != nil || len(sessions.Sessions) == 0 || len(sessions.Sessions[0].Learnings) < 2 {
		t.Fatalf("GET /api/sessions: %v\n%s", err, list)
	}
	s := sessions.Sessions[0]
	return map[string][]string{
		"GET /api/state":          {get("/api/state")},
		"GET /api/agent-session":  {get("/api/agent-session")},
		"GET /api/search":         {get("/api/search?q=retry"), get("/api/search?category=Fresh+Discoveries")},
		"GET /api/sessions":       {list},
		"GET /api/sessions/{id}":  {get("/api/sessions/" + s.ID)},
		"GET /api/learnings/{id}": {get("/api/learnings/" + s.Learnings[0].ID), get("/api/learnings/" + s.Learnings[1].ID)},
		"GET /api/lint":           {get("/api/lint")},
		"GET /api/docs":           {get("/api/docs")},
		"GET /api/compact":        {get("/api/compact")},
	}
}

// agentSession is an agent session of the project at root that read a
// document, edited a file and has a test still failing and a lint that
// failed and then passed, as learn serve's page and /api/agent-session
// show it.
func agentSession(t *testing.T, root string) func() *ops.AgentSession {
	t.Helper()
	store := &sessionstate.Store{Dir: filepath.Join(t.TempDir(), "sessions"), Now: func() time.Time { return memviewtest.Now }}
	for _, ev := range []sessionstate.Event{
		{Tool: sessionstate.Read, Paths: []string{"docs/api.md"}},
		{Tool: sessionstate.Edit, Paths: []string{"client/backoff.go"}},
		{Tool: sessionstate.Shell, Command: "go test ./client/", Exit: new(1), Output: "--- FAIL: TestBackoffCap (0.00s)\n"},
		{Tool: sessionstate.Shell, Command: "go vet ./client/", Exit: new(1), Output: "client/backoff.go:9:2: unreachable code\n"},
		{Tool: sessionstate.Shell, Command: "go vet ./client/", Exit: new(0)},
	} {
		if err := store.Record(root, "ses-7", "claude", ev); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Load(root, "ses-7")
	if err != nil || st.Empty() {
		t.Fatalf("load the agent session: %v %v", st, err)
	}
	return func() *ops.AgentSession {
		return &ops.AgentSession{State: st, Found: sessionstate.Found{ID: "ses-7", Source: "CLAUDE_CODE_SESSION_ID"}}
	}
}

// showRuns shows, with --json, a session, a learning of a session, one of
// Consolidated Learnings and a superseded one, their IDs read from the
// fixture through show itself.
func showRuns(t *testing.T, env map[string]string) []jsonRun {
	t.Helper()
	dir := fixture(t)
	out, _ := learnIn(t, dir, "", env, "recall", "--all", "--json")
	var rec struct {
		Learnings []struct {
			ID      string `json:"id"`
			Session *struct {
				ID string `json:"id"`
			} `json:"session"`
		} `json:"learnings"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("recall --json: %v\n%s", err, out)
	}
	var runs []jsonRun
	var session, consolidated string
	for _, l := range rec.Learnings {
		if l.Session != nil && session == "" {
			session = l.Session.ID
			runs = append(runs, jsonRun{section: "learn show", args: []string{"show", "--json", l.ID}})
		}
		if l.Session == nil && consolidated == "" {
			consolidated = l.ID
			runs = append(runs, jsonRun{section: "learn show", args: []string{"show", "--json", l.ID}})
		}
	}
	if session == "" || consolidated == "" {
		t.Fatalf("the fixture lacks a session or a consolidated learning:\n%s", out)
	}
	runs = append(runs, jsonRun{section: "learn show", args: []string{"show", "--json", session}})
	out, _ = learnIn(t, dir, "", env, "show", "--json", session)
	var shown struct {
		Session struct {
			Learnings []struct {
				ID   string `json:"id"`
				Text string `json:"text"`
			} `json:"learnings"`
		} `json:"session"`
	}
	if err := json.Unmarshal([]byte(out), &shown); err != nil {
		t.Fatalf("show --json: %v\n%s", err, out)
	}
	for _, l := range shown.Session.Learnings {
		if strings.HasPrefix(l.Text, "~~") {
			runs = append(runs, jsonRun{section: "learn show", args: []string{"show", "--json", l.ID}})
		}
	}
	return runs
}
