package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// hostile is a memory whose learnings, focus, project and docs hold HTML,
// script, comments and code, as real learnings about web code do.
var hostile = "## Consolidated Learnings\n\n" +
	"**User Corrections:**\n" +
	"- Never build the page with `innerHTML = userInput`; <script>document.title='pwned'</script> ran in review.\n" +
	"- A stray <!-- in a template hid the rest of the page; close every HTML comment.\n\n" +
	"---\n\n## Recent Sessions\n\n" +
	"## [2026-11-22 14:05 UTC] - Fix <b>XSS</b> in the \"preview\" pane\n" +
	"**Project**: web\"><script>alert(1)</script>\n" +
	"**Documentation Seen**: `docs/<svg onload=alert(1)>.md`, `README.md`\n\n" +
	"### Learnings\n\n" +
	"**Fresh Discoveries:**\n" +
	"- The sanitizer lets <img src=x onerror=\"document.title='pwned'\"> through when the tag is upper case.\n" +
	"- Escape in templates; this broke:\n" +
	"  ```html\n" +
	"  </code></pre><script>window.pwned = 1</script>\n" +
	"  ```\n" +
	"- Links like <a href=\"javascript:alert(1)\">x</a> must be dropped.\n\n" +
	"---\n"

func TestEveryLearningIsEscaped(t *testing.T) {
	e := newEnv(t, hostile)
	doc := e.doc()
	sess := doc.Sessions[0]
	targets := []string{"/", "/fragment/main", "/fragment/sessions?offset=0", "/session/" + sess.ID, "/compact", "/fragment/problems"}
	for _, l := range doc.Learnings() {
		targets = append(targets, "/learning/"+l.ID)
	}
	for _, target := range targets {
		t.Run(target, func(t *testing.T) {
			w := e.get(target)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d", w.Code)
			}
			body := w.Body.String()
			for _, bad := range []string{"<script>", "<svg onload", "<img src=x", "<b>XSS", "<!-- in", "<a href=\"javascript", "</code></pre><script"} {
				if strings.Contains(body, bad) {
					t.Errorf("page holds %q unescaped", bad)
				}
			}
			if n := strings.Count(body, "<script"); n > 1 || (n == 1 && !strings.Contains(body, `<script src="`+testBase+`/static/app.js" defer></script>`)) {
				t.Errorf("page holds %d script tags, want only app.js", n)
			}
		})
	}
	w := e.get("/learning/" + doc.Learnings()[0].ID)
	if !strings.Contains(w.Body.String(), "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;") {
		t.Errorf("the learning's text is not shown as text:\n%s", tail(w.Body.String(), 3000))
	}
	for _, target := range []string{"/api/search?q=sanitizer", "/api/sessions", "/api/learnings/" + doc.Learnings()[0].ID} {
		w := e.get(target)
		if strings.Contains(w.Body.String(), "<script") || strings.Contains(w.Body.String(), "<img") {
			t.Errorf("%s: JSON holds raw markup: %s", target, w.Body)
		}
	}
}

func TestStoredSecretsStayRedacted(t *testing.T) {
	secret := "ghp_" + strings.Repeat("aB3dE5fG7h", 3) + "iJ9kL1"
	content := "## Consolidated Learnings\n\n**Fresh Discoveries:**\n- Old note: token " + secret + " was rotated.\n\n" +
		"**Documentation Seen** (compacted sessions): `https://x:" + secret + "@git.example.com/wiki` (2)\n\n---\n\n## Recent Sessions\n\n" +
		"## [2026-11-22 14:05 UTC] - Deploy token " + secret + "\n**Documentation Seen**: `docs/deploy.md?key=" + secret + "`\n\n### Learnings\n\n**Fresh Discoveries:**\n" +
		"- The deploy job reads GITHUB_TOKEN=" + secret + " from the runner.\n\n---\n"
	e := newEnv(t, content)
	doc := e.doc()
	l := doc.Sessions[0].Categories[0].Learnings[0]
	for _, target := range []string{"/", "/learning/" + l.ID, "/session/" + doc.Sessions[0].ID, "/api/search?q=deploy", "/api/learnings/" + l.ID,
		"/api/sessions", "/fragment/main", "/compact", "/api/compact", "/api/docs", "/fragment/problems", "/api/lint"} {
		w := e.get(target)
		if strings.Contains(w.Body.String(), secret) {
			t.Errorf("%s shows the stored secret", target)
		}
		if !strings.Contains(w.Body.String(), "REDACTED") && !strings.Contains(target, "lint") && !strings.Contains(target, "problems") {
			t.Errorf("%s does not say what was redacted", target)
		}
	}
}

