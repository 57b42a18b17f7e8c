package taskfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRead(t *testing.T) {
	src := `# a comment
kind: words
task: Retry the sync client
| panic: timeout
|   at client.go:12
paths: internal/sync/client.go, docs/api.md
branch: fix/retry
want: Backoff caps at 30 s
want: POST needs an Idempotency-Key
avoid: the gateway log
never: sync the calendar

kind: none
task: Why is it slow?
`
	got, err := Read(write(t, "dev1", src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Task{
		{Line: 2, Kind: "words", Task: "Retry the sync client\npanic: timeout\n  at client.go:12",
			Paths: []string{"internal/sync/client.go", "docs/api.md"}, Branch: "fix/retry",
			Want: []string{"Backoff caps at 30 s", "POST needs an Idempotency-Key"}, Avoid: []string{"the gateway log"}, Never: []string{"sync the calendar"}},
		{Line: 13, Kind: "none", Task: "Why is it slow?"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Read (-want +got):\n%s", d)
	}
}

// TestReadErrors holds Read to naming the line of a malformed task file,
// and, for a held-out set, to leaving what the line says out.
func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, set, src, want, secret string
	}{
		{"no key", "dev1", "kind: a\nsecret words\n", `:2: no key in "secret words"`, ""},
		{"no key held out", "eval6", "kind: a\nsecret words\n", ":2: no key (held out", "secret"},
		{"unknown key", "dev1", "kind: a\nsecret: x\n", `:2: unknown key "secret"`, ""},
		{"unknown key held out", "eval6", "kind: a\nsecret: x\n", ":2: unknown key (held out", "secret"},
		{"before kind", "dev1", "task: x\n", ":1: task before the first kind", ""},
		{"before kind held out", "eval6", "secret words: x\n", ":1: a key before the first kind (held out", "secret"},
		{"stray continuation", "dev1", "kind: a\nwant: x\n| more\n", `:3: a continuation ("|") not right after a task line`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(write(t, tc.set, tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Read: %v, want an error with %q", err, tc.want)
			}
			if tc.secret != "" && strings.Contains(err.Error(), tc.secret) {
				t.Errorf("Read's error on a held-out set shows the line: %v", err)
			}
		})
	}
}

func TestHeldOut(t *testing.T) {
	for dir, want := range map[string]bool{"eval6": true, "testdata/eval23": true, "eval25": true, "eval20": false, "eval21": false, "dev5": false, "eval": false} {
		if got := HeldOut(dir); got != want {
			t.Errorf("HeldOut(%q) = %v, want %v", dir, got, want)
		}
	}
}

// write writes src as the tasks.txt of a set named set.
func write(t *testing.T, set, src string) string {
	dir := filepath.Join(t.TempDir(), set)
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "tasks.txt")
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
