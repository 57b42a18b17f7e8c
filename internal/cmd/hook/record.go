package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/sessionstate"
	"github.com/learn-memory/learn/learnings/secrets"
)

// Hook events after a tool call, by client: Claude Code's PostToolUse (and
// PostToolUseFailure, which it sends instead when the call failed, a
// non-zero exit of its Bash tool included), Codex CLI's PostToolUse, Gemini
// CLI's AfterTool and opencode's tool.execute.after (through learn's
// plugin).
const (
	eventPostToolUse        = "PostToolUse"
	eventPostToolUseFailure = "PostToolUseFailure"
	eventAfterTool          = "AfterTool"
)

// maxRecordInput bounds what a tool event may weigh: a Write's content or a
// Read's file come with it.
const maxRecordInput = 32 << 20

// recording reports whether event is one "learn hook" records into the
// session's state rather than answers.
func recording(event string) bool {
	switch event {
	case eventPostToolUse, eventPostToolUseFailure, eventAfterTool, OpencodeToolAfter, OpencodeSessionDeleted:
		return true
	}
	return false
}

// toolInput is the part of a post-tool payload learn reads, whichever client
// sent it: Claude Code, Codex CLI and Gemini CLI send tool_name, tool_input
// and tool_response (Claude Code's PostToolUseFailure sends error instead
// of tool_response); opencode's plugin sends tool, args, output and
// metadata (see OpencodeInput).
type toolInput struct {
	SessionID     string          `json:"session_id"`
	Cwd           string          `json:"cwd"`
	HookEventName string          `json:"hook_event_name"`
	ToolName      string          `json:"tool_name"`
	ToolInput     json.RawMessage `json:"tool_input"`
	ToolResponse  json.RawMessage `json:"tool_response"`
	Error         json.RawMessage `json:"error"`
	IsInterrupt   bool            `json:"is_interrupt"`
	// TranscriptPath and ToolUseID find a Codex call's exit code, which
	// its hook input lacks, in the session's rollout file.
	TranscriptPath string `json:"transcript_path"`
	ToolUseID      string `json:"tool_use_id"`
	OpencodeInput
}

// recordOutput is the --json form of a recorded event.
type recordOutput struct {
	Event     string   `json:"event"`
	SessionID string   `json:"session_id"`
	Tool      string   `json:"tool"`
	Kind      string   `json:"kind"`
	Paths     []string `json:"paths"`
	Recorded  bool     `json:"recorded"`
	Deleted   bool     `json:"deleted"`
	Note      string   `json:"note,omitempty"`
}

// record records one post-tool event in the session's state, or removes
// the state of a deleted session. Like run it never fails: a tool call must
// not cost the user anything because learn could not record it.
func record(opts *Options, raw []byte) (err error) {
	out := recordOutput{Paths: []string{}}
	ignored := false
	defer func() {
		if r := recover(); r != nil {
			out.Note, out.Recorded = fmt.Sprintf("internal error: %v", r), false
		}
		if out.Note != "" && !out.Recorded && !out.Deleted && !ignored {
			fmt.Fprintf(opts.IO.Err, "learn hook: %s\n", out.Note)
		}
		err = nil
		if opts.JSON {
			_ = cmdutil.WriteJSON(opts.IO.Out, out)
		}
	}()
	var in toolInput
	if err := json.Unmarshal(raw, &in); err != nil {
		out.Note = fmt.Sprintf("stdin is not a hook's JSON (%v); nothing recorded", err)
		return nil
	}
	out.Event, out.SessionID = in.HookEventName, in.SessionID
	if !sessionstate.Enabled(opts.Getenv) {
		out.Note, ignored = "session state is off (LEARN_SESSION_STATE or LEARN_AUTO_RECALL); nothing recorded", true
		return nil
	}
	if strings.TrimSpace(in.SessionID) == "" {
		out.Note = "the hook input has no session_id; nothing recorded"
		return nil
	}
	wd, ok := workDir(opts, in.Input(), func(format string, args ...any) { out.Note = fmt.Sprintf(format, args...) })
	if !ok {
		return nil
	}
	root := memfile.ProjectRoot(wd)
	store, err := sessionstate.Open(opts.Getenv, opts.Now)
	if err != nil {
		out.Note = fmt.Sprintf("%v; nothing recorded", err)
		return nil
	}
	if in.HookEventName == OpencodeSessionDeleted {
		deleted, err := store.Delete(root, in.SessionID)
		if err != nil {
			out.Note = err.Error()
			return nil
		}
		out.Deleted = deleted
		return nil
	}
	ev, ok := in.event(opts.Agent)
	if ok && ev.Tool != sessionstate.Shell && (in.HookEventName == eventPostToolUseFailure || in.failed()) {
		// A Read of a missing file, an Edit that did not apply: the call
		// did nothing to the file.
		ok = false
	}
	if !ok {
		out.Note, ignored = fmt.Sprintf("tool %q is not one learn records", in.name()), true
		return nil
	}
	ev.Cwd = wd
	out.Tool = string(ev.Tool)
	for _, p := range ev.Paths {
		out.Paths = append(out.Paths, secrets.Redact(p))
	}
	if ev.Tool == sessionstate.Shell {
		out.Kind = string(sessionstate.ParseCommand(ev.Command).Kind)
	}
	if err := store.Record(root, in.SessionID, opts.Agent, ev); err != nil {
		out.Note = fmt.Sprintf("%v; nothing recorded", err)
		return nil
	}
	out.Recorded = true
	return nil
}

