package web

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/learn-memory/learn/internal/memgen"
)

var (
	update  = flag.Bool("update", false, "rewrite docs/serve.png, the README's screenshot of the page")
	measure = flag.Bool("measure", false, "time the page in Chromium on a generated 1 MB memory and log the numbers")
)

// showcase is the session on top of the screenshot's memory.
const showcase = "## [2026-11-02 10:15 UTC] - Retry logic for the sync client\n" +
	"**Project**: acme-sync\n" +
	"**Documentation Seen**: `README.md`, `docs/api.md#retries`\n\n" +
	"### Learnings\n\n" +
	"**User Corrections:**\n" +
	"- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n\n" +
	"**Fresh Discoveries:**\n" +
	"- `client.Do` retries only idempotent methods; POST needs an Idempotency-Key header.\n\n" +
	"---\n\n"

// TestBrowserScreenshot writes docs/serve.png with -update: the main page
// of a generated memory, as Chromium draws it.
func TestBrowserScreenshot(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite docs/serve.png")
	}
	src := string(memgen.Generate(3, 120_000))
	i := strings.Index(src, "\n## [")
	path := writeMemory(t, src[:i+1]+showcase+src[i+1:])
	url := liveServer(t, path)
	ctx := browser(t, chromedp.WindowSize(1400, 1250))
	do(t, ctx, "load", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#problems details, #problems .ok-text")))
	png := run(t, ctx, "screenshot", chromedp.CaptureScreenshot())
	out := filepath.Join("..", "..", "docs", "serve.png")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", out, len(png))
}

// TestBrowserTimings measures, with -measure, what a person waits for on a
// 1 MB memory: the main page until it is interactive, and search while
// typing. It logs numbers and asserts nothing about time.
func TestBrowserTimings(t *testing.T) {
	if !*measure {
		t.Skip("run with -measure to time the page in Chromium")
	}
	path := writeMemory(t, string(memgen.Generate(1, 1<<20)))
	url := liveServer(t, path)
	ctx := browser(t)
	nav := `(() => { const n = performance.getEntriesByType('navigation')[0];
		return [n.responseStart, n.domInteractive, n.loadEventEnd].map(Math.round); })()`
	var interactive, shown []time.Duration
	for i := range 6 {
		start := time.Now()
		do(t, ctx, "load", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#sessions article.session")))
		ms := run(t, ctx, "timing", chromedp.Evaluate[[]float64](nav))
		do(t, ctx, "problems", chromedp.WaitVisible(chromedp.CSS("#problems details, #problems .ok-text")))
		lint := time.Since(start)
		t.Logf("open %d: first byte %v, interactive %v, load event %v, lint findings drawn %v", i+1,
			msDur(ms[0]), msDur(ms[1]), msDur(ms[2]), lint.Round(time.Millisecond))
		interactive, shown = append(interactive, msDur(ms[1])), append(shown, lint)
	}
	t.Logf("median of %d opens: interactive %v, lint findings drawn %v", len(interactive), median(interactive), median(shown))
	// One request per keystroke, as the page sends them.
	perKey := `(async () => { const w = 'retry backoff'; const out = [];
		for (let i = 1; i <= w.length; i++) { const t0 = performance.now();
			const r = await fetch(document.body.dataset.base + '/api/search?q=' + encodeURIComponent(w.slice(0, i))); const j = await r.json();
			out.push(w.slice(0, i) + '=' + Math.round(performance.now() - t0) + 'ms/' + j.matched); }
		return out.join(' '); })()`
	for range 3 {
		t.Logf("search per keystroke (fetch to parsed JSON, matches): %s", run(t, ctx, "search", chromedp.Evaluate[string](perKey, chromedp.EvalAwaitPromise)))
	}
	// Typing into the box until the hits are drawn (includes the page's 60 ms pause after the last key).
	start := time.Now()
	do(t, ctx, "type", chromedp.SendKeys(chromedp.CSS("#q"), "idempotency key"), chromedp.WaitVisible(chromedp.CSS("#results li.hit")))
	t.Logf("typed \"idempotency key\" and saw the hits after %v (typing included)", time.Since(start).Round(time.Millisecond))
}

func msDur(ms float64) time.Duration {
	return time.Duration(ms * float64(time.Millisecond)).Round(time.Millisecond)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
