package agent

import "github.com/learn-memory/learn/internal/claude"

// MCPRegistered is an agent into whose config install adds learn's MCP
// server ("learn mcp" on stdio), so that the model can look learnings up and
// store them through tools.
type MCPRegistered interface {
	Agent
	// MCP registers learn's server in scope s, or removes it with
	// uninstall. Like Hooks, it runs before the command files are written.
	MCP(s Scope, uninstall bool) (*MCPReport, error)
}

// MCPReport is what install did to an agent's MCP configuration.
type MCPReport struct {
	Config string        `json:"config"`
	Status claude.Change `json:"status"`
	Backup string        `json:"backup,omitempty"`
	// Server is the command the client starts.
	Server string `json:"server"`
	Detail string `json:"detail,omitempty"`
}

// MCPLeft is the status of a server named learn that the user configured
// themselves: install and uninstall leave it alone.
const MCPLeft claude.Change = "left"
