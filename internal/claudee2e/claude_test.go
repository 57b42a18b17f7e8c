//go:build linux || darwin

// Package claudee2e drives the real Claude Code client against a fake
// Anthropic API on 127.0.0.1, with the learn binary built from this
// checkout installed the way a user installs it, in an isolated HOME: the
// /learning-* slash commands and the automatic recall through the hooks.
package claudee2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// runTimeout bounds one claude run: 1-2 s on an idle machine.
const runTimeout = 120 * time.Second

// client is the real Claude Code these tests drive.
var client = e2eutil.Client{Name: "Claude Code", Env: "CLAUDE_BIN", Command: "claude", Install: ".ci/install-claude.sh",
	Package: "./internal/claudee2e/", NPM: "@anthropic-ai/claude-code@2.1.330"}

var (
	claudeBin string
	learnDir  string // holds the learn binary built from this checkout
)

func TestMain(m *testing.M) { os.Exit(client.Main(m, &claudeBin, &learnDir)) }

func skipUnlessClaude(t *testing.T) {
	t.Helper()
	client.Skip(t, claudeBin)
}

// world is one isolated user: HOME under a temp dir, Claude Code talking
// only to the fake API, learn on PATH.
type world struct {
	root string
	home string
	api  *fakeAnthropic
	path string // PATH for claude and learn
	// extra is more environment for every command (KEY=value).
	extra []string
}

func newWorld(t *testing.T) *world {
	root := t.TempDir()
	w := &world{root: root, home: filepath.Join(root, "home"), api: newFakeAnthropic(t)}
	for _, d := range []string{"home", "tmp", "state"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w.path = learnDir + ":/usr/local/bin:/usr/bin:/bin"
	return w
}

func (w *world) env(dir string) []string {
	return append([]string{
		"PATH=" + w.path, "HOME=" + w.home, "PWD=" + dir,
		"USER=e2e", "LANG=C.UTF-8", "TERM=dumb", "SHELL=/bin/bash", "NO_COLOR=1", "TZ=UTC",
		"TMPDIR=" + filepath.Join(w.root, "tmp"),
		"XDG_STATE_HOME=" + filepath.Join(w.root, "state"),
		"ANTHROPIC_BASE_URL=" + w.api.srv.URL, "ANTHROPIC_API_KEY=dummy",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1",
	}, w.extra...)
}

// project makes a git repository with memory as its learnings file.
func (w *world) project(t *testing.T, name, memory string) string {
	t.Helper()
	return e2eutil.GitProject(t, w.root, name, memory)
}

// command runs name in dir under the isolated environment.
func (w *world) command(dir, name string, args ...string) (stdout, stderr string, err error) {
	return w.commandIn(dir, "", nil, name, args...)
}

// commandIn is command with stdin and extra environment variables.
func (w *world) commandIn(dir, stdin string, extraEnv []string, name string, args ...string) (stdout, stderr string, err error) {
	r, err := e2eutil.Run(dir, append(w.env(dir), extraEnv...), stdin, runTimeout, name, args...)
	return r.Stdout, r.Stderr, err
}

func (w *world) learn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, errOut, err := w.command(dir, filepath.Join(learnDir, "learn"), args...)
	if err != nil {
		t.Fatalf("learn %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out, errOut)
	}
	return out
}

// turn is one "claude -p" run and what the fake model received.
type turn struct {
	stdout, stderr string
	requests       []apiRequest
	sessionID      string
}

// claude runs "claude -p prompt" in dir with extra arguments; toolCmd makes
// the model answer the first turn with a Bash call running it.
func (w *world) claude(t *testing.T, dir, toolCmd, prompt string, extra ...string) turn {
	t.Helper()
	w.api.Reset(toolCmd)
	return w.claudeNoReset(t, dir, prompt, extra...)
}

// claudeNoReset is claude with the fake model's answers as they were set.
func (w *world) claudeNoReset(t *testing.T, dir, prompt string, extra ...string) turn {
	t.Helper()
	args := append([]string{"-p", prompt, "--output-format", "json"}, extra...)
	start := time.Now()
	stdout, stderr, err := w.command(dir, claudeBin, args...)
	tr := turn{stdout: stdout, stderr: stderr, requests: w.api.Requests()}
	var res struct {
		SessionID string `json:"session_id"`
	}
	_ = json.Unmarshal([]byte(stdout), &res)
	tr.sessionID = res.SessionID
	t.Logf("claude -p %q: %.1fs, %d model requests", prompt, time.Since(start).Seconds(), len(tr.requests))
	if err != nil {
		t.Fatalf("claude -p %q: %v\nstdout:\n%s\nstderr:\n%s", prompt, err, stdout, stderr)
	}
	return tr
}

// first is the first request, failing the test when none reached the model
// (a failed slash-command injection still exits 0).
func (tr turn) first(t *testing.T) apiRequest {
	t.Helper()
	if len(tr.requests) == 0 {
		t.Fatalf("no request reached the fake model\nstdout:\n%s\nstderr:\n%s", tr.stdout, tr.stderr)
	}
	return tr.requests[0]
}

// userText is every user turn's text of a request: where a slash command's
// expanded body arrives.
func userText(r apiRequest) string {
	var b strings.Builder
	for _, m := range r.Messages {
		if m.Role == "user" {
			b.WriteString(m.Text())
		}
	}
	return b.String()
}

// allText is every text the request carries, system prompt included: hook
// output arrives in a message Claude Code adds to the conversation.
func allText(r apiRequest) string {
	var b strings.Builder
	var sys []block
	if json.Unmarshal(r.System, &sys) == nil {
		for _, s := range sys {
			b.WriteString(s.Text)
			b.WriteString("\n")
		}
	}
	for _, m := range r.Messages {
		b.WriteString(m.Text())
	}
	return b.String()
}

func toolResults(tr turn) string {
	var b strings.Builder
	for _, r := range tr.requests {
		for _, m := range r.Messages {
			b.WriteString(m.ToolResult())
		}
	}
	return b.String()
}

func readMemory(t *testing.T, project string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(project, ".tmp", "memory-learnings.md"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}
