package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/templates"
)

// What install's --only selects.
const (
	OnlyCommands = "commands"
	OnlyPlugin   = "plugin"
	// OnlyMCP registers learn's MCP server and nothing else: install.sh
	// links opencode's commands itself and needs only the rest.
	OnlyMCP = "mcp"
)

// InstallOptions says what Install does.
type InstallOptions struct {
	Scope
	// Only is "", OnlyCommands, OnlyPlugin or OnlyMCP.
	Only      string
	Force     bool
	Uninstall bool
	// NoHooks leaves a Hooked agent's settings alone.
	NoHooks bool
	// NoMCP leaves an MCPRegistered agent's MCP configuration alone.
	NoMCP bool
}

// InstallReport is what Install did, and the --json form of learn install.
type InstallReport struct {
	Agent     string   `json:"agent"`
	Dir       string   `json:"dir"`
	Uninstall bool     `json:"uninstall"`
	Files     []Action `json:"files"`
	Warnings  []string `json:"warnings"`

	// Hooks is a Hooked agent's settings file; absent for the others and
	// for --no-hooks and --only commands.
	Hooks *HooksReport `json:"hooks,omitempty"`
	// Plugin is a Plugged agent's plugin; absent for the others and for
	// --only commands.
	Plugin *PluginReport `json:"plugin,omitempty"`
	// MCP is an MCPRegistered agent's MCP configuration; absent for the
	// others and for --no-mcp and --only commands.
	MCP *MCPReport `json:"mcp,omitempty"`
}

// HooksReport is what install did to an agent's settings file.
type HooksReport struct {
	Settings string        `json:"settings"`
	Status   claude.Change `json:"status"`
	Backup   string        `json:"backup,omitempty"`
	Hooks    []string      `json:"hooks"`
}

// PluginReport is what install did with an agent's plugin.
type PluginReport struct {
	Dir  string `json:"dir"`
	File Action `json:"file"`
}

// Skipped counts the files (the plugin included) that install left alone
// because a file learn did not write was in the way, out of total.
func (r InstallReport) Skipped() (skipped, total int) {
	actions := r.Files
	if r.Plugin != nil {
		actions = append(actions[:len(actions):len(actions)], r.Plugin.File)
	}
	for _, a := range actions {
		if a.Status == StatusSkipped {
			skipped++
		}
	}
	return skipped, len(actions)
}

// CheckOnly refuses an --only value a that a does not have.
func CheckOnly(a Agent, only string) error {
	switch {
	case only != "" && only != OnlyCommands && only != OnlyPlugin && only != OnlyMCP:
		return fmt.Errorf("--only %q: want %s, %s or %s", only, OnlyCommands, OnlyPlugin, OnlyMCP)
	case only == OnlyPlugin:
		if _, ok := a.(Plugged); !ok {
			return fmt.Errorf("--only plugin: the plugin is for %s, not %s", pluggedNames(), a.Name())
		}
	case only == OnlyMCP:
		if _, ok := a.(MCPRegistered); !ok {
			return fmt.Errorf("--only mcp: learn registers no MCP server for %s", a.Name())
		}
	}
	return nil
}

func pluggedNames() string {
	var names []string
	for _, a := range registry {
		if _, ok := a.(Plugged); ok {
			names = append(names, a.Name())
		}
	}
	return strings.Join(names, " or ")
}

// Install writes (or, with o.Uninstall, removes) a's command files, hooks
// and plugin in o's scope. Hooks come first: settings that cannot be
// edited stop it before any file is written.
func Install(a Agent, o InstallOptions) (InstallReport, error) {
	dir, err := a.CommandDir(o.Scope)
	if err != nil {
		return InstallReport{}, err
	}
	files, err := a.Commands()
	if err != nil {
		return InstallReport{}, err
	}
	rep := InstallReport{Agent: a.Name(), Dir: dir, Uninstall: o.Uninstall, Files: []Action{}, Warnings: []string{}}
	hooks := func() (err error) {
		if h, ok := a.(Hooked); ok && o.Only != OnlyCommands && o.Only != OnlyMCP && !o.NoHooks {
			rep.Hooks, err = h.Hooks(o.Scope, o.Uninstall)
		}
		return err
	}
	mcp := func() (err error) {
		// --only commands or plugin leaves the MCP config alone.
		if m, ok := a.(MCPRegistered); ok && (o.Only == "" || o.Only == OnlyMCP) && !o.NoMCP {
			rep.MCP, err = m.MCP(o.Scope, o.Uninstall)
		}
		return err
	}
	// Uninstall undoes in reverse order: where hooks and the MCP server
	// share one settings file (Gemini CLI), each step then finds the file
	// exactly as its install left it and can restore the bytes before.
	steps := []func() error{hooks, mcp}
	if o.Uninstall {
		steps = []func() error{mcp, hooks}
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return InstallReport{}, err
		}
	}
	switch {
	case o.Only == OnlyPlugin, o.Only == OnlyMCP:
	case o.Uninstall:
		rep.Files, err = UninstallFiles(dir, files, o.Force)
		removeIfEmpty(dir)
	default:
		rep.Files, err = InstallFiles(dir, files, o.Force)
	}
	if err != nil {
		return InstallReport{}, err
	}
	if p, ok := a.(Plugged); ok && o.Only != OnlyCommands && o.Only != OnlyMCP {
		if rep.Plugin, err = installPlugin(p, o); err != nil {
			return InstallReport{}, err
		}
	}
	return rep, nil
}

func installPlugin(p Plugged, o InstallOptions) (*PluginReport, error) {
	dir, err := p.PluginDir(o.Scope)
	if err != nil {
		return nil, err
	}
	files := []templates.File{p.Plugin()}
	var actions []Action
	if o.Uninstall {
		actions, err = UninstallFiles(dir, files, o.Force)
		removeIfEmpty(dir)
	} else {
		actions, err = InstallFiles(dir, files, o.Force)
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