// Input is the common part of the payload, for workDir.
func (in toolInput) Input() Input {
	return Input{SessionID: in.SessionID, Cwd: in.Cwd, HookEventName: in.HookEventName}
}

func (in toolInput) name() string {
	if in.ToolName != "" {
		return in.ToolName
	}
	return in.Tool
}

// toolKinds maps the clients' tool names (lower case) to what they do:
// Claude Code (Read, Edit, MultiEdit, Write, NotebookEdit, Grep, Glob, LS,
// Bash), Codex CLI (shell, apply_patch, ...), Gemini CLI (read_file,
// read_many_files, replace, write_file, glob, search_file_content,
// list_directory, run_shell_command) and opencode (read, edit, multiedit,
// patch, write, grep, glob, list, bash).
var toolKinds = map[string]sessionstate.Tool{
	"read": sessionstate.Read, "read_file": sessionstate.Read, "read_many_files": sessionstate.Read, "view": sessionstate.Read,
	"notebookread": sessionstate.Read, "open_file": sessionstate.Read, "view_file": sessionstate.Read, "webfetch": "",

	"edit": sessionstate.Edit, "multiedit": sessionstate.Edit, "replace": sessionstate.Edit, "notebookedit": sessionstate.Edit,
	"apply_patch": sessionstate.Edit, "patch": sessionstate.Edit, "edit_file": sessionstate.Edit, "str_replace": sessionstate.Edit,
	"str_replace_editor": sessionstate.Edit, "str_replace_based_edit_tool": sessionstate.Edit,

	"write": sessionstate.Write, "write_file": sessionstate.Write, "create_file": sessionstate.Write,

	"grep": sessionstate.Search, "grep_search": sessionstate.Search, "glob": sessionstate.Search, "search_file_content": sessionstate.Search, "list_directory": sessionstate.Search,
	"ls": sessionstate.Search, "list": sessionstate.Search, "codesearch": sessionstate.Search, "search": sessionstate.Search,
	"find": sessionstate.Search,

	"bash": sessionstate.Shell, "shell": sessionstate.Shell, "run_shell_command": sessionstate.Shell, "exec_command": sessionstate.Shell,
	"local_shell": sessionstate.Shell, "unified_exec": sessionstate.Shell, "container.exec": sessionstate.Shell,
}

