package doctor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/learn-memory/learn/internal/claude"
)

// checkClaude checks the automatic-recall hooks in Claude Code's settings
// (the user's and the project's; either place counts) and that the shell
// Claude Code runs them in finds learn.
func checkClaude(opts *Options) []Check {
	paths := []string{}
	if p, err := claude.SettingsPath(opts.Getenv, ""); err == nil {
		paths = append(paths, p)
	}
	if root, err := opts.ProjectRoot(); err == nil {
		if p, err := claude.SettingsPath(opts.Getenv, root); err == nil && (len(paths) == 0 || p != paths[0]) {
			paths = append(paths, p)
		}
	}
	hooks := Check{Name: "claude hooks", Status: StatusOK}
	found := map[string]string{} // event -> settings file
	var envPath string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			hooks.Details = append(hooks.Details, fmt.Sprintf("cannot read %s: %v", p, err))
			continue
		}
		present, err := claude.Present(p, data)
		if err != nil {
			hooks.Status = StatusFail
			hooks.Details = append(hooks.Details, err.Error()+" (Claude Code ignores a settings file it cannot parse)")
			continue
		}
		for ev, ok := range present {
			if ok && found[ev] == "" {
				found[ev] = p
			}
		}
		if claude.DisablesHooks(data) {
			hooks.Status = StatusFail
			hooks.Details = append(hooks.Details, p+` sets "disableAllHooks": true, so no hook runs`)
		}
		if v := settingsPATH(data); v != "" {
			envPath = v // the project's settings come last and win
		}
	}
	var missing []string
	for _, h := range claude.Hooks {
		if found[h.Event] == "" {
			missing = append(missing, h.Event)
		}
	}
	switch {
	case len(missing) > 0:
		hooks.Status = StatusFail
		hooks.Message = fmt.Sprintf("%s missing in %s, so sessions start without their memory", strings.Join(missing, " and "), strings.Join(paths, " and "))
		hooks.Fix = "learn install --agent claude (or --project for this project only)"
	case hooks.Status == StatusFail:
		hooks.Message = "installed, but Claude Code will not run them"
		hooks.Fix = "fix the settings named above"
	default:
		var where []string
		for _, h := range claude.Hooks {
			where = append(where, h.Event+" in "+found[h.Event])
		}
		hooks.Message = strings.Join(where, ", ")
	}

	pathCheck := Check{Name: "learn on Claude Code's PATH", Status: StatusOK}
	p, from := lookIn(envPath, "learn"), "the settings' env.PATH"
	if envPath == "" {
		look := opts.LookPath
		if look == nil {
			look = exec.LookPath
		}
		p, _ = look("learn")
		from = "this shell's PATH (Claude Code started from it runs hooks with it)"
	}
	if p != "" {
		pathCheck.Message = p + ", found on " + from
	} else {
		pathCheck.Status = StatusFail
		pathCheck.Message = "learn is not on " + from + ", so the hooks and commands cannot run it"
		pathCheck.Fix = "put the directory holding learn on that PATH, or add it to \"env\": {\"PATH\": ...} in the Claude Code settings"
	}
	return []Check{hooks, pathCheck}
}

// settingsPATH is the PATH a settings file sets for Claude Code's sessions.
func settingsPATH(data []byte) string {
	var s struct {
		Env map[string]string `json:"env"`
	}
	if json.Unmarshal(data, &s) != nil {
		return ""
	}
	return s.Env["PATH"]
}

// lookIn finds an executable name in a PATH-style list of directories.
func lookIn(list, name string) string {
	for _, dir := range filepath.SplitList(list) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}
