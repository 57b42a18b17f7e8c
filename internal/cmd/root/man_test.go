package root

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
	"github.com/spf13/pflag"

	"github.com/learn-memory/learn/internal/cmd/man"
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

// escapeAngles escapes the "<" of what looks like an HTML tag in every
// command's Long, outside code blocks, for the generator, which reads Long as
// Markdown and drops such tags: store's "<private>...</private>" spans
// vanished from learn-store.1. The help text itself keeps the plain "<".
func escapeAngles(c *cobra.Command) {
	lines := strings.Split(c.Long, "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "    ") {
			lines[i] = angleTag.ReplaceAllString(line, `\$0`)
		}
	}
	c.Long = strings.Join(lines, "\n")
	for _, sub := range c.Commands() {
		escapeAngles(sub)
	}
}

// checkTagsKept fails when a "<word>" of a command's help is missing from its
// generated page.
func checkTagsKept(t *testing.T, c *cobra.Command, dir string) {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(dir, strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"))
	if err == nil {
		for _, tag := range angleTag.FindAllString(strings.ReplaceAll(c.Long, `\<`, "<"), -1) {
			if !bytes.Contains(page, []byte(tag)) {
				t.Errorf("the page of %q drops %s from its help", c.CommandPath(), tag)
			}
		}
	}
	for _, sub := range c.Commands() {
		checkTagsKept(t, sub, dir)
	}
}

var angleTag = regexp.MustCompile(`</?[a-z]+>`)

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

var updateMan = flag.Bool("update", false, "rewrite the embedded manual pages in internal/cmd/man/pages")

// TestManPagesFresh: the manual pages embedded in learn are what cobra's
// generator makes of the command tree now, so they say what --help says;
// -update rewrites them after a change to a command's help.
func TestManPagesFresh(t *testing.T) {
	root, _, _ := testRoot(t)
	root.DisableAutoGenTag = true
	escapeAngles(root)
	dir := t.TempDir()
	// The header "learn man" wrote when it ran the generator itself.
	header := &doc.GenManHeader{Section: "1", Source: "learn", Manual: "learn manual", Date: &man.PageDate}
	if err := doc.GenManTree(root, header, dir); err != nil {
		t.Fatal(err)
	}
	const embedded = "../man/pages"
	if *updateMan {
		old, _ := filepath.Glob(filepath.Join(embedded, "*.1"))
		for _, p := range old {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkTagsKept(t, root, dir)
	fresh, _ := filepath.Glob(filepath.Join(dir, "*.1"))
	for _, p := range fresh {
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		if !bytes.Contains(want, []byte(`" "1" "`+man.PageDate.Format("Jan 2006")+`" "learn" "learn manual"`)) {
			t.Errorf("%s: no .TH line with the date learn man replaces:\n%s", name, firstLines(string(want), 3))
		}
		if *updateMan {
			if err := os.WriteFile(filepath.Join(embedded, name), want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(filepath.Join(embedded, name))
		if err != nil {
			t.Errorf("%s is not embedded (run go test ./internal/cmd/root -run TestManPagesFresh -update): %v", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("internal/cmd/man/pages/%s is stale: run go test ./internal/cmd/root -run TestManPagesFresh -update", name)
		}
	}
	old, _ := filepath.Glob(filepath.Join(embedded, "*.1"))
	if len(old) != len(fresh) {
		t.Errorf("%d pages embedded, the command tree has %d: run go test ./internal/cmd/root -run TestManPagesFresh -update", len(old), len(fresh))
	}
}
