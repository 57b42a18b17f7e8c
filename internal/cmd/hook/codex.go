package hook

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/templates"
)

// Agents whose hook input "learn hook --agent" reads. Both send the same
// fields (session_id, cwd, hook_event_name, prompt); Codex CLI adds turn_id
// and model, which learn does not need.
const (
	AgentClaude = "claude"
	AgentCodex  = "codex"
)

// skillTimeout bounds the learn commands a skill's prompt runs; Codex gives
// the whole hook 10 s.
const skillTimeout = 8 * time.Second

// skillPrompt matches a prompt that invokes one of learn's skills: Codex
// CLI's $learning-NAME (typed, or inserted by its $ popup as a link), or the
// /learning-NAME people type from habit, at the start of the prompt.
var skillPrompt = lazyregexp.New(`^\s*(?:\[\$|\$|/)(learning-[a-z-]+)(?:\]\([^)]*\))?(?:\s|$)`)

// skillOf is the learn command file a Codex prompt invokes, if any.
func skillOf(prompt string) (templates.File, bool) {
	m := skillPrompt().FindStringSubmatch(prompt)
	if m == nil {
		return templates.File{}, false
	}
	f, ok, err := templates.Lookup(templates.Opencode, m[1]+".md")
	return f, ok && err == nil
}

// skillContext is what a Codex skill's prompt gets from the hook: the output
// of each learn command the opencode command file injects, run in wd and
// framed by the same tags, so that the model sees what an opencode user
// sees after /learning-NAME. A skill without injections gets nothing.
func skillContext(opts *Options, f templates.File, wd string) string {
	ins := templates.Injections(f.Data)
	if len(ins) == 0 {
		return ""
	}
	exe := opts.Executable
	if exe == nil {
		return ""
	}
	bin, err := exe()
	if err != nil {
		bin = "learn"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The user invoked $%s; learn ran for it what the skill %s expects to find in the conversation.\n", f.Command(), f.Command())
	for _, in := range ins {
		args := append([]string{}, in.Args...)
		if file := opts.FileFlag(); file != "" {
			args = append(args, "--file", file)
		}
		b.WriteString("\n")
		if in.Tag != "" {
			b.WriteString("<" + in.Tag + ">\n")
		} else {
			b.WriteString("Output of `" + in.Command() + "`:\n")
		}
		b.WriteString(runLearn(bin, args, wd))
		if in.Tag != "" {
			b.WriteString("</" + in.Tag + ">\n")
		}
	}
	return b.String()
}

// workDir is the session's working directory: the hook input's cwd,
// relative to learn's own when it is not absolute.
func workDir(opts *Options, in Input, note func(string, ...any)) (string, bool) {
	wd := in.Cwd
	if wd != "" && filepath.IsAbs(wd) {
		return wd, true
	}
	cur, err := opts.Getwd()
	if err != nil {
		note("working directory: %v", err)
		return "", false
	}
	if wd == "" {
		return cur, true
	}
	return filepath.Join(cur, wd), true
}

// runLearn runs learn as the injection's shell line would: stdin closed,
// stderr with stdout, and the same fallback line when it fails.
func runLearn(bin string, args []string, wd string) string {
	s, err := execLearn(bin, args, wd)
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	if err != nil {
		s += "learn failed: see the error above; run learn doctor\n"
	}
	return s
}

// execLearn runs learn with args in wd, stdin closed, and returns what it
// printed on stdout and stderr.
func execLearn(bin string, args []string, wd string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), skillTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = wd
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}
