package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/google/renameio/v2"
)

// Entry is one named member of an object at the top of a JSON config file,
// Parent.Name, such as an MCP server under "mcpServers". Agents other than
// Claude Code keep their MCP servers in JSON files too; Entry splices them in
// and out with the same byte-preserving edits as the hooks.
type Entry struct {
	Parent string
	Name   string
	Value  any
	// JSONC allows comments and trailing commas, as opencode does in its
	// config files; they stay where they are.
	JSONC bool
}

// Left is the status of an entry of the same name that is not learn's: the
// user configured it, so install and uninstall leave it alone.
const Left Change = "left"

// parse is parseJSON, with JSONC's comments and trailing commas read as
// spaces when e.JSONC: the offsets stay those of data.
func (e Entry) parse(path string, data []byte) (*node, error) {
	if e.JSONC {
		data = blankJSONC(data)
	}
	return parseJSON(path, data)
}

// blankJSONC returns a copy of data with comments and trailing commas
// replaced by spaces (newlines kept), so that it parses as JSON with the
// same offsets.
func blankJSONC(data []byte) []byte {
	out := append([]byte{}, data...)
	inStr := false
	lastComma := -1
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr, lastComma = true, -1
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			stop := len(out)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				if out[i] != '\n' && out[i] != '\r' {
					out[i] = ' '
				}
			}
			i--
		case c == ',':
			lastComma = i
		case c == '}' || c == ']':
			if lastComma >= 0 {
				out[lastComma] = ' '
			}
			lastComma = -1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			lastComma = -1
		}
	}
	return out
}

// Find reports whether data has the entry's name under its parent, and
// whether what is there is the entry's value (compared as JSON, so
// formatting does not matter).
func (e Entry) Find(path string, data []byte) (present, ours bool, err error) {
	if isBlank(data) {
		return false, false, nil
	}
	root, err := e.parse(path, data)
	if err != nil {
		return false, false, err
	}
	if root.kind != '{' {
		return false, false, fmt.Errorf("%s: the config is not a JSON object", path)
	}
	_, parent := root.get(e.Parent)
	if parent == nil || parent.kind != '{' {
		return false, false, nil
	}
	_, v := parent.get(e.Name)
	if v == nil {
		return false, false, nil
	}
	return true, e.same(data[v.start:v.end]), nil
}

func (e Entry) same(raw []byte) bool {
	var got, want any
	if json.Unmarshal(raw, &got) != nil {
		return false
	}
	w, _ := json.Marshal(e.Value)
	_ = json.Unmarshal(w, &want)
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	return bytes.Equal(a, b)
}

// Add returns data with the entry added, and what that did: Added, Current
// when it is there already, or Left when a member of the same name with
// another value is there (it stays as it is).
func (e Entry) Add(path string, data []byte) ([]byte, Change, error) {
	if isBlank(data) {
		v := map[string]any{e.Parent: map[string]any{e.Name: e.Value}}
		return append(marshal(v, "", "  "), '\n'), Added, nil
	}
	present, ours, err := e.Find(path, data)
	switch {
	case err != nil:
		return nil, "", err
	case ours:
		return data, Current, nil
	case present:
		return data, Left, nil
	}
	root, _ := e.parse(path, data)
	st := detectStyle(data, root)
	_, parent := root.get(e.Parent)
	switch {
	case parent == nil:
		data = st.addMember(data, root, e.Parent, map[string]any{e.Name: e.Value})
	case parent.kind != '{':
		return nil, "", fmt.Errorf("%s: %q is not an object, so learn cannot add %q to it; fix it by hand", path, e.Parent, e.Name)
	default:
		data = st.addMember(data, parent, e.Name, e.Value)
	}
	return data, Added, nil
}

// Remove returns data without the entry, and whether it was there; an entry
// of the same name with another value stays. A parent left empty goes too,
// unless keepParent (the user had written it before install).
func (e Entry) Remove(path string, data []byte, keepParent bool) ([]byte, bool, error) {
	_, ours, err := e.Find(path, data)
	if err != nil || !ours {
		return data, false, err
	}
	root, _ := e.parse(path, data)
	pi, parent := root.get(e.Parent)
	if len(parent.members) == 1 && !keepParent {
		return removeMember(data, root, pi), true, nil
	}
	i, _ := parent.get(e.Name)
	return removeMember(data, parent, i), true, nil
}

// Install adds the entry to the file at path, creating it when missing and
// keeping the previous bytes in path+BackupSuffix, as InstallHooks does.
func (e Entry) Install(path string) (Change, error) {
	path, err := resolve(path)
	if err != nil {
		return "", err
	}
	old, existed, err := read(path)
	if err != nil {
		return "", err
	}
	data, change, err := e.Add(path, old)
	if err != nil || change != Added {
		return change, err
	}
	if err := write(path, data, old, existed); err != nil {
		return "", err
	}
	return Added, nil
}

// Uninstall removes the entry from the file at path, as UninstallHooks
// does: the backup (or no file) comes back when nothing else changed since
// install, otherwise only the entry is cut out.
func (e Entry) Uninstall(path string) (Change, error) {
	path, err := resolve(path)
	if err != nil {
		return "", err
	}
	cur, existed, err := read(path)
	if err != nil || !existed {
		return Absent, err
	}
	present, ours, err := e.Find(path, cur)
	switch {
	case err != nil:
		return "", err
	case present && !ours:
		return Left, nil
	case !present:
		return Absent, nil
	}
	backup, hasBackup, err := read(path + BackupSuffix)
	if err != nil {
		return "", err
	}
	if hasBackup {
		if installed, ch, err := e.Add(path, backup); err == nil && ch == Added && bytes.Equal(installed, cur) {
			if err := renameio.WriteFile(path, backup, mode(path)); err != nil {
				return "", fmt.Errorf("write %s: %w", path, err)
			}
			if err := os.Remove(path + BackupSuffix); err != nil {
				return "", fmt.Errorf("remove %s: %w", path+BackupSuffix, err)
			}
			return Restored, nil
		}
	}
	if installed, _, _ := e.Add(path, nil); bytes.Equal(installed, cur) {
		if err := os.Remove(path); err != nil {
			return "", fmt.Errorf("remove %s: %w", path, err)
		}
		return Restored, nil
	}
	data, _, err := e.Remove(path, cur, hasBackup && e.hasParent(path, backup))
	if err != nil {
		return "", err
	}
	if err := write(path, data, cur, true); err != nil {
		return "", err
	}
	return Removed, nil
}

// hasParent reports whether data has the entry's parent object.
func (e Entry) hasParent(path string, data []byte) bool {
	if isBlank(data) {
		return false
	}
	root, err := e.parse(path, data)
	if err != nil || root.kind != '{' {
		return false
	}
	_, parent := root.get(e.Parent)
	return parent != nil && parent.kind == '{'
}
