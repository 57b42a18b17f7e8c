// Package agent knows the AI coding clients learn sets itself up in
// (opencode, Claude Code, Codex CLI): where each reads its command files and in which
// format, what gives it the learnings without a slash command (a plugin,
// hooks), its settings file, its MCP configuration and what doctor checks
// for it. "learn install" and "learn doctor" are adapters over this package,
// so that everything about one client lives in one file here.
//
// Adding a client is a new file with a type that implements Agent (plus
// Hooked or Plugged if it has hooks or a plugin) and one line in registry.
package agent

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/learn-memory/learn/templates"
)

// Agent is one client learn installs its commands into.
type Agent interface {
	// Name is the --agent value, as reports and messages show it.
	Name() string
	// Aliases are other --agent values accepted for it.
	Aliases() []string
	// Title is the client's name in sentences ("Claude Code").
	Title() string

	// CommandDir is where the client reads command files: the user's
	// config, or the project's own directory when s.Project is set.
	CommandDir(s Scope) (string, error)
	// AlsoReads lists the other directories the client loads command files
	// from besides dir (opencode reads command/ and commands/ alike).
	AlsoReads(dir string) []string
	// Commands renders learn's command files in the client's format. The
	// result depends only on the binary, so installed files can be compared
	// byte for byte with a fresh rendering.
	Commands() ([]templates.File, error)
	// CheckCommand lists why one of learn's command files is unsafe or
	// unreadable for the client; empty means it is fine.
	CheckCommand(data []byte) []string
	// CheckOtherCommand lists only what makes the client refuse a command
	// file that is not learn's: one bad file can stop a client entirely.
	CheckOtherCommand(data []byte) []string

	// SettingsFile is the client's settings file in scope s.
	SettingsFile(s Scope) (string, error)
	// MCPConfig is the file where the client reads its MCP servers in scope
	// s; ErrNoMCP until learn has an MCP server.
	MCPConfig(s Scope) (string, error)

	// Doctor checks what the client needs beyond its command files (its
	// plugin, its hooks), in the order doctor prints them.
	Doctor(env Env) []Check
}

// Hooked is an agent into whose settings install adds learn's hooks, so
// that sessions get their memory without a slash command.
type Hooked interface {
	Agent
	// Hooks adds learn's hooks in scope s, or removes them with uninstall.
	// It runs before the command files are written, so that settings it
	// cannot edit stop the install before anything is written.
	Hooks(s Scope, uninstall bool) (*HooksReport, error)
}

// Plugged is an agent into which install puts learn's plugin beside the
// command files, for the same reason.
type Plugged interface {
	Agent
	// PluginDir is where the client loads plugins in scope s.
	PluginDir(s Scope) (string, error)
	// Plugin is the plugin file as install writes it.
	Plugin() templates.File
}

// Scope is where an install goes: the user's config, or a project.
type Scope struct {
	Getenv func(string) string
	// Project is the project root for a project install; empty for the
	// user's config.
	Project string
}

// Env is what doctor's checks read of the machine.
type Env struct {
	Getenv func(string) string
	// ProjectRoot finds the project; an error means there is none, and only
	// the user's config is checked.
	ProjectRoot func() (string, error)
	// LookPath finds an executable on PATH; nil uses exec.LookPath.
	LookPath func(string) (string, error)
}

// scopes lists where env's agent may have things installed: the user's
// config, then the project if there is one.
func (env Env) scopes() []Scope {
	scopes := []Scope{{Getenv: env.Getenv}}
	if env.ProjectRoot == nil {
		return scopes
	}
	if root, err := env.ProjectRoot(); err == nil {
		scopes = append(scopes, Scope{Getenv: env.Getenv, Project: root})
	}
	return scopes
}

func (env Env) lookPath(name string) (string, error) {
	if env.LookPath == nil {
		return exec.LookPath(name)
	}
	return env.LookPath(name)
}

// ErrNoMCP is what MCPConfig returns while learn has no MCP server.
var ErrNoMCP = errors.New("learn has no MCP server yet")

// registry lists every agent, the default first; its order is the order of
// flag help and completions.
var registry = []Agent{
	opencode{},
	claudeCode{},
	codex{},
	gemini{},
}

// Default is the agent a command uses without --agent.
func Default() Agent { return registry[0] }

// Names lists the agents' names, for flag completion.
func Names() []string {
	names := make([]string, len(registry))
	for i, a := range registry {
		names[i] = a.Name()
	}
	return names
}

// NameList is the names for help text and errors: "opencode or claude".
func NameList() string {
	names := Names()
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Lookup finds an agent by its name or an alias, so that a typo is a
// usage error rather than a silently different install.
func Lookup(name string) (Agent, error) {
	for _, a := range registry {
		if a.Name() == name {
			return a, nil
		}
		for _, alias := range a.Aliases() {
			if alias == name {
				return a, nil
			}
		}
	}
	return nil, fmt.Errorf("unknown agent %q (want %s)", name, NameList())
}
