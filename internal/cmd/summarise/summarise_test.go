package summarise

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings/docs"
)

func summarise(t testing.TB, dir, stdin string, args ...string) (string, string, error) {
	t.Helper()
	f, out, errb := memviewtest.Factory(dir, time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC), stdin)
	err := memviewtest.Execute(NewCmdSummarise(f, nil), f, args...)
	return out.String(), errb.String(), err
}

const memoryFile = `## Consolidated Learnings

**User Corrections:**
- Run make gen before go test; generated files are not committed.

---

## Recent Sessions

## [2026-11-22 14:05 UTC] - Retry logic
**Project**: acme-sync
**Documentation Seen**: README.md, docs/api.md#retries

### Learnings

**User Corrections:**
- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.

---

## [2026-11-20 10:00 UTC] - Docs
**Project**: acme-sync
**Documentation Seen**: README.md

### Learnings

**Fresh Discoveries:**
- The staging database is reset every night at 02:00 UTC.

---
`

const readme = `# acme-sync

## Development

Install the pre-commit hooks with ` + "`make hooks`" + ` before the first commit; the hooks run gofmt and the linters on every commit.
`

func newProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for path, content := range map[string]string{
		".git/HEAD":                "ref: refs/heads/main\n",
		".tmp/memory-learnings.md": memoryFile,
		"README.md":                readme,
		"internal/notes/unread.md": "# never read\n",
	} {
		full := filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBaseline(t *testing.T) {
	dir := newProject(t)
	before, _ := os.ReadFile(filepath.Join(dir, ".tmp/memory-learnings.md"))
	out, _, err := summarise(t, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Baseline", "Backoff must cap at 30 s", "# Project documentation", "- README.md", "README.md (2)", "All 3 learnings are shown."} {
		if !strings.Contains(out, want) {
			t.Errorf("baseline lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "unread.md") {
		t.Errorf("baseline lists a file outside the documentation set:\n%s", out)
	}
	after, _ := os.ReadFile(filepath.Join(dir, ".tmp/memory-learnings.md"))
	if !bytes.Equal(before, after) {
		t.Error("summarise changed the memory file")
	}
}

func TestBaselineMissingFile(t *testing.T) {
	dir := t.TempDir()
	out, _, err := summarise(t, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "No learnings stored yet") {
		t.Errorf("stdout = %q", out)
	}
}

func TestVerdicts(t *testing.T) {
	dir := newProject(t)
	candidates := `**User Corrections:**
- Backoff must cap at 30 s because the API gateway drops idle connections at 60 s.
- Install the pre-commit hooks with make hooks before the first commit; they run gofmt and the linters.

**Fresh Discoveries:**
- The sync worker batches writes in groups of 500 rows to stay under the lock timeout.
- The sync worker batches writes in groups of 500 rows to stay under the lock timeout.
- Deploy with the token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB from the vault.
`
	out, _, err := summarise(t, dir, candidates, "-", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got ops.CheckResult
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Candidates != 5 || got.Compared != 3 {
		t.Errorf("candidates %d compared %d, want 5 and 3", got.Candidates, got.Compared)
	}
	want := []string{VerdictDuplicate, VerdictDocumented, VerdictNew, VerdictDuplicate, VerdictNew}
	for i, v := range got.Verdicts {
		if v.Verdict != want[i] {
			t.Errorf("candidate %d: %s, want %s (%+v)", i+1, v.Verdict, want[i], v)
		}
	}
	if v := got.Verdicts[0]; v.DuplicateOf == nil || v.DuplicateOf.ID == "" || v.DuplicateOf.Session == nil || v.DuplicateOf.Session.Stamp != "2026-11-22 14:05 UTC" || v.Score < 0.7 {
		t.Errorf("duplicate lacks its stored learning: %+v", v)
	}
	if v := got.Verdicts[1]; v.DocumentedIn == nil || v.DocumentedIn.Path != "README.md" || v.DocumentedIn.Line == 0 {
		t.Errorf("documented lacks file and line: %+v", v)
	}
	if v := got.Verdicts[3]; v.DuplicateOfCandidate != 3 {
		t.Errorf("repeat lacks the earlier candidate: %+v", v)
	}
	if v := got.Verdicts[4]; len(v.Secrets) == 0 || strings.Contains(v.Text, "ghp_") {
		t.Errorf("secret not flagged or not masked: %+v", v)
	}

	text, _, err := summarise(t, dir, candidates, "-")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Checked 5 candidates against 3 stored learnings", "1 documentation file: README.md", "1. DUPLICATE", "3. NEW", "2. ALREADY DOCUMENTED", "README.md:", "SECRET", "2 new, 0 updates, 2 duplicate, 1 already documented"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "ghp_0123") {
		t.Errorf("report prints the secret:\n%s", text)
	}
}

func TestSummariseUsage(t *testing.T) {
	dir := newProject(t)
	for _, tt := range []struct {
		name, stdin string
		args        []string
	}{
		{"unknown argument", "", []string{"candidates.md"}},
		{"no candidates", "", []string{"-"}},
		{"two arguments", "", []string{"-", "-"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := summarise(t, dir, tt.stdin, tt.args...)
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
				t.Errorf("exit %d (%v), want 2", cmdutil.ExitCode(err), err)
			}
		})
	}
}

// BenchmarkCandidates checks 8 candidates, a third of them near duplicates,
// against a 1 MB file and the project's docs.
func BenchmarkCandidates(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			dir := b.TempDir()
			src := memgen.Generate(1, size)
			for path, content := range map[string][]byte{".git/HEAD": []byte("ref: refs/heads/main\n"), ".tmp/memory-learnings.md": src, "README.md": []byte(readme)} {
				full := filepath.Join(dir, path)
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(full, content, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			cands := string(memgen.Candidates(src, 2, 8))
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, _, err := summarise(b, dir, cands, "-"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestDocsCapIsReported(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "docs", "deep")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range docs.MaxDocs + 5 {
		name := filepath.Join(deep, fmt.Sprintf("d%03d.md", i))
		if err := os.WriteFile(name, []byte("# Doc\n\nSome text.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths, err := docs.Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	total := docs.Total(root, paths)
	if len(paths) != docs.MaxDocs || total != docs.MaxDocs+5 {
		t.Fatalf("found %d of %d, want %d of %d", len(paths), total, docs.MaxDocs, docs.MaxDocs+5)
	}
	want := fmt.Sprintf("checked %d of %d documentation files", docs.MaxDocs, docs.MaxDocs+5)
	if got := capNote(len(paths), total); !strings.Contains(got, want) {
		t.Errorf("capNote = %q, want it to contain %q", got, want)
	}
	if got := capNote(3, 3); got != "" {
		t.Errorf("capNote(3, 3) = %q, want nothing when all were read", got)
	}
}

// TestReportNeutralisesControls holds the text report to what recall
// shows of a learning: a candidate's preview and the words an update
// changed (some of them the stored learning's, from the file) print their
// terminal controls and bidi overrides neutralised, never raw.
func TestReportNeutralisesControls(t *testing.T) {
	dir := t.TempDir()
	mem := "## [2026-11-20 10:00 UTC] - Cache work\n\n### Learnings\n\n**Fresh Discoveries:**\n- The cache TTL is \u202e30s\u202c in staging, set by the ops team.\n"
	if err := os.WriteFile(filepath.Join(dir, "memory.md"), []byte(mem), 0o644); err != nil {
		t.Fatal(err)
	}
	cand := "**Fresh Discoveries:**\n- The cache TTL is 60s\x1b]0;title\x07 in staging, set by the ops team.\n"
	f, out, _ := memviewtest.Factory(dir, time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC), cand)
	f.FileFlag = filepath.Join(dir, "memory.md")
	err := memviewtest.Execute(NewCmdSummarise(f, nil), f, "-")
	text := out.String()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "UPDATE of") {
		t.Fatalf("no update reported: %q", text)
	}
	for _, raw := range []string{"\x1b", "\x07", "\u202e", "\u202c"} {
		if strings.Contains(text, raw) {
			t.Errorf("the report prints %q raw: %q", raw, text)
		}
	}
}

// TestJSONChangesCleanStoredText checks that the words an update changed,
// partly the stored learning's, leave the operation cleaned as all text
// from the file does (ops.Clean), so --json and every front end get them
// without a bidi override, not only the text report.
func TestJSONChangesCleanStoredText(t *testing.T) {
	dir := t.TempDir()
	mem := "## [2026-11-20 10:00 UTC] - Cache work\n\n### Learnings\n\n**Fresh Discoveries:**\n- The cache TTL is \u202e30s\u202c in staging, set by the ops team.\n"
	if err := os.WriteFile(filepath.Join(dir, "memory.md"), []byte(mem), 0o644); err != nil {
		t.Fatal(err)
	}
	cand := "**Fresh Discoveries:**\n- The cache TTL is 60s in staging, set by the ops team.\n"
	f, out, _ := memviewtest.Factory(dir, time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC), cand)
	f.FileFlag = filepath.Join(dir, "memory.md")
	if err := memviewtest.Execute(NewCmdSummarise(f, nil), f, "--json", "-"); err != nil {
		t.Fatal(err)
	}
	var res ops.CheckResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("decode %q: %v", out.String(), err)
	}
	updates := 0
	for _, v := range res.Verdicts {
		if v.UpdateOf == nil {
			continue
		}
		updates++
		if len(v.Changes) == 0 {
			t.Errorf("update %d has no changes", v.Number)
		}
		for _, c := range v.Changes {
			if strings.ContainsAny(c.Old+c.New, "\u202e\u202c") {
				t.Errorf("change %q -> %q carries a bidi override from the file", c.Old, c.New)
			}
		}
	}
	if updates == 0 {
		t.Fatalf("no update reported: %s", out.String())
	}
}
