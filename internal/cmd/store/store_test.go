package store

import (
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
	"github.com/learn-memory/learn/learnings"
)

// fixedNow is the clock of every test: stamps read 2026-11-22 14:05 UTC.
var fixedNow = time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)

type harness struct {
	dir  string
	file string
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "acme-sync")
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return &harness{dir: dir, file: filepath.Join(dir, ".tmp", "memory-learnings.md")}
}

// store runs "learn store args..." in-process with stdin.
func (h *harness) store(t testing.TB, stdin string, args ...string) (string, string, error) {
	t.Helper()
	f, out, errb := memviewtest.Factory(h.dir, fixedNow, stdin)
	err := memviewtest.Execute(NewCmdStore(f, nil), f, args...)
	return out.String(), errb.String(), err
}

func (h *harness) read(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(h.file)
	if os.IsNotExist(err) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const twoLearnings = `**User Corrections:**
- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.

### Fresh Discoveries
- client.Do retries only idempotent methods; POST needs an Idempotency-Key header.
`

func TestStoreWritesSession(t *testing.T) {
	h := newHarness(t)
	out, _, err := h.store(t, twoLearnings, "--focus", "Retry logic", "--docs", "README.md,docs/api.md#retries")
	if err != nil {
		t.Fatal(err)
	}
	file := h.read(t)
	for _, want := range []string{
		"## [2026-11-22 14:05 UTC] - Retry logic",
		"**Project**: acme-sync",
		"README.md",
		"docs/api.md#retries",
		"- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.",
		"- client.Do retries only idempotent methods; POST needs an Idempotency-Key header.",
	} {
		if !strings.Contains(file, want) {
			t.Errorf("file lacks %q:\n%s", want, file)
		}
	}
	doc := learnings.Parse([]byte(file))
	if len(doc.Sessions) != 1 || len(doc.Problems) != 0 {
		t.Errorf("file reads back as %d sessions with problems %v", len(doc.Sessions), doc.Problems)
	}
	if !strings.Contains(out, "Stored 2 learnings in .tmp/memory-learnings.md") {
		t.Errorf("stdout = %q", out)
	}
	if _, err := os.Stat(filepath.Join(h.dir, ".tmp", ".gitignore")); err != nil {
		t.Errorf(".tmp/.gitignore: %v", err)
	}
}

func TestStoreNewestFirst(t *testing.T) {
	h := newHarness(t)
	if _, _, err := h.store(t, twoLearnings, "--focus", "First"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := h.store(t, "", "--focus", "Second", "--preference", "The user wants answers without closing summaries."); err != nil {
		t.Fatal(err)
	}
	file := h.read(t)
	if strings.Index(file, "- Second") > strings.Index(file, "- First") {
		t.Errorf("second session is not first:\n%s", file)
	}
}

func TestStoreRefusals(t *testing.T) {
	const secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
	tests := []struct {
		name     string
		stdin    string
		args     []string
		exit     int
		errHas   []string
		wantFile bool
	}{
		{"focus missing", twoLearnings, nil, cmdutil.ExitUsage, []string{"--focus is required"}, false},
		{"empty stdin", "", []string{"--focus", "x"}, cmdutil.ExitUsage, []string{"no learnings", "**User Corrections:**"}, false},
		{"text outside a category", "just some prose\n", []string{"--focus", "x"}, cmdutil.ExitUsage, nil, false},
		{"docs with content", twoLearnings, []string{"--focus", "x", "--docs", "README.md\nthe retry section says backoff caps"}, cmdutil.ExitUsage, []string{"references"}, false},
		{"docs too long", twoLearnings, []string{"--focus", "x", "--docs", "the whole retry section explains that backoff caps at thirty seconds for every client"}, cmdutil.ExitUsage, []string{"not content"}, false},
		{"multi-line focus", twoLearnings, []string{"--focus", "a\nb"}, cmdutil.ExitUsage, []string{"one line"}, false},
		{"secret in a learning", "**Fresh Discoveries:**\n- Deploys use the token " + secret + " from the vault.\n", []string{"--focus", "Deploys"}, cmdutil.ExitRefused, []string{"learning 1", "Fresh Discoveries", "nothing was written"}, false},
		{"secret by flag", "", []string{"--focus", "Deploys", "--discovery", "ok text", "--correction", "export GITHUB_TOKEN=" + secret}, cmdutil.ExitRefused, []string{"learning 2"}, false},
		{"secret in focus", twoLearnings, []string{"--focus", "token " + secret}, cmdutil.ExitRefused, []string{"--focus"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			_, _, err := h.store(t, tt.stdin, tt.args...)
			if got := cmdutil.ExitCode(err); got != tt.exit {
				t.Fatalf("exit %d (%v), want %d", got, err, tt.exit)
			}
			for _, want := range tt.errHas {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error lacks %q:\n%v", want, err)
				}
			}
			if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), secret[4:]) {
				t.Errorf("error prints the secret: %v", err)
			}
			if got := h.read(t); got != "" {
				t.Errorf("file written on refusal:\n%s", got)
			}
		})
	}
}

