// Package claude edits Claude Code's settings.json to add or remove learn's
// automatic-recall hooks, splicing bytes so that everything of the user's
// stays exactly as it was: key order, indentation, line endings, other hooks.
package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Hook is one command hook learn adds to an event of Claude Code's settings.
type Hook struct {
	Event   string
	Matcher string // empty: every occasion of the event
	Command string
	// Runs is the learn command it runs, for messages.
	Runs string
	// Timeout is the hook's "timeout" value; 0 means HookTimeout, Claude
	// Code's seconds (Gemini CLI counts milliseconds).
	Timeout int
	// Same marks a hook of the user's that already does the job (their own
	// "learn recall" at session start, say): install does not add a second
	// one, and uninstall leaves theirs alone.
	Same string
	// Old are the commands an earlier learn installed for this hook:
	// install rewrites them to Command in place (the group's matcher and
	// timeout stay), and uninstall removes them as learn's own.
	Old []string
	// Lost is what a session lacks while the hook is missing, for doctor.
	Lost string
}

// SessionStartCommand prints the memory when a session starts: Claude Code
// (and Codex CLI) add a SessionStart hook's standard output to the model's
// context. Claude Code's hook ran it before StartCommand.
const SessionStartCommand = "learn recall --git"

// StartCommand is Claude Code's SessionStart hook. "learn hook" reads the
// hook's JSON on stdin and prints what "learn recall --git" prints; after a
// compaction (source "compact") it adds the hot state of the session named
// by session_id, as "learn recall --git --agent-session ID" does, since the
// compacted conversation no longer says which files the session was working
// on or which commands still fail. Claude Code adds what it prints after
// the compaction's summary, verified through the real client
// (internal/claudee2e).
const StartCommand = "learn hook"

// PromptCommand adds the learnings relevant to the first prompt. The shell
// around "learn hook" keeps a broken learn from touching the session: Claude
// Code drops the user's prompt when this hook exits 2 (what an old learn
// without the hook subcommand does), so it always exits 0, and it passes on
// learn's output only when learn succeeded.
const PromptCommand = `out=$(learn hook) && printf '%s' "$out"; exit 0`

// PostToolCommand records a tool call in the session's state (learn hook
// reads the event from stdin): the files the agent read and changed, the
// commands that failed. It prints nothing, and it always exits 0: Claude
// Code hands a PostToolUse hook's stderr to the model when it exits 2, and a
// tool call must not cost the user anything because learn could not
// record it.
const PostToolCommand = `learn hook >/dev/null; exit 0`

// HookTimeout bounds each hook in seconds; learn answers in milliseconds,
// and Claude Code treats a timed-out hook as a non-blocking error.
const HookTimeout = 10

// Hooks are the entries learn installs. The SessionStart matcher leaves out
// "resume": a resumed session already carries the memory it started with,
// and adding it again would only repeat it. A compaction drops it, so
// "compact" is in. Claude Code sends
// PostToolUseFailure instead of PostToolUse when a call fails (its Bash
// tool's command exiting non-zero included), so recording the failed
// commands takes both; they have no matcher, so that every tool reaches
// learn, which decides what to keep.
var Hooks = []Hook{
	{Event: "SessionStart", Matcher: "startup|clear|compact", Command: StartCommand, Runs: "learn hook (learn recall --git; after a compaction with the session's state)", Same: "learn recall",
		Old: []string{SessionStartCommand}, Lost: "sessions start without their memory"},
	{Event: "UserPromptSubmit", Command: PromptCommand, Runs: "learn hook", Same: "learn hook",
		Lost: "first prompts get no relevant learnings"},
	{Event: "PostToolUse", Command: PostToolCommand, Runs: "learn hook", Same: "learn hook",
		Lost: SessionStateLost},
	{Event: "PostToolUseFailure", Command: PostToolCommand, Runs: "learn hook", Same: "learn hook",
		Lost: SessionStateLost},
}

// SessionStateLost is what a session lacks without learn's post-tool hook.
const SessionStateLost = "the session's documents, changed files and failed commands are not recorded for /learning-summarise and learn store"

