package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
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
		CookieName: "learn_serve_" + testPort, Hosts: AllowedHosts(testPort), LockTimeout: 2 * time.Second,
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
// cookie, and for POSTs the CSRF field.
func (e *env) do(method, target string, form url.Values) *httptest.ResponseRecorder {
	e.t.Helper()
	var body io.Reader
	if form != nil {
		if method == http.MethodPost && form.Get("csrf") == "" {
			form.Set("csrf", e.srv.csrf)
		}
		body = strings.NewReader(form.Encode())
	}
	r := httptest.NewRequest(method, target, body)
	r.Host = testHost
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	r.AddCookie(&http.Cookie{Name: "learn_serve_" + testPort, Value: testToken})
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
		{"/api/learnings/" + l.ID, "application/json", []string{`"category": "User Corrections"`, `"session_id": "` + sess.ID + `"`}},
		{"/api/lint", "application/json", []string{`"errors": 0`}},
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
		return w
	}
	for _, target := range []string{"/", "/static/app.js", "/api/state", "/api/search?q=backoff", "/learning/x", "/fragment/main"} {
		t.Run("none "+target, func(t *testing.T) {
			w := send(target, nil)
			if w.Code != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401", w.Code)
			}
			if strings.Contains(w.Body.String(), "Backoff") {
				t.Error("refused response leaks the memory")
			}
		})
	}
	cases := []struct {
		name string
		prep func(*http.Request)
		code int
	}{
		{"wrong cookie", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "learn_serve_" + testPort, Value: "guess"}) }, 401},
		{"cookie of another server", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "learn_serve_9999", Value: testToken}) }, 401},
		{"bearer", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+testToken) }, 200},
		{"wrong bearer", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+testToken[1:]) }, 401},
		{"cookie", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "learn_serve_" + testPort, Value: testToken}) }, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if w := send("/api/state", c.prep); w.Code != c.code {
				t.Errorf("status %d, want %d", w.Code, c.code)
			}
		})
	}
	if w := send("/?token=nope", nil); w.Code != http.StatusForbidden {
		t.Errorf("wrong token in URL: status %d, want 403", w.Code)
	}
	// The printed URL sets the cookie and drops the token from the address.
	w := send("/?token="+testToken+"&shown=30", nil)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("token in URL: status %d, want 303", w.Code)
	}
	if loc := w.Header().Get("Location"); strings.Contains(loc, "token") || loc != "/?shown=30" {
		t.Errorf("redirect to %q, want /?shown=30", loc)
	}
	cookies := w.Result().Cookies()
	if len(cookies) != 1 || cookies[0].Value != testToken || !cookies[0].HttpOnly || cookies[0].SameSite != http.SameSiteStrictMode {
		t.Errorf("cookie %+v, want the token, HttpOnly, SameSite=Strict", cookies)
	}
	// The API takes the token in the URL without a redirect, for scripts.
	if w := send("/api/state?token="+testToken, nil); w.Code != http.StatusOK {
		t.Errorf("API with token in URL: status %d", w.Code)
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
			r := httptest.NewRequest(http.MethodPost, "/api/forget", strings.NewReader("id="+id))
			r.Host = testHost
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.AddCookie(&http.Cookie{Name: "learn_serve_" + testPort, Value: testToken})
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
	r := httptest.NewRequest(method, target, nil)
	r.Host = testHost
	r.AddCookie(&http.Cookie{Name: "learn_serve_" + testPort, Value: testToken})
	return r
}

func serve(e *env, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}
