// Package templates holds the /learning-* slash-command files, embedded in the
// binary so that "learn install" works for a user who has only the binary, and
// renders them for each agent that reads such files (opencode, Claude Code).
//
// Each template is a command file with a text/template frontmatter: the
// bodies are the same for every agent, and only Claude Code gets the
// allowed-tools key its shell injection needs.
package templates

import (
	"bytes"
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"
	"text/template"
)

//go:embed learning-*.md
var sources embed.FS

// Agent names an AI coding client whose command files we render.
type Agent string

const (
	// Opencode reads command files from ~/.config/opencode/command/ and
	// .opencode/command/; its frontmatter carries only description.
	Opencode Agent = "opencode"
	// Claude is Claude Code, which reads ~/.claude/commands/ and
	// .claude/commands/ and needs allowed-tools for shell injection.
	Claude Agent = "claude"
)

// Agents lists every supported agent, the default first, for flag help and
// completions.
var Agents = []Agent{Opencode, Claude}

// ParseAgent turns a flag value into an Agent, so that a typo is a usage
// error rather than a silently different install.
func ParseAgent(s string) (Agent, error) {
	for _, a := range Agents {
		if string(a) == s {
			return a, nil
		}
	}
	return "", fmt.Errorf("unknown agent %q (want %s)", s, agentList())
}

func agentList() string {
	names := make([]string, len(Agents))
	for i, a := range Agents {
		names[i] = string(a)
	}
	return strings.Join(names, " or ")
}

// File is one rendered command file: Name is its file name (the slash command
// is Name without ".md").
type File struct {
	Name string
	Data []byte
}

// Command is the slash command the file defines, without the slash.
func (f File) Command() string { return strings.TrimSuffix(f.Name, ".md") }

// parsed holds the templates, parsed on first use: parsed when the package
// loaded, they cost every run of learn (each recall, each hook event) 90 KB
// of allocation and 0.5-1 ms of start-up (GODEBUG=inittrace=1), though only
// the commands that write or check command files render them.
var parsed = sync.OnceValue(mustParse)

func mustParse() map[string]*template.Template {
	entries, err := sources.ReadDir(".")
	if err != nil {
		panic(err)
	}
	out := make(map[string]*template.Template, len(entries))
	for _, e := range entries {
		src, err := sources.ReadFile(e.Name())
		if err != nil {
			panic(err)
		}
		t := template.Must(template.New(e.Name()).Option("missingkey=error").Parse(string(src)))
		out[e.Name()] = t
	}
	return out
}

// Names lists the command file names in a stable order.
func Names() []string {
	names := make([]string, 0, len(parsed()))
	for n := range parsed() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

type data struct {
	Agent  Agent
	Claude bool
}

// Render renders every command file for agent, in Names order. The result
// depends only on agent, so installed files can be compared byte for byte
// with a fresh rendering.
func Render(agent Agent) ([]File, error) {
	if _, err := ParseAgent(string(agent)); err != nil {
		return nil, err
	}
	files := make([]File, 0, len(parsed()))
	for _, name := range Names() {
		var buf bytes.Buffer
		if err := parsed()[name].Execute(&buf, data{Agent: agent, Claude: agent == Claude}); err != nil {
			return nil, fmt.Errorf("render %s for %s: %w", name, agent, err)
		}
		files = append(files, File{Name: path.Base(name), Data: buf.Bytes()})
	}
	return files, nil
}

// Lookup renders the single file name for agent, reporting false when no
// template has that name.
func Lookup(agent Agent, name string) (File, bool, error) {
	files, err := Render(agent)
	if err != nil {
		return File{}, false, err
	}
	for _, f := range files {
		if f.Name == name {
			return f, true, nil
		}
	}
	return File{}, false, nil
}
