package web_test

import (
	"bytes"
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/cmd/root"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/web"
	"github.com/learn-memory/learn/learnings"
)

// The parity fixtures: the shapes of file a forget or a compact meets.
var parityFixtures = map[string]string{
	"consolidated and sessions": "## Consolidated Learnings\n\n**User Corrections:**\n- Run `make gen` before `go test`; generated files are not committed.\n\n" +
		"**Fresh Discoveries:**\n- The staging database is reset every Sunday at 03:00 UTC.\n\n---\n\n## Recent Sessions\n\n" +
		"## [2026-11-22 14:05 CET] - Retry logic for the sync client\n**Project**: acme-sync\n**Documentation Seen**: `README.md`, `docs/api.md#retries`\n\n### Learnings\n\n" +
		"**User Corrections:**\n- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n\n" +
		"**Fresh Discoveries:**\n- `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.\n\n---\n\n" +
		"## [2026-11-20 09:00 CET] - Billing worker\n**Project**: acme-sync\n\n### Learnings\n\n" +
		"**New Requirements:**\n- Invoices are generated at 02:00 UTC by the billing worker.\n\n---\n",
	"one learning per session": "## Recent Sessions\n\n" +
		"## [2026-11-23 10:00 UTC] - Release checklist\n**Project**: acme\n\n### Learnings\n\n**New Requirements:**\n- Tag releases as vX.Y.Z; CI publishes on tags only.\n\n---\n\n" +
		"## [2026-11-21 10:00 UTC] - Lint setup\n**Project**: acme\n\n### Learnings\n\n**Updated Conventions:**\n- golangci-lint runs with the repo's .golangci.yml, never with defaults.\n\n---\n",
	"several learnings, numbered": "## [2026-11-24 08:30 UTC] - Frontend tests\n**Project**: web\n\n### Learnings\n\n" +
		"**Updated Conventions:**\n1. Frontend unit tests run with vitest, not jest.\n2. Snapshot files live next to the component.\n\n" +
		"**Preference Clarifications:**\n1. The user wants short commit messages in the imperative.\n\n---\n\n" +
		"## [2026-11-22 08:30 UTC] - Docker\n**Project**: web\n\n### Learnings\n\n**Fresh Discoveries:**\n- `docker compose up` needs the .env file copied from .env.example.\n- The dev proxy listens on port 8088.\n\n---\n",
	"crlf": strings.ReplaceAll("## Consolidated Learnings\n\n**User Corrections:**\n- Never push to main directly.\n\n---\n\n## Recent Sessions\n\n"+
		"## [2026-11-22 10:00 UTC] - Windows build\n**Project**: acme\n\n### Learnings\n\n**Fresh Discoveries:**\n- The installer needs WiX 3.14.\n- Paths over 260 characters fail in MSBuild.\n\n---\n\n"+
		"## [2026-11-21 10:00 UTC] - Signing\n**Project**: acme\n\n### Learnings\n\n**New Requirements:**\n- Release binaries are signed with the EV certificate.\n\n---\n", "\n", "\r\n"),
	"hand-written section": "# Memory\n\nNotes kept by hand above the sections.\n\n## Recent Sessions\n\n" +
		"## [2026-11-22 10:00 UTC] - Cache\n**Project**: acme\n\n### Learnings\n\n**Fresh Discoveries:**\n- The cache key includes the locale.\n- Cache entries expire after 15 minutes.\n\n---\n\n" +
		"## My own notes\n\nThings I keep here myself: ask Dana about the VPN.\n\n" +
		"## [2026-11-20 10:00 UTC] - Queue\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n- The queue is SQS, not RabbitMQ.\n",
}

const parityToken = "0123456789abcdef0123456789abcdef"

var parityNow = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

// project is a project directory holding src as its learnings file.
func project(t *testing.T, src string) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, memfile.DefaultRel)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// cli runs learn in-process in dir, as the txtar scripts do, and returns
// its --json result.
func cli(t *testing.T, dir string, args ...string) map[string]any {
	t.Helper()
	res, err := tryCLI(t, dir, args...)
	if err != nil {
		t.Fatalf("learn %s: %v", strings.Join(args, " "), err)
	}
	return res
}

func tryCLI(t *testing.T, dir string, args ...string) (map[string]any, error) {
	t.Helper()
	return tryCLIWith(t, dir, "", args...)
}

// tryCLIWith runs learn with stdin and returns its --json result.
func tryCLIWith(t *testing.T, dir, stdin string, args ...string) (map[string]any, error) {
	t.Helper()
	f, out, _ := memviewtest.Factory(dir, parityNow, stdin)
	if err := memviewtest.Execute(root.NewCmdRoot(f), f, args...); err != nil {
		return nil, err
	}
	var res map[string]any
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("learn %s: not JSON: %v\n%s", strings.Join(args, " "), err, out)
	}
	return res, nil
}

// page is learn serve over the file at path, reached as a browser and a
// script reach it.
type page struct {
	t *testing.T
	h http.Handler
	// base is the path of the URL learn serve prints, the token in it.
	base string
}

