package serve

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// start runs learn serve with args until the returned stop is called, and
// returns the URL it printed and the command lines --open launched.
func start(t *testing.T, e *memviewtest.Env, args ...string) (url string, launched <-chan []string, stop func() error) {
	t.Helper()
	return startWith(t, e, nil, args...)
}

// startWith is start with the options changed by mod first.
func startWith(t *testing.T, e *memviewtest.Env, mod func(*Options), args ...string) (url string, launched <-chan []string, stop func() error) {
	t.Helper()
	ready := make(chan string, 1)
	argvs := make(chan []string, 4)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := NewCmdServe(e.Factory, func(ctx context.Context, o *Options) error {
		o.Ready = func(u string) { ready <- u }
		o.Launch = func(argv []string) error { argvs <- argv; return nil }
		if mod != nil {
			mod(o)
		}
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
	return url, argvs, func() error {
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
	url, _, stop := start(t, e)
	if !regexp.MustCompile(`^http://127\.0\.0\.1:\d+/t/[0-9a-f]{32}/$`).MatchString(url) {
		t.Fatalf("URL %q", url)
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

// TestServeOpenKeepsTheTokenOffTheCommandLine runs --open with the launcher
// replaced: the command line it starts never holds the token (ps shows it
// to every user); it names a file only its owner can read that leads the
// browser to the printed address, and the file is gone after a moment, or
// when serve stops, or at once when the opener cannot start.
func TestServeOpenKeepsTheTokenOffTheCommandLine(t *testing.T) {
	linger := func(d time.Duration) func(*Options) { return func(o *Options) { o.OpenLinger = d } }
	opened := func(t *testing.T, url string, launched <-chan []string) string {
		t.Helper()
		var argv []string
		select {
		case argv = <-launched:
		case <-time.After(5 * time.Second):
			t.Fatal("--open launched nothing")
		}
		token := url[strings.LastIndex(url[:len(url)-1], "/")+1 : len(url)-1]
		if len(token) != 32 {
			t.Fatalf("no token in %s", url)
		}
		if want := opener("FILE"); len(argv) != len(want) || argv[0] != want[0] {
			t.Errorf("launched %q, want %q", argv, want)
		}
		for _, a := range argv {
			if strings.Contains(a, token) || strings.Contains(a, "/t/") || strings.Contains(a, "http") {
				t.Errorf("the command line %q holds the address", argv)
			}
		}
		file := argv[len(argv)-1]
		fi, err := os.Stat(file)
		if err != nil {
			t.Fatalf("the opened file: %v", err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("the opened file is %v, want -rw-------", fi.Mode().Perm())
		}
		page, _ := os.ReadFile(file)
		if !strings.Contains(string(page), `<meta http-equiv="refresh" content="0;url=`+url+`">`) || !strings.Contains(string(page), `content="no-referrer"`) {
			t.Errorf("the opened file does not lead to %s:\n%s", url, page)
		}
		return file
	}
	gone := func(t *testing.T, file string, within time.Duration) {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s is still there after %v", file, within)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	t.Run("removed after a moment", func(t *testing.T) {
		e := memviewtest.New(t, memviewtest.Sample)
		url, launched, stop := startWith(t, e, linger(200*time.Millisecond), "--open")
		file := opened(t, url, launched)
		if filepath.Dir(file) != filepath.Dir(e.File) {
			t.Errorf("the file is in %s, want the memory's folder %s", filepath.Dir(file), filepath.Dir(e.File))
		}
		gone(t, file, 5*time.Second)
		if err := stop(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("removed when serve stops", func(t *testing.T) {
		e := memviewtest.New(t, memviewtest.Sample)
		url, launched, stop := startWith(t, e, linger(time.Hour), "--open", "--json")
		file := opened(t, url, launched)
		time.Sleep(100 * time.Millisecond)
		if _, err := os.Stat(file); err != nil {
			t.Fatalf("removed before its time: %v", err)
		}
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		gone(t, file, 0)
	})
	t.Run("no memory folder yet", func(t *testing.T) {
		tmp := t.TempDir()
		t.Setenv("TMPDIR", tmp)
		e := memviewtest.New(t, "")
		url, launched, stop := startWith(t, e, linger(time.Hour), "--open")
		file := opened(t, url, launched)
		if filepath.Dir(file) != tmp {
			t.Errorf("the file is in %s, want the temporary directory %s", filepath.Dir(file), tmp)
		}
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		gone(t, file, 0)
	})
	t.Run("the memory folder is a link", func(t *testing.T) {
		tmp, elsewhere := t.TempDir(), t.TempDir()
		t.Setenv("TMPDIR", tmp)
		e := memviewtest.New(t, "")
		if err := os.Symlink(elsewhere, filepath.Dir(e.File)); err != nil {
			t.Fatal(err)
		}
		url, launched, stop := startWith(t, e, linger(time.Hour), "--open")
		if file := opened(t, url, launched); filepath.Dir(file) != tmp {
			t.Errorf("the file is in %s, want the temporary directory %s, not through the link", filepath.Dir(file), tmp)
		}
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		if left, _ := os.ReadDir(elsewhere); len(left) != 0 {
			t.Errorf("wrote through the link: %v", left)
		}
	})
	t.Run("the opener cannot start", func(t *testing.T) {
		e := memviewtest.New(t, memviewtest.Sample)
		var file string
		_, _, stop := startWith(t, e, func(o *Options) {
			o.Launch = func(argv []string) error {
				file = argv[len(argv)-1]
				return errors.New("exec: \"xdg-open\": executable file not found in $PATH")
			}
		}, "--open")
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(e.Err.String(), "warning: could not open a browser") || !strings.Contains(e.Err.String(), "xdg-open") {
			t.Errorf("stderr:\n%s", e.Err)
		}
		if file == "" {
			t.Fatal("nothing launched")
		}
		gone(t, file, 0)
	})
	t.Run("without --open", func(t *testing.T) {
		e := memviewtest.New(t, memviewtest.Sample)
		_, launched, stop := start(t, e)
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		select {
		case argv := <-launched:
			t.Errorf("launched %q without --open", argv)
		default:
		}
	})
}
