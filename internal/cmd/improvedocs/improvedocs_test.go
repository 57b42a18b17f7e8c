package improvedocs

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

const readme = "# acme-sync\n\nA sync client for the Acme API.\n\n## Install\n\nRun `make install`.\n\n## Testing\n\n- Run `go test ./...` for the unit tests.\n- Integration tests need Docker.\n\n## License\n\nMIT\n"

const apiDoc = "# API client\n\n## Retries\n\nThe client retries failed requests with exponential backoff.\n\n## Authentication\n\nTokens come from the environment.\n"

// setup makes a project with a README, docs/api.md and the three-session
// memory file, and returns its directory.
func setup(t *testing.T, memory []byte) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{"README.md": readme, "docs/api.md": apiDoc}
	if memory != nil {
		files[memfile.DefaultRel] = string(memory)
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func execute(t *testing.T, dir string, args ...string) (string, string, error) {
	t.Helper()
	f, out, errb := memviewtest.Factory(dir, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), "")
	err := memviewtest.Execute(NewCmdImproveDocs(f, nil), f, args...)
	return out.String(), errb.String(), err
}

func memory(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "three-sessions.md"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReport(t *testing.T) {
	dir := setup(t, memory(t))
	out, _, err := execute(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"6×  README.md",
		"3×  docs/api.md",
		"Suggestions, most valuable first (5):",
		` 1. [User Corrections] Backoff must cap at 30 s`,
		`Add to docs/api.md, section "API client > Retries" (line 3)`,
		"      - Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.",
		`Add to README.md, section "acme-sync > Testing" (line 9)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "[User Corrections]") > strings.Index(out, "[Fresh Discoveries]") {
		t.Errorf("User Corrections should come before Fresh Discoveries:\n%s", out)
	}
}

func TestCoveredLearningIsReported(t *testing.T) {
	dir := setup(t, memory(t))
	extra := "\n## Integration\n\nIntegration tests need `DOCKER_HOST` unset on CI.\n"
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(readme+extra), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := execute(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Already in the docs (1):") || !strings.Contains(out, "covered by README.md:20") {
		t.Errorf("covered learning not reported with file and line:\n%s", out)
	}
	if strings.Contains(out, "] Integration tests need `DOCKER_HOST`") {
		t.Errorf("a covered learning is still suggested:\n%s", out)
	}
}

func TestDiffAppliesAndEditsNothing(t *testing.T) {
	dir := setup(t, memory(t))
	out, errOut, err := execute(t, dir, "--diff")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "README.md")); string(b) != readme {
		t.Errorf("--diff edited README.md")
	}
	if !strings.HasPrefix(out, "--- a/docs/api.md\n+++ b/docs/api.md\n@@ ") || !strings.Contains(out, "--- a/README.md\n+++ b/README.md\n") {
		t.Errorf("not a diff of the docs:\n%s", out)
	}
	if !strings.Contains(out, "\n+## Conventions\n") {
		t.Errorf("no new section for the learning without a home:\n%s", out)
	}
	if !strings.Contains(errOut, "5 additions suggested") {
		t.Errorf("stderr: %s", errOut)
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	cmd := exec.Command(git, "apply", "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\n%s", err, b, out)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "docs/api.md"))
	if !strings.Contains(string(b), "exponential backoff.\n\n- Backoff must cap at 30 s") {
		t.Errorf("applied doc:\n%s", b)
	}
}

func TestDiffNewFile(t *testing.T) {
	dir := t.TempDir()
	mem := "## [2026-11-22 10:00 UTC] - X\n\n**User Corrections:**\n- Always run the linter before pushing.\n"
	if err := os.MkdirAll(filepath.Join(dir, ".tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, memfile.DefaultRel), []byte(mem), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := execute(t, dir, "--diff")
	if err != nil {
		t.Fatal(err)
	}
	want := "--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1,5 @@\n+# AGENTS\n+\n+## Conventions\n+\n+- Always run the linter before pushing.\n"
	if out != want {
		t.Errorf("new-file diff:\n%s\nwant:\n%s", out, want)
	}
}

func TestLimitAndJSON(t *testing.T) {
	dir := setup(t, memory(t))
	out, _, err := execute(t, dir, "--limit", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "(showing 2 of 5)") || !strings.Contains(out, "3 more suggestions: learn improve-docs --limit 0") {
		t.Errorf("limit not reported:\n%s", out)
	}
	out, _, err = execute(t, dir, "--json", "--limit", "2", "--diff")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Docs        []struct{ Path string }
		Suggestions []struct {
			Category   string
			Example    string
			Suggestion struct{ Path, Heading string }
		}
		More int `json:"more_suggestions"`
		Diff string
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(rep.Suggestions) != 2 || rep.More != 3 || rep.Docs[0].Path != "README.md" || rep.Suggestions[0].Suggestion.Path != "docs/api.md" || rep.Diff == "" {
		t.Errorf("unexpected JSON report: %+v", rep)
	}
}

func TestNoLearnings(t *testing.T) {
	for name, mem := range map[string][]byte{"missing file": nil, "empty file": {}} {
		t.Run(name, func(t *testing.T) {
			out, _, err := execute(t, setup(t, mem))
			if err != nil || !strings.Contains(out, "No learnings yet") {
				t.Errorf("got %q, %v", out, err)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	_, _, err := execute(t, t.TempDir(), "--limit", "-3")
	if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("--limit -3: exit %d, want 2", cmdutil.ExitCode(err))
	}
}

// TestNoSupersededLearning: a learning replaced on purpose is an old, wrong
// fact; improve-docs never offers it for the docs, in the report, the diff
// or --json, whichever way its note is written.
func TestNoSupersededLearning(t *testing.T) {
	superseded := []string{
		"~~Backoff caps at 10 s.~~ (superseded by l1a2b3c4 on 2026-11-23)",
		"~~Integration tests run against the shared staging API.~~ - outdated",
		"~~Tokens are read from ~/.acme/token.~~ (obsolete)",
		"~~The client retries POST requests too.~~ replaced by the idempotency rule",
		"~~Run the linter with `golint ./...`.~~",
	}
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n## [2026-11-22 14:05 UTC] - Retry logic\n**Project**: acme-sync\n**Documentation Seen**: `README.md`, `docs/api.md`\n\n### Learnings\n\n**User Corrections:**\n")
	b.WriteString("- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n")
	for _, s := range superseded {
		b.WriteString("- " + s + "\n")
	}
	b.WriteString("\n---\n")
	dir := setup(t, []byte(b.String()))
	for _, args := range [][]string{{"--limit", "0", "--max-chars", "0"}, {"--diff", "--limit", "0"}, {"--json", "--limit", "0"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, _, err := execute(t, dir, args...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "Backoff must cap at 30 s") {
				t.Errorf("the live learning is missing:\n%s", out)
			}
			for _, s := range superseded {
				inner := s[2 : strings.Index(s[2:], "~~")+2]
				if strings.Contains(out, inner) {
					t.Errorf("offers the superseded %q:\n%s", inner, out)
				}
			}
			if args[0] == "--json" {
				var rep struct {
					Learnings int `json:"learnings"`
				}
				if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Learnings != 1 {
					t.Errorf("learnings = %d (%v), want the one live learning", rep.Learnings, err)
				}
			}
		})
	}
}