func newPage(t *testing.T, dir, path string) *page {
	t.Helper()
	srv, err := web.New(web.Config{Path: path, Display: memfile.DefaultRel, Project: "acme", Token: parityToken,
		Hosts: web.AllowedHosts("4123"), LockTimeout: 2 * time.Second,
		Now: func() time.Time { return parityNow }, SizeLimit: learnings.SizeLimit, DiffName: memfile.DiffName(dir, path)})
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(web.URL("127.0.0.1:4123", parityToken))
	if err != nil {
		t.Fatal(err)
	}
	return &page{t: t, h: srv.Handler(), base: strings.TrimSuffix(u.Path, "/")}
}

func (p *page) send(r *http.Request) *httptest.ResponseRecorder {
	r.Host = "127.0.0.1:4123"
	w := httptest.NewRecorder()
	p.h.ServeHTTP(w, r)
	return w
}

// open gets one of the page's pages, as the browser does.
func (p *page) open(path string) string {
	p.t.Helper()
	if !strings.HasPrefix(path, p.base+"/") {
		path = p.base + path
	}
	w := p.send(httptest.NewRequest(http.MethodGet, path, nil))
	if w.Code != http.StatusOK {
		p.t.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
	}
	return w.Body.String()
}

var (
	formRe  = regexp.MustCompile(`(?s)<form method="post" action="([^"]+)"[^>]*>(.*?)</form>`)
	fieldRe = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

// submit finds, on the page at pagePath, the form posting to action (and,
// when id is given, the one for that id) and sends it as the browser
// does: its own fields, CSRF token included. The answer is a redirect to
// the page, which must not show an error.
func (p *page) submit(pagePath, action, id string) {
	p.t.Helper()
	body := p.open(pagePath)
	for _, f := range formRe.FindAllStringSubmatch(body, -1) {
		if f[1] != p.base+action {
			continue
		}
		fields := url.Values{}
		for _, in := range fieldRe.FindAllStringSubmatch(f[2], -1) {
			fields.Set(in[1], html.UnescapeString(in[2]))
		}
		if id != "" && fields.Get("id") != id {
			continue
		}
		r := httptest.NewRequest(http.MethodPost, f[1], strings.NewReader(fields.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.Header.Set("Origin", "http://127.0.0.1:4123")
		w := p.send(r)
		if w.Code != http.StatusSeeOther {
			p.t.Fatalf("form %s: %d %s", action, w.Code, w.Body)
		}
		if flash := p.open(w.Header().Get("Location")); strings.Contains(flash, `class="flash error`) {
			p.t.Fatalf("form %s failed:\n%s", action, flash)
		}
		return
	}
	p.t.Fatalf("the page %s has no form posting to %s for %q", pagePath, action, id)
}

// api sends a request to /api/ as a script does (see post) and returns its
// JSON answer, which must be a success.
func (p *page) api(method, action string, fields url.Values) map[string]any {
	p.t.Helper()
	w := p.request(method, action, fields)
	if w.Code != http.StatusOK {
		p.t.Fatalf("%s %s: %d %s", method, action, w.Code, w.Body)
	}
	var res map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		p.t.Fatalf("%s %s: not JSON: %v", method, action, err)
	}
	return res
}

// post posts fields to /api/ as a script does: the token as a Bearer
// header, the CSRF token (from /api/state) as X-CSRF-Token.
func (p *page) post(action string, fields url.Values) *httptest.ResponseRecorder {
	return p.request(http.MethodPost, action, fields)
}

func (p *page) request(method, action string, fields url.Values) *httptest.ResponseRecorder {
	p.t.Helper()
	state := p.script(httptest.NewRequest(http.MethodGet, "/api/state", nil))
	var st struct{ CSRF string }
	if err := json.Unmarshal(state.Body.Bytes(), &st); err != nil || st.CSRF == "" {
		p.t.Fatalf("/api/state: %v %s", err, state.Body)
	}
	var body *strings.Reader
	if fields != nil {
		body = strings.NewReader(fields.Encode())
	} else {
		body = strings.NewReader("")
	}
	r := httptest.NewRequest(method, action, body)
	if fields != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	r.Header.Set("X-CSRF-Token", st.CSRF)
	return p.script(r)
}

func (p *page) script(r *http.Request) *httptest.ResponseRecorder {
	r.Header.Set("Authorization", "Bearer "+parityToken)
	return p.send(r)
}

// sameResult compares a CLI result with the API's: the operation's fields
// must be equal, backups named alike; the page has no file_reason of its
// own.
func sameResult(t *testing.T, what string, cliRes, apiRes map[string]any) {
	t.Helper()
	for _, res := range []map[string]any{cliRes, apiRes} {
		if b, ok := res["backup"].(map[string]any); ok && (b["file"] == "" || b["ring"] == "") {
			t.Errorf("%s: backup without its paths: %v", what, b)
		}
	}
	if (cliRes["backup"] == nil) != (apiRes["backup"] == nil) {
		t.Errorf("%s: backup in the CLI's result %v, in the API's %v", what, cliRes["backup"], apiRes["backup"])
	}
	strip := func(m map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range m {
			switch k {
			case "file_reason", "ok", "message":
				continue
			}
			out[k] = v
		}
		return out
	}
	if d := cmp.Diff(strip(cliRes), strip(apiRes)); d != "" {
		t.Errorf("%s: the CLI's result and the API's differ (-cli +api):\n%s", what, d)
	}
}

// pageOf is the page that shows a learning's or a session's forget button.
func pageOf(id string) string {
	if strings.HasPrefix(id, "s") {
		return "/session/" + id
	}
	return "/learning/" + id
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestForgetParity forgets every learning and every session of every
// fixture through learn forget, the page's form and /api/forget, and wants
// the same file bytes and the same result each way.
func TestForgetParity(t *testing.T) {
	for name, src := range parityFixtures {
		doc := learnings.Parse([]byte(src))
		var targets []string
		for _, l := range doc.Learnings() {
			targets = append(targets, l.ID)
		}
		for _, s := range doc.Sessions {
			targets = append(targets, s.ID)
		}
		if len(targets) < 3 {
			t.Fatalf("%s: fixture reads as %d learnings and sessions", name, len(targets))
		}
		for _, id := range targets {
			t.Run(name+"/"+id, func(t *testing.T) {
				flag := "--id"
				if strings.HasPrefix(id, "s") {
					flag = "--session"
				}
				cliDir, cliPath := project(t, src)
				cliRes, err := tryCLI(t, cliDir, "forget", flag, id, "--yes", "--json")
				if err != nil {
					// What learn forget refuses, the page refuses too,
					// with the same words, and the file stays.
					apiDir, apiPath := project(t, src)
					w := newPage(t, apiDir, apiPath).post("/api/forget", url.Values{"id": {id}})
					if w.Code == http.StatusOK || !strings.Contains(w.Body.String(), strings.ReplaceAll(err.Error(), `"`, `\"`)) {
						t.Errorf("learn forget refused (%v); the API answered %d %s", err, w.Code, w.Body)
					}
					if string(read(t, cliPath)) != src || string(read(t, apiPath)) != src {
						t.Error("a refused forget changed the file")
					}
					return
				}

				formDir, formPath := project(t, src)
				newPage(t, formDir, formPath).submit(pageOf(id), "/api/forget", id)

				apiDir, apiPath := project(t, src)
				apiRes := newPage(t, apiDir, apiPath).api(http.MethodPost, "/api/forget", url.Values{"id": {id}})

				want := read(t, cliPath)
				if bytes.Equal(want, []byte(src)) {
					t.Fatal("learn forget changed nothing")
				}
				if got := read(t, formPath); !bytes.Equal(got, want) {
					t.Errorf("the page's form left other bytes than learn forget %s %s:\n%s", flag, id, cmp.Diff(string(want), string(got)))
				}
				if got := read(t, apiPath); !bytes.Equal(got, want) {
					t.Errorf("/api/forget left other bytes than learn forget %s %s:\n%s", flag, id, cmp.Diff(string(want), string(got)))
				}
				for _, path := range []string{formPath, apiPath} {
					if b, err := os.ReadFile(memfile.BackupPath(path)); err != nil || string(b) != src {
						t.Errorf("no backup of the file as it was (%v)", err)
					}
				}
				sameResult(t, "forget "+id, cliRes, apiRes)
				for _, s := range learnings.Parse(want).Sessions {
					if n := len(s.Categories); n == 0 {
						t.Errorf("session %s is left without learnings", s.ID)
					}
				}
			})
		}
	}
}

// TestCompactParity compacts every fixture through learn compact, the
// page's form and /api/compact, and previews it through learn compact
// --dry-run and GET /api/compact.
func TestCompactParity(t *testing.T) {
	for name, src := range parityFixtures {
		t.Run(name, func(t *testing.T) {
			previewDir, previewPath := project(t, src)
			dry := cli(t, previewDir, "compact", "--dry-run", "--json")
			preview := newPage(t, previewDir, previewPath).api(http.MethodGet, "/api/compact", nil)
			sameResult(t, "compact preview", dry, preview)
			if dry["diff"] == "" || dry["compacted"] != true {
				t.Errorf("the preview shows no change: %v", dry)
			}

			cliDir, cliPath := project(t, src)
			cliRes := cli(t, cliDir, "compact", "--json")

			formDir, formPath := project(t, src)
			newPage(t, formDir, formPath).submit("/compact", "/api/compact", "")

			apiDir, apiPath := project(t, src)
			apiRes := newPage(t, apiDir, apiPath).api(http.MethodPost, "/api/compact", url.Values{})

			want := read(t, cliPath)
			if got := read(t, formPath); !bytes.Equal(got, want) {
				t.Errorf("the page's form compacted to other bytes than learn compact:\n%s", cmp.Diff(string(want), string(got)))
			}
			if got := read(t, apiPath); !bytes.Equal(got, want) {
				t.Errorf("/api/compact compacted to other bytes than learn compact:\n%s", cmp.Diff(string(want), string(got)))
			}
			sameResult(t, "compact", cliRes, apiRes)
		})
	}
}
