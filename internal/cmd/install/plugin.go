package install

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/learn-memory/learn/internal/opencodeplugin"
	"github.com/learn-memory/learn/templates"
)

// What --only selects.
const (
	onlyCommands = "commands"
	onlyPlugin   = "plugin"
)

// PluginReport is what install did with the opencode plugin (the --json form).
type PluginReport struct {
	Dir  string `json:"dir"`
	File Action `json:"file"`
}

// PluginDir is opencode's plugin directory: user-wide, or the project's
// .opencode/plugin/ when projectRoot is set.
func PluginDir(getenv func(string) string, projectRoot string) (string, error) {
	dir, err := Dir(getenv, templates.Opencode, projectRoot)
	if err != nil {
		return "", err
	}
	return opencodeplugin.Dir(dir), nil
}

func checkOnly(agent templates.Agent, only string) error {
	switch {
	case only != "" && only != onlyCommands && only != onlyPlugin:
		return fmt.Errorf("--only %q: want %s or %s", only, onlyCommands, onlyPlugin)
	case only == onlyPlugin && agent != templates.Opencode:
		return fmt.Errorf("--only plugin: the plugin is for opencode, not %s", agent)
	}
	return nil
}

// installPlugin installs (or uninstalls) the opencode plugin next to the
// commands; nil when there is nothing to do for this agent and --only.
func installPlugin(opts *Options, agent templates.Agent, root string) (*PluginReport, error) {
	if agent != templates.Opencode || opts.Only == onlyCommands {
		return nil, nil
	}
	dir, err := PluginDir(opts.Getenv, root)
	if err != nil {
		return nil, err
	}
	files := []templates.File{opencodeplugin.File()}
	var actions []Action
	if opts.Uninstall {
		actions, err = Uninstall(dir, files, opts.Force)
		removeIfEmpty(dir)
	} else {
		actions, err = Install(dir, files, opts.Force)
	}
	if err != nil {
		return nil, err
	}
	return &PluginReport{Dir: dir, File: actions[0]}, nil
}

// removeIfEmpty removes a directory uninstall emptied, and then its parent
// (.opencode/ of a project) if that is empty too: install created them, and
// install then uninstall leaves the config as it was.
func removeIfEmpty(dir string) {
	for _, d := range []string{dir, filepath.Dir(dir)} {
		entries, err := os.ReadDir(d)
		if err != nil || len(entries) > 0 || os.Remove(d) != nil {
			return
		}
	}
}

// pluginSkipped is 1 when the plugin file was skipped, 0 otherwise.
func pluginSkipped(rep report) int {
	if rep.Plugin != nil && rep.Plugin.File.Status == StatusSkipped {
		return 1
	}
	return 0
}

func printPlugin(w io.Writer, p *PluginReport, uninstall bool) {
	verb := "Installed"
	if uninstall {
		verb = "Uninstalled"
	}
	fmt.Fprintf(w, "%s the opencode plugin (automatic recall) in %s\n", verb, p.Dir)
	line := fmt.Sprintf("  %-10s %s", p.File.Status, p.File.Name)
	if p.File.Detail != "" {
		line += ": " + p.File.Detail
	}
	fmt.Fprintln(w, line)
}
