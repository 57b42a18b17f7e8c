package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/learnings"
)

const (
	testPort  = "4123"
	testHost  = "127.0.0.1:" + testPort
	testToken = "0123456789abcdef0123456789abcdef"
	// testBase starts the path of every page and request of the page.
	testBase = "/t/" + testToken
)

// env is one test's server over a learnings file in a temporary project.
type env struct {
	t    testing.TB
	path string
	srv  *Server
	h    http.Handler
}

func newEnv(t testing.TB, content string, mod ...func(*Config)) *env {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, ".tmp", "memory-learnings.md")
	if content != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := Config{Path: path, Display: ".tmp/memory-learnings.md", Project: "acme", Token: testToken,
		Hosts: AllowedHosts(testPort), LockTimeout: 2 * time.Second,
		Now: func() time.Time { return memviewtest.Now }}
	for _, m := range mod {
		m(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, path: path, srv: srv, h: srv.Handler()}
}

// do sends a request the way the page's browser does: right host, the token
// in the path (target is the path after it, or a Location the server
// answered), and for POSTs the CSRF field.
func (e *env) do(method, target string, form url.Values) *httptest.ResponseRecorder {
	e.t.Helper()
	var body io.Reader
	if form != nil {
		if method == http.MethodPost && form.Get("csrf") == "" {
			form.Set("csrf", e.srv.csrf)
		}
		body = strings.NewReader(form.Encode())
	}
	if !strings.HasPrefix(target, testBase+"/") {
		target = testBase + target
	}
	r := httptest.NewRequest(method, target, body)
	r.Host = testHost
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

func (e *env) get(target string) *httptest.ResponseRecorder {
	e.t.Helper()
	return e.do(http.MethodGet, target, nil)
}

func (e *env) content() string {
	e.t.Helper()
	b, err := os.ReadFile(e.path)
	if err != nil {
		e.t.Fatal(err)
	}
	return string(b)
}

func (e *env) doc() *learnings.Document {
	e.t.Helper()
	return learnings.Parse([]byte(e.content()))
}

func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %q: %v", w.Body.String(), err)
	}
	return v
}

func backups(t *testing.T, path string) []memfile.BackupInfo {
	t.Helper()
	list, err := memfile.Backups(path)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestEveryRoute(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	doc := e.doc()
	sess := doc.Sessions[0]
	l := sess.Categories[0].Learnings[0]
	tests := []struct {
		target string
		ctype  string
		want   []string
	}{
		{"/", "text/html", []string{"Recent sessions", "Retry logic for the sync client", "Consolidated Learnings", "Backoff must cap at 30 s", "/static/app.js", "Learnings stored per"}},
		{"/learning/" + l.ID, "text/html", []string{"Backoff must cap at 30 s", "Where it came from", "Retry logic for the sync client", "docs/api.md#retries", "acme-sync"}},
		{"/session/" + sess.ID, "text/html", []string{"Retry logic for the sync client", "Forget this whole session (2 learnings)", "Idempotency-Key"}},
		{"/compact", "text/html", []string{"fold 2 sessions (3 learnings)", "b/.tmp/memory-learnings.md", `<span class="d-del">----</span>`, "Compact now"}},
		{"/fragment/main", "text/html", []string{"Recent sessions", "Backoff must cap"}},
		{"/fragment/sessions?offset=1", "text/html", []string{"Docs for the billing worker"}},
		{"/fragment/problems", "text/html", []string{"No problems"}},
		{"/fragment/rest?owner=consolidated&category=User+Corrections", "text/html", nil},
		{"/static/app.js", "javascript", []string{"api/search"}},
		{"/static/app.css", "text/css", []string{".badge"}},
		{"/api/state", "application/json", []string{`"sessions": 2`, `"learnings": 4`, `"csrf"`}},
		{"/api/search?q=backof", "application/json", []string{`"id": "` + l.ID + `"`, `"hit": true`}},
		{"/api/sessions", "application/json", []string{`"total": 2`, sess.ID}},
		{"/api/sessions/" + sess.ID, "application/json", []string{`"focus": "Retry logic for the sync client"`, l.ID}},
		{"/api/learnings/" + l.ID, "application/json", []string{`"category": "User Corrections"`, `"session": {`, `"id": "` + sess.ID + `"`}},
		{"/api/lint", "application/json", []string{`"error_count": 0`}},
		{"/api/docs", "application/json", []string{`"path": "README.md"`}},
		{"/api/compact", "application/json", []string{`"sessions_folded": 2`, `"diff": "--- a/`}},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			w := e.get(tt.target)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d, body %s", w.Code, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); !strings.Contains(ct, tt.ctype) {
				t.Errorf("Content-Type %q, want %s", ct, tt.ctype)
			}
			if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "unsafe-inline") {
				t.Errorf("Content-Security-Policy %q", csp)
			}
			for _, s := range tt.want {
				if !strings.Contains(w.Body.String(), s) {
					t.Errorf("body lacks %q:\n%s", s, tail(w.Body.String(), 2500))
				}
			}
		})
	}
	for _, target := range []string{"/learning/lnothere", "/session/" + l.ID, "/api/learnings/" + sess.ID, "/api/sessions/snothere", "/nothing"} {
		if w := e.get(target); w.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", target, w.Code)
		}
	}
	// A prefix of an ID is not an ID: a link or an action names one thing.
	if w := e.get("/learning/" + l.ID[:5]); w.Code != http.StatusNotFound {
		t.Errorf("GET by ID prefix: status %d, want 404", w.Code)
	}
}

