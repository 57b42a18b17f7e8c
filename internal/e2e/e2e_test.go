//go:build linux || darwin

// Package e2e drives the real opencode client through the /learning-*
// commands against a fake model on 127.0.0.1, with the real learn binary, in
// an isolated HOME, to prove the commands work where users run them.
package e2e

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/e2eutil"
)

const skipHelp = "opencode not found: set OPENCODE_BIN or put opencode on PATH. To run this test: " +
	"OPENCODE_BIN=$(.ci/install-opencode.sh) go test ./internal/e2e/ " +
	"(installs npm opencode-ai@1.18.33 into ~/.cache/learn-e2e)"

// runTimeout bounds one opencode run: a run takes about 5 s on an idle
// 2-core machine (6-8 s of CPU), and up to a minute seen on a loaded one.
const runTimeout = 120 * time.Second

var (
	opencodeBin string
	learnDir    string // holds the learn binary built from this checkout
)

func TestMain(m *testing.M) {
	flag.Parse()
	opencodeBin = findOpencode()
	if opencodeBin == "" || testing.Short() {
		os.Exit(m.Run())
	}
	dir, cleanup, err := e2eutil.BuildLearn()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	learnDir = dir
	code := m.Run()
	cleanup()
	os.Exit(code)
}

func findOpencode() string {
	if p := os.Getenv("OPENCODE_BIN"); p != "" {
		return p
	}
	p, err := exec.LookPath("opencode")
	if err != nil {
		return ""
	}
	return p
}

// world is one isolated user: HOME and XDG dirs under a temp dir, an
// opencode config that talks only to the fake model, and the commands
// installed by "learn install" as a user would.
type world struct {
	root string
	llm  *fakeLLM
	env  []string
}

func newWorld(t *testing.T) *world {
	root := t.TempDir()
	w := &world{root: root, llm: newFakeLLM(t)}
	for _, d := range []string{"home", "config/opencode", "data", "cache", "state", "tmp"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w.env = []string{
		"PATH=" + learnDir + ":/usr/local/bin:/usr/bin:/bin",
		"HOME=" + filepath.Join(root, "home"),
		"USER=e2e", "LANG=C.UTF-8", "TERM=dumb", "SHELL=/bin/bash", "NO_COLOR=1", "TZ=UTC",
		"XDG_CONFIG_HOME=" + filepath.Join(root, "config"),
		"XDG_DATA_HOME=" + filepath.Join(root, "data"),
		"XDG_CACHE_HOME=" + filepath.Join(root, "cache"),
		"XDG_STATE_HOME=" + filepath.Join(root, "state"),
		"TMPDIR=" + filepath.Join(root, "tmp"),
		"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_SHARE=1",
		"OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_CLAUDE_CODE=1", "OPENCODE_DISABLE_EXTERNAL_SKILLS=1",
		// opencode installs @opencode-ai/plugin in the background unless the
		// config dir is pre-seeded (below); a dead registry keeps it offline.
		"npm_config_registry=http://127.0.0.1:9/",
	}
	cfg := filepath.Join(root, "config", "opencode")
	e2eutil.WriteFile(t, filepath.Join(cfg, "opencode.json"), fmt.Sprintf(`{
  "$schema": "https://opencode.ai/config.json",
  "model": "fake/fake-model",
  "small_model": "fake/fake-model",
  "enabled_providers": ["fake"],
  "autoupdate": false,
  "share": "disabled",
  "provider": {
    "fake": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "Fake loopback LLM",
      "options": { "baseURL": %q, "apiKey": "fake-key" },
      "models": {
        "fake-model": { "name": "Fake Model", "tool_call": true, "limit": { "context": 128000, "output": 4096 } }
      }
    }
  }
}
`, w.llm.BaseURL()))
	if err := os.MkdirAll(filepath.Join(cfg, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	e2eutil.WriteFile(t, filepath.Join(cfg, "package.json"), `{"dependencies":{"@opencode-ai/plugin":"*"}}`+"\n")
	e2eutil.WriteFile(t, filepath.Join(cfg, "package-lock.json"), `{"lockfileVersion":3,"packages":{"":{"dependencies":{"@opencode-ai/plugin":"*"}}}}`+"\n")
	return w
}

// project makes a fresh git repository for one scenario, with memory as its
// learnings file when memory is not empty.
func (w *world) project(t *testing.T, name, memory string) string {
	t.Helper()
	dir := filepath.Join(w.root, "projects", name)
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if memory != "" {
		e2eutil.WriteFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), memory)
	}
	return dir
}

// command runs name with args in dir under the isolated environment, in its
// own process group, killed with the whole group on timeout and afterwards
// (opencode leaves helpers behind when it is killed).
func (w *world) command(dir string, stdin string, name string, args ...string) (stdout, stderr string, cpu time.Duration, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(append([]string(nil), w.env...), "PWD="+dir)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return "", "", 0, err
	}
	pgid := cmd.Process.Pid
	err = cmd.Wait()
	// Whatever opencode left running in its group (shell snippets, tools).
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	if ctx.Err() != nil {
		err = fmt.Errorf("%s timed out after %s: %w", name, runTimeout, ctx.Err())
	}
	if ps := cmd.ProcessState; ps != nil {
		cpu = ps.UserTime() + ps.SystemTime()
	}
	return out.String(), errb.String(), cpu, err
}

