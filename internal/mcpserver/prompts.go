package mcpserver

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/adrg/frontmatter"
	"github.com/learn-memory/learn/templates"
)

// CommandFile is one slash command's file as learn renders it for opencode:
// frontmatter with a description, then the body with its shell injections.
type CommandFile struct {
	Name string // "learning-recall"
	Data []byte
}

// Prompter renders the six slash commands as MCP prompts: the body the
// agent would get from the command file, with each shell injection of learn (!`learn recall ...`)
// replaced by what that learn command prints, as opencode and Claude Code do.
// A client without shell injection so gets the same text.
type Prompter struct {
	Files []CommandFile
	// Learn runs learn with args in the project and returns what it printed
	// (stdout and stderr, as the injection's 2>&1 does).
	Learn func(ctx context.Context, args []string) ([]byte, error)
}

// Prompts lists the slash commands with their descriptions.
func (p *Prompter) Prompts() []PromptInfo {
	out := make([]PromptInfo, 0, len(p.Files))
	for _, f := range p.Files {
		var fm struct {
			Description string `yaml:"description"`
		}
		if _, err := frontmatter.Parse(bytes.NewReader(f.Data), &fm); err != nil {
			fm.Description = f.Name
		}
		out = append(out, PromptInfo{Name: f.Name, Description: fm.Description})
	}
	return out
}

// injectTimeout bounds one injected learn command, as a client's shell
// tool would.
const injectTimeout = 30 * time.Second

// Prompt renders the command name with the user's arguments.
func (p *Prompter) Prompt(ctx context.Context, name, arguments string) (string, string, error) {
	for _, f := range p.Files {
		if f.Name != name {
			continue
		}
		var fm struct {
			Description string `yaml:"description"`
		}
		body, err := frontmatter.Parse(bytes.NewReader(f.Data), &fm)
		if err != nil {
			return "", "", fmt.Errorf("read the %s command file: %w", name, err)
		}
		// The user's arguments go only into the template's own text, never
		// into a command line or learn's output: text they typed cannot
		// become an injection, and the memory cannot expand into them.
		var out strings.Builder
		text := string(body)
		last := 0
		for _, in := range templates.Injections(body) {
			at := strings.Index(text[last:], in.Line)
			if at < 0 {
				continue
			}
			at += last
			out.WriteString(strings.ReplaceAll(text[last:at], "$ARGUMENTS", arguments))
			printed, err := p.run(ctx, in.Args)
			if err != nil {
				if _, exited := err.(*exec.ExitError); !exited {
					return "", "", fmt.Errorf("render %s: %w", name, err)
				}
				printed += "\n" + in.Fallback
			}
			out.WriteString(printed)
			last = at + len(in.Line)
		}
		out.WriteString(strings.ReplaceAll(text[last:], "$ARGUMENTS", arguments))
		return fm.Description, out.String(), nil
	}
	return "", "", fmt.Errorf("no prompt named %q (the prompts are the six /learning-* commands)", name)
}

func (p *Prompter) run(ctx context.Context, args []string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, injectTimeout)
	defer cancel()
	out, err := p.Learn(ctx, args)
	return strings.TrimRight(string(out), "\n"), err
}