func TestTokenIsRequired(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	send := func(target string, prep func(*http.Request)) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, target, nil)
		r.Host = testHost
		if prep != nil {
			prep(r)
		}
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		if c := w.Header().Values("Set-Cookie"); len(c) > 0 {
			t.Errorf("GET %s sets a cookie %q: a cookie reaches every port of the host", target, c)
		}
		return w
	}
	for _, target := range []string{"/", "/static/app.js", "/api/state", "/api/search?q=backoff", "/learning/x", "/fragment/main",
		"/t/", "/t", "/t/api/state", "/t//api/state", "/T/" + testToken + "/api/state", "/x" + testBase + "/api/state"} {
		t.Run("none "+target, func(t *testing.T) {
			w := send(target, nil)
			if w.Code != http.StatusUnauthorized && w.Code != http.StatusForbidden {
				t.Fatalf("status %d, want 401 or 403", w.Code)
			}
			if strings.Contains(w.Body.String(), "Backoff") {
				t.Error("refused response leaks the memory")
			}
		})
	}
	cases := []struct {
		name   string
		target string
		prep   func(*http.Request)
		code   int
	}{
		{"token in the path", testBase + "/api/state", nil, 200},
		{"token in the path, page", testBase + "/", nil, 200},
		{"token in the path, static", testBase + "/static/app.css", nil, 200},
		{"wrong token in the path", "/t/" + strings.Repeat("0", 32) + "/api/state", nil, 403},
		{"short token in the path", "/t/" + testToken[1:] + "/api/state", nil, 403},
		{"long token in the path", "/t/" + testToken + "0/api/state", nil, 403},
		{"upper-case token in the path", "/t/" + strings.ToUpper(testToken) + "/api/state", nil, 403},
		{"token as a later segment", "/api/state" + testBase, nil, 401},
		{"bearer", "/api/state", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+testToken) }, 200},
		{"wrong bearer", "/api/state", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+testToken[1:]) }, 401},
		{"bearer without the scheme", "/api/state", func(r *http.Request) { r.Header.Set("Authorization", testToken) }, 401},
		// Older versions kept the token in this cookie: it is no longer a
		// credential, whatever its name.
		{"cookie of an older version", "/api/state", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "learn_serve_" + testPort, Value: testToken}) }, 401},
		{"cookie named token", "/", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "token", Value: testToken}) }, 401},
		{"token in the URL of the API", "/api/state?token=" + testToken, nil, 200},
		{"wrong token in the URL", "/?token=nope", nil, 403},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if w := send(c.target, c.prep); w.Code != c.code {
				t.Errorf("GET %s: status %d, want %d", c.target, w.Code, c.code)
			}
		})
	}
	// The address older versions printed leads to the page's path.
	w := send("/?token="+testToken+"&shown=30", nil)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != testBase+"/?shown=30" {
		t.Errorf("token in the URL: status %d to %q, want 303 to %s/?shown=30", w.Code, w.Header().Get("Location"), testBase)
	}
	w = send(testBase+"?shown=30", nil)
	if w.Code != http.StatusFound || w.Header().Get("Location") != testBase+"/?shown=30" {
		t.Errorf("%s: status %d to %q, want 302 to %s/?shown=30", testBase, w.Code, w.Header().Get("Location"), testBase)
	}
	// A path with dots or doubled slashes is cleaned under the token's
	// path, not redirected out of it.
	for target, want := range map[string]string{
		testBase + "/learning/../compact": testBase + "/compact",
		testBase + "//api/state?x=1":      testBase + "/api/state?x=1",
		testBase + "/./fragment/main/":    testBase + "/fragment/main/",
		testBase + "/..":                  testBase + "/",
	} {
		if w := send(target, nil); w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != want {
			t.Errorf("%s: status %d to %q, want 301 to %s", target, w.Code, w.Header().Get("Location"), want)
		}
	}
	if got := URL(testHost, testToken); got != "http://"+testHost+testBase+"/" {
		t.Errorf("URL = %s", got)
	}
}

