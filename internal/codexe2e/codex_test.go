//go:build linux || darwin

// Package codexe2e drives the real Codex CLI against a fake OpenAI
// Responses API on 127.0.0.1, with the learn binary built from this checkout
// installed the way a user installs it ("learn install --agent codex"), in
// an isolated HOME: the automatic recall through the hooks, and the
// $learning-* skills with learn's output added by the prompt hook.
package codexe2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// runTimeout bounds one codex run: 3-8 s on a busy machine.
const runTimeout = 120 * time.Second

// client is the real Codex CLI these tests drive.
var client = e2eutil.Client{Name: "Codex CLI", Env: "CODEX_BIN", Command: "codex", Install: ".ci/install-codex.sh",
	Package: "./internal/codexe2e/", NPM: "@openai/codex@0.169.0"}

var (
	codexBin string
	learnDir string // holds the learn binary built from this checkout
)

func TestMain(m *testing.M) { os.Exit(client.Main(m, &codexBin, &learnDir)) }

func skipUnlessCodex(t *testing.T) {
	t.Helper()
	client.Skip(t, codexBin)
}

// world is one isolated user: HOME under a temp dir, Codex talking only to
// the fake API, learn on PATH.
type world struct {
	root string
	home string
	api  *fakeResponses
	path string // PATH for codex and learn
}

// codexConfig points Codex at the fake API through a provider of its own
// (OPENAI_BASE_URL is not honoured) and turns off what would phone home.
const codexConfig = `model = "gpt-5.5"
model_provider = "fake"

[model_providers.fake]
name = "Fake"
base_url = "%s/v1"
wire_api = "responses"

[analytics]
enabled = false

[features]
plugins = false
`

func newWorld(t *testing.T) *world {
	root := t.TempDir()
	w := &world{root: root, home: filepath.Join(root, "home"), api: newFake(t)}
	for _, d := range []string{"home/.codex", "tmp", "state"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e2eutil.WriteFile(t, filepath.Join(w.home, ".codex", "config.toml"), fmt.Sprintf(codexConfig, w.api.srv.URL))
	// The codex launcher is a Node script: keep node's directory on PATH.
	w.path = learnDir + ":/usr/local/bin:/usr/bin:/bin"
	if node, err := exec.LookPath("node"); err == nil {
		w.path += ":" + filepath.Dir(node)
	}
	return w
}

func (w *world) env(dir string) []string {
	return []string{
		"PATH=" + w.path, "HOME=" + w.home, "PWD=" + dir,
		"USER=e2e", "LANG=C.UTF-8", "TERM=dumb", "SHELL=/bin/bash", "NO_COLOR=1", "TZ=UTC",
		"TMPDIR=" + filepath.Join(w.root, "tmp"),
		"XDG_STATE_HOME=" + filepath.Join(w.root, "state"),
	}
}

// project makes a git repository with memory as its learnings file.
func (w *world) project(t *testing.T, name, memory string) string {
	t.Helper()
	return e2eutil.GitProject(t, w.root, name, memory)
}

func (w *world) commandIn(dir, stdin string, extraEnv []string, name string, args ...string) (stdout, stderr string, err error) {
	r, err := e2eutil.Run(dir, append(w.env(dir), extraEnv...), stdin, runTimeout, name, args...)
	return r.Stdout, r.Stderr, err
}

func (w *world) learn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, errOut, err := w.commandIn(dir, "", nil, filepath.Join(learnDir, "learn"), args...)
	if err != nil {
		t.Fatalf("learn %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out, errOut)
	}
	return out
}

// turn is one "codex exec" run and what the fake model received.
type turn struct {
	stdout, stderr string
	requests       []request
}

// codex runs "codex exec prompt" in dir. Codex runs hooks only once the
// user has trusted them (in its TUI); --dangerously-bypass-hook-trust stands
// in for that decision. toolName makes the model call that tool once.
func (w *world) codex(t *testing.T, dir, toolName, toolArgs, prompt string, extra ...string) turn {
	t.Helper()
	w.api.Reset(toolName, toolArgs)
	args := append([]string{"exec", "--dangerously-bypass-hook-trust"}, extra...)
	args = append(args, prompt)
	start := time.Now()
	stdout, stderr, err := w.commandIn(dir, "", nil, codexBin, args...)
	tr := turn{stdout: stdout, stderr: stderr, requests: w.api.Requests()}
	t.Logf("codex exec %q: %.1fs, %d model requests", prompt, time.Since(start).Seconds(), len(tr.requests))
	if err != nil {
		t.Fatalf("codex exec %q: %v\nstdout:\n%s\nstderr:\n%s", prompt, err, stdout, stderr)
	}
	return tr
}

// first is the first request, failing the test when none reached the model.
func (tr turn) first(t *testing.T) request {
	t.Helper()
	if len(tr.requests) == 0 {
		t.Fatalf("no request reached the fake model\nstdout:\n%s\nstderr:\n%s", tr.stdout, tr.stderr)
	}
	return tr.requests[0]
}

func readMemory(t *testing.T, project string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(project, ".tmp", "memory-learnings.md"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}

// expectedHook is what "learn hook --agent codex" prints for prompt in
// project p, with a state directory of its own so the session under test is
// untouched.
func (w *world) expectedHook(t *testing.T, p, prompt string) string {
	t.Helper()
	in, _ := json.Marshal(map[string]string{"session_id": "expected", "turn_id": "t", "hook_event_name": "UserPromptSubmit", "prompt": prompt, "cwd": p})
	out, errOut, err := w.commandIn(p, string(in), []string{"XDG_STATE_HOME=" + t.TempDir()}, filepath.Join(learnDir, "learn"), "hook", "--agent", "codex")
	if err != nil || errOut != "" {
		t.Fatalf("learn hook: %v\n%s", err, errOut)
	}
	return strings.TrimSpace(out)
}