func TestForgetAndUndo(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	original := e.content()
	doc := e.doc()
	l := doc.Sessions[0].Categories[0].Learnings[0] // Backoff must cap...

	w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {l.ID}})
	if w.Code != http.StatusOK {
		t.Fatalf("forget: %d %s", w.Code, w.Body)
	}
	res := decode[actionResult](t, w)
	after := e.content()
	if strings.Contains(after, "Backoff must cap") {
		t.Fatal("the learning is still in the file")
	}
	if want := strings.Replace(original, "**User Corrections:**\n- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n\n", "", 1); after != want {
		t.Errorf("forget changed more than the learning:\n%s", after)
	}
	if res.Backup == nil || len(backups(t, e.path)) != 1 {
		t.Errorf("no backup: %+v", res)
	}
	if b, _ := os.ReadFile(filepath.Join(filepath.Dir(e.path), "memory-learnings.backup.md")); string(b) != original {
		t.Error("the spec's backup file does not hold the file as it was")
	}

	// The page's form posts redirect back with the outcome and an Undo.
	w = e.do(http.MethodPost, "/api/undo", url.Values{"html": {"1"}})
	if w.Code != http.StatusSeeOther {
		t.Fatalf("undo form: %d %s", w.Code, w.Body)
	}
	if e.content() != original {
		t.Fatal("undo did not bring the learning back")
	}
	page := e.get(w.Header().Get("Location"))
	if !strings.Contains(page.Body.String(), "Restored the backup of") {
		t.Errorf("the page does not say what undo did:\n%s", tail(page.Body.String(), 2000))
	}

	// A whole session, by its ID.
	sess := doc.Sessions[1]
	w = e.do(http.MethodPost, "/api/forget", url.Values{"id": {sess.ID}, "html": {"1"}})
	if w.Code != http.StatusSeeOther || strings.Contains(e.content(), "billing worker") {
		t.Fatalf("forget session: %d, file:\n%s", w.Code, e.content())
	}
	page = e.get(w.Header().Get("Location"))
	if !strings.Contains(page.Body.String(), "Forgot session "+sess.ID) || !strings.Contains(page.Body.String(), "Undo this") {
		t.Errorf("no message with an undo button:\n%s", tail(page.Body.String(), 2000))
	}

	for _, tt := range []struct {
		id   string
		code int
	}{{"lnothere", 404}, {"", 400}, {l.ID[:5], 404}} {
		before := e.content()
		w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {tt.id}})
		if w.Code != tt.code || e.content() != before {
			t.Errorf("forget %q: status %d, want %d; file changed: %v", tt.id, w.Code, tt.code, e.content() != before)
		}
	}
}

func TestUndoWithNothingToUndo(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	w := e.do(http.MethodPost, "/api/undo", url.Values{})
	if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "no backups yet") {
		t.Errorf("undo without backups: %d %s", w.Code, w.Body)
	}
}

func TestCompactAndUndo(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	original := e.content()
	w := e.do(http.MethodPost, "/api/compact", url.Values{"html": {"1"}, "from": {"compact"}})
	if w.Code != http.StatusSeeOther {
		t.Fatalf("compact: %d %s", w.Code, w.Body)
	}
	doc := e.doc()
	if len(doc.Sessions) != 0 || len(doc.Learnings()) != 4 {
		t.Errorf("after compact: %d sessions, %d learnings", len(doc.Sessions), len(doc.Learnings()))
	}
	if page := e.get(w.Header().Get("Location")); !strings.Contains(page.Body.String(), "Compacted: folded 2 sessions") {
		t.Errorf("no compact message:\n%s", tail(page.Body.String(), 2000))
	}
	if w := e.get("/api/compact"); !strings.Contains(w.Body.String(), "no sessions to fold") {
		t.Errorf("preview after compact: %s", w.Body)
	}
	if w := e.do(http.MethodPost, "/api/undo", url.Values{}); w.Code != http.StatusOK || e.content() != original {
		t.Fatalf("undo after compact: %d %s", w.Code, w.Body)
	}
}

func TestReadOnly(t *testing.T) {
	e := newEnv(t, memviewtest.Sample, func(c *Config) { c.ReadOnly = true })
	before := e.content()
	for _, target := range []string{"/", "/session/" + e.doc().Sessions[0].ID, "/compact"} {
		body := e.get(target).Body.String()
		for _, action := range []string{`action="` + testBase + `/api/forget"`, `action="` + testBase + `/api/undo"`, `action="` + testBase + `/api/compact"`} {
			if strings.Contains(body, action) {
				t.Errorf("%s offers %s in read-only mode", target, action)
			}
		}
	}
	for _, target := range []string{"/api/forget", "/api/undo", "/api/compact"} {
		w := e.do(http.MethodPost, target, url.Values{"id": {e.doc().Sessions[0].ID}})
		if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "read-only") {
			t.Errorf("POST %s: %d %s", target, w.Code, w.Body)
		}
	}
	if e.content() != before {
		t.Fatal("read-only server changed the file")
	}
}

