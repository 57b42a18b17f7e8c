package agent

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/renameio/v2"

	"github.com/learn-memory/learn/internal/claude"
	"github.com/learn-memory/learn/internal/lazyregexp"
)

// codexReadTools are the MCP tools Codex may call without asking: they only
// read the memory. codex exec runs with approval "never", where a tool that
// needs approval is refused; store stays behind the user's approval.
var codexReadTools = []string{"recall", "search", "show", "summarise"}

// codexMCPBlock is what learn appends to config.toml, with nl as the line
// ending.
func codexMCPBlock(nl string) string {
	var b strings.Builder
	b.WriteString("# learn's MCP server, added by \"learn install --agent codex\"; \"--uninstall\" removes this block.\n")
	b.WriteString("[mcp_servers.learn]\ncommand = \"learn\"\nargs = [\"mcp\"]\n")
	for _, t := range codexReadTools {
		fmt.Fprintf(&b, "\n[mcp_servers.learn.tools.%s]\napproval_mode = \"approve\"\n", t)
	}
	return strings.ReplaceAll(b.String(), "\n", nl)
}

func tomlNewline(data []byte) string {
	if bytes.Contains(data, []byte("\r\n")) {
		return "\r\n"
	}
	return "\n"
}

// addCodexMCP returns data with learn's block appended, and whether it
// changed: not when the block or another server named learn is there.
func addCodexMCP(data []byte) ([]byte, claude.Change) {
	nl := tomlNewline(data)
	block := codexMCPBlock(nl)
	switch {
	case bytes.Contains(data, []byte(block)):
		return data, claude.Current
	case tomlHasServer(data, "learn"):
		return data, MCPLeft
	}
	out := append([]byte{}, data...)
	if len(bytes.TrimSpace(out)) > 0 {
		if !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, nl...)
		}
		out = append(out, nl...)
	}
	return append(out, block...), claude.Added
}

// removeCodexMCP cuts learn's block (and the blank line install put before
// it) out of data.
func removeCodexMCP(data []byte) ([]byte, bool) {
	nl := tomlNewline(data)
	block := []byte(codexMCPBlock(nl))
	i := bytes.Index(data, block)
	if i < 0 {
		return data, false
	}
	from := i
	if bytes.HasSuffix(data[:i], []byte(nl+nl)) {
		from -= len(nl)
	}
	return append(append([]byte{}, data[:from]...), data[i+len(block):]...), true
}

var (
	tomlHeader = lazyregexp.New(`^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(?:#.*)?$`)
	tomlKey    = lazyregexp.New(`^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=`)
	tomlPart   = lazyregexp.New(`[A-Za-z0-9_-]+|"[^"]*"|'[^']*'`)
)

// tomlPath splits a dotted TOML key into its parts, unquoted.
func tomlPath(key string) []string {
	parts := tomlPart().FindAllString(key, -1)
	for i, p := range parts {
		parts[i] = strings.Trim(p, `"'`)
	}
	return parts
}

// tomlEntry is one key of a TOML file, with its table's path before it,
// and the raw text after the "=".
type tomlEntry struct {
	path  []string
	value string
}

// tomlEntries lists the tables and keys of TOML data, line by line: enough
// to find what a config.toml sets, not a full parser (a multi-line string
// that holds a line like "[x]" would be read as a table).
func tomlEntries(data []byte) []tomlEntry {
	var out []tomlEntry
	var table []string
	for _, line := range strings.Split(string(data), "\n") {
		if m := tomlHeader().FindStringSubmatch(line); m != nil {
			table = tomlPath(m[1])
			out = append(out, tomlEntry{path: table})
			continue
		}
		m := tomlKey().FindStringSubmatch(line)
		if m == nil {
			continue
		}
		full := append(append([]string{}, table...), tomlPath(m[1])...)
		out = append(out, tomlEntry{path: full, value: strings.TrimSpace(line[len(m[0]):])})
	}
	return out
}

// tomlHasServer reports whether config.toml data defines the MCP server
// name, in any of TOML's spellings: a [mcp_servers.NAME] table, NAME = {...}
// under [mcp_servers], or a dotted key.
func tomlHasServer(data []byte, name string) bool {
	for _, e := range tomlEntries(data) {
		if len(e.path) >= 2 && e.path[0] == "mcp_servers" && e.path[1] == name {
			return true
		}
	}
	return false
}

// tomlFalse reports whether data sets the key at path to false.
func tomlFalse(data []byte, path ...string) bool { return tomlIs(data, "false", path...) }

// tomlIs reports whether data sets the key at path to a value written as
// value (false, "trusted").
func tomlIs(data []byte, value string, path ...string) bool {
	for _, e := range tomlEntries(data) {
		if strings.Join(e.path, "\x00") == strings.Join(path, "\x00") && strings.HasPrefix(e.value, value) {
			return true
		}
	}
	return false
}

