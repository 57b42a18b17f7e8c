package recall

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

func recall(t *testing.T, dir string, args ...string) (string, string, error) {
	t.Helper()
	f, out, errb := memviewtest.Factory(dir, time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC), "")
	err := memviewtest.Execute(NewCmdRecall(f, nil), f, args...)
	return out.String(), errb.String(), err
}

func project(t *testing.T, content string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if content != "" {
		writeMemory(t, dir, content)
	}
	return dir
}

func writeMemory(t *testing.T, dir, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, ".tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".tmp", "memory-learnings.md"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const sample = `## Consolidated Learnings

**User Corrections:**
- Run make gen before go test; generated files are not committed.

---

## Recent Sessions

## [2026-11-22 14:05 UTC] - Retry logic
**Project**: acme-sync
**Documentation Seen**: README.md

### Learnings

**Fresh Discoveries:**
- client.Do retries only idempotent methods; POST needs an Idempotency-Key header.

**User Corrections:**
- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.

---
`

func TestRecall(t *testing.T) {
	tests := []struct {
		name    string
		content string
		args    []string
		exit    int
		out     []string
		notOut  []string
		stderr  []string
	}{
		{name: "missing file", out: []string{"No learnings yet", "first session"}},
		{name: "empty file", content: "\n", out: []string{"No learnings yet", "holds no learnings"}},
		{name: "priority order", content: sample, out: []string{"## User Corrections\n\n- Backoff must cap", "All 3 learnings are shown."}},
		{name: "category filter", content: sample, args: []string{"--category", "discoveries"}, out: []string{"client.Do"}, notOut: []string{"Backoff"}},
		{name: "budget too small", content: sample, args: []string{"--max-chars", "10"}, exit: cmdutil.ExitUsage},
		{name: "all with max-chars", content: sample, args: []string{"--all", "--max-chars", "5000"}, exit: cmdutil.ExitUsage},
		{name: "arguments refused", content: sample, args: []string{"extra"}, exit: cmdutil.ExitUsage},
		{name: "problems on stderr", content: sample + "\n```go\nnever closed\n", stderr: []string{".tmp/memory-learnings.md:"}, out: []string{"Backoff"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := project(t, tt.content)
			out, stderr, err := recall(t, dir, tt.args...)
			if got := cmdutil.ExitCode(err); got != tt.exit {
				t.Fatalf("exit %d (%v), want %d", got, err, tt.exit)
			}
			for _, want := range tt.out {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q:\n%s", want, out)
				}
			}
			for _, bad := range tt.notOut {
				if strings.Contains(out, bad) {
					t.Errorf("stdout has %q:\n%s", bad, out)
				}
			}
			for _, want := range tt.stderr {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
		})
	}
}

func TestRecallSizeWarnings(t *testing.T) {
	tests := []struct {
		size int
		want string
	}{
		{200_000, ""},
		{800_000, "approaching the 1 MB limit"},
		{1_200_000, "over the 1 MB limit"},
	}
	for _, tt := range tests {
		dir := project(t, string(memgen.Generate(3, tt.size)))
		out, stderr, err := recall(t, dir)
		if err != nil {
			t.Fatal(err)
		}
		if tt.want == "" && strings.Contains(stderr, "compact") || tt.want != "" && !strings.Contains(stderr, tt.want) {
			t.Errorf("%d bytes: stderr = %q, want %q", tt.size, stderr, tt.want)
		}
		if len(out) > 3*6000 {
			t.Errorf("%d bytes: recall printed %d bytes", tt.size, len(out))
		}
	}
}

func TestRecallByteStable(t *testing.T) {
	dir := project(t, string(memgen.Generate(5, 300_000)))
	first, _, err := recall(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		again, _, _ := recall(t, dir)
		if again != first {
			t.Fatal("recall of the same file differs between runs")
		}
	}
}

func TestRecallJSON(t *testing.T) {
	dir := project(t, sample)
	out, _, err := recall(t, dir, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Exists    bool
		Total     int
		Learnings []struct {
			ID, Category, Text string
			Session            *struct{ Stamp, Focus string }
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !got.Exists || got.Total != 3 || len(got.Learnings) != 3 {
		t.Fatalf("json = %+v", got)
	}
	first := got.Learnings[0]
	if first.Category != "User Corrections" || first.ID == "" || first.Session == nil || first.Session.Stamp != "2026-11-22 14:05 UTC" {
		t.Errorf("first learning = %+v", first)
	}
	if got.Learnings[1].Session != nil {
		t.Errorf("Consolidated learning has a session: %+v", got.Learnings[1])
	}
}
