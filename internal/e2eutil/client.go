//go:build linux || darwin

package e2eutil

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// Client is a real agent client an end-to-end package drives: where its
// binary is found and how a person installs it. Each package had its own
// copy of finding it, building learn and skipping without it.
type Client struct {
	Name    string // "Claude Code"
	Env     string // the variable test.sh sets to the binary: "CLAUDE_BIN"
	Command string // the command on PATH: "claude"
	Install string // the script that installs it: ".ci/install-claude.sh"
	Package string // the test package: "./internal/claudee2e/"
	NPM     string // the npm package and version: "@anthropic-ai/claude-code@2.1.330"
}

// Find is the client's binary: $Env (test.sh sets it from the install
// script), else Command on PATH, else "".
func (c Client) Find() string {
	if p := os.Getenv(c.Env); p != "" {
		return p
	}
	p, _ := exec.LookPath(c.Command)
	return p
}

// Main is a TestMain: it sets *bin to the client, and when there is one
// (and -short is not given) builds learn into *learnDir for the tests.
// It returns the exit code.
func (c Client) Main(m *testing.M, bin, learnDir *string) int {
	flag.Parse()
	*bin = c.Find()
	if *bin == "" || testing.Short() {
		return m.Run()
	}
	dir, cleanup, err := BuildLearn()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer cleanup()
	*learnDir = dir
	return m.Run()
}

// Skip skips t without the client (bin empty) or with -short. In CI a
// missing client fails the test instead: CI proves learn through the real
// client, so a missing one is a failure, not a skip.
func (c Client) Skip(t *testing.T, bin string) {
	t.Helper()
	if bin == "" {
		help := fmt.Sprintf("%s not found: set %s or put %s on PATH. To run this test: %s=$(%s) go test %s (installs npm %s into ~/.cache/learn-e2e)",
			c.Name, c.Env, c.Command, c.Env, c.Install, c.Package, c.NPM)
		if os.Getenv("CI") == "true" {
			t.Fatal(help)
		}
		t.Skip(help)
	}
	if testing.Short() {
		t.Skip("drives the real " + c.Name + "; skipped with -short")
	}
}