// event is the payload as a sessionstate.Event; false for a tool learn
// does not record (web fetches, MCP tools, todo lists, ...).
func (in toolInput) event(agent string) (sessionstate.Event, bool) {
	tool, ok := toolKinds[strings.ToLower(in.name())]
	if !ok || tool == "" {
		return sessionstate.Event{}, false
	}
	args := decodeObject(in.ToolInput)
	if len(in.Args) > 0 {
		args = decodeObject(in.Args)
	}
	if tool == sessionstate.Edit && strings.EqualFold(in.name(), "str_replace_based_edit_tool") {
		switch str(args["command"]) {
		case "create":
			tool = sessionstate.Write
		case "view":
			tool = sessionstate.Read
		}
	}
	ev := sessionstate.Event{Tool: tool}
	if tool == sessionstate.Shell {
		ev.Command = commandOf(args["command"])
		if ev.Command == "" {
			ev.Command = commandOf(args["cmd"])
		}
		ev.Output, ev.Exit = in.result(agent)
		return ev, ev.Command != ""
	}
	ev.Paths = pathsOf(args)
	return ev, len(ev.Paths) > 0
}

// pathKeys are the argument names the clients' tools give a file or
// folder under.
var pathKeys = []string{"file_path", "filePath", "absolute_path", "notebook_path", "path", "filename", "file", "target_file", "dir_path"}

// pathsOf is the files a tool call's arguments name, patches included.
func pathsOf(args map[string]any) []string {
	var out []string
	for _, k := range pathKeys {
		if s := str(args[k]); s != "" {
			out = append(out, s)
			break
		}
	}
	for _, k := range []string{"paths", "file_paths", "files", "filePaths"} {
		if list, ok := args[k].([]any); ok {
			for _, v := range list {
				if s := str(v); s != "" && !strings.ContainsAny(s, "*?[") {
					out = append(out, s)
				}
			}
		}
	}
	for _, k := range []string{"patch", "patchText", "input"} {
		if s := str(args[k]); s != "" {
			out = append(out, patchFiles(s)...)
		}
	}
	return out
}

var patchFile = lazyregexp.New(`(?m)^(?:\*\*\* (?:Add|Update|Delete) File: |\+\+\+ (?:b/)?|\*\*\* Move to: )(\S.*?)\s*$`)

// patchFiles are the files a patch changes: Codex's and opencode's
// "*** Update File: x" and a unified diff's "+++ b/x".
func patchFiles(patch string) []string {
	var out []string
	for _, m := range patchFile().FindAllStringSubmatch(patch, -1) {
		if m[1] != "/dev/null" {
			out = append(out, m[1])
		}
	}
	return out
}

// commandOf is a shell call's command line: a string, or an argv such as
// Codex's ["bash", "-lc", "go test ./..."].
func commandOf(v any) string {
	switch c := v.(type) {
	case string:
		return c
	case []any:
		var argv []string
		for _, a := range c {
			argv = append(argv, str(a))
		}
		if len(argv) == 3 && strings.HasPrefix(argv[1], "-") && strings.Contains(argv[1], "c") {
			return argv[2]
		}
		return strings.Join(argv, " ")
	}
	return ""
}

// exitKeys are the names clients give a shell call's exit code.
var exitKeys = []string{"exit", "exit_code", "exitCode", "returncode", "return_code", "code"}

// exitLine finds an exit code written in a tool's text output: Claude
// Code's "Exit code 1", Gemini CLI's "Exit Code: 1", Codex CLI's
// "Exit code: 1", "Process exited with code 1".
var exitLine = lazyregexp.New(`(?im)^\s*(?:exit code:?|process exited with code|exited with code|exit status)\s*(-?\d+)\b`)

// result is a shell call's output and exit code (nil when unknown).
func (in toolInput) result(agent string) (string, *int) {
	if in.HookEventName == eventPostToolUseFailure {
		// Claude Code: the call failed; error is "Exit code N\n<output>".
		msg := str(decodeAny(in.Error))
		if in.IsInterrupt {
			return msg, nil
		}
		if m := exitLine().FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			return msg, &n
		}
		return msg, nil
	}
	var outputs []string
	var code *int
	take := func(v any) {
		switch r := v.(type) {
		case string:
			outputs = append(outputs, r)
		case map[string]any:
			for _, k := range exitKeys {
				if n, ok := number(r[k]); ok && code == nil {
					code = &n
				}
			}
			for _, k := range []string{"stdout", "stderr", "output", "aggregated_output", "formatted_output", "llmContent", "returnDisplay", "error", "content"} {
				if s := str(r[k]); s != "" {
					outputs = append(outputs, s)
				}
			}
		}
	}
	take(decodeAny(in.ToolResponse))
	take(decodeAny(in.Output))
	take(decodeAny(in.Metadata))
	output := strings.Join(outputs, "\n")
	if code == nil {
		if m := exitLine().FindStringSubmatch(output); m != nil {
			n, _ := strconv.Atoi(m[1])
			code = &n
		}
	}
	switch {
	case code != nil:
	case agent == AgentClaude && in.HookEventName == eventPostToolUse && !interrupted(in.ToolResponse):
		// Claude Code sends PostToolUseFailure, not PostToolUse, when
		// its Bash tool's command exits non-zero: a PostToolUse is a 0.
		zero := 0
		code = &zero
	case agent == AgentGemini && in.HookEventName == eventAfterTool && !in.failed() && strings.Contains(output, "Output:"):
		// Gemini CLI writes "Exit Code: N" into llmContent only when N is
		// not 0.
		zero := 0
		code = &zero
	case agent == AgentCodex && in.TranscriptPath != "" && in.ToolUseID != "":
		code = codexExit(in.TranscriptPath, in.ToolUseID)
	}
	return output, code
}

