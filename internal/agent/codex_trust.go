package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"time"
)

// codexTrustTimeout bounds how long doctor waits for Codex to list its
// hooks: Codex CLI 0.169.0 answers in one to three seconds here.
const codexTrustTimeout = 15 * time.Second

// codexHook is one hook as "codex app-server" lists it (hooks/list).
type codexHook struct {
	Key         string `json:"key"`
	EventName   string `json:"eventName"`
	Command     string `json:"command"`
	SourcePath  string `json:"sourcePath"`
	TrustStatus string `json:"trustStatus"`
}

// hookTrust asks Codex how it trusts the hooks it would run in dir: "codex
// app-server" answers hooks/list with each hook's trustStatus, "trusted",
// "untrusted" (never trusted) or "modified" (changed since it was trusted,
// as learn install's upgrade of a hook changes it). Verified with Codex CLI
// 0.169.0 (internal/codexe2e): codex exec runs a trusted hook and skips the
// others without a word. Codex's own answer, because the hash it records
// when the user trusts a hook (config.toml's trusted_hash) is not
// documented. ok is false when codex is not on PATH or does not answer.
func (codex) hookTrust(env Env, dir string) (hooks []codexHook, ok bool) {
	bin, err := env.lookPath("codex")
	if err != nil {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), codexTrustTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "app-server")
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, false
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, false
	}
	if err := cmd.Start(); err != nil {
		return nil, false
	}
	defer func() {
		_ = stdin.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	cwd, _ := json.Marshal(dir)
	_, err = io.WriteString(stdin, `{"id":1,"method":"initialize","params":{"clientInfo":{"name":"learn-doctor","version":"1"}}}`+"\n"+
		`{"method":"initialized"}`+"\n"+
		`{"id":2,"method":"hooks/list","params":{"cwds":[`+string(cwd)+`]}}`+"\n")
	if err != nil {
		return nil, false
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var msg struct {
			ID     int `json:"id"`
			Result *struct {
				Data []struct {
					Hooks []codexHook `json:"hooks"`
				} `json:"data"`
			} `json:"result"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) != nil || msg.ID != 2 {
			continue
		}
		if msg.Result == nil {
			return nil, false
		}
		for _, d := range msg.Result.Data {
			hooks = append(hooks, d.Hooks...)
		}
		return hooks, true
	}
	return nil, false
}

// learnHookTrust is how Codex trusts each of learn's hooks found (event ->
// the hooks.json it is in), by event: a hook of that event in that file
// running learn's command for it.
func learnHookTrust(hooks []codexHook, found map[string]string) map[string]string {
	out := map[string]string{}
	for _, h := range codexHooks {
		for _, ch := range hooks {
			if ch.SourcePath == found[h.Event] && strings.EqualFold(ch.EventName, h.Event) && ch.Command == h.Command {
				out[h.Event] = ch.TrustStatus
			}
		}
	}
	return out
}