// SettingsPath is the settings.json that learn install edits: the project's
// .claude/settings.json when projectRoot is set, else the user's in
// $CLAUDE_CONFIG_DIR or ~/.claude.
func SettingsPath(getenv func(string) string, projectRoot string) (string, error) {
	if projectRoot != "" {
		return filepath.Join(projectRoot, ".claude", "settings.json"), nil
	}
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, "settings.json"), nil
	}
	home := getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set, so the Claude Code config directory is unknown; set HOME or CLAUDE_CONFIG_DIR")
	}
	return filepath.Join(home, ".claude", "settings.json"), nil
}

type hookJSON struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Timeout int    `json:"timeout"`
}

type groupJSON struct {
	Matcher string     `json:"matcher,omitempty"`
	Hooks   []hookJSON `json:"hooks"`
}

func (h Hook) group() groupJSON {
	timeout := h.Timeout
	if timeout == 0 {
		timeout = HookTimeout
	}
	return groupJSON{Matcher: h.Matcher, Hooks: []hookJSON{{Type: "command", Command: h.Command, Timeout: timeout}}}
}

// HookSet is a list of hooks installed and removed together: Claude Code's
// Hooks, or another client's that reads the same hooks JSON (Codex CLI's
// hooks.json).
type HookSet []Hook