func TestFileStates(t *testing.T) {
	t.Run("missing", func(t *testing.T) {
		e := newEnv(t, "")
		body := e.get("/").Body.String()
		for _, want := range []string{"No learnings yet", "does not exist", "learn store --focus", "/learning-store"} {
			if !strings.Contains(body, want) {
				t.Errorf("empty state lacks %q", want)
			}
		}
		if st := decode[State](t, e.get("/api/state")); st.Exists || st.Version != "missing" {
			t.Errorf("state = %+v", st)
		}
		if w := e.get("/api/search?q=anything"); w.Code != http.StatusOK {
			t.Errorf("search on a missing file: %d", w.Code)
		}
		if w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {"l1234567"}}); w.Code != http.StatusNotFound {
			t.Errorf("forget on a missing file: %d %s", w.Code, w.Body)
		}
		if _, err := os.Stat(e.path); !errors.Is(err, os.ErrNotExist) {
			t.Error("forget created the file")
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		e := newEnv(t, "")
		if err := os.MkdirAll(e.path, 0o755); err != nil { // a directory where the file belongs
			t.Fatal(err)
		}
		w := e.get("/")
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "cannot be read") || !strings.Contains(w.Body.String(), "is a directory") {
			t.Errorf("status %d:\n%s", w.Code, tail(w.Body.String(), 1500))
		}
		if st := decode[State](t, e.get("/api/state")); st.Error == "" {
			t.Errorf("state does not say why: %+v", st)
		}
		// Fixed by hand, the page picks the file up.
		if err := os.Remove(e.path); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(e.path, []byte(memviewtest.Sample), 0o644); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(e.get("/").Body.String(), "Backoff must cap") {
			t.Error("the page did not recover once the file was readable")
		}
	})
	t.Run("damaged", func(t *testing.T) {
		damaged := strings.Replace(memviewtest.Sample, "## [2026-11-20 09:00 UTC]", "## [yesterday at noon] - Hand-written session\n\n---\n\n## [2026-11-20 09:00 UTC]", 1) +
			"\n## [2026-11-23 10:00 UTC] - Half written\n\n### Learnings\n\n**Fresh Discoveries:**\n- Starts a fence:\n\n```go\nfunc main() {\n"
		e := newEnv(t, damaged)
		body := e.get("/").Body.String()
		for _, want := range []string{"Backoff must cap", "block left open", "could not read", "line "} {
			if !strings.Contains(body, want) {
				t.Errorf("damaged page lacks %q", want)
			}
		}
		id := e.doc().Sessions[0].ID
		w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {id}})
		if w.Code != http.StatusConflict || e.content() != damaged {
			t.Errorf("forget in a file with an open fence: %d %s", w.Code, w.Body)
		}
	})
}

