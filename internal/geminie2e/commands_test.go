//go:build linux || darwin

package geminie2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// TestCommands: each /learning-* command reaches the model with learn's
// output where the template injects it, run by Gemini CLI's !{...} under the
// policy learn installs (gemini -p refuses a shell command that needs a
// confirmation), and the user's words arrive as typed, never in a shell.
func TestCommands(t *testing.T) {
	skipUnlessGemini(t)
	w := newWorld(t)
	proj := w.project(t, "cmds", memory)
	// Everything: learn's MCP server must not displace the commands.
	w.learn(t, proj, "install", "--agent", "gemini")

	pwned := filepath.Join(w.root, "pwned")
	cases := []struct {
		prompt string
		tag    string   // the section learn's output fills
		want   []string // in that section
		args   string   // the user's words, as the model must see them
	}{
		{"/learning-recall the retry backoff $(touch " + pwned + "); it's `id`", "project-memory", []string{"gateway-walrus", "make gen-zebra"},
			"Focus from the user (may be empty): the retry backoff $(touch " + pwned + "); it's `id`"},
		{"/learning-summarise", "project-memory-baseline", []string{"gateway-walrus"}, ""},
		{"/learning-forget the walrus one", "forget-preview", []string{"forget"}, "What the user said (may be empty): the walrus one"},
		{"/learning-improve-docs", "improve-docs-report", []string{"walrus"}, ""},
		{"/learning-store keep the zebra rule", "", nil, "Focus from the user (may be empty): keep the zebra rule"},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			tr := w.gemini(t, proj, c.prompt, "", nil)
			got := tr.first(t).contentsText()
			e2eutil.MustNotContain(t, "the command's prompt", got, "Blocked", "!{learn")
			if c.tag != "" && strings.Contains(got, "<"+c.tag+">") {
				section := e2eutil.Section(t, got, c.tag)
				e2eutil.MustContain(t, "<"+c.tag+">", section, c.want...)
				e2eutil.MustNotContain(t, "<"+c.tag+">", section, "learn failed", "command not found")
			} else if c.tag != "" && c.want != nil {
				t.Errorf("no <%s> section in:\n%s", c.tag, got)
			}
			if c.args != "" {
				e2eutil.MustContain(t, "the command's prompt", got, c.args)
			}
		})
	}
	if _, err := os.Stat(pwned); err == nil {
		t.Error("the user's words ran in a shell")
	}
	if readMemory(t, proj) != memory {
		t.Error("the commands changed the memory file")
	}
}