// Lost says what a session lacks while the hooks of events are missing,
// each consequence once, in the order of set, separated by semicolons.
func (set HookSet) Lost(events []string) string {
	missing := map[string]bool{}
	for _, e := range events {
		missing[e] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, h := range set {
		if missing[h.Event] && h.Lost != "" && !seen[h.Lost] {
			seen[h.Lost] = true
			out = append(out, h.Lost)
		}
	}
	return strings.Join(out, "; ")
}

// Present reports, per event, whether learn's hook is in the settings data
// (missing or empty data has none). It fails only on data that is not JSON.
func Present(path string, data []byte) (map[string]bool, error) {
	return HookSet(Hooks).Present(path, data)
}

// Present is the package function Present for the hooks of set.
func (set HookSet) Present(path string, data []byte) (map[string]bool, error) {
	out := map[string]bool{}
	if isBlank(data) {
		return out, nil
	}
	root, err := parseJSON(path, data)
	if err != nil {
		return nil, err
	}
	for _, h := range set {
		out[h.Event] = len(findOurs(root, h)) > 0
	}
	return out, nil
}

// Outdated lists the events of set whose hook in the settings data is an
// earlier learn's command (Hook.Old) and not today's: they still run, but
// without what the new command adds; "learn install" rewrites them.
func (set HookSet) Outdated(path string, data []byte) ([]string, error) {
	if isBlank(data) {
		return nil, nil
	}
	root, err := parseJSON(path, data)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, h := range set {
		if len(findOld(root, h)) > 0 && !hasCurrent(root, h) {
			out = append(out, h.Event)
		}
	}
	return out, nil
}

// DisablesHooks reports whether the settings turn every hook off.
func DisablesHooks(data []byte) bool {
	var s struct {
		DisableAllHooks bool `json:"disableAllHooks"`
	}
	return json.Unmarshal(data, &s) == nil && s.DisableAllHooks
}

func isBlank(data []byte) bool { return len(bytes.TrimSpace(data)) == 0 }

// AddHooks returns data with learn's hooks added where they are missing,
// and whether anything changed. Blank data (a missing or empty file) gets
// a new settings object. Nothing else in data changes: the hooks are
// spliced in, formatted like the surrounding JSON.
func AddHooks(path string, data []byte) ([]byte, bool, error) {
	return HookSet(Hooks).AddHooks(path, data)
}

// AddHooks is the package function AddHooks for the hooks of set.
func (set HookSet) AddHooks(path string, data []byte) ([]byte, bool, error) {
	if isBlank(data) {
		return set.newSettings(), true, nil
	}
	changed := false
	for _, h := range set {
		root, err := parseJSON(path, data)
		if err != nil {
			return nil, false, err
		}
		if root.kind != '{' {
			return nil, false, fmt.Errorf("%s: the settings are not a JSON object", path)
		}
		if olds := findOld(root, h); len(olds) > 0 && !hasCurrent(root, h) {
			// An earlier learn's hook: it gets today's command where it is,
			// last one first so that the offsets before it stay right.
			for i := len(olds) - 1; i >= 0; i-- {
				data = replace(data, olds[i], marshal(h.Command, "", ""))
			}
			changed = true
			continue
		}
		if len(findOurs(root, h)) > 0 {
			continue
		}
		st := detectStyle(data, root)
		_, hooks := root.get("hooks")
		switch {
		case hooks == nil:
			data = st.addMember(data, root, "hooks", map[string]any{h.Event: []groupJSON{h.group()}})
		case hooks.kind != '{':
			return nil, false, fmt.Errorf("%s: \"hooks\" is not an object, so learn cannot add its hooks; fix it by hand", path)
		default:
			_, ev := hooks.get(h.Event)
			switch {
			case ev == nil:
				data = st.addMember(data, hooks, h.Event, []groupJSON{h.group()})
			case ev.kind != '[':
				return nil, false, fmt.Errorf("%s: \"hooks\".%q is not a list, so learn cannot add its hook; fix it by hand", path, h.Event)
			default:
				data = st.addElem(data, ev, h.group())
			}
		}
		changed = true
	}
	return data, changed, nil
}

func (set HookSet) newSettings() []byte {
	v := map[string]any{"hooks": map[string]any{}}
	hooks := v["hooks"].(map[string]any)
	for _, h := range set {
		hooks[h.Event] = []groupJSON{h.group()}
	}
	return append(marshal(v, "", "  "), '\n')
}

// RemoveHooks returns data without learn's hooks, and whether anything
// changed. It removes each of our hook entries with the separator before
// it; a group, an event list or the "hooks" object that held only ours goes
// too. Everything else stays byte for byte.
func RemoveHooks(path string, data []byte) ([]byte, bool, error) {
	return HookSet(Hooks).RemoveHooks(path, data)
}

// RemoveHooks is the package function RemoveHooks for the hooks of set.
func (set HookSet) RemoveHooks(path string, data []byte) ([]byte, bool, error) {
	if isBlank(data) {
		return data, false, nil
	}
	changed := false
	for {
		root, err := parseJSON(path, data)
		if err != nil {
			return nil, false, err
		}
		next, ok := set.removeOne(data, root)
		if !ok {
			return data, changed, nil
		}
		data, changed = next, true
	}
}

// removeOne removes the first of our hooks it finds, cascading to the
// containers left empty by that removal.
func (set HookSet) removeOne(data []byte, root *node) ([]byte, bool) {
	if root.kind != '{' {
		return data, false
	}
	hi, hooks := root.get("hooks")
	if hooks == nil || hooks.kind != '{' {
		return data, false
	}
	for _, h := range set {
		ei, ev := hooks.get(h.Event)
		if ev == nil || ev.kind != '[' {
			continue
		}
		for gi, g := range ev.elems {
			_, list := g.get("hooks")
			if g.kind != '{' || list == nil || list.kind != '[' {
				continue
			}
			for ci, c := range list.elems {
				if !isOurs(c, h) {
					continue
				}
				switch {
				case len(list.elems) > 1:
					return removeElem(data, list, ci), true
				case len(g.members) > 2 || (len(g.members) == 2 && g.members[0].key != "matcher" && g.members[1].key != "matcher"):
					// The group has settings of the user's: keep it.
					return removeElem(data, list, ci), true
				case len(ev.elems) > 1:
					return removeElem(data, ev, gi), true
				case len(hooks.members) > 1:
					return removeMember(data, hooks, ei), true
				default:
					return removeMember(data, root, hi), true
				}
			}
		}
	}
	return data, false
}

// findOurs lists the hooks of event h.Event that are ours or do the same.
func findOurs(root *node, h Hook) []*node {
	_, hooks := root.get("hooks")
	if hooks == nil || hooks.kind != '{' {
		return nil
	}
	_, ev := hooks.get(h.Event)
	if ev == nil || ev.kind != '[' {
		return nil
	}
	var out []*node
	for _, g := range ev.elems {
		if g.kind != '{' {
			continue
		}
		_, list := g.get("hooks")
		if list == nil || list.kind != '[' {
			continue
		}
		for _, c := range list.elems {
			if isOurs(c, h) || runsSame(c, h) {
				out = append(out, c)
			}
		}
	}
	return out
}

// findOld lists the "command" strings of event h.Event's hooks that run
// one of h.Old, in file order.
func findOld(root *node, h Hook) []*node {
	if len(h.Old) == 0 {
		return nil
	}
	var out []*node
	for _, c := range findOurs(root, h) {
		_, cmd := c.get("command")
		if cmd != nil && cmd.kind == '"' && slices.Contains(h.Old, strings.TrimSpace(cmd.str)) {
			out = append(out, cmd)
		}
	}
	return out
}

// hasCurrent reports whether event h.Event has h.Command itself.
func hasCurrent(root *node, h Hook) bool {
	for _, c := range findOurs(root, h) {
		if _, cmd := c.get("command"); cmd != nil && cmd.kind == '"' && strings.TrimSpace(cmd.str) == h.Command {
			return true
		}
	}
	return false
}

func runsSame(c *node, h Hook) bool {
	if c.kind != '{' {
		return false
	}
	_, cmd := c.get("command")
	return cmd != nil && cmd.kind == '"' && strings.Contains(cmd.str, h.Same)
}

func isOurs(c *node, h Hook) bool {
	if c.kind != '{' {
		return false
	}
	_, cmd := c.get("command")
	if cmd == nil || cmd.kind != '"' {
		return false
	}
	run := strings.TrimSpace(cmd.str)
	return run == h.Command || slices.Contains(h.Old, run)
}

// removeElem cuts element i of arr with one separator: the comma before it,
// or for the first element the comma after it. The last element leaves an
// empty list.
func removeElem(data []byte, arr *node, i int) []byte {
	starts := make([]int, len(arr.elems))
	ends := make([]int, len(arr.elems))
	for k, e := range arr.elems {
		starts[k], ends[k] = e.start, e.end
	}
	return cut(data, arr, starts, ends, i)
}

func removeMember(data []byte, obj *node, i int) []byte {
	starts := make([]int, len(obj.members))
	ends := make([]int, len(obj.members))
	for k, m := range obj.members {
		starts[k], ends[k] = m.keyStart, m.val.end
	}
	return cut(data, obj, starts, ends, i)
}

func cut(data []byte, c *node, starts, ends []int, i int) []byte {
	var from, to int
	switch {
	case len(starts) == 1:
		from, to = c.start+1, c.end-1
	case i > 0:
		from, to = ends[i-1], ends[i]
	default:
		from, to = starts[0], starts[1]
	}
	out := make([]byte, 0, len(data)-(to-from))
	out = append(out, data[:from]...)
	return append(out, data[to:]...)
}

// style is how a settings file is laid out, so that inserted JSON looks
// like the user's own.
type style struct {
	nl    string // "\n" or "\r\n"
	unit  string // one level of indentation
	colon string // between a key and its value, ": " by default
}

func detectStyle(data []byte, root *node) style {
	st := style{nl: "\n", unit: "  ", colon: ": "}
	if bytes.Contains(data, []byte("\r\n")) {
		st.nl = "\r\n"
	}
	if len(root.members) > 0 {
		m := root.members[0]
		st.colon = string(data[m.keyEnd:m.val.start])
		if ind, ok := ownLine(data, m.keyStart); ok && ind != "" {
			st.unit = ind
		}
	}
	return st
}

// ownLine reports whether the value at off starts its line, and the
// whitespace before it.
func ownLine(data []byte, off int) (string, bool) {
	i := off
	for i > 0 && (data[i-1] == ' ' || data[i-1] == '\t') {
		i--
	}
	if i > 0 && data[i-1] != '\n' {
		return "", false
	}
	return string(data[i:off]), true
}

// lineIndent is the leading whitespace of the line holding off.
func lineIndent(data []byte, off int) string {
	i := bytes.LastIndexByte(data[:off], '\n') + 1
	j := i
	for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	return string(data[i:j])
}

// layout says how to insert one more item into container c: the separator
// before it and its indentation; pretty is false for a one-line container.
func (st style) layout(data []byte, c *node, firstStart int) (indent string, pretty bool) {
	if firstStart >= 0 {
		if ind, ok := ownLine(data, firstStart); ok {
			return ind, true
		}
		return "", false
	}
	// Empty container: multi-line if the file is.
	pretty = bytes.ContainsRune(bytes.TrimSpace(data), '\n')
	return lineIndent(data, c.start) + st.unit, pretty
}

func (st style) addMember(data []byte, obj *node, key string, v any) []byte {
	first := -1
	if len(obj.members) > 0 {
		first = obj.members[0].keyStart
	}
	indent, pretty := st.layout(data, obj, first)
	k, _ := json.Marshal(key)
	item := string(k) + st.colon + st.render(v, indent, pretty)
	if len(obj.members) == 0 {
		return st.fillEmpty(data, obj, item, indent, pretty)
	}
	last := obj.members[len(obj.members)-1].val.end
	return insert(data, last, ","+st.sep(data, obj.members[0].val.end, pretty, indent)+item)
}

func (st style) addElem(data []byte, arr *node, v any) []byte {
	first := -1
	if len(arr.elems) > 0 {
		first = arr.elems[0].start
	}
	indent, pretty := st.layout(data, arr, first)
	item := st.render(v, indent, pretty)
	if len(arr.elems) == 0 {
		return st.fillEmpty(data, arr, item, indent, pretty)
	}
	return insert(data, arr.elems[len(arr.elems)-1].end, ","+st.sep(data, arr.elems[0].end, pretty, indent)+item)
}

// sep is what goes after the comma: a new line and the indentation, or in
// a one-line container the same spacing its first comma has.
func (st style) sep(data []byte, afterFirst int, pretty bool, indent string) string {
	if pretty {
		return st.nl + indent
	}
	i := afterFirst
	for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	if i < len(data) && data[i] == ',' {
		j := i + 1
		for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
			j++
		}
		return string(data[i+1 : j])
	}
	if bytes.Contains(data, []byte(", ")) {
		return " "
	}
	return ""
}