// TestEveryLinkCarriesTheToken reads every page and fragment: each link,
// form, script, style sheet and data-src of the page is a path under
// /t/TOKEN/ (or, for data-src, one the script puts under it), so nothing
// the page asks for needs a cookie.
func TestEveryLinkCarriesTheToken(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	doc := e.doc()
	targets := []string{"/", "/compact", "/session/" + doc.Sessions[0].ID, "/fragment/main", "/fragment/sessions?offset=0",
		"/fragment/rest?owner=consolidated&category=User+Corrections", "/learning/nothere"}
	for _, l := range doc.Learnings() {
		targets = append(targets, "/learning/"+l.ID)
	}
	w := e.do(http.MethodPost, "/api/forget", url.Values{"id": {doc.Learnings()[0].ID}, "html": {"1"}})
	targets = append(targets, w.Header().Get("Location"))
	attr := regexp.MustCompile(`\b(href|action|src|data-src)="([^"#][^"]*)"`)
	for _, target := range targets {
		body := e.get(target).Body.String()
		links := 0
		for _, m := range attr.FindAllStringSubmatch(body, -1) {
			if strings.HasPrefix(m[2], "url(") || strings.HasPrefix(m[2], "data:") {
				continue
			}
			links++
			if m[1] == "data-src" {
				if !strings.HasPrefix(m[2], "/") || strings.HasPrefix(m[2], "/t/") {
					t.Errorf("%s: data-src %q: want a path the script puts under the token", target, m[2])
				}
				continue
			}
			if !strings.HasPrefix(m[2], testBase+"/") {
				t.Errorf("%s: %s=%q does not start with the token's path", target, m[1], m[2])
			}
		}
		if links == 0 && !strings.HasPrefix(target, "/fragment/") {
			t.Errorf("%s: found no links to check", target)
		}
	}
	if !strings.Contains(e.get("/").Body.String(), `data-base="`+testBase+`"`) {
		t.Error("the page does not tell its script the token's path")
	}
}

func TestHostCheck(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	for _, tt := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:" + testPort, true},
		{"localhost:" + testPort, true},
		{"LOCALHOST:" + testPort, true},
		{"[::1]:" + testPort, true},
		{"evil.example:" + testPort, false},
		{"evil.example", false},
		{"127.0.0.1:9999", false},
		{"127.0.0.1", false},
		{"localhost.evil.example:" + testPort, false},
		{"", false},
	} {
		t.Run(tt.host, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/api/state?token="+testToken, nil)
			r.Host = tt.host
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, r)
			if got := w.Code == http.StatusOK; got != tt.ok {
				t.Errorf("Host %q: status %d, want accepted=%v", tt.host, w.Code, tt.ok)
			}
			if !tt.ok && w.Code != http.StatusMisdirectedRequest {
				t.Errorf("Host %q: status %d, want 421", tt.host, w.Code)
			}
		})
	}
	other := AllowedHosts(testPort, "192.168.1.20")
	if !strings.Contains(strings.Join(other, " "), "192.168.1.20:"+testPort) {
		t.Errorf("AllowedHosts with --addr = %v", other)
	}
}

func TestChangesNeedPOSTAndCSRF(t *testing.T) {
	e := newEnv(t, memviewtest.Sample)
	before := e.content()
	id := e.doc().Sessions[0].ID
	cases := []struct {
		name string
		prep func(*http.Request)
		code int
	}{
		{"no csrf", func(r *http.Request) {}, 403},
		{"wrong csrf", func(r *http.Request) { r.Header.Set("X-CSRF-Token", "0000") }, 403},
		{"csrf of the access token", func(r *http.Request) { r.Header.Set("X-CSRF-Token", testToken) }, 403},
		{"cross-site", func(r *http.Request) {
			r.Header.Set("X-CSRF-Token", e.srv.csrf)
			r.Header.Set("Sec-Fetch-Site", "cross-site")
		}, 403},
		{"other origin", func(r *http.Request) {
			r.Header.Set("X-CSRF-Token", e.srv.csrf)
			r.Header.Set("Origin", "http://evil.example")
		}, 403},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, testBase+"/api/forget", strings.NewReader("id="+id))
			r.Host = testHost
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			c.prep(r)
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, r)
			if w.Code != c.code {
				t.Errorf("status %d, want %d (%s)", w.Code, c.code, w.Body)
			}
			if e.content() != before {
				t.Fatal("a refused request changed the file")
			}
		})
	}
	for _, target := range []string{"/api/forget?id=" + id, "/api/undo", "/api/compact?x=1"} {
		if w := e.get(target); target != "/api/compact?x=1" && w.Code != http.StatusMethodNotAllowed {
			t.Errorf("GET %s: status %d, want 405", target, w.Code)
		}
	}
	if e.content() != before {
		t.Fatal("a GET changed the file")
	}
	// The same request with the header the script sends goes through.
	r := httptest.NewRequest(http.MethodPost, "/api/forget", strings.NewReader("id="+id))
	r.Host = testHost
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Authorization", "Bearer "+testToken)
	r.Header.Set("X-CSRF-Token", e.srv.csrf)
	r.Header.Set("Origin", "http://"+testHost)
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	if w.Code != http.StatusOK || e.content() == before {
		t.Fatalf("a good POST: status %d, body %s", w.Code, w.Body)
	}
}

func tail(s string, n int) string { return s[max(0, len(s)-n):] }

func newRequest(method, target string) *http.Request {
	r := httptest.NewRequest(method, testBase+target, nil)
	r.Host = testHost
	return r
}

func serve(e *env, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}
