package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// chromium returns the browser to drive. Without one the test skips,
// saying how to get one, except in CI (CI=true), where it fails.
func chromium(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("CHROMIUM_BIN")
	if bin == "" {
		bin = "/usr/bin/chromium"
	}
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Chromium at %s: CI installs it with .ci/install-chromium.sh and needs the browser test to run", bin)
		}
		t.Skipf("no Chromium at %s (set CHROMIUM_BIN, or run .ci/install-chromium.sh): the browser test needs a real browser", bin)
	}
	return bin
}

// browser starts headless Chromium with a fresh profile, with the flags
// this machine needs (no sandbox as root, no network beyond 127.0.0.1).
func browser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 900),
	}
	opts = append(opts, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// Start the browser now, without a timeout (one would stop it).
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start %s: %v", chromium(t), err)
	}
	return ctx
}

// liveServer serves the file at path on a real 127.0.0.1 port and returns
// the URL learn serve would print.
func liveServer(t *testing.T, path string, mod ...func(*Config)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	cfg := Config{Path: path, Display: ".tmp/memory-learnings.md", Project: "acme-shop", Token: NewToken(),
		Hosts: AllowedHosts(port), LockTimeout: 5 * time.Second}
	for _, m := range mod {
		m(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return URL(ts.Listener.Addr().String(), srv.cfg.Token)
}

// planted is a memory a person would have, with a learning to find and one
// that holds script.
const planted = "## [2026-11-20 16:40 UTC] - Cache warm-up on boot\n" +
	"**Project**: acme-shop\n" +
	"**Documentation Seen**: `docs/cache.md`\n\n" +
	"### Learnings\n\n" +
	"**User Corrections:**\n" +
	"- The zebracache warm-up must finish before the health check turns green; otherwise the first requests miss.\n\n" +
	"**Fresh Discoveries:**\n" +
	"- The preview pane once ran <script>document.title='pwned'; window.pwned = 1</script> from a learning; it is escaped now.\n" +
	"- An attribute like <img src=x onerror=\"window.pwned = 2\"> must not run either.\n\n" +
	"---\n\n"

func memoryFile(t *testing.T, size int) string {
	t.Helper()
	src := string(memgen.Generate(7, size))
	i := strings.Index(src, "\n## [")
	if i < 0 {
		t.Fatal("memgen wrote no session")
	}
	return writeMemory(t, src[:i+1]+planted+src[i+1:])
}

// writeMemory writes src as the learnings file of a new project.
func writeMemory(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func run[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	run(t, ctx, what, chromedp.Steps(steps...))
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	path := memoryFile(t, 200_000)
	url := liveServer(t, path)
	ctx := browser(t)
	doc := learnings.Parse(mustRead(t, path))
	var target *learnings.Learning
	for _, l := range doc.Learnings() {
		if strings.Contains(l.Text, "zebracache") {
			target = l
		}
	}
	if target == nil {
		t.Fatal("planted learning not parsed")
	}

	// The page loads at the printed address, which carries the token in
	// its path.
	do(t, ctx, "load the page", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#q")), chromedp.WaitVisible(chromedp.CSS("#sessions article.session")))
	if loc := run(t, ctx, "location", chromedp.Location()); loc != url {
		t.Errorf("the page moved to %s, want %s", loc, url)
	}
	// The stored <script> did not run, and the problems loaded (the
	// page's own script did).
	do(t, ctx, "problems load", chromedp.WaitVisible(chromedp.CSS("#problems details, #problems .ok-text")))
	assertNotPwned(t, ctx)
	if txt := run(t, ctx, "escaped text", chromedp.Text(chromedp.CSS(`#sessions article.session`))); !strings.Contains(txt, "<script>document.title='pwned'") {
		t.Errorf("the learning's <script> is not shown as text: %q", txt)
	}

	// A folded category loads its learnings when opened.
	do(t, ctx, "open a fold", chromedp.Click(chromedp.CSS("#consolidated details[data-src] > summary")),
		chromedp.WaitVisible(chromedp.CSS("#consolidated details[data-src][open] li.learning")))

	// Search as you type finds the planted learning.
	do(t, ctx, "search", chromedp.SendKeys(chromedp.CSS("#q"), "zebrac"),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#results li.hit[data-id=%q]`, target.ID))))
	if hit := run(t, ctx, "hit", chromedp.Text(chromedp.CSS(fmt.Sprintf(`#results li.hit[data-id=%q] mark`, target.ID)))); !strings.EqualFold(hit, "zebracache") {
		t.Errorf("highlighted %q, want zebracache", hit)
	}

	// Forget it from its page: gone from the file, with a backup.
	do(t, ctx, "open the learning", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#results li.hit[data-id=%q] a`, target.ID))),
		chromedp.WaitVisible(chromedp.CSS("article.learning-full")))
	do(t, ctx, "forget", chromedp.Click(chromedp.CSS("article.learning-full form.forget button")), chromedp.WaitVisible(chromedp.CSS(".flash #flash-undo")))
	if strings.Contains(string(mustRead(t, path)), "zebracache") {
		t.Fatal("forget left the learning in the file")
	}
	list, err := memfile.Backups(path)
	if err != nil || len(list) != 1 || !strings.Contains(string(mustRead(t, list[0].Path)), "zebracache") {
		t.Fatalf("no backup holding the learning: %v %v", list, err)
	}
	// Undo brings it back.
	do(t, ctx, "undo", chromedp.Click(chromedp.CSS("#flash-undo")))
	waitJS(t, ctx, "the undo message", `(document.querySelector('.flash') || {}).textContent.includes('Restored')`)
	if !strings.Contains(string(mustRead(t, path)), "zebracache") {
		t.Fatal("undo did not bring the learning back")
	}

	// The page follows the file: a session stored elsewhere shows up.
	err = memfile.Update(path, time.Second, func(cur []byte, _ bool) ([]byte, error) {
		e := learnings.Parse(cur).Edit()
		e.InsertSession(learnings.NewSession{Time: time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC), Focus: "Stored by an agent meanwhile",
			Learnings: []learnings.NewLearning{{Category: "Fresh Discoveries", Text: "The quokka job retries three times."}}})
		return e.Bytes()
	})
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "follow", chromedp.Poll[chromedp.Void](`document.querySelector('#sessions').textContent.includes('Stored by an agent meanwhile')`,
		chromedp.WithPollingTimeout(10*time.Second)))
	assertNotPwned(t, ctx)

	// A browser without the token is refused: the same server, the path
	// without it.
	bare, _, _ := strings.Cut(url, "/t/")
	resp := run(t, ctx, "without token", chromedp.NavigateResponse(bare+"/"))
	if resp.Status != http.StatusUnauthorized {
		t.Errorf("without the token: status %d, want 401", resp.Status)
	}
	if body := run(t, ctx, "refusal", chromedp.Evaluate[string](`document.body.innerText`)); strings.Contains(body, "zebracache") || !strings.Contains(body, "access token") {
		t.Errorf("refusal page: %q", body)
	}
}

// waitJS waits until expr is true in the page, across the navigations a
// form's submit and redirect make.
func waitJS(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		ok, err := chromedp.Run(cctx, chromedp.Evaluate[bool](`!!(`+expr+`)`))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 500) : ''`))
			t.Fatalf("waiting for %s: %v; the page shows:\n%s", what, err, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func assertNotPwned(t *testing.T, ctx context.Context) {
	t.Helper()
	if title := run(t, ctx, "title", chromedp.Title()); strings.Contains(title, "pwned") {
		t.Errorf("a stored <script> ran: title %q", title)
	}
	if v := run(t, ctx, "window.pwned", chromedp.Evaluate[string](`String(window.pwned)`)); v != "undefined" {
		t.Errorf("a stored script or attribute ran: window.pwned = %s", v)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// recorder is another local server, as a user runs them (a dev server, a
// notebook): it keeps every request the browser sends it, whole.
type recorder struct {
	mu   sync.Mutex
	seen []string
	srv  *httptest.Server
}

// otherPage is what the other server serves: a page that asks for more of
// the same server (an image, a fetch with credentials) and offers a form
// that posts to learn serve's API, as a hostile local page would.
const otherPage = `<!doctype html><title>another local server</title>
<img src="/pixel.png" alt="">
<form id="attack" method="post" action="%s/api/forget"><input type="hidden" name="id" value="%s"></form>
<script>fetch('/probe', {credentials: 'include'}).then(function () { document.title = 'probed'; });</script>`

func newRecorder(t *testing.T, learnURL, id string) *recorder {
	t.Helper()
	rec := &recorder{}
	rec.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dump, err := httputil.DumpRequest(r, true)
		if err != nil {
			t.Errorf("dump a request to the other server: %v", err)
		}
		rec.mu.Lock()
		rec.seen = append(rec.seen, string(dump))
		rec.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, otherPage, learnURL, id)
	}))
	t.Cleanup(rec.srv.Close)
	return rec
}

func (rec *recorder) requests() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.seen)
}

// TestBrowserTokenStaysOnItsPort opens the page in Chromium, then another
// local server on another port of 127.0.0.1, by a link from the page and by
// its address, before and after using the page. The other server must
// receive nothing of the credential: no cookie at all, no Referer, no token
// anywhere in a request. And the page, opened again, still searches,
// forgets (with its CSRF token) and undoes.
func TestBrowserTokenStaysOnItsPort(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	path := memoryFile(t, 20_000)
	url := liveServer(t, path)
	host, token, ok := strings.Cut(strings.TrimPrefix(url, "http://"), "/t/")
	token = strings.TrimSuffix(token, "/")
	if !ok || len(token) != 32 {
		t.Fatalf("printed URL %s holds no token path", url)
	}
	var target *learnings.Learning
	for _, l := range learnings.Parse(mustRead(t, path)).Learnings() {
		if strings.Contains(l.Text, "zebracache") {
			target = l
		}
	}
	other := newRecorder(t, "http://"+host, target.ID)
	otherURL := other.srv.URL + "/"
	if otherHost := strings.TrimSuffix(strings.TrimPrefix(otherURL, "http://"), "/"); otherHost == host ||
		!strings.HasPrefix(otherHost, "127.0.0.1:") || !strings.HasPrefix(host, "127.0.0.1:") {
		t.Fatalf("want two ports of 127.0.0.1: %s and %s", host, otherURL)
	}
	ctx := browser(t)
	visitOther := func(how string) {
		t.Helper()
		do(t, ctx, how, chromedp.Navigate(otherURL), chromedp.WaitVisible(chromedp.CSS("#attack")))
		waitJS(t, ctx, "the other page's fetch", `document.title === 'probed'`)
	}
	openPage := func() {
		t.Helper()
		// A whole page load: longer than one step may take on a machine
		// busy with other tests.
		lctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if _, err := chromedp.Run(lctx, chromedp.Steps(chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#sessions article.session")))); err != nil {
			t.Fatalf("open the page: %v", err)
		}
	}

	openPage()
	// A link on the page to the other server, followed: the Referer would
	// name the page's address.
	do(t, ctx, "follow a link to the other server", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const a = document.createElement('a'); a.id = 'away'; a.href = %q; a.textContent = 'away';
		document.querySelector('main, body').prepend(a); })()`, otherURL+"from-a-link")),
		chromedp.Click(chromedp.CSS("#away")), chromedp.WaitVisible(chromedp.CSS("#attack")))
	visitOther("type the other server's address")
	// The other page posts to learn serve's API: with no credential the
	// browser can send, it is refused and the file stays as it was.
	before := string(mustRead(t, path))
	do(t, ctx, "post from the other page", chromedp.Evaluate[chromedp.Void](`document.getElementById('attack').submit()`))
	waitJS(t, ctx, "the refusal", `document.body && document.body.innerText.includes('access token')`)
	if body := run(t, ctx, "refusal", chromedp.Evaluate[string](`document.body.innerText`)); strings.Contains(body, "zebracache") || strings.Contains(body, "Forgot") {
		t.Errorf("the other page's post was answered %q", body)
	}
	if string(mustRead(t, path)) != before {
		t.Fatal("a post from another local page changed the memory")
	}

	// The page still works: search, forget with its CSRF token, undo.
	openPage()
	do(t, ctx, "search", chromedp.SendKeys(chromedp.CSS("#q"), "zebrac"),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#results li.hit[data-id=%q]`, target.ID))))
	do(t, ctx, "open the learning", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#results li.hit[data-id=%q] a`, target.ID))),
		chromedp.WaitVisible(chromedp.CSS("article.learning-full")))
	if loc := run(t, ctx, "location", chromedp.Location()); !strings.HasPrefix(loc, url+"learning/") {
		t.Errorf("the learning opened at %s, want under %s", loc, url)
	}
	do(t, ctx, "forget", chromedp.Click(chromedp.CSS("article.learning-full form.forget button")), chromedp.WaitVisible(chromedp.CSS(".flash #flash-undo")))
	if strings.Contains(string(mustRead(t, path)), "zebracache") {
		t.Fatal("forget left the learning in the file")
	}
	do(t, ctx, "undo", chromedp.Click(chromedp.CSS("#flash-undo")))
	waitJS(t, ctx, "the undo message", `(document.querySelector('.flash') || {}).textContent.includes('Restored')`)
	if !strings.Contains(string(mustRead(t, path)), "zebracache") {
		t.Fatal("undo did not bring the learning back")
	}
	visitOther("the other server after using the page")

	// The browser holds no cookie for either server.
	do(t, ctx, "cookies", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, network.GetCookies, network.GetCookiesParams{URLs: []string{url, otherURL, "http://localhost" + strings.TrimPrefix(otherURL, "http://127.0.0.1")}})
		if err != nil {
			return err
		}
		for _, c := range res.Cookies {
			t.Errorf("the browser holds a cookie for 127.0.0.1: %s=%s (path %s)", c.Name, c.Value, c.Path)
		}
		return nil
	}))

	seen := other.requests()
	if len(seen) < 6 {
		t.Fatalf("the other server saw %d requests, want at least 6 (pages, images, fetches):\n%s", len(seen), strings.Join(seen, "\n"))
	}
	for _, req := range seen {
		head, _, _ := strings.Cut(req, "\r\n\r\n")
		for _, bad := range []string{token, "\r\nCookie:", "\r\nAuthorization:", "/t/", "\r\nReferer: http://" + host} {
			if strings.Contains(strings.ToLower(head), strings.ToLower(bad)) {
				t.Errorf("the other server received %q:\n%s", strings.TrimSpace(bad), head)
			}
		}
		// The other page's own requests name it as their Referer; nothing
		// else may.
		for _, line := range strings.Split(head, "\r\n") {
			if ref, ok := strings.CutPrefix(strings.ToLower(line), "referer:"); ok && !strings.HasPrefix(strings.TrimSpace(ref), otherURL) {
				t.Errorf("the other server received the Referer %s", strings.TrimSpace(ref))
			}
		}
		if strings.Contains(req, token) {
			t.Errorf("the other server received the token:\n%s", req)
		}
	}
}