func TestStoreRefusesWithoutTouchingExistingFile(t *testing.T) {
	h := newHarness(t)
	if _, _, err := h.store(t, twoLearnings, "--focus", "First"); err != nil {
		t.Fatal(err)
	}
	before := h.read(t)
	_, _, err := h.store(t, "**User Corrections:**\n- Connect with postgres://admin:S3cr3tPassw0rd@db.internal:5432/app\n", "--focus", "DB")
	if cmdutil.ExitCode(err) != cmdutil.ExitRefused {
		t.Fatalf("exit %d (%v), want 3", cmdutil.ExitCode(err), err)
	}
	if strings.Contains(err.Error(), "S3cr3tPassw0rd") {
		t.Errorf("error prints the password: %v", err)
	}
	if after := h.read(t); after != before {
		t.Errorf("file changed on refusal")
	}
}

func TestStorePrivateStripped(t *testing.T) {
	h := newHarness(t)
	_, stderr, err := h.store(t, "**Fresh Discoveries:**\n- The staging host is reached through the bastion <private>at 10.1.2.3 with key ops-key</private> on port 2222.\n", "--focus", "Staging")
	if err != nil {
		t.Fatal(err)
	}
	file := h.read(t)
	if strings.Contains(file, "10.1.2.3") || strings.Contains(file, "private>") {
		t.Errorf("private span reached the file:\n%s", file)
	}
	if !strings.Contains(file, "bastion") || !strings.Contains(stderr, "1 <private> span") {
		t.Errorf("file or stderr unexpected:\n%s\n%s", file, stderr)
	}
}

func TestStoreSkipsDuplicates(t *testing.T) {
	h := newHarness(t)
	if _, _, err := h.store(t, twoLearnings, "--focus", "First"); err != nil {
		t.Fatal(err)
	}
	before := h.read(t)
	out, _, err := h.store(t, twoLearnings, "--focus", "Again")
	if err != nil {
		t.Fatal(err)
	}
	if after := h.read(t); after != before {
		t.Errorf("all-duplicate store changed the file:\n%s", after)
	}
	if !strings.Contains(out, "Nothing stored: all 2 learnings are already in") || !strings.Contains(out, "2026-11-22 14:05 UTC") {
		t.Errorf("stdout = %q", out)
	}

	near := "**User Corrections:**\n- Backoff must cap at 30 s, since the API gateway drops idle connections at 60 s.\n- Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.\n\n**New Requirements:**\n- Every release needs a signed tag.\n- Every release needs a signed tag.\n"
	out, _, err = h.store(t, near, "--focus", "Near")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Stored 1 learning") || strings.Count(out, "is the same as [") != 2 || !strings.Contains(out, "repeats learning 3") {
		t.Errorf("stdout = %q", out)
	}
	if n := strings.Count(h.read(t), "Every release needs a signed tag."); n != 1 {
		t.Errorf("repeated input learning stored %d times", n)
	}
}

