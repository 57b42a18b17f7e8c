package root

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/templates"
)

// injected finds the commands a slash command file injects into the
// agent's prompt: the !`learn ...` lines, without their shell redirections.
var injected = regexp.MustCompile("!`learn ([^`<|]*?)\\s*</dev/null")

// agentRun are the previews the templates tell the agent to run with its
// bash tool, whose output lands in its context just the same. stdin is
// "candidates" for the generated candidate learnings.
var agentRun = []struct {
	args  []string
	stdin bool
}{
	{[]string{"compact", "--dry-run", "--max-chars", "4000"}, false},
	{[]string{"forget", "--dry-run", "--category", "Fresh Discoveries"}, false},
	{[]string{"summarise", "-"}, true},
	{[]string{"store", "--dry-run", "--focus", "budget"}, true},
}

// TestSlashCommandBudget runs every command a slash command injects, and
// the previews the templates have the agent run, on generated memories of
// 1 MB and 10 MB, and checks that each costs the agent at most
// cmdutil.InjectBudget characters whatever the size (stdout and stderr
// together, as the templates capture them with 2>&1).
func TestSlashCommandBudget(t *testing.T) {
	files, err := templates.Render(templates.Opencode)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, f := range files {
		for _, m := range injected.FindAllStringSubmatch(string(f.Data), -1) {
			cmds = append(cmds, m[1])
		}
	}
	if len(cmds) < 4 {
		t.Fatalf("found %d injected commands in the templates, want at least recall, summarise, forget and improve-docs: %q", len(cmds), cmds)
	}
	// 10 MB takes a minute on a loaded 2-core machine (improve-docs and
	// compact are linear but not yet fast), so it runs on request.
	sizes := []int{1 << 20}
	if os.Getenv("LEARN_BUDGET_10MB") == "1" {
		sizes = append(sizes, 10<<20)
	}
	for _, size := range sizes {
		dir := t.TempDir()
		file := filepath.Join(dir, ".tmp", "memory-learnings.md")
		src := memgen.Generate(1, size)
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		// Many candidates, as an agent's long session gives: the answers
		// list one line per candidate at most, capped where they list more.
		candidates := string(memgen.Candidates(src, 2, 40))
		run := func(fields []string, stdin string) {
			args := strings.Join(fields, " ")
			t.Run(fmt.Sprintf("%dMB/%s", size>>20, args), func(t *testing.T) {
				var out bytes.Buffer
				f := &cmdutil.Factory{
					IO:     &cmdutil.IO{In: strings.NewReader(stdin), Out: &out, Err: &out},
					Getenv: func(string) string { return "" },
					Getwd:  func() (string, error) { return dir, nil },
					Now:    func() time.Time { return time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC) },
				}
				cmd := NewCmdRoot(f)
				cmd.SetArgs(fields)
				if err := cmd.Execute(); err != nil {
					t.Fatalf("learn %s: %v\n%s", args, err, out.String())
				}
				t.Logf("learn %s on %d MB: %d bytes", args, size>>20, out.Len())
				if out.Len() > cmdutil.InjectBudget {
					t.Errorf("learn %s on a %d MB file printed %d bytes, over the %d budget; its end:\n%s",
						args, size>>20, out.Len(), cmdutil.InjectBudget, tail(out.String(), 600))
				}
				if out.Len() < 200 {
					t.Errorf("learn %s printed only %d bytes; the test would pass on a broken command:\n%s", args, out.Len(), out.String())
				}
			})
		}
		for _, c := range cmds {
			run(strings.Fields(c), "")
		}
		for _, c := range agentRun {
			in := ""
			if c.stdin {
				in = candidates
			}
			run(c.args, in)
		}
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