// MCP registers learn's MCP server in config.toml (the user's, or the
// project's .codex/config.toml, which Codex reads in trusted projects). The
// file's bytes stay as they were but for learn's block, appended at the end;
// the previous file is kept as config.toml.learn-backup, and install then
// uninstall gives the same bytes back.
func (c codex) MCP(s Scope, uninstall bool) (*MCPReport, error) {
	path, err := c.MCPConfig(s)
	if err != nil {
		return nil, err
	}
	rep := &MCPReport{Config: path, Server: "learn mcp"}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if path, err = filepath.EvalSymlinks(path); err != nil {
			return nil, fmt.Errorf("follow the link %s: %w", rep.Config, err)
		}
	}
	if uninstall {
		rep.Status, err = uninstallCodexMCP(path)
	} else {
		rep.Status, err = installCodexMCP(path)
	}
	if err != nil {
		return nil, fmt.Errorf("codex mcp: %w", err)
	}
	switch rep.Status {
	case claude.Added, claude.Removed:
		rep.Backup = path + claude.BackupSuffix
	case MCPLeft:
		rep.Detail = "a server named learn that learn did not add is configured there; left as it is"
	}
	return rep, nil
}

func installCodexMCP(path string) (claude.Change, error) {
	old, existed, err := readIfExists(path)
	if err != nil {
		return "", err
	}
	data, change := addCodexMCP(old)
	if change != claude.Added {
		return change, nil
	}
	if existed {
		if err := renameio.WriteFile(path+claude.BackupSuffix, old, fileMode(path)); err != nil {
			return "", fmt.Errorf("back up %s: %w", path, err)
		}
	} else if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	if err := renameio.WriteFile(path, data, fileMode(path)); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return claude.Added, nil
}

// uninstallCodexMCP puts the backup back (or removes the file install
// created) when the file is exactly what install made of it; otherwise it
// cuts learn's block out and keeps the user's later edits.
func uninstallCodexMCP(path string) (claude.Change, error) {
	cur, existed, err := readIfExists(path)
	if err != nil || !existed {
		return claude.Absent, err
	}
	if tomlHasServer(cur, "learn") && !bytes.Contains(cur, []byte(codexMCPBlock(tomlNewline(cur)))) {
		return MCPLeft, nil
	}
	backup, hasBackup, err := readIfExists(path + claude.BackupSuffix)
	if err != nil {
		return "", err
	}
	if hasBackup {
		if installed, ch := addCodexMCP(backup); ch == claude.Added && bytes.Equal(installed, cur) {
			if err := renameio.WriteFile(path, backup, fileMode(path)); err != nil {
				return "", fmt.Errorf("write %s: %w", path, err)
			}
			if err := os.Remove(path + claude.BackupSuffix); err != nil {
				return "", fmt.Errorf("remove %s: %w", path+claude.BackupSuffix, err)
			}
			return claude.Restored, nil
		}
	}
	if installed, _ := addCodexMCP(nil); bytes.Equal(installed, cur) {
		if err := os.Remove(path); err != nil {
			return "", fmt.Errorf("remove %s: %w", path, err)
		}
		return claude.Restored, nil
	}
	data, ok := removeCodexMCP(cur)
	if !ok {
		return claude.Absent, nil
	}
	if err := renameio.WriteFile(path+claude.BackupSuffix, cur, fileMode(path)); err != nil {
		return "", fmt.Errorf("back up %s: %w", path, err)
	}
	if err := renameio.WriteFile(path, data, fileMode(path)); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return claude.Removed, nil
}

func readIfExists(path string) ([]byte, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", path, err)
	}
	return data, true, nil
}

func fileMode(path string) fs.FileMode {
	if fi, err := os.Stat(path); err == nil {
		return fi.Mode().Perm()
	}
	return 0o644
}

// checkMCP looks for learn's MCP server in config.toml, the user's or the
// project's.
func (c codex) checkMCP(env Env) Check {
	chk := Check{Name: "codex mcp", Status: CheckOK}
	paths := scopePaths(env, c.MCPConfig)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		switch {
		case bytes.Contains(data, []byte(codexMCPBlock(tomlNewline(data)))):
			chk.Message = "learn mcp registered in " + p + ", its read tools approved"
			return chk
		case tomlHasServer(data, "learn"):
			chk.Message = "a server named learn is configured in " + p + " (not by learn install; check it runs learn mcp)"
			return chk
		}
	}
	chk.Status = CheckWarn
	chk.Message = "learn's MCP server is not registered in " + strings.Join(paths, " or ") + ", so the model cannot look learnings up with tools (the hooks still recall them)"
	chk.Fix = installCommand(c)
	return chk
}
