package agent

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/learn-memory/learn/internal/opencodeplugin"
	"github.com/learn-memory/learn/templates"
)

// opencode reads command files from $XDG_CONFIG_HOME/opencode/command/ (and
// commands/) or a project's .opencode/command/, with only a description in
// their frontmatter, and loads learn's plugin from the plugin/ directory
// beside them, which recalls the learnings at the start of every session.
type opencode struct{}

func (opencode) Name() string      { return string(templates.Opencode) }
func (opencode) Aliases() []string { return nil }
func (opencode) Title() string     { return "opencode" }

// configDir is opencode's directory in scope s: the user's
// $XDG_CONFIG_HOME/opencode (default ~/.config/opencode) or the project's
// .opencode.
func (opencode) configDir(s Scope) (string, error) {
	if s.Project != "" {
		return filepath.Join(s.Project, ".opencode"), nil
	}
	cfg := s.Getenv("XDG_CONFIG_HOME")
	if cfg == "" {
		home := s.Getenv("HOME")
		if home == "" {
			return "", errors.New("HOME is not set, so the opencode config directory is unknown; set HOME or XDG_CONFIG_HOME")
		}
		cfg = filepath.Join(home, ".config")
	}
	return filepath.Join(cfg, "opencode"), nil
}

func (o opencode) CommandDir(s Scope) (string, error) {
	dir, err := o.configDir(s)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "command"), nil
}

// AlsoReads is the plural commands/ beside command/: opencode loads both.
func (opencode) AlsoReads(dir string) []string {
	if filepath.Base(dir) != "command" {
		return nil
	}
	return []string{filepath.Join(filepath.Dir(dir), "commands")}
}

func (opencode) Commands() ([]templates.File, error) { return templates.Render(templates.Opencode) }

func (opencode) CheckCommand(data []byte) []string { return templates.Check(templates.Opencode, data) }

func (opencode) CheckOtherCommand(data []byte) []string {
	return templates.CheckFrontmatter(templates.Opencode, data)
}

// SettingsFile is opencode.json: in the user's config directory, or in the
// project root (not in .opencode/).
func (o opencode) SettingsFile(s Scope) (string, error) {
	if s.Project != "" {
		return filepath.Join(s.Project, "opencode.json"), nil
	}
	dir, err := o.configDir(s)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "opencode.json"), nil
}

func (o opencode) PluginDir(s Scope) (string, error) {
	dir, err := o.CommandDir(s)
	if err != nil {
		return "", err
	}
	return opencodeplugin.Dir(dir), nil
}

func (opencode) Plugin() templates.File { return opencodeplugin.File() }

func (o opencode) Doctor(env Env) []Check { return []Check{o.checkPlugin(env), o.checkMCP(env)} }

// pluginMarker is in every version of learn's plugin, so that doctor can tell
// an older copy of ours from someone else's file of the same name.
const pluginMarker = "learn-opencode-plugin"

// checkPlugin looks for learn's plugin in the user's plugin directory and
// the project's; installed in either place counts.
func (o opencode) checkPlugin(env Env) Check {
	c := Check{Name: "opencode plugin"}
	var dirs []string
	for i, s := range env.scopes() {
		d, err := o.PluginDir(s)
		switch {
		case err != nil && i == 0:
			c.Status, c.Message = CheckFail, err.Error()
			return c
		case err == nil && (len(dirs) == 0 || d != dirs[0]):
			dirs = append(dirs, d)
		}
	}
	var found []State
	for _, dir := range dirs {
		states, err := Inspect(dir, []templates.File{o.Plugin()})
		if err != nil {
			c.Status, c.Message = CheckFail, err.Error()
			c.Fix = "learn install --only plugin --force"
			return c
		}
		if states[0].Kind != "missing" {
			found = append(found, states[0])
		}
	}
	if len(found) == 0 {
		c.Status = CheckWarn
		c.Message = "not installed, so sessions get the learnings only when someone types /learning-recall"
		c.Details = []string{"looked in " + strings.Join(dirs, " and ")}
		c.Fix = "learn install --only plugin (or, for this project only, learn install --only plugin --project)"
		return c
	}
	c.Status = CheckOK
	var places []string
	for _, s := range found {
		places = append(places, s.Path)
		switch {
		case s.Kind == "other" || s.Err != nil:
			c.Status = CheckFail
			c.Details = append(c.Details, s.Path+": cannot be read as a file")
			c.Fix = "remove it, then learn install --only plugin"
		case s.Current:
		case bytes.Contains(s.Data, []byte(pluginMarker)):
			c.Status = CheckFail
			c.Details = append(c.Details, s.Path+": an older version of learn's plugin")
			c.Fix = "learn install --only plugin updates it (add --project for the project's copy)"
		default:
			if c.Status == CheckOK {
				c.Status = CheckWarn
			}
			c.Details = append(c.Details, s.Path+": not learn's plugin (a file of yours with the same name?)")
			c.Fix = "rename your file, then learn install --only plugin"
		}
	}
	switch {
	case c.Status != CheckOK:
		c.Message = fmt.Sprintf("%d of %d copies need attention", len(c.Details), len(found))
	case len(found) > 1:
		c.Message = "current, installed twice: " + strings.Join(places, " and ") + "; only one runs in a session"
	default:
		c.Message = "current, " + places[0]
	}
	if v := env.Getenv("LEARN_AUTO_RECALL"); IsOff(v) {
		c.Details = append(c.Details, "LEARN_AUTO_RECALL="+v+" turns automatic recall off in this environment")
	}
	if v := env.Getenv("OPENCODE_PURE"); v != "" && !IsOff(v) {
		c.Details = append(c.Details, "OPENCODE_PURE="+v+" (opencode --pure) makes opencode load no plugins in this environment")
	}
	return c
}

// IsOff is the plugin's reading of LEARN_AUTO_RECALL: whether v turns
// automatic recall off.
func IsOff(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "0", "false", "no", "off":
		return true
	}
	return false
}
