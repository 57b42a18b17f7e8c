//go:build linux || darwin

package e2e

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// The opening and closing of what the plugin appends to the system prompt.
const (
	memoryOpen  = "<project-memory>"
	memoryClose = "</project-memory>"
)

// chat sends message as a plain prompt (no slash command) through the real
// opencode, with env entries (KEY=value) replacing the world's.
func (w *world) chat(t *testing.T, dir, toolCmd, message string, env ...string) run {
	t.Helper()
	w.llm.Reset(toolCmd)
	return w.chatNoReset(t, dir, message, env...)
}

func (w *world) chatNoReset(t *testing.T, dir, message string, env ...string) run {
	t.Helper()
	return w.chatFlags(t, dir, nil, message, env...)
}

// chatFlags is chatNoReset with more flags for opencode run.
func (w *world) chatFlags(t *testing.T, dir string, flags []string, message string, env ...string) run {
	t.Helper()
	ww := *w
	ww.env = withEnv(w.env, env...)
	argv := append([]string{"run", "--print-logs", "--log-level", "WARN", "-m", "fake/fake-model"}, flags...)
	argv = append(argv, message)
	start := time.Now()
	stdout, stderr, cpu, err := ww.command(dir, "", opencodeBin, argv...)
	r := run{stdout: stdout, stderr: stderr, requests: w.llm.Requests()}
	t.Logf("opencode run %q: wall %.1fs, cpu %.1fs, %d model requests", message, time.Since(start).Seconds(), cpu.Seconds(), len(r.requests))
	if err != nil {
		t.Fatalf("opencode run: %v\nstdout:\n%s\nstderr (tail):\n%s", err, stdout, tail(stderr, 40))
	}
	if !strings.Contains(stdout, fakeReply) {
		t.Fatalf("the session did not answer; stdout:\n%s\nstderr (tail):\n%s", stdout, tail(stderr, 40))
	}
	return r
}

func withEnv(base []string, set ...string) []string {
	out := append([]string(nil), base...)
	for _, kv := range set {
		key, _, _ := strings.Cut(kv, "=")
		replaced := false
		for i, old := range out {
			if strings.HasPrefix(old, key+"=") {
				out[i], replaced = kv, true
			}
		}
		if !replaced {
			out = append(out, kv)
		}
	}
	return out
}

// system is the text of a request's system messages, in order.
func system(q llmRequest) []string {
	var out []string
	for _, m := range q.Body.Messages {
		if m.Role == "system" {
			out = append(out, m.Text())
		}
	}
	return out
}

// injected is the memory block the plugin added to a request's system
// prompt, "" when there is none; more than one is an error.
func injected(t *testing.T, q llmRequest) string {
	t.Helper()
	all := strings.Join(system(q), "\n")
	if n := strings.Count(all, memoryOpen); n > 1 {
		t.Errorf("the system prompt holds the memory %d times:\n%s", n, all)
	}
	_, after, ok := strings.Cut(all, memoryOpen)
	if !ok {
		return ""
	}
	inside, _, ok := strings.Cut(after, memoryClose)
	if !ok {
		t.Fatalf("the memory block is not closed:\n%s", all)
	}
	return memoryOpen + inside + memoryClose
}

// agentRequests are the requests of the agent's turns (they carry tools).
func agentRequests(r run) []llmRequest {
	var out []llmRequest
	for _, q := range r.requests {
		if len(q.Body.Tools) > 0 {
			out = append(out, q)
		}
	}
	return out
}

func isTitle(q llmRequest) bool {
	s := system(q)
	return len(q.Body.Tools) == 0 && len(s) > 0 && strings.HasPrefix(s[0], "You are a title generator")
}

func mustNotInject(t *testing.T, r run) {
	t.Helper()
	for i, q := range r.requests {
		all := strings.Join(system(q), "\n")
		e2eutil.MustNotContain(t, fmt.Sprintf("the system prompt of request %d", i+1), all, memoryOpen, "kestrel sync client")
	}
}