func (st style) fillEmpty(data []byte, c *node, item, indent string, pretty bool) []byte {
	inner := item
	if pretty {
		inner = st.nl + indent + item + st.nl + lineIndent(data, c.start)
	}
	out := make([]byte, 0, len(data)+len(inner))
	out = append(out, data[:c.start+1]...)
	out = append(out, inner...)
	return append(out, data[c.end-1:]...)
}

func (st style) render(v any, indent string, pretty bool) string {
	if !pretty {
		return strings.ReplaceAll(string(marshal(v, "", "")), ":", st.colon)
	}
	s := string(marshal(v, indent, st.unit))
	s = strings.ReplaceAll(s, "\": ", "\""+st.colon)
	return strings.ReplaceAll(s, "\n", st.nl)
}

// marshal encodes v without HTML escaping (a command's "&&" or ">" stays
// readable), indented when unit is set.
func marshal(v any, prefix, unit string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if unit != "" {
		enc.SetIndent(prefix, unit)
	}
	_ = enc.Encode(v)
	return bytes.TrimRight(b.Bytes(), "\n")
}

// replace puts v in place of the value n.
func replace(data []byte, n *node, v []byte) []byte {
	out := make([]byte, 0, len(data)-(n.end-n.start)+len(v))
	out = append(out, data[:n.start]...)
	out = append(out, v...)
	return append(out, data[n.end:]...)
}

func insert(data []byte, at int, s string) []byte {
	out := make([]byte, 0, len(data)+len(s))
	out = append(out, data[:at]...)
	out = append(out, s...)
	return append(out, data[at:]...)
}
