package codexe2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// listedHook is one hook as "codex app-server" lists it (hooks/list).
type listedHook struct {
	Key         string `json:"key"`
	CurrentHash string `json:"currentHash"`
	TrustStatus string `json:"trustStatus"`
}

// hooksList asks Codex, through "codex app-server", which hooks it would run
// in dir and how it trusts them.
func (w *world) hooksList(t *testing.T, dir string) []listedHook {
	t.Helper()
	msgs := filepath.Join(t.TempDir(), "msgs")
	e2eutil.WriteFile(t, msgs, `{"id":1,"method":"initialize","params":{"clientInfo":{"name":"e2e","version":"1"}}}`+"\n"+`{"method":"initialized"}`+"\n"+
		`{"id":2,"method":"hooks/list","params":{"cwds":["`+dir+`"]}}`+"\n")
	// stdin stays open a while: the server stops at its end.
	out, errOut, _ := w.commandIn(dir, "", nil, "sh", "-c", "(cat "+msgs+"; sleep 10) | timeout 60 "+codexBin+" app-server")
	for _, line := range strings.Split(out, "\n") {
		var m struct {
			ID     int `json:"id"`
			Result struct {
				Data []struct {
					Hooks []listedHook `json:"hooks"`
				} `json:"data"`
			} `json:"result"`
		}
		if json.Unmarshal([]byte(line), &m) == nil && m.ID == 2 && len(m.Result.Data) == 1 {
			return m.Result.Data[0].Hooks
		}
	}
	t.Fatalf("codex app-server did not list the hooks:\n%s\n%s", out, errOut)
	return nil
}

// trustAll records in config.toml that the user trusts every hook as Codex
// lists it now, as its TUI does at "Hooks need review" ("Trust all and
// continue").
func (w *world) trustAll(t *testing.T, dir string) {
	t.Helper()
	cfg := filepath.Join(w.home, ".codex", "config.toml")
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if i := strings.Index(string(data), "\n[hooks.state."); i >= 0 {
		data = data[:i+1] // an earlier trust, replaced
	}
	b.Write(data)
	for _, h := range w.hooksList(t, dir) {
		fmt.Fprintf(&b, "\n[hooks.state.%q]\ntrusted_hash = %q\n", h.Key, h.CurrentHash)
	}
	e2eutil.WriteFile(t, cfg, b.String())
}

// TestHookTrust: Codex CLI runs a hook in codex exec only once the user has
// trusted it, and skips an untrusted one, or one changed since it was
// trusted (learn install's upgrade of a hook changes it), without a word.
// learn doctor, asking Codex, says which and what to do; once they are
// trusted it is content.
func TestHookTrust(t *testing.T) {
	skipUnlessCodex(t)
	w := newWorld(t)
	p := w.project(t, "trust", "## Consolidated Learnings\n\n**User Corrections:**\n- Run make gen before go test.\n")
	// doctor finds codex on PATH, as on a user's machine.
	bin := t.TempDir()
	if err := os.Symlink(codexBin, filepath.Join(bin, "codex")); err != nil {
		t.Fatal(err)
	}
	doctor := func() string {
		t.Helper()
		out, _, _ := w.commandIn(p, "", []string{"PATH=" + bin + ":" + w.path}, filepath.Join(learnDir, "learn"), "doctor", "--agent", "codex")
		return out
	}
	exec := func() string {
		t.Helper()
		w.api.Reset("", "")
		_, stderr, err := w.commandIn(p, "", nil, codexBin, "exec", "hello")
		if err != nil {
			t.Fatalf("codex exec: %v\n%s", err, stderr)
		}
		return stderr
	}
	fix := `fix: run codex in a terminal and, at "Hooks need review", choose "Trust all and continue"`

	// An old learn's SessionStart hook, then trusted.
	w.learn(t, p, "install", "--agent", "codex")
	hooksFile := filepath.Join(w.home, ".codex", "hooks.json")
	data, err := os.ReadFile(hooksFile)
	if err != nil {
		t.Fatal(err)
	}
	e2eutil.WriteFile(t, hooksFile, strings.Replace(string(data), `"learn hook --agent codex"`, `"learn recall --git"`, 1))

	stderr := exec()
	e2eutil.MustNotContain(t, "codex exec with untrusted hooks", stderr, "hook: SessionStart", "hook: UserPromptSubmit", "Hooks need review", "untrusted")
	// Doctor's first fix is the upgrade; it says the rest too.
	e2eutil.MustContain(t, "doctor before trusting", doctor(), "Codex has not trusted SessionStart and UserPromptSubmit and PostToolUse yet: codex exec skips them without a word")

	w.trustAll(t, p)
	e2eutil.MustContain(t, "codex exec with trusted hooks", exec(), "hook: SessionStart Completed", "hook: UserPromptSubmit Completed")

	// learn install upgrades the SessionStart hook in place: Codex no
	// longer trusts it, and skips it without a word.
	w.learn(t, p, "install", "--agent", "codex")
	stderr = exec()
	e2eutil.MustContain(t, "codex exec after the upgrade", stderr, "hook: UserPromptSubmit Completed")
	e2eutil.MustNotContain(t, "codex exec after the upgrade", stderr, "hook: SessionStart")
	e2eutil.MustContain(t, "doctor after the upgrade", doctor(), "SessionStart changed since you trusted it (learn install updates learn's hooks in place): codex exec skips it without a word", fix)

	w.trustAll(t, p)
	e2eutil.MustContain(t, "codex exec once trusted again", exec(), "hook: SessionStart Completed")
	out := doctor()
	e2eutil.MustContain(t, "doctor once trusted", out, "(trusted by Codex)")
	e2eutil.MustNotContain(t, "doctor once trusted", out, "skips")
}