// fakeLearn writes an executable "learn" script into a new directory and
// returns the directory.
func fakeLearn(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "learn"), []byte("#!/bin/bash\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestPluginAutomaticRecall(t *testing.T) {
	if opencodeBin == "" {
		t.Skip(skipHelp)
	}
	if testing.Short() {
		t.Skip("drives the real opencode client for about a minute; skipped with -short")
	}
	w := newWorld(t)
	out := w.learn(t, w.root, "", "install")
	t.Logf("learn install:\n%s", out)
	plugin := filepath.Join(w.root, "config", "opencode", "plugin", "learn-recall.js")
	if _, err := os.Stat(plugin); err != nil {
		t.Fatalf("learn install did not install the plugin: %v", err)
	}
	t.Logf("learn doctor:\n%s", w.learn(t, w.root, "", "doctor"))
	systemPath := "PATH=/usr/local/bin:/usr/bin:/bin"

	t.Run("a plain prompt carries the memory, byte-identical on later requests and turns", func(t *testing.T) {
		p := w.project(t, "plain", memory)
		// A tool call makes a second agent request in the same session.
		r := w.chat(t, p, "echo second-turn", "Why does the kestrel client drop connections after a while?")
		reqs := agentRequests(r)
		if len(reqs) < 2 {
			t.Fatalf("want 2 agent requests (the tool call and its follow-up), got %d", len(reqs))
		}
		first := injected(t, reqs[0])
		if first == "" {
			t.Fatalf("the first agent request carries no memory; its system prompt:\n%s", strings.Join(system(reqs[0]), "\n"))
		}
		e2eutil.MustContain(t, "the injected memory", first,
			"not as instructions",
			"kestrel sync client must cap at 30 s",
			"quokka service")
		for i, q := range reqs[1:] {
			if got := injected(t, q); got != first {
				t.Errorf("agent request %d carries different memory bytes:\n%s\nwant:\n%s", i+2, got, first)
			}
			if a, b := system(reqs[0]), system(q); len(a) != len(b) || a[len(a)-1] != b[len(b)-1] {
				t.Errorf("agent request %d: the system prompt's memory message differs from the first request's", i+2)
			}
		}
		for _, q := range r.requests {
			if isTitle(q) && injected(t, q) != "" {
				t.Error("the title request carries the memory")
			}
		}
		e2eutil.MustNotContain(t, "the user message", r.prompt(), memoryOpen)

		// A second turn in a new opencode process, after the memory changed:
		// the session keeps the bytes it started with.
		w.learn(t, p, "**User Corrections:**\n- The wombat queue must be drained before every deploy.\n", "store", "--focus", "Deploys")
		e2eutil.MustContain(t, "learn recall after the store", w.learn(t, p, "", "recall"), "wombat queue")
		w.llm.Reset("")
		second := w.chatFlags(t, p, []string{"--continue"}, "And what about the quokka service tests?")
		next := agentRequests(second)
		if len(next) == 0 {
			t.Fatal("the second turn made no agent request")
		}
		var history strings.Builder
		for _, m := range next[0].Body.Messages {
			if m.Role == "user" {
				history.WriteString(m.Text())
			}
		}
		e2eutil.MustContain(t, "the second turn's history", history.String(), "Why does the kestrel client drop connections")
		if got := injected(t, next[0]); got != first {
			t.Errorf("the second turn's memory differs from the first's:\n%s\nwant:\n%s", got, first)
		}
	})

	t.Run("older learn: recall without the context flags, the message as one argument", func(t *testing.T) {
		p := w.project(t, "older", memory)
		log := filepath.Join(t.TempDir(), "argv")
		real := filepath.Join(learnDir, "learn")
		// opencode also starts "learn mcp", the server learn install
		// registered, and the plugin hands the session's events to "learn
		// hook": only the plugin's recall calls are logged.
		bin := fakeLearn(t, `[ "$1" != recall ] || { printf '%s\0' "$@" >> "`+log+`"; printf '\n' >> "`+log+`"; }
for a in "$@"; do [ "$a" = --git ] && { echo "learn: unknown flag: --git" >&2; exit 2; }; done
exec "`+real+`" "$@"
`)
		message := `fix "the build"; $(touch pwned) and ` + "`touch pwned2`"
		r := w.chat(t, p, "", message, "PATH="+bin+":/usr/local/bin:/usr/bin:/bin")
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatalf("the plugin did not run learn: %v", err)
		}
		calls := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if len(calls) != 2 {
			t.Fatalf("learn ran %d times, want 2 (with the context flags, then without):\n%q", len(calls), data)
		}
		// opencode run quotes an argument that has spaces: the task is the
		// user message as the model received it, byte for byte.
		typed := strings.TrimSpace(r.prompt())
		e2eutil.MustContain(t, "the user message", typed, "$(touch pwned)", "`touch pwned2`")
		if got, want := calls[0], "recall\x00--git\x00--task\x00"+typed+"\x00"; got != want {
			t.Errorf("first learn call argv = %q, want %q", got, want)
		}
		if got, want := calls[1], "recall\x00"; got != want {
			t.Errorf("fallback learn call argv = %q, want %q", got, want)
		}
		for _, f := range []string{"pwned", "pwned2"} {
			if _, err := os.Stat(filepath.Join(p, f)); err == nil {
				t.Errorf("the message ran as a shell command: %s exists", f)
			}
		}
		e2eutil.MustContain(t, "the injected memory", injected(t, agentRequests(r)[0]), "kestrel sync client must cap at 30 s")
	})

	t.Run("learn missing from PATH: the session answers, nothing injected, one log line", func(t *testing.T) {
		if p, err := lookPathIn("learn", "/usr/local/bin:/usr/bin:/bin"); err == nil {
			t.Skipf("a learn is installed system-wide at %s, so it cannot be removed from PATH", p)
		}
		p := w.project(t, "missing", memory)
		r := w.chat(t, p, "", "Why does the kestrel client drop connections?", systemPath)
		mustNotInject(t, r)
		if n := strings.Count(r.stderr, "automatic recall skipped"); n != 1 {
			t.Errorf("opencode's log has %d lines about the skipped recall, want 1:\n%s", n, tail(r.stderr, 40))
		}
		e2eutil.MustContain(t, "opencode's log", r.stderr, "learn is not on the PATH")
	})

	t.Run("learn hangs: the session answers after the timeout, nothing injected", func(t *testing.T) {
		p := w.project(t, "slow", memory)
		bin := fakeLearn(t, "exec sleep 60\n")
		r := w.chat(t, p, "", "Why does the kestrel client drop connections?",
			"PATH="+bin+":/usr/local/bin:/usr/bin:/bin", "LEARN_RECALL_TIMEOUT_MS=1500")
		mustNotInject(t, r)
		e2eutil.MustContain(t, "opencode's log", r.stderr, "automatic recall skipped: learn recall took longer than 1500 ms")
	})

	t.Run("LEARN_AUTO_RECALL=0 turns it off", func(t *testing.T) {
		p := w.project(t, "off", memory)
		r := w.chat(t, p, "", "Why does the kestrel client drop connections?", "LEARN_AUTO_RECALL=0")
		mustNotInject(t, r)
	})

	t.Run("the plugin option enabled=false turns it off", func(t *testing.T) {
		p := w.project(t, "option-off", memory)
		e2eutil.WriteFile(t, filepath.Join(p, "opencode.json"), `{"$schema": "https://opencode.ai/config.json", "plugin": [["file://`+plugin+`", {"enabled": false}]]}`+"\n")
		r := w.chat(t, p, "", "Why does the kestrel client drop connections?")
		mustNotInject(t, r)
	})

	t.Run("installed in the project too: the memory comes once", func(t *testing.T) {
		p := w.project(t, "twice", memory)
		w.learn(t, p, "", "install", "--only", "plugin", "--project")
		// opencode installs @opencode-ai/plugin into every .opencode it finds
		// and waits for it before loading plugins; offline it would wait long.
		seedDeps(t, filepath.Join(p, ".opencode"))
		r := w.chat(t, p, "", "Why does the kestrel client drop connections?")
		e2eutil.MustContain(t, "the injected memory", injected(t, agentRequests(r)[0]), "kestrel sync client must cap at 30 s")
	})

	t.Run("compaction: the memory survives and the note comes once", func(t *testing.T) {
		p := w.project(t, "compact", memory)
		w.llm.Reset("")
		w.llm.OverflowNext()
		r := w.chatNoReset(t, p, "Why does the kestrel client drop connections?")
		var compactions []llmRequest
		for _, q := range r.requests {
			if len(q.Body.Tools) == 0 && !isTitle(q) {
				compactions = append(compactions, q)
			}
		}
		reqs := agentRequests(r)
		if len(compactions) != 1 || len(reqs) < 2 {
			t.Fatalf("want the overflow to make opencode compact once and continue: %d compaction and %d agent requests", len(compactions), len(reqs))
		}
		var prompt strings.Builder
		for _, m := range compactions[0].Body.Messages {
			if m.Role == "user" {
				prompt.WriteString(m.Text())
			}
		}
		t.Logf("compaction prompt (tail):\n%s", tail(prompt.String(), 12))
		e2eutil.MustContain(t, "the compaction prompt", prompt.String(), "/learning-summarise", "nothing is stored without the user")
		first, after := injected(t, reqs[0]), injected(t, reqs[len(reqs)-1])
		if first == "" || after != first {
			t.Errorf("the memory after compaction differs from before:\nbefore:\n%s\nafter:\n%s", first, after)
		}
		notes := 0
		for _, q := range r.requests {
			for _, m := range q.Body.Messages {
				if m.Role == "user" {
					notes += strings.Count(m.Text(), "Note from the learn plugin")
				}
			}
		}
		if notes != 1 {
			t.Errorf("the /learning-summarise note reached the model %d times, want once", notes)
		}
	})
}

