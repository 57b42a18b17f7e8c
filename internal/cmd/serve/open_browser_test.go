package serve

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// TestOpenFileLeadsChromiumToThePage opens the file --open hands the
// desktop's opener in headless Chromium, as xdg-open would: the browser
// arrives at the printed address and the page loads.
func TestOpenFileLeadsChromiumToThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	bin := os.Getenv("CHROMIUM_BIN")
	if bin == "" {
		bin = "/usr/bin/chromium"
	}
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Chromium at %s", bin)
		}
		t.Skipf("no Chromium at %s (set CHROMIUM_BIN, or run .ci/install-chromium.sh)", bin)
	}
	e := memviewtest.New(t, memviewtest.Sample)
	url, launched, stop := startWith(t, e, func(o *Options) { o.OpenLinger = time.Hour }, "--open")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	argv := <-launched
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.UserDataDir(t.TempDir()))
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	tctx, cancelT := context.WithTimeout(ctx, 30*time.Second)
	defer cancelT()
	if _, err := chromedp.Run(tctx, chromedp.Steps(chromedp.Navigate("file://"+argv[len(argv)-1]), chromedp.WaitVisible(chromedp.CSS("#q")))); err != nil {
		t.Fatalf("open the file: %v", err)
	}
	loc, err := chromedp.Run(tctx, chromedp.Location())
	if err != nil || loc != url {
		t.Errorf("Chromium is at %s (%v), want %s", loc, err, url)
	}
	if body, _ := chromedp.Run(tctx, chromedp.Evaluate[string](`document.body.innerText`)); !strings.Contains(body, "Backoff must cap") {
		t.Errorf("the page shows %q", body[:min(len(body), 300)])
	}
}
