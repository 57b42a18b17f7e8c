package install

import (
	"fmt"

	"github.com/learn-memory/learn/internal/agent"
	"github.com/learn-memory/learn/templates"
)

// Dir is where the agent whose command format is a reads user-wide command
// files, or the project's own command directory when projectRoot is set.
// It is package agent's CommandDir under the template format's name, for
// tests that stage an install.
func Dir(getenv func(string) string, a templates.Agent, projectRoot string) (string, error) {
	ag, err := agent.Lookup(string(a))
	if err != nil {
		return "", err
	}
	return ag.CommandDir(agent.Scope{Getenv: getenv, Project: projectRoot})
}

// PluginDir is opencode's plugin directory: user-wide, or the project's
// .opencode/plugin/ when projectRoot is set.
func PluginDir(getenv func(string) string, projectRoot string) (string, error) {
	a, err := agent.Lookup(string(templates.Opencode))
	if err != nil {
		return "", err
	}
	p, ok := a.(agent.Plugged)
	if !ok {
		return "", fmt.Errorf("%s has no plugin", a.Name())
	}
	return p.PluginDir(agent.Scope{Getenv: getenv, Project: projectRoot})
}

// Install writes files into dir as learn install does (agent.InstallFiles).
func Install(dir string, files []templates.File, force bool) ([]agent.Action, error) {
	return agent.InstallFiles(dir, files, force)
}
