package forget

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

type env struct {
	dir   string
	stdin string
	tty   bool
}

type result struct {
	out, err string
	runErr   error
}

func (e env) run(t *testing.T, args ...string) result {
	t.Helper()
	f, out, errb := memviewtest.Factory(e.dir, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), e.stdin)
	f.IO.InTTY = e.tty
	err := memviewtest.Execute(NewCmdForget(f, nil), f, args...)
	return result{out.String(), errb.String(), err}
}

func project(t *testing.T, content []byte) env {
	t.Helper()
	dir := t.TempDir()
	if content != nil {
		if err := os.MkdirAll(filepath.Join(dir, ".tmp"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(memPath(dir), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return env{dir: dir}
}

func memPath(dir string) string { return filepath.Join(dir, memfile.DefaultRel) }

func read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fixture(t *testing.T) []byte { return read(t, filepath.Join("testdata", "three-sessions.md")) }

func backedUp(t *testing.T, dir string, want []byte) {
	t.Helper()
	if got, err := os.ReadFile(memfile.BackupPath(memPath(dir))); err != nil || !bytes.Equal(got, want) {
		t.Errorf("backup missing or different (err %v)", err)
	}
}

func noBackup(t *testing.T, dir string) {
	t.Helper()
	if _, err := os.Stat(memfile.BackupPath(memPath(dir))); err == nil {
		t.Errorf("a backup was made although nothing was forgotten")
	}
}

func TestForgetEverything(t *testing.T) {
	src := fixture(t)
	e := project(t, src)
	r := e.run(t, "--yes")
	if r.runErr != nil {
		t.Fatalf("forget --yes: %v", r.runErr)
	}
	fi, err := os.Stat(memPath(e.dir))
	if err != nil || fi.Size() != 0 {
		t.Fatalf("file should exist and be empty: %v, %v", fi, err)
	}
	backedUp(t, e.dir, src)
	for _, want := range []string{"Forgot everything in .tmp/memory-learnings.md: 3 sessions and 7 learnings, and 1 hand-written section", "now empty", "learn undo"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("output lacks %q:\n%s", want, r.out)
		}
	}
}

func TestForgetNeedsConfirmation(t *testing.T) {
	src := fixture(t)
	tests := []struct {
		name     string
		tty      bool
		stdin    string
		args     []string
		wantExit int
		forgets  bool
	}{
		{name: "no terminal, no --yes refuses", wantExit: cmdutil.ExitUsage},
		{name: "no terminal, narrowed, no --yes refuses", args: []string{"--category", "User Corrections"}, wantExit: cmdutil.ExitUsage},
		{name: "terminal, answer y", tty: true, stdin: "y\n", forgets: true},
		{name: "terminal, answer yes", tty: true, stdin: "YES\n", forgets: true},
		{name: "terminal, answer n", tty: true, stdin: "n\n"},
		{name: "terminal, just enter", tty: true, stdin: "\n"},
		{name: "terminal, end of input", tty: true, stdin: ""},
		{name: "terminal, answer no in words", tty: true, stdin: "No thanks\n"},
		{name: "dry run needs no confirmation", args: []string{"--dry-run"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := project(t, src)
			e.tty, e.stdin = tt.tty, tt.stdin
			r := e.run(t, tt.args...)
			if got := cmdutil.ExitCode(r.runErr); got != tt.wantExit {
				t.Fatalf("exit %d (%v), want %d", got, r.runErr, tt.wantExit)
			}
			got := read(t, memPath(e.dir))
			if tt.forgets {
				if len(got) != 0 {
					t.Errorf("confirmed, yet the file was not emptied")
				}
				if !strings.Contains(r.err, "Forget? [y/N]") {
					t.Errorf("no question asked:\n%s", r.err)
				}
				return
			}
			if !bytes.Equal(got, src) {
				t.Errorf("file changed")
			}
			if tt.tty && !strings.Contains(r.err, "Nothing forgotten.") {
				t.Errorf("declining does not say nothing was forgotten:\n%s", r.err)
			}
			noBackup(t, e.dir)
			if tt.wantExit == cmdutil.ExitUsage && !strings.Contains(r.runErr.Error(), "pass --yes") {
				t.Errorf("refusal does not say how: %v", r.runErr)
			}
		})
	}
}

func TestForgetSessionIsByteExact(t *testing.T) {
	src := fixture(t)
	doc := learnings.Parse(src)
	victim := doc.Sessions[1]
	e := project(t, src)
	r := e.run(t, "--session", victim.ID[:5], "--yes")
	if r.runErr != nil {
		t.Fatalf("forget --session: %v", r.runErr)
	}
	got := read(t, memPath(e.dir))
	want := append(append([]byte{}, src[:victim.Span.Start]...), src[victim.Span.End:]...)
	if !bytes.Equal(got, want) {
		t.Errorf("forget --session changed more than the session:\ngot:\n%s\nwant:\n%s", got, want)
	}
	backedUp(t, e.dir, src)
	if !strings.Contains(r.out, "Forgot 1 session (2 learnings)") {
		t.Errorf("output:\n%s", r.out)
	}
}

func TestForgetSelectors(t *testing.T) {
	src := fixture(t)
	tests := []struct {
		name string
		args []string
		// gone are substrings that must disappear; kept must stay.
		gone, kept   []string
		sessionsLeft int
	}{
		{
			name:         "match is case and punctuation insensitive",
			args:         []string{"--match", "MAKE GEN"},
			gone:         []string{"make gen"},
			kept:         []string{"DOCKER_HOST", "Backoff", "## My own notes"},
			sessionsLeft: 3,
		},
		{
			name:         "category",
			args:         []string{"--category", "preference clarifications"},
			gone:         []string{"imperative mood"},
			kept:         []string{"Release checklist", "client.Do"},
			sessionsLeft: 3,
		},
		{
			name:         "category and match narrow each other",
			args:         []string{"--category", "User Corrections", "--match", "docker"},
			gone:         []string{"DOCKER_HOST"},
			kept:         []string{"make gen", "Backoff"},
			sessionsLeft: 3,
		},
		{
			name:         "several --match must all match",
			args:         []string{"--match", "backoff", "--match", "30 s"},
			gone:         []string{"Backoff"},
			kept:         []string{"Retry logic"},
			sessionsLeft: 3,
		},
		{
			name:         "the last learning of a category takes its label along",
			args:         []string{"--match", "imperative"},
			gone:         []string{"imperative", "Preference Clarifications"},
			kept:         []string{"Release checklist"},
			sessionsLeft: 3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := project(t, src)
			r := e.run(t, append(tt.args, "--yes")...)
			if r.runErr != nil {
				t.Fatalf("forget: %v", r.runErr)
			}
			got := string(read(t, memPath(e.dir)))
			for _, g := range tt.gone {
				if strings.Contains(strings.ToLower(got), strings.ToLower(g)) {
					t.Errorf("%q still in the file", g)
				}
			}
			for _, k := range tt.kept {
				if !strings.Contains(got, k) {
					t.Errorf("%q was lost", k)
				}
			}
			if n := len(learnings.Parse([]byte(got)).Sessions); n != tt.sessionsLeft {
				t.Errorf("%d sessions left, want %d", n, tt.sessionsLeft)
			}
		})
	}
}

func TestForgetWholeSessionWhenAllPicked(t *testing.T) {
	src := fixture(t)
	e := project(t, src)
	r := e.run(t, "--session", learnings.Parse(src).Sessions[2].ID, "--category", "User Corrections", "--yes")
	if r.runErr != nil {
		t.Fatal(r.runErr)
	}
	doc := learnings.Parse(read(t, memPath(e.dir)))
	if len(doc.Sessions) != 2 {
		t.Errorf("%d sessions left, want 2: a session left without learnings goes whole", len(doc.Sessions))
	}
	if !strings.Contains(r.out, "Forgot 1 session (2 learnings)") {
		t.Errorf("output:\n%s", r.out)
	}
}

func TestForgetNothing(t *testing.T) {
	tests := []struct {
		name     string
		content  []byte
		args     []string
		wantExit int
		want     string
	}{
		{"missing file", nil, []string{"--yes"}, 0, "the file does not exist"},
		{"empty file", []byte{}, []string{"--yes"}, 0, "already empty"},
		{"no match", fixture(t), []string{"--match", "no such words", "--yes"}, 1, "nothing matches"},
		{"unknown session", fixture(t), []string{"--session", "zzzzzz", "--yes"}, 1, "no session"},
		{"empty category", fixture(t), []string{"--category", " ", "--yes"}, 2, "--category needs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := project(t, tt.content)
			r := e.run(t, tt.args...)
			if got := cmdutil.ExitCode(r.runErr); got != tt.wantExit {
				t.Fatalf("exit %d (%v), want %d", got, r.runErr, tt.wantExit)
			}
			msg := r.out
			if r.runErr != nil {
				msg = r.runErr.Error()
			}
			if !strings.Contains(msg, tt.want) {
				t.Errorf("%q lacks %q", msg, tt.want)
			}
			if tt.content != nil && !bytes.Equal(read(t, memPath(e.dir)), tt.content) {
				t.Errorf("file changed")
			}
			noBackup(t, e.dir)
		})
	}
}

func TestForgetRefusesUnclosedFenceWhenNarrowed(t *testing.T) {
	src := []byte("## Recent Sessions\n\n## [2026-11-20 08:00 UTC] - Fence\n\n### Learnings\n\n**Fresh Discoveries:**\n- Example:\n\n```go\nfunc f() {\n")
	e := project(t, src)
	r := e.run(t, "--match", "example", "--yes")
	if r.runErr == nil || !strings.Contains(r.runErr.Error(), "line 10") {
		t.Fatalf("want an error naming line 10, got %v", r.runErr)
	}
	if !bytes.Equal(read(t, memPath(e.dir)), src) {
		t.Errorf("file changed")
	}
	// Forgetting everything needs no reading and still works.
	if r := e.run(t, "--yes"); r.runErr != nil {
		t.Fatalf("forget everything: %v", r.runErr)
	}
}

func TestForgetDryRunJSON(t *testing.T) {
	src := fixture(t)
	e := project(t, src)
	r := e.run(t, "--dry-run", "--json", "--category", "Fresh Discoveries")
	if r.runErr != nil {
		t.Fatal(r.runErr)
	}
	var rep ops.ForgetResult
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.out)
	}
	if !rep.DryRun || rep.Forgotten || len(rep.Learnings) != 2 || len(rep.Sessions) != 0 || rep.BytesAfter >= rep.BytesBefore {
		t.Errorf("unexpected report %+v", rep)
	}
	if !bytes.Equal(read(t, memPath(e.dir)), src) {
		t.Errorf("dry run changed the file")
	}
	noBackup(t, e.dir)
}

func TestCategoryCompletion(t *testing.T) {
	f := &cmdutil.Factory{IO: &cmdutil.IO{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}}
	cmd := NewCmdForget(f, nil)
	fn, ok := cmd.GetFlagCompletionFunc("category")
	if !ok {
		t.Fatal("no completion for --category")
	}
	got, _ := fn(cmd, nil, "")
	if len(got) != 5 || got[0] != "User Corrections" {
		t.Errorf("completions %q", got)
	}
}
