//go:build linux || darwin

// Package geminie2e drives the real Gemini CLI against a fake Gemini API on
// 127.0.0.1, with the learn binary built from this checkout installed the
// way a user installs it ("learn install --agent gemini"), in an isolated
// HOME: the /learning-* commands, the automatic recall through the hooks,
// and learn's MCP server.
package geminie2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// runTimeout bounds one gemini run: a few seconds on an idle machine.
const runTimeout = 120 * time.Second

// model is passed with -m, so that the CLI makes no routing call first.
const model = "gemini-2.5-flash"

// client is the real Gemini CLI these tests drive.
var client = e2eutil.Client{Name: "Gemini CLI", Env: "GEMINI_BIN", Command: "gemini", Install: ".ci/install-gemini.sh",
	Package: "./internal/geminie2e/", NPM: "@google/gemini-cli@0.61.0"}

var (
	geminiBin string
	learnDir  string // holds the learn binary built from this checkout
)

func TestMain(m *testing.M) { os.Exit(client.Main(m, &geminiBin, &learnDir)) }

func skipUnlessGemini(t *testing.T) {
	t.Helper()
	client.Skip(t, geminiBin)
}

// world is one isolated user: HOME under a temp dir, Gemini CLI talking only
// to the fake API, learn on PATH.
type world struct {
	root string
	home string
	api  *fakeGemini
	path string
}

// userSettings is what a user of the Gemini API has in settings.json before
// learn is installed: the auth type (without it a custom base URL selects
// the gateway and the CLI exits 41) and no usage statistics (no lookups of
// Google's servers).
const userSettings = `{
  "security": {
    "auth": {
      "selectedType": "gemini-api-key"
    }
  },
  "privacy": {
    "usageStatisticsEnabled": false
  }
}
`

func newWorld(t *testing.T) *world {
	root := t.TempDir()
	w := &world{root: root, home: filepath.Join(root, "home"), api: newFakeGemini(t)}
	for _, d := range []string{"home", "tmp", "state"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e2eutil.WriteFile(t, filepath.Join(w.home, ".gemini", "settings.json"), userSettings)
	w.path = learnDir + ":" + filepath.Dir(nodePath()) + ":/usr/local/bin:/usr/bin:/bin"
	return w
}

// nodePath is the node that runs gemini.
func nodePath() string {
	if p, err := exec.LookPath("node"); err == nil {
		return p
	}
	return "/usr/bin/node"
}

func (w *world) env(dir string) []string {
	return []string{
		"PATH=" + w.path, "HOME=" + w.home, "PWD=" + dir,
		"USER=e2e", "LANG=C.UTF-8", "TERM=dumb", "SHELL=/bin/bash", "NO_COLOR=1", "TZ=UTC",
		"TMPDIR=" + filepath.Join(w.root, "tmp"),
		"XDG_STATE_HOME=" + filepath.Join(w.root, "state"),
		"GEMINI_API_KEY=dummy-key", "GOOGLE_GEMINI_BASE_URL=" + w.api.srv.URL,
		// One node process instead of a relaunch with a bigger heap.
		"GEMINI_CLI_NO_RELAUNCH=true",
	}
}

// project makes a git repository with memory as its learnings file.
func (w *world) project(t *testing.T, name, memory string) string {
	t.Helper()
	return e2eutil.GitProject(t, w.root, name, memory)
}

func (w *world) learn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	r, err := e2eutil.Run(dir, w.env(dir), "", runTimeout, filepath.Join(learnDir, "learn"), args...)
	if err != nil {
		t.Fatalf("learn %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, r.Stdout, r.Stderr)
	}
	return r.Stdout
}

// turn is one "gemini -p" run and what the fake model received.
type turn struct {
	stdout, stderr string
	requests       []apiRequest
}

// gemini runs "gemini -p prompt" in dir with extra arguments; tool makes
// the model answer the first request that offers it with a call of it,
// with args.
func (w *world) gemini(t *testing.T, dir, prompt, tool string, args map[string]any, extra ...string) turn {
	t.Helper()
	w.api.Reset(tool, args)
	start := time.Now()
	r, err := e2eutil.Run(dir, w.env(dir), "", runTimeout, geminiBin, append([]string{"--skip-trust", "-m", model, "-p", prompt}, extra...)...)
	tr := turn{stdout: r.Stdout, stderr: r.Stderr, requests: w.api.Requests()}
	t.Logf("gemini -p %q: %.1fs, %d model requests", prompt, time.Since(start).Seconds(), len(tr.requests))
	if err != nil {
		t.Fatalf("gemini -p %q: %v\nstdout:\n%s\nstderr:\n%s", prompt, err, r.Stdout, r.Stderr)
	}
	// Gemini loads a policy file with a rule it does not understand and
	// only warns; learn's must load cleanly.
	if strings.Contains(r.Stderr, "Policy file warning") || strings.Contains(r.Stderr, "Policy file error") {
		t.Errorf("gemini -p %q: learn's policy does not load cleanly:\n%s", prompt, r.Stderr)
	}
	return tr
}

// first is the first model request, failing the test when none arrived.
func (tr turn) first(t *testing.T) apiRequest {
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
