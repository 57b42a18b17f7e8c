package root

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

func testRoot(t *testing.T) (*cobra.Command, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	dir := t.TempDir()
	f, out, errOut := memviewtest.Factory(dir, time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC), "")
	return NewCmdRoot(f), out, errOut
}

// walk calls fn for every command people use: not the root, help or the
// completion scripts (cobra's own), nor hidden ones.
func walk(c *cobra.Command, fn func(*cobra.Command)) {
	for _, sub := range c.Commands() {
		switch {
		case sub.Name() == "help", sub.Name() == "completion", sub.Hidden:
			continue
		}
		fn(sub)
		walk(sub, fn)
	}
}

// typeNames are pflag's type names, which help shows as the value's name
// when a usage string does not name it: "--docs stringArray".
var typeNames = map[string]bool{
	"string": true, "stringArray": true, "strings": true, "int": true, "int64": true, "uint": true,
	"float64": true, "duration": true, "text": true, "value": true,
}

// TestFlagVocabulary walks the command tree and checks the flag rules that
// make learn one tool rather than fifteen: a flag name means one thing
// (same type, same short form) everywhere, every value is named in help,
// every command has --json, examples are commands to type.
func TestFlagVocabulary(t *testing.T) {
	root, _, _ := testRoot(t)
	type seen struct {
		cmd, shorthand, typ string
	}
	byName := map[string]seen{}
	walk(root, func(c *cobra.Command) {
		path := c.CommandPath()
		if c.Flags().Lookup("json") == nil {
			t.Errorf("%s has no --json", path)
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no Example", path)
		}
		heredoc := ""
		for _, line := range strings.Split(c.Example, "\n") {
			line = strings.TrimSpace(line)
			switch {
			case line == "":
			case heredoc != "":
				if line == heredoc {
					heredoc = ""
				}
			case !strings.HasPrefix(line, "$ learn "):
				t.Errorf("%s: example line %q does not start with \"$ learn \"", path, line)
			case strings.Contains(line, "<<'"):
				heredoc = strings.Trim(line[strings.Index(line, "<<'")+2:], "'")
			}
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden || f.Deprecated != "" || f.Name == "help" {
				return
			}
			name, _ := pflag.UnquoteUsage(f)
			if f.Value.Type() != "bool" && (typeNames[name] || name != strings.ToUpper(name)) {
				t.Errorf("%s --%s: help names its value %q; name it in capitals in the usage, e.g. `PATH`", path, f.Name, name)
			}
			if prev, ok := byName[f.Name]; ok {
				if prev.shorthand != f.Shorthand || prev.typ != f.Value.Type() {
					t.Errorf("--%s is -%s %s in %s but -%s %s in %s", f.Name, prev.shorthand, prev.typ, prev.cmd, f.Shorthand, f.Value.Type(), path)
				}
				return
			}
			byName[f.Name] = seen{path, f.Shorthand, f.Value.Type()}
		})
	})
	for name, short := range map[string]string{"category": "c", "limit": "n"} {
		if s, ok := byName[name]; !ok || s.shorthand != short {
			t.Errorf("--%s: shorthand %q, want -%s everywhere", name, s.shorthand, short)
		}
	}
	for _, name := range []string{"max-chars", "docs", "dry-run"} {
		if _, ok := byName[name]; !ok {
			t.Errorf("no command has --%s", name)
		}
	}
}

// TestFileFlagOnlyWhereItMeansSomething: --file is offered by the commands
// that read the learnings file and refused by the others.
func TestFileFlagOnlyWhereItMeansSomething(t *testing.T) {
	root, _, _ := testRoot(t)
	without := map[string]bool{"version": true, "commands": true, "install": true, "completion": true, "man": true, "help": true}
	for _, c := range root.Commands() {
		f := c.Flags().Lookup("file")
		if f == nil {
			f = c.InheritedFlags().Lookup("file")
		}
		shown := f != nil && !f.Hidden
		if shown == without[c.Name()] {
			t.Errorf("learn %s: --file shown in help = %v", c.Name(), shown)
		}
	}
	for _, args := range [][]string{{"version", "--file", "x.md"}, {"commands", "--file", "x.md", "--check"}, {"completion", "bash", "--file", "x.md"}} {
		root, _, _ := testRoot(t)
		root.SetArgs(args)
		if err := root.Execute(); cmdutil.ExitCode(err) != cmdutil.ExitUsage {
			t.Errorf("learn %v: err %v, want a usage error", args, err)
		}
	}
}

// TestUsageErrorsInWords: bad numbers and unknown categories are usage
// errors (exit 2) in every command, worded for a person.
func TestUsageErrorsInWords(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"search", "--limit", "abc", "retry"}, `--limit wants a whole number, got "abc"`},
		{[]string{"improve-docs", "-n", "ten"}, `--limit wants a whole number, got "ten"`},
		{[]string{"recall", "--max-chars", "6k"}, `--max-chars wants a whole number, got "6k"`},
		{[]string{"forget", "--dry-run", "--limit", "-3"}, "--limit must be 0 (all) or more"},
		{[]string{"search", "-n", "-3", "retry"}, "--limit must be 0 (all) or more"},
		{[]string{"recall", "--max-chars", "1e3"}, `--max-chars wants a whole number, got "1e3"`},
		{[]string{"improve-docs", "--max-chars", "lots"}, `--max-chars wants a whole number, got "lots"`},
		{[]string{"compact", "--keep", "x"}, `--keep wants a whole number, got "x"`},
		{[]string{"recall", "--category", "User Corections"}, "no such category"},
		{[]string{"search", "-c", "Bogus", "retry"}, "no such category"},
		{[]string{"forget", "--dry-run", "-c", "Bogus"}, "no such category"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			env := memviewtest.New(t, memviewtest.Sample)
			root := NewCmdRoot(env.Factory)
			root.SetArgs(append(tt.args, "--file", env.File))
			err := root.Execute()
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
				t.Fatalf("exit %d (%v), want 2", cmdutil.ExitCode(err), err)
			}
			if !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "strconv") {
				t.Errorf("error %q, want it to say %q", err, tt.want)
			}
		})
	}
}

func TestWantsJSON(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"search", "--json", "x"}, true},
		{[]string{"search", "--json=true", "--limit", "abc"}, true},
		{[]string{"search", "--json=false"}, false},
		{[]string{"search", "--", "--json"}, false},
		{[]string{"recall"}, false},
	}
	for _, tt := range tests {
		if got := wantsJSON(nil, tt.args); got != tt.want {
			t.Errorf("wantsJSON(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
	var buf bytes.Buffer
	cmdutil.PrintError(&buf, cmdutil.UsageErrorf("--limit wants a whole number"), true)
	if got := buf.String(); got != "{\n  \"error\": \"--limit wants a whole number\",\n  \"exit\": 2\n}\n" {
		t.Errorf("JSON error = %q", got)
	}
	buf.Reset()
	cmdutil.PrintError(&buf, errors.New("read learnings: boom"), false)
	if got := buf.String(); got != "learn: read learnings: boom\n" {
		t.Errorf("error = %q", got)
	}
}