func TestBusyFileIsRetriedNotFatal(t *testing.T) {
	e := newEnv(t, memviewtest.Sample, func(c *Config) { c.LockTimeout = 50 * time.Millisecond })
	lock := flock.New(e.path + ".lock")
	if err := lock.Lock(); err != nil {
		t.Fatal(err)
	}
	before := e.content()
	w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {e.doc().Sessions[0].ID}})
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), `"retry": true`) {
		t.Errorf("busy: %d %v %s", w.Code, w.Header(), w.Body)
	}
	if e.content() != before {
		t.Fatal("the file changed while another writer held the lock")
	}
	// The page's form gets the message and a button to send it again.
	sess := e.doc().Sessions[0].ID
	w = e.do(http.MethodPost, "/api/forget", url.Values{"id": {sess}, "html": {"1"}})
	if w.Code != http.StatusSeeOther {
		t.Fatalf("busy form: %d %s", w.Code, w.Body)
	}
	page := e.get(w.Header().Get("Location")).Body.String()
	for _, want := range []string{"is busy", `id="flash-retry"`, `action="` + testBase + `/api/forget"`, `name="id" value="` + sess + `"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page after a busy forget lacks %q", want)
		}
	}
	// Reading never waits for the lock.
	if w := e.get("/"); w.Code != http.StatusOK {
		t.Errorf("page while locked: %d", w.Code)
	}
	if err := lock.Unlock(); err != nil {
		t.Fatal(err)
	}
	if w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {e.doc().Sessions[0].ID}}); w.Code != http.StatusOK {
		t.Errorf("after the lock is released: %d %s", w.Code, w.Body)
	}
}

func TestStateFollowsTheFile(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	w := e.get("/api/state")
	etag := w.Header().Get("ETag")
	r := e.get("/api/state")
	if etag == "" || r.Header().Get("ETag") != etag {
		t.Fatalf("ETag %q then %q", etag, r.Header().Get("ETag"))
	}
	req := func() int {
		rq := newRequest(http.MethodGet, "/api/state")
		rq.Header.Set("If-None-Match", etag)
		rec := serve(e, rq)
		return rec.Code
	}
	if code := req(); code != http.StatusNotModified {
		t.Errorf("unchanged file: %d, want 304", code)
	}
	next := strings.Replace(memviewtest.Sample, "## [2026-11-22", "## [2026-11-23 08:00 UTC] - Stored from a terminal\n\n### Learnings\n\n**Fresh Discoveries:**\n- A new one.\n\n---\n\n## [2026-11-22", 1)
	if err := os.WriteFile(e.path+".new", []byte(next), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(e.path+".new", e.path); err != nil {
		t.Fatal(err)
	}
	if code := req(); code != http.StatusOK {
		t.Errorf("changed file: %d, want 200", code)
	}
	if !strings.Contains(e.get("/fragment/main").Body.String(), "Stored from a terminal") {
		t.Error("the page does not show the new session")
	}
}

func TestSessionsArePaged(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "## [2026-10-%02d 09:00 UTC] - Session number %d\n\n### Learnings\n\n**Fresh Discoveries:**\n- Fact %d of the day.\n\n---\n\n", 31-i%31, i, i)
	}
	e := newEnv(t, b.String())
	body := e.get("/").Body.String()
	if n := strings.Count(body, `<article class="session"`); n != sessionsPerPage {
		t.Errorf("first page renders %d sessions, want %d", n, sessionsPerPage)
	}
	if !strings.Contains(body, "Show older sessions (25 more)") {
		t.Error("no way to see older sessions")
	}
	more := e.get(fmt.Sprintf("/fragment/sessions?offset=%d", sessionsPerPage)).Body.String()
	if n := strings.Count(more, `<article class="session"`); n != sessionsPerPage || !strings.Contains(more, "10 more") {
		t.Errorf("next page: %d sessions", n)
	}
	all := decode[SessionsReport](t, e.get("/api/sessions?limit=0"))
	if all.Total != 40 || len(all.Sessions) != 40 {
		t.Errorf("API: total %d, %d sessions", all.Total, len(all.Sessions))
	}
	for i := 1; i < len(all.Sessions); i++ {
		if all.Sessions[i-1].Stamp < all.Sessions[i].Stamp {
			t.Fatalf("sessions not newest first: %s before %s", all.Sessions[i-1].Stamp, all.Sessions[i].Stamp)
		}
	}
}

func TestSearchFilters(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	ids := func(target string) []string {
		t.Helper()
		w := e.get(target)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", target, w.Code, w.Body)
		}
		var out []string
		for _, r := range decode[SearchReport](t, w).Results {
			out = append(out, r.Category+"@"+r.Date[:min(10, len(r.Date))])
		}
		return out
	}
	tests := []struct {
		target string
		want   string
	}{
		{"/api/search?q=idempotent", "Fresh Discoveries@2026-11-22"},
		{"/api/search?q=idempot", "Fresh Discoveries@2026-11-22"},
		{"/api/search?q=commit&category=Preference+Clarifications", "Preference Clarifications@2026-11-20"},
		{"/api/search?q=imperative&category=User+Corrections", ""},
		{"/api/search?category=preferences", "Preference Clarifications@2026-11-20"},
		{"/api/search?category=User+Corrections", "User Corrections@2026-11-22 User Corrections@consolidat"},
		{"/api/search?from=2026-11-21", "User Corrections@2026-11-22 Fresh Discoveries@2026-11-22"},
		{"/api/search?to=2026-11-21", "Preference Clarifications@2026-11-20"},
		{"/api/search?q=make+gen", "User Corrections@consolidat"},
		{"/api/search?q=make+gen&from=2026-01-01", ""},
		{"/api/search", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(ids(tt.target), " "); got != tt.want {
			t.Errorf("%s = %q, want %q", tt.target, got, tt.want)
		}
	}
	for _, bad := range []string{"/api/search?q=x&category=Nope", "/api/search?q=x&from=22/11/2026"} {
		if w := e.get(bad); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", bad, w.Code)
		}
	}
}
