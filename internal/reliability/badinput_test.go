package reliability

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

const goodLearning = "go vet catches printf mistakes that the compiler lets through."

// snapshot records everything about path a command could change: what it
// is, its bytes, and for a directory its entries.
func snapshot(t *testing.T, path string) string {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		return "error: " + err.Error()
	}
	switch {
	case fi.Mode()&os.ModeSymlink != 0:
		dest, _ := os.Readlink(path)
		data, _ := os.ReadFile(path)
		return "symlink to " + dest + "\n" + string(data)
	case fi.IsDir():
		entries, _ := os.ReadDir(path)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return "dir " + fi.Mode().String() + ": " + strings.Join(names, ",")
	default:
		data, _ := os.ReadFile(path)
		return fi.Mode().String() + "\n" + string(data)
	}
}

// makeReadOnly makes dir unwritable for learn: chmod for a normal user, the
// immutable attribute for root (who ignores permission bits).
func makeReadOnly(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
		return
	}
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("running as root and cannot make %s immutable: %v %s", dir, err, out)
	}
	t.Cleanup(func() { _ = exec.Command("chattr", "-i", dir).Run() })
}

// killedLockHolder leaves path's lock file behind from a process that died
// holding the lock.
func killedLockHolder(t *testing.T, path string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"=hold-lock", "HELPER_FILE="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "locked\n" {
		_ = cmd.Process.Kill()
		t.Fatalf("lock holder did not start: %q %v", line, err)
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	if _, err := os.Stat(path + ".lock"); err != nil {
		t.Fatalf("no lock file left behind: %v", err)
	}
}

const validFile = `## Consolidated Learnings

**User Corrections:**
- Run ` + "`make gen`" + ` before ` + "`go test`" + `; generated files are not committed.

---

## Recent Sessions

## [2026-11-20 09:30 UTC] - Build setup
**Project**: reliability

### Learnings

**Fresh Discoveries:**
- The CI image caches modules under /go/pkg/mod between jobs.

---
`

const unclosedFence = `## Recent Sessions

## [2026-11-20 09:30 UTC] - Fences
**Project**: reliability

### Learnings

**Fresh Discoveries:**
- A snippet that was never closed:

` + "```go" + `
func main() {}

## [2026-11-19 09:30 UTC] - Swallowed
**Project**: reliability
`

// onlyInsertedSession checks that after is before with one contiguous block
// inserted, that the block holds goodLearning, and that the newest session
// is the one stored: every byte the store did not mean to change is
// unchanged. It is linear, so it also runs on the 50 MB file.
func onlyInsertedSession(t *testing.T, before, after []byte) {
	t.Helper()
	p := 0
	for p < len(before) && before[p] == after[p] {
		p++
	}
	s := 0
	for s < len(before)-p && before[len(before)-1-s] == after[len(after)-1-s] {
		s++
	}
	if p+s != len(before) {
		t.Fatalf("store changed bytes of the file it did not mean to: %d bytes kept at the start and %d at the end of %d", p, s, len(before))
	}
	inserted := after[p : len(after)-s]
	if !bytes.Contains(inserted, []byte(goodLearning)) {
		t.Fatalf("the inserted block does not hold the stored learning: %q", inserted)
	}
	if len(after) > 1<<20 {
		return
	}
	doc := learnings.Parse(after)
	if len(doc.Sessions) == 0 || !strings.Contains(string(after[doc.Sessions[0].Span.Start:doc.Sessions[0].Span.End]), goodLearning) {
		t.Errorf("the stored learning is not in the newest session:\n%s", after)
	}
}

func TestBadInput(t *testing.T) {
	garbage := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}

	tests := []struct {
		name string
		// setup prepares the project dir and returns the learnings file and
		// the path whose state must not change (the file, or its directory).
		setup func(t *testing.T, dir string) (file, watch string)
		stdin string
		// wantCode and wantErr are store's exit status and a fragment of
		// its stderr; wantChange says the store is expected to succeed and
		// change nothing but inserting its session.
		wantCode   int
		wantErr    string
		wantChange bool
		// recallCode is the exit status of a plain recall of the same file.
		recallCode int
		recallErr  string
	}{
		{
			name: "directory where the file should be",
			setup: func(t *testing.T, dir string) (string, string) {
				file := filepath.Join(dir, ".tmp", "memory-learnings.md")
				mustMkdir(t, file)
				return file, filepath.Dir(file)
			},
			wantCode: 1, wantErr: "memory-learnings.md is a directory, not a learnings file",
			recallCode: 1, recallErr: "is a directory, not a learnings file",
		},
		{
			name: "read-only directory",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), validFile)
				writeFile(t, filepath.Join(dir, ".tmp", ".gitignore"), "*\n")
				makeReadOnly(t, filepath.Dir(file))
				return file, filepath.Dir(file)
			},
			wantCode: 1, wantErr: "is not writable",
		},
		{
			name: "binary garbage in the file",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), string(garbage))
				return file, file
			},
			wantCode: 1, wantErr: "is a binary file",
			recallCode: 1, recallErr: "is a binary file",
		},
		{
			name: "binary garbage on stdin",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), validFile)
				return file, file
			},
			stdin:    string(garbage),
			wantCode: 2, wantErr: "stdin is not in the expected format",
		},
		{
			name: "invalid UTF-8 on stdin",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), validFile)
				return file, file
			},
			stdin:    "**Fresh Discoveries:**\n- The caf\xe9 service answers in Latin-1 \xff\xfe.\n",
			wantCode: 2, wantErr: "stdin:2: not valid UTF-8 text",
		},
		{
			name: "invalid UTF-8 in the file is kept",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"),
					strings.Replace(validFile, "between jobs.", "between jobs (caf\xe9).", 1))
				return file, file
			},
			wantChange: true,
		},
		{
			name: "50 MB file",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), string(memgen.Generate(50, 50<<20)))
				return file, file
			},
			wantChange: true,
		},
		{
			name: "symlinked file",
			setup: func(t *testing.T, dir string) (string, string) {
				target := writeFile(t, filepath.Join(dir, "shared", "learnings.md"), validFile)
				file := filepath.Join(dir, ".tmp", "memory-learnings.md")
				mustMkdir(t, filepath.Dir(file))
				if err := os.Symlink(filepath.Join("..", "shared", "learnings.md"), file); err != nil {
					t.Fatal(err)
				}
				return file, target
			},
			wantChange: true,
		},
		{
			name: "unclosed fence",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), unclosedFence)
				return file, file
			},
			wantCode: 1, wantErr: "line 11",
		},
		{
			name: "stale lock file left by a dead process",
			setup: func(t *testing.T, dir string) (string, string) {
				file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), validFile)
				killedLockHolder(t, file)
				return file, file
			},
			wantChange: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			file, watch := tt.setup(t, dir)
			before := snapshot(t, watch)
			beforeBytes, _ := os.ReadFile(watch)
			stdin := tt.stdin
			if stdin == "" {
				stdin = storeInput("Fresh Discoveries", goodLearning)
			}

			start := time.Now()
			res := runLearn(t, dir, stdin, "store", "--file", file, "--focus", "bad input", "--project", "reliability")
			t.Logf("store took %v", time.Since(start).Round(time.Millisecond))
			if res.code != tt.wantCode {
				t.Errorf("store exit status %d, want %d\n%v", res.code, tt.wantCode, res)
			}
			if !strings.Contains(res.stderr, tt.wantErr) {
				t.Errorf("store stderr does not contain %q\n%v", tt.wantErr, res)
			}
			if tt.wantCode != 0 && strings.Count("\n"+res.stderr, "\nlearn: ") != 1 {
				t.Errorf("store error is not reported once as 'learn: ...'\n%v", res)
			}
			if tt.wantChange {
				after, err := os.ReadFile(watch)
				if err != nil {
					t.Fatal(err)
				}
				onlyInsertedSession(t, beforeBytes, after)
				if fi, err := os.Lstat(file); err != nil || (file != watch) != (fi.Mode()&os.ModeSymlink != 0) {
					t.Errorf("the link at %s was not kept: %v %v", file, fi, err)
				}
			} else if after := snapshot(t, watch); after != before {
				t.Errorf("store changed %s:\nbefore: %.200q\nafter:  %.200q", watch, before, after)
			}

			start = time.Now()
			recall := runLearn(t, dir, "", "recall", "--file", file)
			t.Logf("recall took %v", time.Since(start).Round(time.Millisecond))
			if recall.code != tt.recallCode || !strings.Contains(recall.stderr, tt.recallErr) {
				t.Errorf("recall exit status %d, want %d with %q on stderr\n%.2000s", recall.code, tt.recallCode, tt.recallErr, recall)
			}
			if len(recall.stdout) > 64<<10 {
				t.Errorf("default recall printed %d bytes; the budget should bound it", len(recall.stdout))
			}
		})
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, content string) string {
	t.Helper()
	mustMkdir(t, filepath.Dir(path))
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRecallAllOnLargeFiles checks that a full recall of a large file
// finishes (within hangLimit) and prints every session's learnings. Long
// mode only: it reads 60 MB twice.
func TestRecallAllOnLargeFiles(t *testing.T) {
	if !long() {
		t.Skip("long mode only: set LEARN_RELIABILITY_LONG=1")
	}
	for _, size := range []int{10 << 20, 50 << 20} {
		t.Run(strconv.Itoa(size>>20)+"MB", func(t *testing.T) {
			dir := t.TempDir()
			file := writeFile(t, filepath.Join(dir, "memory-learnings.md"), string(memgen.Generate(int64(size), size)))
			start := time.Now()
			res := runLearn(t, dir, "", "recall", "--file", file, "--all", "--json")
			t.Logf("recall --all --json of %d MB took %v and printed %d bytes", size>>20, time.Since(start).Round(time.Millisecond), len(res.stdout))
			if res.code != 0 {
				t.Errorf("recall --all --json failed: %.2000s", res)
			}
		})
	}
}

// TestStoreBusy holds the lock from a live process: store must give up
// after its 10 s lock timeout with exit status 4, saying what to do, and
// leave the file alone. Long mode only, because of that wait.
func TestStoreBusy(t *testing.T) {
	if !long() {
		t.Skip("long mode only (waits for the 10 s lock timeout): set LEARN_RELIABILITY_LONG=1")
	}
	dir := t.TempDir()
	file := writeFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), validFile)
	holder := flock.New(file + ".lock")
	if err := holder.Lock(); err != nil {
		t.Fatal(err)
	}
	defer holder.Unlock()
	res := runLearn(t, dir, storeInput("Fresh Discoveries", goodLearning), "store", "--file", file, "--focus", "busy", "--project", "reliability")
	if res.code != 4 || !strings.Contains(res.stderr, "try again") {
		t.Errorf("store on a locked file: want exit 4 saying to try again, got %v", res)
	}
	if got, _ := os.ReadFile(file); string(got) != validFile {
		t.Errorf("store changed a file it could not lock")
	}
}
