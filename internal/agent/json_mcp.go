package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/learn-memory/learn/internal/claude"
)

// opencodeMCP is learn's server in opencode.json; opencode names its tools
// learn_recall, learn_store and so on.
var opencodeMCP = claude.Entry{Parent: "mcp", Name: "learn", Value: struct {
	Type    string   `json:"type"`
	Command []string `json:"command"`
}{"local", []string{"learn", "mcp"}}, JSONC: true}

// claudeMCP is learn's server in ~/.claude.json or a project's .mcp.json;
// Claude Code names its tools mcp__learn__recall and so on.
var claudeMCP = claude.Entry{Parent: "mcpServers", Name: "learn", Value: struct {
	Type    string   `json:"type"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
}{"stdio", "learn", []string{"mcp"}}}

// MCPConfig is opencode.json in the project root, or the user's
// opencode.json (opencode.jsonc when only that one exists).
func (o opencode) MCPConfig(s Scope) (string, error) {
	path, err := o.SettingsFile(s)
	if err != nil || s.Project != "" {
		return path, err
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(path + "c"); err == nil {
			return path + "c", nil
		}
	}
	return path, nil
}

// MCP registers learn's MCP server in opencode.json, spliced in so that the
// rest of the file keeps its bytes; a server named learn that the user
// configured is left alone.
func (o opencode) MCP(s Scope, uninstall bool) (*MCPReport, error) {
	return jsonMCP(o, opencodeMCP, s, uninstall)
}

func (o opencode) checkMCP(env Env) Check {
	return checkJSONMCP(env, "opencode mcp", o.MCPConfig, opencodeMCP, installCommand(o), "learn_recall")
}

// MCPConfig is ~/.claude.json ($CLAUDE_CONFIG_DIR/.claude.json), where
// Claude Code keeps user-scope MCP servers, or a project's .mcp.json.
func (claudeCode) MCPConfig(s Scope) (string, error) {
	if s.Project != "" {
		return filepath.Join(s.Project, ".mcp.json"), nil
	}
	if d := s.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, ".claude.json"), nil
	}
	home := s.Getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set, so ~/.claude.json is unknown; set HOME or CLAUDE_CONFIG_DIR")
	}
	return filepath.Join(home, ".claude.json"), nil
}

// MCP registers learn's MCP server for Claude Code, spliced into the file
// as the hooks are into settings.json.
func (c claudeCode) MCP(s Scope, uninstall bool) (*MCPReport, error) {
	return jsonMCP(c, claudeMCP, s, uninstall)
}

func (c claudeCode) checkMCP(env Env) Check {
	return checkJSONMCP(env, "claude mcp", c.MCPConfig, claudeMCP, installCommand(c), "mcp__learn__recall")
}

func jsonMCP(a Agent, e claude.Entry, s Scope, uninstall bool) (*MCPReport, error) {
	path, err := a.MCPConfig(s)
	if err != nil {
		return nil, err
	}
	rep := &MCPReport{Config: path, Server: "learn mcp"}
	if uninstall {
		rep.Status, err = e.Uninstall(path)
	} else {
		rep.Status, err = e.Install(path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s mcp: %w", a.Name(), err)
	}
	switch rep.Status {
	case claude.Added, claude.Removed:
		rep.Backup = path + claude.BackupSuffix
	case claude.Left:
		rep.Status = MCPLeft
		rep.Detail = "a server named learn that learn did not add is configured there; left as it is"
	}
	return rep, nil
}

// checkJSONMCP looks for learn's server in the user's config and the
// project's.
func checkJSONMCP(env Env, name string, config func(Scope) (string, error), e claude.Entry, fix, tool string) Check {
	chk := Check{Name: name, Status: CheckOK}
	paths := scopePaths(env, config)
	for _, p := range paths {
		data, ok := readNoted(&chk, p)
		if !ok {
			continue
		}
		present, ours, err := e.Find(p, data)
		switch {
		case err != nil:
			chk.Status = CheckFail
			chk.Message = err.Error()
			chk.Fix = "fix the JSON by hand, then " + fix
			return chk
		case ours:
			chk.Message = "learn mcp registered in " + p + " (the model sees " + tool + " and the other tools)"
			return chk
		case present:
			chk.Message = "a server named learn is configured in " + p + " (not by learn install; check it runs learn mcp)"
			return chk
		}
	}
	chk.Status = CheckWarn
	chk.Message = "learn's MCP server is not registered in " + strings.Join(paths, " or ") + ", so the model cannot look learnings up with tools"
	chk.Fix = fix
	return chk
}