func TestStoreDryRunAndJSON(t *testing.T) {
	h := newHarness(t)
	out, _, err := h.store(t, twoLearnings, "--focus", "Dry", "--dry-run")
	if err != nil {
		t.Fatal(err)
	}
	if h.read(t) != "" {
		t.Error("dry run wrote the file")
	}
	if !strings.Contains(out, "Dry run") || !strings.Contains(out, "## [2026-11-22 14:05 UTC] - Dry") {
		t.Errorf("stdout = %q", out)
	}

	out, _, err = h.store(t, twoLearnings, "--focus", "Wet", "--project-name", "other", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Written bool
		Stamp   string
		Project string
		Stored  []struct{ ID, Category, Text string }
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !got.Written || got.Stamp != "2026-11-22 14:05 UTC" || got.Project != "other" || len(got.Stored) != 2 || got.Stored[0].ID == "" {
		t.Errorf("json = %+v", got)
	}
	doc := learnings.Parse([]byte(h.read(t)))
	for _, s := range got.Stored {
		if l := findLearning(doc, s.ID); l == nil || l.Text != s.Text {
			t.Errorf("reported ID %s is not the stored learning's: %+v", s.ID, l)
		}
	}
}

func TestStoreQualityWarnings(t *testing.T) {
	h := newHarness(t)
	_, stderr, err := h.store(t, "**Fresh Discoveries:**\n- Tests pass now after commit 3f9a2c1b7d.\n", "--focus", "Fixes")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "warning: learning 1") {
		t.Errorf("no quality warning on stderr: %q", stderr)
	}
	if !strings.Contains(h.read(t), "Tests pass now") {
		t.Error("a warned learning must still be stored")
	}
}

// BenchmarkStore stores a few new learnings into a 1 MB file per iteration:
// lock, re-read, parse, dedup against every stored learning, insert, write.
func BenchmarkStore(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			h := newHarness(b)
			if err := os.MkdirAll(filepath.Dir(h.file), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(h.file, memgen.Generate(1, size), 0o644); err != nil {
				b.Fatal(err)
			}
			inputs := make([]string, 64)
			for i := range inputs {
				inputs[i] = string(memgen.Learnings(int64(1000+i), 3))
			}
			b.SetBytes(int64(size))
			i := 0
			for b.Loop() {
				if _, _, err := h.store(b, inputs[i%len(inputs)], "--focus", "Benchmark"); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// TestConcurrentStoresAllLand runs 32 stores at once on one file: each
// re-reads under the lock, so none is lost and the file always parses.
func TestConcurrentStoresAllLand(t *testing.T) {
	h := newHarness(t)
	nouns := strings.Fields("billing search export gateway mobile metrics ledger invoice payroll mailer scheduler cache " +
		"indexer crawler uploader thumbnailer notifier auditor importer exporter reporter tracker router balancer " +
		"resolver compiler bundler linter formatter profiler tracer sampler")
	verbs := strings.Fields("drains flushes rotates compacts snapshots reindexes throttles batches retries shards " +
		"replicates vacuums archives encrypts signs verifies migrates warms primes hashes dedups prunes splits merges " +
		"streams buffers polls pushes pulls caches expires renews")
	errs := make(chan error, len(nouns))
	for i := range nouns {
		go func() {
			text := fmt.Sprintf("The %s worker %s its queue every %d minutes on the %s host.", nouns[i], verbs[i], i+2, nouns[(i+7)%len(nouns)])
			_, _, err := h.store(t, "", "--focus", "Concurrent "+nouns[i], "--discovery", text)
			errs <- err
		}()
	}
	for range nouns {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	doc := learnings.Parse([]byte(h.read(t)))
	if len(doc.Sessions) != len(nouns) || len(doc.Problems) != 0 {
		t.Fatalf("%d sessions (want %d), problems %v", len(doc.Sessions), len(nouns), doc.Problems)
	}
}

// BenchmarkParse is the floor BenchmarkStore is compared with: the engine's
// parse of the same 1 MB file.
func BenchmarkParse(b *testing.B) {
	src := memgen.Generate(1, 1<<20)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		_ = learnings.Parse(src)
	}
}

func findLearning(doc *learnings.Document, id string) *learnings.Learning {
	for _, l := range doc.Learnings() {
		if l.ID == id {
			return l
		}
	}
	return nil
}
