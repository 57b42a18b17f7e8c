package root

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestManPages: learn man writes a page per command people use, each with
// its own title, the flags --help shows, and none for hidden commands.
func TestManPages(t *testing.T) {
	root, out, _ := testRoot(t)
	dir := filepath.Join(t.TempDir(), "man1")
	root.SetArgs([]string{"man", "--dir", dir})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "Wrote ") {
		t.Errorf("learn man said %q", out.String())
	}
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("no page %s: %v", name, err)
		}
		// roff may escape a dash or not; read them all as dashes.
		return strings.ReplaceAll(string(b), `\-`, "-")
	}
	walk(root, func(c *cobra.Command) {
		page := read("learn-" + c.Name() + ".1")
		if !strings.Contains(page, `.TH "LEARN-`+strings.ToUpper(c.Name())+`"`) {
			t.Errorf("learn-%s.1 has not its own title:\n%s", c.Name(), firstLines(page, 3))
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && !strings.Contains(page, "--"+f.Name) {
				t.Errorf("learn-%s.1 does not document --%s", c.Name(), f.Name)
			}
		})
	})
	if top := read("learn.1"); !strings.Contains(top, "learn-recall(1)") {
		t.Errorf("learn.1 does not point to learn-recall(1):\n%s", top)
	}
	if _, err := os.Stat(filepath.Join(dir, "learn-man.1")); err == nil {
		t.Error("the hidden learn man has a page")
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
