package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/templates"
)

// claudeCode is Claude Code: it reads command files from
// $CLAUDE_CONFIG_DIR/commands/ (default ~/.claude/commands/) or a project's
// .claude/commands/, needs allowed-tools in their frontmatter for the shell
// injection, and gets the learnings at every session start and first prompt
// from hooks learn adds to its settings.json.
type claudeCode struct{}

func (claudeCode) Name() string      { return string(templates.Claude) }
func (claudeCode) Aliases() []string { return []string{"claude-code"} }
func (claudeCode) Title() string     { return "Claude Code" }

func (claudeCode) CommandDir(s Scope) (string, error) {
	if s.Project != "" {
		return filepath.Join(s.Project, ".claude", "commands"), nil
	}
	if d := s.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, "commands"), nil
	}
	home := s.Getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set, so the Claude Code config directory is unknown; set HOME or CLAUDE_CONFIG_DIR")
	}
	return filepath.Join(home, ".claude", "commands"), nil
}

func (claudeCode) AlsoReads(string) []string { return nil }

func (claudeCode) Commands() ([]templates.File, error) { return templates.Render(templates.Claude) }

func (claudeCode) CheckCommand(data []byte) []string { return templates.Check(templates.Claude, data) }

func (claudeCode) CheckOtherCommand(data []byte) []string {
	return templates.CheckFrontmatter(templates.Claude, data)
}

// SettingsFile is the settings.json learn adds its hooks to.
func (claudeCode) SettingsFile(s Scope) (string, error) {
	return claude.SettingsPath(s.Getenv, s.Project)
}

// Hooks adds learn's hooks to (or removes them from) the settings.json
// beside the commands: the user's, or the project's.
func (c claudeCode) Hooks(s Scope, uninstall bool) (*HooksReport, error) {
	path, err := c.SettingsFile(s)
	if err != nil {
		return nil, err
	}
	rep := &HooksReport{Settings: path}
	for _, h := range claude.Hooks {
		rep.Hooks = append(rep.Hooks, h.Event+": "+h.Runs)
	}
	if uninstall {
		rep.Status, err = claude.UninstallHooks(path)
	} else {
		rep.Status, err = claude.InstallHooks(path)
	}
	if err != nil {
		return nil, fmt.Errorf("claude settings: %w", err)
	}
	switch rep.Status {
	case claude.Added, claude.Removed:
		rep.Backup = path + claude.BackupSuffix
	}
	return rep, nil
}

func (c claudeCode) Doctor(env Env) []Check { return append(c.checkHooks(env), c.checkMCP(env)) }

// checkHooks checks the automatic-recall hooks in the settings (the user's
// and the project's; either place counts) and that the shell Claude Code
// runs them in finds learn.
func (c claudeCode) checkHooks(env Env) []Check {
	hooks := Check{Name: "claude hooks", Status: CheckOK}
	var envPath string
	files := readHookFiles(&hooks, scopePaths(env, c.SettingsFile), claude.Hooks, "Claude Code ignores a settings file it cannot parse", func(p string, data []byte) {
		if claude.DisablesHooks(data) {
			hooks.Status = CheckFail
			hooks.Details = append(hooks.Details, p+` sets "disableAllHooks": true, so no hook runs`)
		}
		if v := settingsPATH(data); v != "" {
			envPath = v // the project's settings come last and win
		}
	})
	if !files.judge(&hooks, claude.Hooks, c, "", "Claude Code", "fix the settings named above") && files.outdated["SessionStart"] != "" {
		hooks.Status = CheckWarn
		hooks.Message = fmt.Sprintf("SessionStart in %s runs %q, an earlier learn's hook: after a compaction the session does not get back its state", files.outdated["SessionStart"], claude.SessionStartCommand)
		hooks.Fix = installCommand(c) + " (it replaces the command in place)"
	}

	pathCheck := Check{Name: "learn on Claude Code's PATH", Status: CheckOK}
	p, from := lookIn(envPath, "learn"), "the settings' env.PATH"
	if envPath == "" {
		p, _ = env.lookPath("learn")
		from = "this shell's PATH (Claude Code started from it runs hooks with it)"
	}
	if p != "" {
		pathCheck.Message = p + ", found on " + from
	} else {
		pathCheck.Status = CheckFail
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
