package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/google/renameio/v2"
)

// Member is one entry learn keeps in an object of a JSON settings file,
// such as "mcpServers": {"learn": {...}} in Gemini CLI's settings.json.
type Member struct {
	// Parent is the top-level key of the object that holds the entry.
	Parent string
	// Key is the entry's own key.
	Key string
	// Value is the entry as learn writes it.
	Value any
}

// Left is the status of an entry of the same name that is not learn's: the
// user configured it, so install and uninstall leave it alone.
const Left Change = "left"

// Find reports whether data has the entry, and whether it is exactly
// learn's value. It fails only on data that is not JSON.
func (m Member) Find(path string, data []byte) (found, ours bool, err error) {
	if isBlank(data) {
		return false, false, nil
	}
	root, err := parseJSON(path, data)
	if err != nil {
		return false, false, err
	}
	if root.kind != '{' {
		return false, false, nil
	}
	_, parent := root.get(m.Parent)
	if parent == nil || parent.kind != '{' {
		return false, false, nil
	}
	_, v := parent.get(m.Key)
	if v == nil {
		return false, false, nil
	}
	return true, m.same(data[v.start:v.end]), nil
}

func (m Member) same(raw []byte) bool {
	var got, want any
	w, _ := json.Marshal(m.Value)
	return json.Unmarshal(raw, &got) == nil && json.Unmarshal(w, &want) == nil && jsonEqual(got, want)
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// Add returns data with the entry spliced in, formatted like the
// surrounding JSON, and what changed: Current when learn's entry is there,
// Left when an entry of that name is someone else's.
func (m Member) Add(path string, data []byte) ([]byte, Change, error) {
	if isBlank(data) {
		v := map[string]any{m.Parent: map[string]any{m.Key: m.Value}}
		return append(marshal(v, "", "  "), '\n'), Added, nil
	}
	root, err := parseJSON(path, data)
	if err != nil {
		return nil, "", err
	}
	if root.kind != '{' {
		return nil, "", fmt.Errorf("%s: the settings are not a JSON object", path)
	}
	st := detectStyle(data, root)
	_, parent := root.get(m.Parent)
	switch {
	case parent == nil:
		return st.addMember(data, root, m.Parent, map[string]any{m.Key: m.Value}), Added, nil
	case parent.kind != '{':
		return nil, "", fmt.Errorf("%s: %q is not an object, so learn cannot add %q to it; fix it by hand", path, m.Parent, m.Key)
	}
	if _, v := parent.get(m.Key); v != nil {
		if m.same(data[v.start:v.end]) {
			return data, Current, nil
		}
		return data, Left, nil
	}
	return st.addMember(data, parent, m.Key, m.Value), Added, nil
}

// Remove returns data without learn's entry (and without the parent object
// when the entry was all it held), and whether anything changed. An entry
// of that name that is not exactly learn's stays.
func (m Member) Remove(path string, data []byte) ([]byte, bool, error) {
	if isBlank(data) {
		return data, false, nil
	}
	root, err := parseJSON(path, data)
	if err != nil {
		return nil, false, err
	}
	if root.kind != '{' {
		return data, false, nil
	}
	pi, parent := root.get(m.Parent)
	if parent == nil || parent.kind != '{' {
		return data, false, nil
	}
	i, v := parent.get(m.Key)
	if v == nil || !m.same(data[v.start:v.end]) {
		return data, false, nil
	}
	if len(parent.members) == 1 {
		return removeMember(data, root, pi), true, nil
	}
	return removeMember(data, parent, i), true, nil
}

// Install adds the entry to the settings file at path, creating the file
// when missing and keeping the file before the change as path+BackupSuffix.
func (m Member) Install(path string) (Change, error) {
	path, err := resolve(path)
	if err != nil {
		return "", err
	}
	old, existed, err := read(path)
	if err != nil {
		return "", err
	}
	data, change, err := m.Add(path, old)
	if err != nil || change != Added {
		return change, err
	}
	if err := write(path, data, old, existed); err != nil {
		return "", err
	}
	return Added, nil
}

// Uninstall removes learn's entry from the settings file at path. When the
// file is exactly what Install made of the backup (or of no file), the
// backup's bytes come back (or the file goes); otherwise only the entry is
// cut out and the user's later edits stay.
func (m Member) Uninstall(path string) (Change, error) {
	path, err := resolve(path)
	if err != nil {
		return "", err
	}
	cur, existed, err := read(path)
	if err != nil || !existed {
		return Absent, err
	}
	if _, ours, err := m.Find(path, cur); err != nil || !ours {
		return Absent, err
	}
	if installed, _, err := m.Add(path, nil); err == nil && bytes.Equal(installed, cur) {
		if err := os.Remove(path); err != nil {
			return "", fmt.Errorf("remove %s: %w", path, err)
		}
		return Restored, nil
	}
	if backup, ok, err := read(path + BackupSuffix); err == nil && ok {
		if installed, change, err := m.Add(path, backup); err == nil && change == Added && bytes.Equal(installed, cur) {
			if err := renameio.WriteFile(path, backup, mode(path)); err != nil {
				return "", fmt.Errorf("write %s: %w", path, err)
			}
			if err := os.Remove(path + BackupSuffix); err != nil {
				return "", fmt.Errorf("remove %s: %w", path+BackupSuffix, err)
			}
			return Restored, nil
		}
	}
	data, changed, err := m.Remove(path, cur)
	if err != nil || !changed {
		return Absent, err
	}
	if err := write(path, data, cur, true); err != nil {
		return "", err
	}
	return Removed, nil
}
