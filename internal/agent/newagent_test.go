package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/templates"
)

// toy is a client that exists only here: TOML command files, one folder per
// scope, no hooks and no plugin. It shows what a new agent takes: this type
// and a line in registry, nothing in install, doctor or commands.
type toy struct{}

func (toy) Name() string      { return "toy" }
func (toy) Aliases() []string { return []string{"toy-cli"} }
func (toy) Title() string     { return "Toy CLI" }
func (toy) CommandDir(s Scope) (string, error) {
	if s.Project != "" {
		return filepath.Join(s.Project, ".toy", "commands"), nil
	}
	return filepath.Join(s.Getenv("HOME"), ".toy", "commands"), nil
}
func (toy) AlsoReads(string) []string { return nil }
func (toy) Commands() ([]templates.File, error) {
	return []templates.File{
		{Name: "learning-recall.toml", Data: []byte("prompt = \"!{learn recall}\"\n")},
		{Name: "learning-store.toml", Data: []byte("prompt = \"store\"\n")},
	}, nil
}
func (t toy) CheckCommand(data []byte) []string { return t.CheckOtherCommand(data) }
func (toy) CheckOtherCommand(data []byte) []string {
	if !strings.HasPrefix(string(data), "prompt = ") {
		return []string{"no prompt"}
	}
	return nil
}
func (t toy) SettingsFile(s Scope) (string, error) {
	dir, err := t.CommandDir(s)
	return filepath.Join(filepath.Dir(dir), "settings.json"), err
}
func (toy) MCPConfig(Scope) (string, error) { return "", ErrNoMCP }
func (toy) Doctor(Env) []Check              { return []Check{{Name: "toy", Status: CheckOK, Message: "fine"}} }

func TestANewAgentNeedsOnlyItsType(t *testing.T) {
	old := registry
	defer func() { registry = old }()
	registry = append(registry[:len(registry):len(registry)], toy{})

	a, err := Lookup("toy-cli")
	if err != nil || a.Name() != "toy" {
		t.Fatalf("Lookup(toy-cli) = %v, %v", a, err)
	}
	if got := NameList(); got != "opencode, claude, codex, gemini or toy" {
		t.Errorf("NameList() = %q", got)
	}
	if got := installCommand(a); got != "learn install --agent toy" {
		t.Errorf("InstallCommand = %q", got)
	}
	if err := CheckOnly(a, OnlyPlugin); err == nil || !strings.Contains(err.Error(), "the plugin is for opencode, not toy") {
		t.Errorf("--only plugin: %v", err)
	}

	home := t.TempDir()
	e := Env{Getenv: env(map[string]string{"HOME": home})}
	checks := CheckCommands(a, e)
	if checks[0].Status != CheckFail || checks[0].Fix != "learn install --agent toy (or, for this project only, learn install --agent toy --project)" {
		t.Errorf("before install: %+v", checks[0])
	}
	rep, err := Install(a, InstallOptions{Scope: Scope{Getenv: e.Getenv}})
	if err != nil || len(rep.Files) != 2 || rep.Hooks != nil || rep.Plugin != nil {
		t.Fatalf("install: %+v, %v", rep, err)
	}
	if _, err := os.Stat(filepath.Join(home, ".toy", "commands", "learning-recall.toml")); err != nil {
		t.Fatal(err)
	}
	for _, c := range append(CheckCommands(a, e), a.Doctor(e)...) {
		if c.Status != CheckOK {
			t.Errorf("after install: %+v", c)
		}
	}

	// Another command file of the user's that the client would refuse.
	if err := os.WriteFile(filepath.Join(home, ".toy", "commands", "mine.toml"), []byte("description = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var readable Check
	for _, c := range CheckCommands(a, e) {
		if c.Name == "command files readable" {
			readable = c
		}
	}
	if readable.Status != CheckFail || len(readable.Details) != 1 || !strings.Contains(readable.Details[0], "mine.toml: no prompt") {
		t.Errorf("a broken file of the user's: %+v", readable)
	}
}
