package root

import (
	"fmt"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestEveryCommandHidesEverySpelling holds every command that checks a
// learning for a secret to the same spellings (secretstest.Spellings:
// each case, the long s, the Kelvin sign, fullwidth letters, set with "="
// or ":", quoted, in backticks, in a URL): store refuses each and leaves
// the file as it was, summarise warns about each, lint reports each, and
// no command that prints learnings (recall, search, show, stats,
// improve-docs, compact --dry-run, plain and JSON) prints one. The scanner
// read "paſſword: …" and "ｐａｓｓｗｏｒｄ＝…" as no secret at all, so every
// command let them through alike.
func TestEveryCommandHidesEverySpelling(t *testing.T) {
	sps, src := secretstest.Spellings(), secretstest.SpellingsMemory()
	leaks := func(args []string, out string) {
		t.Helper()
		for _, sp := range sps {
			if strings.Contains(out, sp.Secret) {
				t.Errorf("%v prints the secret of %s", args, sp.Name)
			}
		}
	}
	for _, args := range [][]string{
		{"recall", "--all"}, {"recall", "--all", "--json"}, {"recall", "--task", "deploy the password"},
		{"search", "deploy", "--limit", "0"}, {"search", "deploy", "--limit", "0", "--json"}, {"stats"}, {"stats", "--json"},
		{"improve-docs", "--limit", "0", "--max-chars", "0"}, {"improve-docs", "--limit", "0", "--max-chars", "0", "--json"},
		{"improve-docs", "--limit", "0", "--max-chars", "0", "--diff"},
		{"compact", "--dry-run", "--max-chars", "0"}, {"compact", "--dry-run", "--max-chars", "0", "--json"},
	} {
		e, _ := run(t, src, args...)
		leaks(args, e.Out.String()+e.Err.String())
	}
	for _, l := range learnings.Parse([]byte(src)).Learnings() {
		args := []string{"show", l.ID}
		e, err := run(t, src, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		leaks(args, e.Out.String()+e.Err.String())
	}
	for _, args := range [][]string{{"lint"}, {"lint", "--json"}} {
		e, _ := run(t, src, args...)
		out := e.Out.String() + e.Err.String()
		leaks(args, out)
		for i, sp := range sps {
			at := strings.Index(src, fmt.Sprintf("Deploy step %d: ", i))
			if line := fmt.Sprintf("memory-learnings.md:%d:", strings.Count(src[:at], "\n")+1); args[len(args)-1] == "lint" && !strings.Contains(out, line) {
				t.Errorf("lint reports no secret at %s (%s)", line, sp.Name)
			}
		}
	}
	var candidates strings.Builder
	candidates.WriteString("**Fresh Discoveries:**\n")
	for i, sp := range sps {
		fmt.Fprintf(&candidates, "- Rollout step %d: %s\n", i, sp.Text)
	}
	se := memviewtest.New(t, src)
	se.Factory.IO.In = strings.NewReader(candidates.String())
	_ = memviewtest.Execute(NewCmdRoot(se.Factory), se.Factory, "summarise", "--file", se.File, "-")
	summary := se.Out.String() + se.Err.String()
	leaks([]string{"summarise", "-"}, summary)
	if n := strings.Count(summary, " SECRET: contains "); n != len(sps) {
		t.Errorf("summarise warned of %d secrets in %d candidates, each with one:\n%s", n, len(sps), summary)
	}
	for _, sp := range sps {
		args := []string{"store", "--focus", "Deploy", "--discovery", "Rollout: " + sp.Text}
		e, err := run(t, src, args...)
		if err == nil || e.Content(t) != src {
			t.Errorf("store took the secret of %s (error %v)", sp.Name, err)
		}
		leaks(args[:3], e.Out.String()+e.Err.String()+fmt.Sprint(err))
	}
}