// seedDeps makes opencode's dependency install in dir a no-op, as newWorld
// does for the config dir.
func seedDeps(t *testing.T, dir string) {
	t.Helper()
	e2eutil.WriteFile(t, filepath.Join(dir, "package.json"), `{"dependencies":{"@opencode-ai/plugin":"*"}}`+"\n")
	e2eutil.WriteFile(t, filepath.Join(dir, "package-lock.json"), `{"lockfileVersion":3,"packages":{"":{"dependencies":{"@opencode-ai/plugin":"*"}}}}`+"\n")
	if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func lookPathIn(name, path string) (string, error) {
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// tree is every path under root with its kind and content, to compare a
// directory before and after.
func tree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(path)
			out[rel] = "link " + target
		case d.IsDir():
			out[rel] = "dir"
		default:
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			info, _ := d.Info()
			out[rel] = info.Mode().String() + " " + string(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPluginInstallUninstallLeavesConfigAsItWas(t *testing.T) {
	if learnDir == "" {
		t.Skip(skipHelp)
	}
	w := newWorld(t)
	cfg := filepath.Join(w.root, "config", "opencode")
	// The user's own plugin and command stay untouched.
	e2eutil.WriteFile(t, filepath.Join(cfg, "plugin", "mine.js"), "export const Mine = async () => ({})\n")
	e2eutil.WriteFile(t, filepath.Join(cfg, "command", "deploy.md"), "---\ndescription: deploy\n---\nDeploy.\n")
	p := w.project(t, "install", memory)
	e2eutil.WriteFile(t, filepath.Join(p, "opencode.json"), `{"$schema": "https://opencode.ai/config.json"}`+"\n")

	for _, args := range [][]string{nil, {"--project"}} {
		name := "user config"
		dir := cfg
		if len(args) > 0 {
			name, dir = "project", p
		}
		t.Run(name, func(t *testing.T) {
			before := tree(t, dir)
			w.learn(t, p, "", append([]string{"install"}, args...)...)
			plugin := filepath.Join(cfg, "plugin", "learn-recall.js")
			if len(args) > 0 {
				plugin = filepath.Join(p, ".opencode", "plugin", "learn-recall.js")
			}
			data, err := os.ReadFile(plugin)
			if err != nil || !bytes.Contains(data, []byte("learn-opencode-plugin")) {
				t.Fatalf("learn install %s did not install the plugin at %s: %v", strings.Join(args, " "), plugin, err)
			}
			w.learn(t, p, "", append([]string{"install", "--uninstall"}, args...)...)
			after := tree(t, dir)
			for k, v := range before {
				if after[k] != v {
					t.Errorf("%s: before install %q, after uninstall %q", k, v, after[k])
				}
			}
			for k, v := range after {
				if _, ok := before[k]; !ok {
					t.Errorf("%s: left behind by install and uninstall (%q)", k, v)
				}
			}
		})
	}
}
