package root

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmd/version"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// TestPartialTree: the tree Main builds for a command line that names its
// command first holds that command alone, and every command line gives the
// same output and exit status as with the whole tree.
func TestPartialTree(t *testing.T) {
	var lines [][]string
	for _, sc := range subcommands(nil, version.Info{}) {
		lines = append(lines,
			[]string{sc.name, "--help"},
			[]string{sc.name, "--no-such-flag"},
			[]string{sc.name, "--json", "--no-such-flag"},
			[]string{sc.name, "no-such-argument", "--json"},
		)
	}
	lines = append(lines,
		[]string{"--version"}, []string{"--help"}, []string{}, []string{"help", "recall"},
		[]string{"recal"}, []string{"--file", "x.md", "recall"}, []string{"recall", "--file", "x.md"},
		[]string{"hook", "--help"}, []string{"completion", "bash"}, []string{"__complete", "re"},
		[]string{"--version", "--json"}, []string{"version", "--json"},
		[]string{"recall"}, []string{"recall", "--json"}, []string{"stats", "--json"}, []string{"search", "retry"},
	)
	at := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	for _, args := range lines {
		t.Run(strings.Join(slices.Concat([]string{"learn"}, args), " "), func(t *testing.T) {
			dir := t.TempDir()
			run := func(partial bool) (string, string, string) {
				f, out, errOut := memviewtest.Factory(dir, at, "")
				c := NewCmdRoot(f)
				if partial {
					c = newCmdRoot(f, args)
				}
				c.SetArgs(args)
				err := c.Execute()
				status := "ok"
				if err != nil {
					status = err.Error()
				}
				return out.String(), errOut.String(), status
			}
			wantOut, wantErr, wantStatus := run(false)
			gotOut, gotErr, gotStatus := run(true)
			if gotOut != wantOut || gotErr != wantErr || gotStatus != wantStatus {
				t.Errorf("partial tree:\nstdout %q\nstderr %q\nerror %q\nwhole tree:\nstdout %q\nstderr %q\nerror %q",
					gotOut, gotErr, gotStatus, wantOut, wantErr, wantStatus)
			}
		})
	}
}

// TestPartialTreeBuildsOneCommand: naming a command builds it alone (and
// cobra's help and completion), a bare --version builds none, and each
// table entry is named as its command is, so that Main finds it.
func TestPartialTreeBuildsOneCommand(t *testing.T) {
	f, _, _ := memviewtest.Factory(t.TempDir(), time.Now(), "")
	all := NewCmdRoot(f).Commands()
	for _, sc := range subcommands(f, version.Info{}) {
		t.Run(sc.name, func(t *testing.T) {
			if got := sc.build().Name(); got != sc.name {
				t.Errorf("table name %q builds command %q", sc.name, got)
			}
			if !slices.ContainsFunc(all, func(c *cobra.Command) bool { return c.Name() == sc.name }) {
				t.Errorf("the whole tree has no %q", sc.name)
			}
			var names []string
			for _, c := range newCmdRoot(f, []string{sc.name, "--json"}).Commands() {
				names = append(names, c.Name())
			}
			if want := []string{sc.name, "help", "completion"}; !slices.Equal(names, want) && !slices.Equal(names, []string{sc.name, "completion", "help"}) {
				t.Errorf("learn %s built %v, want %v", sc.name, names, want)
			}
		})
	}
	if n := len(newCmdRoot(f, []string{"--version"}).Commands()); n != 0 {
		t.Errorf("learn --version built %d commands, want none", n)
	}
	if n, want := len(newCmdRoot(f, []string{"man", "--dir", "x"}).Commands()), len(all); n != want {
		t.Errorf("learn man built %d commands, want the whole tree's %d", n, want)
	}
}
