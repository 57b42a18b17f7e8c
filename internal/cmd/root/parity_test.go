package root

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/web"
)

// said is a learning as any front end names it: its ID and its text.
type said struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

func decode(t *testing.T, what, body string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, body)
	}
}

// page serves the project in dir as learn serve does and returns a GET.
func page(t *testing.T, dir string) func(target string) string {
	t.Helper()
	const port, token = "7301", "parity-token-0123456789abcdef0123"
	srv, err := web.New(web.Config{Path: filepath.Join(dir, ".tmp", "memory-learnings.md"), Display: ".tmp/memory-learnings.md",
		Project: "acme", Token: token, Hosts: web.AllowedHosts(port), LockTimeout: time.Second,
		Now: func() time.Time { return memviewtest.Now }})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	return func(target string) string {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Host = "127.0.0.1:" + port
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d\n%s", target, rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
}

// TestParitySearch: learn search and the page's /api/search find the same
// learnings, in the same order, with the same texts, and neither finds a
// superseded one.
func TestParitySearch(t *testing.T) {
	dir := fixture(t)
	get := page(t, dir)
	for _, q := range []string{"retry", "backoff gateway", "tests", "idempot", "invoices billing", "jest", "Debian CI image"} {
		t.Run(q, func(t *testing.T) {
			var cli, api struct {
				Searched int    `json:"searched"`
				Results  []said `json:"results"`
			}
			out, errOut := learnIn(t, dir, "", nil, append([]string{"search", "--json", "--limit", "50"}, strings.Fields(q)...)...)
			decode(t, "learn search: "+errOut, out, &cli)
			decode(t, "/api/search", get("/api/search?q="+strings.ReplaceAll(q, " ", "+")), &api)
			if !slices.Equal(cli.Results, api.Results) || cli.Searched != api.Searched {
				t.Errorf("learn search (%d searched):\n%v\n/api/search (%d searched):\n%v", cli.Searched, cli.Results, api.Searched, api.Results)
			}
			for _, r := range cli.Results {
				if strings.HasPrefix(r.Text, "~~") {
					t.Errorf("a superseded learning is offered as live: %v", r)
				}
			}
		})
	}
}

// TestParityShow: learn show --json and the page's /api/learnings and
// /api/sessions give every learning and session the same fields.
func TestParityShow(t *testing.T) {
	dir := fixture(t)
	get := page(t, dir)
	var sessions struct {
		Sessions []json.RawMessage `json:"sessions"`
	}
	decode(t, "/api/sessions", get("/api/sessions"), &sessions)
	if len(sessions.Sessions) < 3 {
		t.Fatalf("the fixture has %d sessions", len(sessions.Sessions))
	}
	for _, raw := range sessions.Sessions {
		var s struct {
			ID        string `json:"id"`
			Learnings []said `json:"learnings"`
		}
		decode(t, "session", string(raw), &s)
		t.Run(s.ID, func(t *testing.T) {
			var cli struct {
				Session json.RawMessage `json:"session"`
			}
			out, _ := learnIn(t, dir, "", nil, "show", "--json", s.ID)
			decode(t, "learn show", out, &cli)
			if a, b := compactJSON(t, cli.Session), compactJSON(t, []byte(get("/api/sessions/"+s.ID))); a != b {
				t.Errorf("session %s:\nlearn show: %s\n/api/:      %s", s.ID, a, b)
			}
			for _, l := range s.Learnings {
				var cli struct {
					Learning json.RawMessage `json:"learning"`
				}
				out, _ := learnIn(t, dir, "", nil, "show", "--json", l.ID)
				decode(t, "learn show", out, &cli)
				if a, b := compactJSON(t, cli.Learning), compactJSON(t, []byte(get("/api/learnings/"+l.ID))); a != b {
					t.Errorf("learning %s:\nlearn show: %s\n/api/:      %s", l.ID, a, b)
				}
			}
		})
	}
}

func compactJSON(t *testing.T, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// TestParityRecall: what the Claude Code hook adds on a session's first
// prompt is what learn recall --git --task PROMPT chooses for that prompt,
// less what the session start (learn recall --git) already showed; none of
// it is superseded.
func TestParityRecall(t *testing.T) {
	dir := fixture(t)
	// Newer routine sessions fill the session start's budget, so that the
	// fixture's own learnings are left for the first prompt to add.
	memory := filepath.Join(dir, ".tmp", "memory-learnings.md")
	old, err := os.ReadFile(memory)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "## [2026-11-24 %02d:%02d UTC] - Routine work %d\n\n### Learnings\n\n**User Corrections:**\n"+
			"- Rule %d: module m%d keeps its fixtures under testdata/m%d and its golden files beside them, refreshed with -update.\n\n---\n\n", 23-i/60, 59-i, i, i, i, i)
	}
	fixtureText := strings.Replace(string(old), "## Recent Sessions\n\n", "## Recent Sessions\n\n"+b.String(), 1)
	if err := os.WriteFile(memory, []byte(fixtureText), 0o600); err != nil {
		t.Fatal(err)
	}
	added := 0
	prompts := []string{
		"make the retry backoff shorter for the sync client",
		"why do the frontend unit tests fail with jest",
		"the invoices of the billing worker are late",
		"add an Idempotency-Key to the POST in client.Do",
	}
	var start struct {
		Learnings []said `json:"learnings"`
	}
	out, _ := learnIn(t, dir, "", nil, "recall", "--git", "--json")
	decode(t, "recall --git", out, &start)
	for i, prompt := range prompts {
		t.Run(prompt, func(t *testing.T) {
			var chosen struct {
				Learnings []struct {
					said
					Chosen bool `json:"chosen_for_task"`
				} `json:"learnings"`
			}
			out, _ := learnIn(t, dir, "", nil, "recall", "--git", "--json", "--all", "--task", prompt)
			decode(t, "recall --task", out, &chosen)
			var task []said
			for _, l := range chosen.Learnings {
				if l.Chosen {
					task = append(task, l.said)
				}
			}
			if len(task) == 0 {
				t.Fatalf("recall chose nothing for %q", prompt)
			}
			state := t.TempDir()
			payload := fmt.Sprintf(`{"session_id":"p%d","hook_event_name":"UserPromptSubmit","prompt":%q,"cwd":"."}`, i, prompt)
			var hook struct {
				Learnings []said `json:"learnings"`
			}
			out, _ = learnIn(t, dir, payload, map[string]string{"XDG_STATE_HOME": state}, "hook", "--json")
			decode(t, "hook", out, &hook)
			added += len(hook.Learnings)
			for _, l := range hook.Learnings {
				if slices.Contains(start.Learnings, l) {
					t.Errorf("the hook repeated %v, which the session start showed", l)
				}
				if !slices.Contains(task, l) {
					t.Errorf("the hook added %v, which recall --task did not choose: %v", l, task)
				}
				if strings.HasPrefix(l.Text, "~~") {
					t.Errorf("the hook added a superseded learning: %v", l)
				}
			}
			for _, l := range task {
				if strings.HasPrefix(l.Text, "~~") {
					t.Errorf("recall chose a superseded learning: %v", l)
				}
			}
		})
	}
	if added == 0 {
		t.Errorf("the hook added nothing for any prompt: the test shows nothing")
	}
}
