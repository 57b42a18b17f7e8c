package serve

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// start runs learn serve with args until the returned stop is called, and
// returns the URL it printed.
func start(t *testing.T, e *memviewtest.Env, args ...string) (url string, opened *string, stop func() error) {
	t.Helper()
	ready := make(chan string, 1)
	opened = new(string)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := NewCmdServe(e.Factory, func(ctx context.Context, o *Options) error {
		o.Ready = func(u string) { ready <- u }
		o.OpenURL = func(u string) error { *opened = u; return nil }
		return run(ctx, o)
	})
	cmd.SetContext(ctx)
	errc := make(chan error, 1)
	go func() { errc <- memviewtest.Execute(cmd, e.Factory, args...) }()
	select {
	case url = <-ready:
	case err := <-errc:
		cancel()
		t.Fatalf("serve stopped before listening: %v", err)
	case <-time.After(10 * time.Second):
		cancel()
		t.Fatal("serve did not start")
	}
	return url, opened, func() error {
		cancel()
		select {
		case err := <-errc:
			return err
		case <-time.After(10 * time.Second):
			return errors.New("serve did not stop")
		}
	}
}

func TestServeStartsPrintsTheURLAndStops(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample)
	url, opened, stop := start(t, e, "--open")
	if !regexp.MustCompile(`^http://127\.0\.0\.1:\d+/t/[0-9a-f]{32}/$`).MatchString(url) {
		t.Fatalf("URL %q", url)
	}
	if *opened != url {
		t.Errorf("--open opened %q, want %q", *opened, url)
	}
	if !strings.Contains(e.Out.String(), url) {
		t.Errorf("the URL is not printed:\n%s", e.Out)
	}
	// The printed URL is the credential: no cookie is set or needed.
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "Backoff must cap") || len(resp.Cookies()) > 0 {
		t.Errorf("GET the printed URL: %d, cookies %v", resp.StatusCode, resp.Cookies())
	}
	bare, _, _ := strings.Cut(url, "/t/")
	bare += "/"
	resp, err = http.Get(bare + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: %d, want 401", resp.StatusCode)
	}
	if err := stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	if !strings.Contains(e.Out.String(), "Stopped.") {
		t.Errorf("no goodbye:\n%s", e.Out)
	}
	if _, err := http.Get(bare); err == nil {
		t.Error("the server still answers after stopping")
	}
}

func TestServeUsage(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	_, port, _ := net.SplitHostPort(busy.Addr().String())
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--port", "-1"}, cmdutil.ExitUsage, "--port must be"},
		{[]string{"--port", "70000"}, cmdutil.ExitUsage, "--port must be"},
		{[]string{"--addr", "127.0.0.1:8080"}, cmdutil.ExitUsage, "without a port"},
		{[]string{"--addr", ""}, cmdutil.ExitUsage, "needs a host"},
		{[]string{"extra"}, cmdutil.ExitUsage, "takes no arguments"},
		{[]string{"--port", port}, cmdutil.ExitFailure, "listen on 127.0.0.1:" + port},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			e := memviewtest.New(t, memviewtest.Sample)
			err := e.Run(NewCmdServe(e.Factory, nil), tt.args...)
			if got := cmdutil.ExitCode(err); got != tt.code || err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err %v (exit %d), want exit %d with %q", err, got, tt.code, tt.msg)
			}
		})
	}
}

func TestServeReadOnlySaysSo(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample)
	_, _, stop := start(t, e, "--read-only", "--port", strconv.Itoa(freePort(t)))
	if !strings.Contains(e.Out.String(), "(read-only)") {
		t.Errorf("output:\n%s", e.Out)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{"127.0.0.1": true, "::1": true, "localhost": true, "127.0.0.2": true,
		"0.0.0.0": false, "192.168.1.20": false, "example.com": false} {
		if got := isLoopback(host); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestServeWarnsOffLoopback listens on every interface, as --addr 0.0.0.0
// asks, and talks to it only through 127.0.0.1.
func TestServeWarnsOffLoopback(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample)
	url, _, stop := start(t, e, "--addr", "0.0.0.0")
	if !strings.Contains(e.Err.String(), "warning: listening on") || !strings.Contains(e.Err.String(), "not only on this machine's loopback") {
		t.Errorf("no warning:\n%s", e.Err)
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("URL %q, want one a browser here can open", url)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET %s: %d", url, resp.StatusCode)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	e2 := memviewtest.New(t, memviewtest.Sample)
	_, _, stop = start(t, e2)
	if strings.Contains(e2.Err.String(), "warning") {
		t.Errorf("warned on loopback:\n%s", e2.Err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}

func TestServeJSON(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample)
	url, _, stop := start(t, e, "--json", "--read-only")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	var got Started
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, e.Out)
	}
	if got.URL != url || !strings.HasSuffix(url, "/t/"+got.Token+"/") || len(got.Token) != 32 || !got.ReadOnly ||
		got.File != ".tmp/memory-learnings.md" || !strings.HasPrefix(got.Address, "127.0.0.1:") {
		t.Errorf("started %+v, printed URL %s", got, url)
	}
}