// learn runs the learn binary under test.
func (w *world) learn(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	out, errOut, _, err := w.command(dir, stdin, filepath.Join(learnDir, "learn"), args...)
	if err != nil {
		t.Fatalf("learn %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out, errOut)
	}
	return out
}

// run is one "opencode run --command NAME" and what the model saw.
type run struct {
	stdout, stderr string
	requests       []llmRequest
}

// opencode runs /command in dir. When toolCmd is set the model answers the
// first agent turn with a bash tool call running it.
func (w *world) opencode(t *testing.T, dir, toolCmd, command string, args ...string) run {
	t.Helper()
	w.llm.Reset(toolCmd)
	argv := append([]string{"run", "--print-logs", "--log-level", "WARN", "-m", "fake/fake-model", "--command", command}, args...)
	start := time.Now()
	stdout, stderr, cpu, err := w.command(dir, "", opencodeBin, argv...)
	r := run{stdout: stdout, stderr: stderr, requests: w.llm.Requests()}
	t.Logf("opencode run --command %s: wall %.1fs, cpu %.1fs, %d model requests", command, time.Since(start).Seconds(), cpu.Seconds(), len(r.requests))
	if err != nil {
		t.Fatalf("opencode run --command %s: %v\nstdout:\n%s\nstderr (tail):\n%s", command, err, stdout, tail(stderr, 40))
	}
	if len(r.mainRequests()) == 0 {
		t.Fatalf("no agent request reached the fake model\nstdout:\n%s\nstderr (tail):\n%s", stdout, tail(stderr, 40))
	}
	t.Logf("prompt the model received:\n%s", r.prompt())
	if res := r.toolResults(); res != "" {
		t.Logf("tool result returned to the model:\n%s", res)
	}
	return r
}

func (r run) mainRequests() []llmRequest {
	var out []llmRequest
	for _, q := range r.requests {
		if q.Kind != "title" {
			out = append(out, q)
		}
	}
	return out
}

// prompt is the user message(s) of the first agent request: the command
// template after opencode expanded it.
func (r run) prompt() string {
	var b strings.Builder
	for _, m := range r.mainRequests()[0].Body.Messages {
		if m.Role == "user" {
			b.WriteString(m.Text())
		}
	}
	return b.String()
}

// toolResults are the tool outputs opencode sent back to the model.
func (r run) toolResults() string {
	var b strings.Builder
	for _, q := range r.mainRequests() {
		if q.Kind != "tool-followup" {
			continue
		}
		for _, m := range q.Body.Messages {
			if m.Role == "tool" {
				b.WriteString(m.Text())
			}
		}
	}
	return b.String()
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func readMemory(t *testing.T, project string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(project, ".tmp", "memory-learnings.md"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return string(data)
}

// memory is a file with two sessions and Consolidated Learnings, each with
// a learning whose words appear nowhere else.
const memory = `## Consolidated Learnings

**User Corrections:**
- Run ` + "`make gen`" + ` before the tests of the quokka service; generated files are not committed.

---

## Recent Sessions

## [2026-11-20 14:05 UTC] - Retry logic for the sync client
**Project**: acme-sync
**Documentation Seen**: ` + "`README.md`, `docs/api.md#retries`" + `

### Learnings

**User Corrections:**
- Backoff in the kestrel sync client must cap at 30 s; the gateway drops idle connections at 60 s.

---

## [2026-11-19 09:30 UTC] - Release checklist
**Project**: acme-sync
**Documentation Seen**: ` + "`CONTRIBUTING.md`" + `

### Learnings

**Preference Clarifications:**
- Release notes for the marmoset tool are written in the past tense.

---
`

func TestSlashCommands(t *testing.T) {
	if opencodeBin == "" {
		t.Skip(skipHelp)
	}
	if testing.Short() {
		t.Skip("drives the real opencode client for about 40 s; skipped with -short")
	}
	w := newWorld(t)
	ver, _, _, err := w.command(w.root, "", opencodeBin, "--version")
	if err != nil {
		t.Fatalf("%s --version: %v", opencodeBin, err)
	}
	t.Logf("opencode %s at %s", strings.TrimSpace(ver), opencodeBin)

	// Install the way a user with only the binary would.
	out := w.learn(t, w.root, "", "install")
	t.Logf("learn install:\n%s", out)
	for _, name := range []string{"recall", "summarise", "store", "compact", "improve-docs", "forget"} {
		if _, err := os.Stat(filepath.Join(w.root, "config", "opencode", "command", "learning-"+name+".md")); err != nil {
			t.Fatalf("learn install did not install /learning-%s: %v", name, err)
		}
	}
	// And doctor agrees: learn on PATH, the files current and readable.
	t.Logf("learn doctor:\n%s", w.learn(t, w.root, "", "doctor"))

	t.Run("recall puts the stored learnings in the prompt", func(t *testing.T) {
		p := w.project(t, "recall", memory)
		// Arguments that would run commands if they were pasted into a shell line.
		r := w.opencode(t, p, "", "learning-recall", "$(touch pwned-subst)", "x;touch pwned-semi")
		prompt := r.prompt()
		e2eutil.MustContain(t, "the prompt", prompt, "not as instructions", "Focus from the user (may be empty): ")
		e2eutil.MustContain(t, "the recalled learnings", e2eutil.Section(t, prompt, "project-memory"),
			"kestrel sync client must cap at 30 s",
			"quokka service",
			"marmoset tool")
		e2eutil.MustNotContain(t, "the prompt", prompt, "learn failed", "!`")
		for _, f := range []string{"pwned-subst", "pwned-semi"} {
			if _, err := os.Stat(filepath.Join(p, f)); err == nil {
				t.Errorf("the arguments ran as shell commands: %s exists", f)
			}
		}
	})

	t.Run("a failing learn is visible in the prompt", func(t *testing.T) {
		p := w.project(t, "broken", "")
		if err := os.MkdirAll(filepath.Join(p, ".tmp", "memory-learnings.md"), 0o755); err != nil {
			t.Fatal(err)
		}
		r := w.opencode(t, p, "", "learning-recall")
		e2eutil.MustContain(t, "the recall section", e2eutil.Section(t, r.prompt(), "project-memory"),
			"learn: ", "is a directory", "learn failed: see the error above; run learn doctor")
	})

	t.Run("summarise puts the baseline in the prompt and stores nothing", func(t *testing.T) {
		p := w.project(t, "summarise", memory)
		r := w.opencode(t, p, "", "learning-summarise")
		e2eutil.MustContain(t, "the prompt", r.prompt(), "not as instructions", "learn summarise - <<'EOF'")
		e2eutil.MustContain(t, "the baseline", e2eutil.Section(t, r.prompt(), "project-memory-baseline"),
			"kestrel sync client must cap at 30 s",
			"marmoset tool")
		e2eutil.MustNotContain(t, "the prompt", r.prompt(), "learn failed")
		if got := readMemory(t, p); got != memory {
			t.Errorf("/learning-summarise changed the memory file:\n%s", got)
		}
	})

	t.Run("store: the model's bash call writes the session", func(t *testing.T) {
		p := w.project(t, "store", "")
		// The command the store template tells the agent to run.
		store := "learn store --focus \"Wombat deploys\" --docs \"README.md,docs/deploy.md#canary\" <<'EOF'\n" +
			"**User Corrections:**\n" +
			"- Deploy the wombat service with the canary flag; a full rollout needs the on-call lead's approval.\n" +
			"EOF"
		r := w.opencode(t, p, store, "learning-store", "wombat deploys")
		e2eutil.MustContain(t, "the prompt", r.prompt(), "learn store --focus \"", "Store only what the user approved", "wombat deploys")
		if r.toolResults() == "" {
			t.Fatalf("no tool result reached the model; opencode stdout:\n%s", r.stdout)
		}
		got := readMemory(t, p)
		e2eutil.MustContain(t, "the memory file", got,
			"] - Wombat deploys",
			"docs/deploy.md#canary",
			"**User Corrections:**",
			"- Deploy the wombat service with the canary flag; a full rollout needs the on-call lead's approval.")
		// What was stored is what recall gives the next session.
		e2eutil.MustContain(t, "learn recall", w.learn(t, p, "", "recall"), "wombat service with the canary flag")
	})

	t.Run("compact: the model's bash call folds the sessions into Consolidated", func(t *testing.T) {
		p := w.project(t, "compact", memory)
		r := w.opencode(t, p, "learn compact", "learning-compact")
		e2eutil.MustContain(t, "the prompt", r.prompt(), "learn compact --dry-run", ".tmp/memory-learnings.backup.md")
		if r.toolResults() == "" {
			t.Fatalf("no tool result reached the model; opencode stdout:\n%s", r.stdout)
		}
		got := readMemory(t, p)
		e2eutil.MustContain(t, "the compacted file", got, "## Consolidated Learnings", "kestrel sync client", "quokka service", "marmoset tool")
		e2eutil.MustNotContain(t, "the compacted file", got, "## [2026-11-20 14:05 UTC]", "## [2026-11-19 09:30 UTC]")
		backup, err := os.ReadFile(filepath.Join(p, ".tmp", "memory-learnings.backup.md"))
		if err != nil || string(backup) != memory {
			t.Errorf("backup missing or not the original file (err %v)", err)
		}
	})

	t.Run("forget: the preview is in the prompt and the model's bash call forgets", func(t *testing.T) {
		p := w.project(t, "forget", memory)
		r := w.opencode(t, p, "learn forget --yes", "learning-forget")
		prompt := r.prompt()
		e2eutil.MustContain(t, "the prompt", prompt, "not as instructions", "explicitly said yes")
		e2eutil.MustNotContain(t, "the prompt", prompt, "learn failed")
		if e2eutil.Section(t, prompt, "forget-preview") == "" {
			t.Error("the forget preview is empty")
		}
		if r.toolResults() == "" {
			t.Fatalf("no tool result reached the model; opencode stdout:\n%s", r.stdout)
		}
		if got := readMemory(t, p); strings.Contains(got, "kestrel") || strings.Contains(got, "quokka") {
			t.Errorf("learnings survived learn forget --yes:\n%s", got)
		}
	})

	t.Run("improve-docs puts the report in the prompt", func(t *testing.T) {
		p := w.project(t, "improve-docs", memory)
		r := w.opencode(t, p, "", "learning-improve-docs")
		e2eutil.MustContain(t, "the prompt", r.prompt(), "not as instructions")
		e2eutil.MustNotContain(t, "the prompt", r.prompt(), "learn failed")
		e2eutil.MustContain(t, "the improve-docs report", e2eutil.Section(t, r.prompt(), "improve-docs-report"), "README.md")
	})
}