// failed reports whether a Gemini CLI tool call failed: its tool_response
// then has an error.
func (in toolInput) failed() bool {
	m, _ := decodeAny(in.ToolResponse).(map[string]any)
	return m != nil && m["error"] != nil
}

// transcriptTail is how much of the end of a Codex rollout file is read
// for a call's exit code: the call just ended, so its line is near the end.
const transcriptTail = 4 << 20

// codexExit is the exit code of the Codex CLI call id, from the session's
// rollout file: the event_msg line whose payload is the item_completed of
// that call carries item.exit_code. Codex's PostToolUse input has only the
// output; nil when the file does not say.
func codexExit(path, id string) *int {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > transcriptTail {
		if _, err := f.Seek(fi.Size()-transcriptTail, io.SeekStart); err != nil {
			return nil
		}
	}
	b, err := io.ReadAll(io.LimitReader(f, transcriptTail))
	if err != nil {
		return nil
	}
	quoted, _ := json.Marshal(id)
	var code *int
	for _, line := range bytes.Split(b, []byte("\n")) {
		if !bytes.Contains(line, []byte("item_completed")) || !bytes.Contains(line, quoted) {
			continue
		}
		var ev struct {
			Type    string `json:"type"`
			Payload struct {
				Type string `json:"type"`
				Item struct {
					ID       string `json:"id"`
					ExitCode *int   `json:"exit_code"`
				} `json:"item"`
			} `json:"payload"`
		}
		if json.Unmarshal(line, &ev) == nil && ev.Payload.Type == "item_completed" && ev.Payload.Item.ID == id && ev.Payload.Item.ExitCode != nil {
			code = ev.Payload.Item.ExitCode
		}
	}
	return code
}

func interrupted(raw json.RawMessage) bool {
	m, _ := decodeAny(raw).(map[string]any)
	b, _ := m["interrupted"].(bool)
	return b
}

func decodeAny(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	return v
}

func decodeObject(raw json.RawMessage) map[string]any {
	m, _ := decodeAny(raw).(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return m
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// number reads an exit code: a JSON number, or a string of digits.
func number(v any) (int, bool) {
	switch n := v.(type) {
	case float64:
		return int(n), n == float64(int(n))
	case string:
		i, err := strconv.Atoi(strings.TrimSpace(n))
		return i, err == nil
	}
	return 0, false
}

// touch marks the session as the project's most recently active one, so
// that a learn command run by the agent's shell finds it (sessionstate.Find)
// even before it recorded a tool call. Best effort: a hook never fails
// over it.
func touch(opts *Options, raw []byte) {
	if !sessionstate.Enabled(opts.Getenv) {
		return
	}
	var in Input
	if json.Unmarshal(raw, &in) != nil || strings.TrimSpace(in.SessionID) == "" {
		return
	}
	wd, ok := workDir(opts, in, func(string, ...any) {})
	if !ok || !filepath.IsAbs(wd) {
		return
	}
	store, err := sessionstate.Open(opts.Getenv, opts.Now)
	if err != nil {
		return
	}
	_ = store.Touch(memfile.ProjectRoot(wd), in.SessionID, opts.Agent)
}
