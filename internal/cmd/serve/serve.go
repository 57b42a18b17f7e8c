// Package serve implements "learn serve".
package serve

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/internal/web"
)

// Options holds the flags of "learn serve".
type Options struct {
	IO      *cmdutil.IO
	File    func() (string, error)
	Display func(string) string
	// Reason says why File is the memory (for the API's file_reason).
	Reason func() string
	Getwd  func() (string, error)
	Now    func() time.Time

	Addr     string
	Port     int
	Open     bool
	ReadOnly bool
	JSON     bool
	// SizeLimit is the file's size limit ($LEARN_MAX_BYTES, else 1 MB).
	SizeLimit func() (int, error)

	// Launch starts a program, argv[0], with the arguments argv[1:] and
	// does not wait for it: --open starts the desktop's opener with it.
	// Tests replace it to see the command line.
	Launch func(argv []string) error
	// OpenLinger is how long the file --open hands the browser lives
	// (see openPage); 0 means defaultOpenLinger.
	OpenLinger time.Duration
	// Ready, when set, is called with the URL once the server listens.
	Ready func(url string)
	// Session is the agent session serve runs in, which the page shows.
	Session func() *ops.AgentSession
}

// NewCmdServe builds "learn serve". runF replaces the run function in tests.
func NewCmdServe(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, File: f.MemoryFile, Display: f.DisplayPath, Reason: f.MemoryReason, Getwd: f.Getwd, Now: f.Now, Launch: launch, SizeLimit: f.SizeLimit,
		Session: f.AgentSession}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Open a local web page to read, search and prune the memory",
		Long: `Serve starts a small web server for the learnings file and prints its address.
The page shows the sessions newest first and Consolidated Learnings by category,
searches as you type with the ranking of learn search, filters by category and
date, draws the learnings over time, the file's size against the size limit
(1 MB, or $LEARN_MAX_BYTES), the documentation read most and the problems learn
lint finds, and follows the file: a session stored from a terminal or an agent
appears without a reload. Each learning and session opens in full with where it
came from, and a learning with what it superseded: older learnings kept struck
through with the note "(superseded by ID on DATE)". Run inside an agent session
(or within two hours of one's last tool call, as learn finds it for learn recall
--agent-session -), the page also shows what that session's tool calls recorded:
the files it worked on, the commands still failing and those fixed, the
documentation it read; never stored in the memory file. The page follows the
session too: a tool call it records appears without a reload.

From the page you can forget a learning or a session, undo, and compact after
previewing the diff. Each change goes through the same locked, atomic, backed-up
write as learn forget, undo and compact, so learn undo (or the page's Undo)
brings back what it removed. --read-only removes these actions.

The server listens on 127.0.0.1 and a free port unless --port and --addr say
otherwise, and prints the page's address, http://127.0.0.1:PORT/t/TOKEN/. The
random token in its path, new at each start, is the credential: every link, form
and request of the page carries it. No cookie holds it (a browser sends cookies
to every port of the host, so another local server you visit would receive it),
and the page sends no Referer. The Host header is checked, changes need a CSRF
token and a same-origin request, request bodies are capped at 64 KB, and a
Content-Security-Policy lets the page run only its own script. Listening on
another interface (--addr) lets others on that network reach the page, so serve
warns. The page's data comes from a JSON API under /api/ (state, search,
sessions, learnings, lint, docs, compact, agent-session) that a script can call
with the token as "Authorization: Bearer TOKEN"; a numeric query parameter
outside 0 to 1000000 is refused with 400.

--open writes a file only you can read that leads the browser to the address and
opens that file, so the token is never on a command line (ps shows those to every
user); the file is removed after 30 seconds.

Serve runs until Ctrl-C. With --json it prints the address, the token and the
file as one JSON object for a script to read, then nothing more.

Exit status: 0 stopped with Ctrl-C, 1 failure (the address is in use), 2 usage
error.`,
		Example: `  $ learn serve
  $ learn serve --open
  $ learn serve --port 8123 --read-only
  $ learn serve --addr 192.168.1.20 --port 8123
  $ learn serve --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Port < 0 || opts.Port > 65535 {
				return cmdutil.UsageErrorf("--port must be between 0 (a free port) and 65535, got %d", opts.Port)
			}
			if _, _, err := net.SplitHostPort(opts.Addr); err == nil {
				return cmdutil.UsageErrorf("--addr takes a host or IP address without a port (got %q); give the port with --port", opts.Addr)
			}
			if opts.Addr == "" {
				return cmdutil.UsageErrorf("--addr needs a host or IP address, e.g. 127.0.0.1")
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return run(ctx, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1", "listen on this host or IP `ADDRESS` (another interface than loopback lets others reach the page)")
	cmd.Flags().IntVarP(&opts.Port, "port", "p", 0, "listen on this `PORT` (0: a free port)")
	cmd.Flags().BoolVar(&opts.Open, "open", false, "open the page in the default browser (through a file only you can read: the token never reaches a command line)")
	cmd.Flags().BoolVar(&opts.ReadOnly, "read-only", false, "show the memory without forget, undo and compact")
	cmdutil.JSONFlag(cmd, &opts.JSON)
	_ = cmd.RegisterFlagCompletionFunc("addr", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"127.0.0.1", "localhost", "::1", "0.0.0.0"}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("port", cobra.NoFileCompletions)
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	path, err := opts.File()
	if err != nil {
		return err
	}
	display := opts.Display(path)
	limit, err := opts.SizeLimit()
	if err != nil {
		return err
	}
	wd, err := opts.Getwd()
	if err != nil {
		wd = ""
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(opts.Addr, strconv.Itoa(opts.Port)))
	if err != nil {
		return fmt.Errorf("listen on %s: %w", net.JoinHostPort(opts.Addr, strconv.Itoa(opts.Port)), err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())

	loopback := isLoopback(opts.Addr)
	extra, urlHost := []string{}, opts.Addr
	if !loopback {
		extra = append(extra, opts.Addr)
		if ip := net.ParseIP(opts.Addr); ip != nil && ip.IsUnspecified() {
			extra, urlHost = append(extra, localNames()...), "127.0.0.1"
		}
		fmt.Fprintf(opts.IO.Err, "warning: listening on %s, not only on this machine's loopback: anyone who can reach it and has the URL below can read and change the memory\n", ln.Addr())
	}
	token := web.NewToken()
	srv, err := web.New(web.Config{
		Path: path, Display: display, Reason: reasonOf(opts), Project: projectName(wd, path),
		Token: token, Hosts: web.AllowedHosts(port, extra...),
		ReadOnly: opts.ReadOnly, Now: opts.Now, LockTimeout: 5 * time.Second, DiffName: memfile.DiffName(wd, path), SizeLimit: limit,
		Session: opts.Session,
	})
	if err != nil {
		return err
	}
	url := web.URL(net.JoinHostPort(urlHost, port), token)
	// The handler bounds bodies; the server bounds headers and how long a
	// request may take to arrive.
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, MaxHeaderBytes: 64 << 10}

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()

	if opts.JSON {
		if err := cmdutil.WriteJSON(opts.IO.Out, Started{File: display, URL: url, Address: ln.Addr().String(), Token: token, ReadOnly: opts.ReadOnly}); err != nil {
			return err
		}
	} else {
		mode := ""
		if opts.ReadOnly {
			mode = " (read-only)"
		}
		fmt.Fprintf(opts.IO.Out, "Serving %s%s at\n\n    %s\n\nThe address holds the access token: share it only with people who may change the memory. Press Ctrl-C to stop.\n", display, mode, url)
	}
	if opts.Ready != nil {
		opts.Ready(url)
	}
	if opts.Open && opts.Launch != nil {
		linger := opts.OpenLinger
		if linger <= 0 {
			linger = defaultOpenLinger
		}
		done, err := openPage(url, filepath.Dir(path), opts.Launch, linger)
		if err != nil {
			fmt.Fprintf(opts.IO.Err, "warning: could not open a browser (%v); open the address above yourself\n", err)
		}
		defer done()
	}

	select {
	case err := <-errc:
		return fmt.Errorf("serve %s: %w", display, err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("stop the server: %w", err)
	}
	if !opts.JSON {
		fmt.Fprintln(opts.IO.Out, "Stopped.")
	}
	return nil
}

// Started is what serve --json prints once it listens.
type Started struct {
	File    string `json:"file"`
	URL     string `json:"url"`
	Address string `json:"address"`
	// Token is the access token, also in URL; scripts send it as
	// "Authorization: Bearer TOKEN" to the API under /api/.
	Token    string `json:"token"`
	ReadOnly bool   `json:"read_only"`
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// localNames are the names and addresses a browser elsewhere may use for
// this machine when serve listens on every interface.
func localNames() []string {
	var out []string
	if h, err := os.Hostname(); err == nil {
		out = append(out, h)
	}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok {
			out = append(out, ipn.IP.String())
		}
	}
	return out
}

// projectName names the project in the page title: the project root's
// directory, or the file's when there is no working directory.
func projectName(wd, path string) string {
	if wd != "" {
		return filepath.Base(memfile.ProjectRoot(wd))
	}
	return filepath.Base(filepath.Dir(filepath.Dir(path)))
}

// defaultOpenLinger is how long the file --open hands the browser lives:
// time for a browser that starts cold to read it, short for a credential.
const defaultOpenLinger = 30 * time.Second

// openPage opens url in the desktop's browser without putting it on a
// command line, where ps shows it to every user of the machine: it writes
// an HTML file readable only by its owner (0600) that sends the browser on
// to url, and hands the opener the file's path. The file goes in dir (the
// memory's folder) when it can: a browser confined as a snap or flatpak
// cannot read another program's /tmp; else in the temporary directory. It is
// removed after linger, or when done is called, whichever is first, and at
// once when the opener cannot start.
func openPage(url, dir string, launch func(argv []string) error, linger time.Duration) (done func(), err error) {
	f, err := os.CreateTemp(inside(dir), ".learn-serve-open-*.html")
	if err != nil {
		if f, err = os.CreateTemp("", "learn-serve-open-*.html"); err != nil {
			return func() {}, fmt.Errorf("write the page that opens the address: %w", err)
		}
	}
	name := f.Name()
	var once sync.Once
	remove := func() { once.Do(func() { _ = os.Remove(name) }) }
	u := html.EscapeString(url)
	page := `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
		`<meta http-equiv="refresh" content="0;url=` + u + `"><title>learn serve</title></head>` +
		`<body><p>Opening <a href="` + u + `">the memory</a>…</p></body></html>` + "\n"
	_, werr := f.WriteString(page)
	if err := errors.Join(werr, f.Chmod(0o600), f.Close()); err != nil {
		remove()
		return func() {}, fmt.Errorf("write %s: %w", name, err)
	}
	if err := launch(opener(name)); err != nil {
		remove()
		return func() {}, err
	}
	t := time.AfterFunc(linger, remove)
	return func() { t.Stop(); remove() }, nil
}

// inside is dir when no symlink leads to it (a cloned repository can ship
// .tmp as a link to anywhere), else "" (the temporary directory).
func inside(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(abs); err != nil || real != abs {
		return ""
	}
	return abs
}

// opener is the command line that opens file with the desktop's default
// handler for HTML, a browser.
func opener(file string) []string {
	switch runtime.GOOS {
	case "darwin":
		return []string{"open", file}
	case "windows":
		return []string{"rundll32", "url.dll,FileProtocolHandler", file}
	default:
		return []string{"xdg-open", file}
	}
}

// launch starts argv as a process of its own (never through a shell, so
// nothing in it is interpreted) and does not wait for it.
func launch(argv []string) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}

func reasonOf(opts *Options) string {
	if opts.Reason == nil {
		return ""
	}
	return opts.Reason()
}
