package root

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// TestTraits: the traits each command declares in its constructor (paged
// output, no --file) reach the root command, and only those commands have
// them.
func TestTraits(t *testing.T) {
	var out bytes.Buffer
	f := &cmdutil.Factory{IO: &cmdutil.IO{In: strings.NewReader(""), Out: &out, Err: &out}, Getenv: func(string) string { return "" }}
	root := NewCmdRoot(f)
	var paged, noFile []string
	for _, c := range root.Commands() {
		if cmdutil.IsPaged(c) {
			paged = append(paged, c.Name())
		}
		if cmdutil.HasNoFileFlag(c) {
			noFile = append(noFile, c.Name())
		}
		fl := c.Flags().Lookup("file")
		if hidden := fl != nil && fl.Hidden; hidden != cmdutil.HasNoFileFlag(c) {
			t.Errorf("%s: --file hidden %v, declared no --file %v", c.Name(), hidden, cmdutil.HasNoFileFlag(c))
		}
		for _, sub := range c.Commands() {
			if fl := sub.Flags().Lookup("file"); cmdutil.HasNoFileFlag(c) && (fl == nil || !fl.Hidden) {
				t.Errorf("%s %s: --file is not taken away from a subcommand", c.Name(), sub.Name())
			}
		}
	}
	sort.Strings(paged)
	sort.Strings(noFile)
	if diff := cmp.Diff([]string{"compact", "fmt", "improve-docs", "lint", "recall", "search", "show", "stats", "summarise", "undo"}, paged); diff != "" {
		t.Errorf("paged commands (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"commands", "completion", "help", "install", "man", "version"}, noFile); diff != "" {
		t.Errorf("commands without --file (-want +got):\n%s", diff)
	}
}

// TestNoFileFlagIsAUsageError: a declared command refuses --file, its
// subcommands too; one that reads the file takes it.
func TestNoFileFlagIsAUsageError(t *testing.T) {
	tests := []struct {
		args []string
		want int
	}{
		{[]string{"version", "--file", "x.md"}, cmdutil.ExitUsage},
		{[]string{"install", "--file", "x.md"}, cmdutil.ExitUsage},
		{[]string{"completion", "bash", "--file", "x.md"}, cmdutil.ExitUsage},
		{[]string{"version"}, cmdutil.ExitOK},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out bytes.Buffer
			f := &cmdutil.Factory{IO: &cmdutil.IO{In: strings.NewReader(""), Out: &out, Err: &out}, Getenv: func(string) string { return "" }}
			root := NewCmdRoot(f)
			root.SetArgs(tt.args)
			err := root.Execute()
			if got := cmdutil.ExitCode(err); got != tt.want {
				t.Errorf("exit %d (%v), want %d", got, err, tt.want)
			}
			if tt.want == cmdutil.ExitUsage && !strings.Contains(err.Error(), "--file means nothing here") {
				t.Errorf("error %q does not say --file means nothing", err)
			}
		})
	}
}
