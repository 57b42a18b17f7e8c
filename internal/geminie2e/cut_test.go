//go:build linux || darwin

package geminie2e

import (
	"fmt"
	"html"
	"path/filepath"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/e2eutil"
)

// cutRuns bounds the runs of one command in TestCutCommandOutputs: Gemini
// cut the output in about half of the runs seen.
const cutRuns = 3

// TestCutCommandOutputs: Gemini CLI 0.61.0 often keeps only the first 4 KB
// of a !{...} output, /learning-summarise's baseline and
// /learning-improve-docs' report included (both over 6 KB here). In every
// run the model gets all of learn's output: whole in the command's section,
// or cut there and the rest, from the line where Gemini cut it, added by
// learn's prompt hook. The runs stop at the first cut
// one; a client that never cut them is logged, not failed.
func TestCutCommandOutputs(t *testing.T) {
	skipUnlessGemini(t)
	w := newWorld(t)
	proj := w.project(t, "cut", longMemory())
	for i := 0; i < 26; i++ {
		e2eutil.WriteFile(t, filepath.Join(proj, "docs", fmt.Sprintf("guide-%c.md", 'a'+i)), "# Guide\n\n## Logging\n\nPackages log through their logger.\n")
	}
	w.learn(t, proj, "install", "--agent", "gemini")
	for _, c := range []struct {
		prompt, tag string
		args        []string
	}{
		{"/learning-summarise", "project-memory-baseline", []string{"summarise"}},
		{"/learning-improve-docs", "improve-docs-report", []string{"improve-docs", "--max-chars", "6000"}},
	} {
		t.Run(c.prompt, func(t *testing.T) {
			full := w.learn(t, proj, c.args...)
			if len(full) < 6000 {
				t.Fatalf("learn %s prints %d bytes, too few for Gemini to cut", strings.Join(c.args, " "), len(full))
			}
			last := full[strings.LastIndexByte(strings.TrimSuffix(full, "\n"), '\n')+1:]
			for run := 1; run <= cutRuns; run++ {
				got := w.gemini(t, proj, c.prompt, "", nil).first(t).allText()
				section := e2eutil.Section(t, got, c.tag)
				for _, line := range strings.Split(full, "\n") {
					if !strings.Contains(got, line) {
						t.Fatalf("run %d: the request lacks %q of learn %s's output:\n%s", run, line, c.args[0], got)
					}
				}
				if strings.Contains(section, strings.TrimSpace(last)) {
					e2eutil.MustNotContain(t, "a whole output's request", got, "was cut short by the client")
					t.Logf("run %d: Gemini kept all %d bytes", run, len(full))
					continue
				}
				held := strings.TrimSuffix(section[:strings.LastIndex(section, "\n[Shell command '")], "\n")
				cut := strings.LastIndexByte(full[:len(held)], '\n') + 1
				want := fmt.Sprintf("in the %s section above was cut short by the client; this is the rest of it, from the last line it shows:\n\n%s", c.tag, full[cut:])
				// Gemini escapes < and > in a hook's context ("Guide &gt; Logging").
				e2eutil.MustContain(t, "the hook's addition", html.UnescapeString(got), want)
				t.Logf("run %d: Gemini kept %d of %d bytes; the hook added the rest", run, len(held), len(full))
				return
			}
			t.Logf("Gemini cut none of %d runs", cutRuns)
		})
	}
}

// TestShortOutputsArriveWhole: Gemini CLI cuts a !{...} output only after
// whole 4095-byte reads of its terminal (each newline two bytes there), so
// learn's prompt hook runs no learn command again for a shorter section
// (hook.mayBeCut). This checks the fact the rule rests on, through the real
// client: /learning-summarise's baseline just under one read arrives whole,
// run after run, and the hook adds nothing to it.
func TestShortOutputsArriveWhole(t *testing.T) {
	skipUnlessGemini(t)
	w := newWorld(t)
	proj := w.project(t, "short", "")
	e2eutil.WriteFile(t, filepath.Join(proj, "docs", "guide.md"), "# Guide\n\n## Logging\n\nPackages log through their logger.\n")
	w.learn(t, proj, "install", "--agent", "gemini")
	// Sessions are added until the baseline is just under one read.
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	full := ""
	for i := 0; ; i++ {
		fmt.Fprintf(&b, "## [2026-11-%02d %02d:%02d UTC] - Maintenance %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", 21-i/10, 10+i%10, i%60, i)
		fmt.Fprintf(&b, "- Convention %d: package p%d logs through logger L%d and never prints to stdout directly.\n\n---\n\n", i, i, i)
		e2eutil.WriteFile(t, filepath.Join(proj, ".tmp", "memory-learnings.md"), b.String())
		out := strings.TrimRight(w.learn(t, proj, "summarise"), "\n")
		if len(out)+strings.Count(out, "\n") >= 4095 {
			break
		}
		full = out
	}
	e2eutil.WriteFile(t, filepath.Join(proj, ".tmp", "memory-learnings.md"), b.String()[:strings.LastIndex(b.String(), "## [")])
	if n := len(full) + strings.Count(full, "\n"); n < 3800 {
		t.Fatalf("learn summarise prints %d bytes on a terminal; the test wants just under one read of 4095", n)
	}
	for run := 1; run <= 3; run++ {
		got := w.gemini(t, proj, "/learning-summarise", "", nil).first(t).allText()
		section := e2eutil.Section(t, got, "project-memory-baseline")
		if held := section[:strings.LastIndex(section, "\n[Shell command '")]; held != full {
			t.Fatalf("run %d: Gemini kept %d of the baseline's %d bytes: the hook's rule that shorter outputs arrive whole no longer holds", run, len(held), len(full))
		}
		e2eutil.MustNotContain(t, "a whole output's request", got, "was cut short by the client")
	}
}
