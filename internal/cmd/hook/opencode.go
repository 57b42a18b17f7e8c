package hook

import "encoding/json"

// AgentOpencode is opencode: learn's plugin writes one OpencodeInput per
// event on the stdin of "learn hook --agent opencode".
const AgentOpencode = "opencode"

// Events of OpencodeInput.HookEventName.
const (
	OpencodeToolAfter      = "tool.execute.after"
	OpencodeSessionDeleted = "session.deleted"
	OpencodeSessionCreated = "session.created"
)

// OpencodeInput is the JSON learn's opencode plugin writes on the stdin of
// "learn hook --agent opencode", one object per run, so that the plugin
// stays a thin relay and every decision is made here, in Go:
//
//	{"hook_event_name": "tool.execute.after", "session_id": "ses_...",
//	 "cwd": "/abs/project", "tool": "read", "args": {"filePath": "..."},
//	 "output": "...", "metadata": {"exit": 1}}
//
//	{"hook_event_name": "session.deleted", "session_id": "ses_...", "cwd": "/abs/project"}
//
//	{"hook_event_name": "session.created", "session_id": "ses_...", "cwd": "/abs/project"}
//
// tool.execute.after comes from the plugin hook of that name: session_id is
// input.sessionID, tool is input.tool (opencode's tool name: read, edit,
// multiedit, write, patch, apply_patch, grep, glob, list, bash, ...), args
// the tool's arguments as opencode passed them (input.args, or output.args
// in older versions: filePath, path, pattern, command, ...), output the
// tool's text output (output.output; the plugin may cut it to its last
// 4 KB, learn keeps only a short excerpt of a failure), and metadata
// output.metadata as opencode gives it (the bash tool's exit code is
// metadata.exit; a missing or null exit is an unknown one, never a
// failure). session.deleted is the event of that name: session_id is
// event.properties.info.id. session.created (or any other event with a
// session_id) records nothing and prints nothing: it marks the session as
// the project's active one, so that learn run by a slash command's
// injection, which has no session in its environment, finds the new
// session rather than an older one. cwd is the plugin's directory (the project) in
// both; a relative path in args is read against it.
type OpencodeInput struct {
	HookEventName string          `json:"hook_event_name"`
	SessionID     string          `json:"session_id"`
	Cwd           string          `json:"cwd"`
	Tool          string          `json:"tool"`
	Args          json.RawMessage `json:"args,omitempty"`
	Output        json.RawMessage `json:"output,omitempty"`
	Metadata      json.RawMessage `json:"metadata,omitempty"`
}
