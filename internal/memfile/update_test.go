package memfile_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memfile"
)

// helperEnv selects what a re-executed test binary does instead of running
// tests: the standard helper-process pattern for real OS-level concurrency.
const helperEnv = "MEMFILE_TEST_HELPER"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "append":
		os.Exit(helperAppend())
	case "hold-lock":
		os.Exit(helperHoldLock())
	case "hold-ticket":
		os.Exit(helperHoldTicket())
	case "rewrite-loop":
		os.Exit(helperRewriteLoop())
	case "backup-loop":
		os.Exit(helperBackupLoop())
	default:
		fmt.Fprintln(os.Stderr, "unknown helper", os.Getenv(helperEnv))
		os.Exit(2)
	}
}

// helperAppend appends HELPER_LINE to HELPER_FILE under Update.
func helperAppend() int {
	err := memfile.Update(os.Getenv("HELPER_FILE"), 30*time.Second, appendLine(os.Getenv("HELPER_LINE")))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// helperHoldLock takes the lock on HELPER_FILE, says so, and waits to be
// killed.
func helperHoldLock() int { return holdUntilKilled(flock.New(os.Getenv("HELPER_FILE") + ".lock")) }

// helperHoldTicket holds ticket 1 of HELPER_FILE's lock, as a writer
// waiting its turn does, says so, and waits to be killed.
func helperHoldTicket() int {
	return holdUntilKilled(flock.New(os.Getenv("HELPER_FILE")+".lock.1", flock.SetFlag(os.O_CREATE|os.O_EXCL|os.O_RDWR)))
}

// holdUntilKilled locks fl, says "locked", and waits to be killed.
func holdUntilKilled(fl *flock.Flock) int {
	if err := fl.Lock(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println("locked")
	time.Sleep(time.Minute)
	return 0
}

// helperRewriteLoop rewrites HELPER_FILE forever, alternating two contents,
// printing each generation it completed.
func helperRewriteLoop() int {
	a, b := contentA(), contentB()
	for i := 0; ; i++ {
		err := memfile.Update(os.Getenv("HELPER_FILE"), 30*time.Second, func(cur []byte, _ bool) ([]byte, error) {
			if bytes.Equal(cur, a) {
				return b, nil
			}
			return a, nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println(i)
	}
}

func contentA() []byte { return bytes.Repeat([]byte("alpha line of the learnings file\n"), 20000) }
func contentB() []byte { return bytes.Repeat([]byte("beta\n"), 50000) }

func appendLine(line string) memfile.UpdateFunc {
	return func(cur []byte, _ bool) ([]byte, error) {
		return append(append(bytes.Clone(cur), line...), '\n'), nil
	}
}

func helperCmd(t *testing.T, mode string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), helperEnv+"="+mode), env...)
	return cmd
}

func write(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func currentUmask() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "plain.md"), "hello\n", 0o644)
	write(t, filepath.Join(dir, "empty.md"), "", 0o644)
	if err := os.Symlink("plain.md", filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("missing.md", filepath.Join(dir, "dangling.md")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "binary.md"), "## Recent Sessions\n\nPNG\x00\x01", 0o644)
	write(t, filepath.Join(dir, "latin1.md"), "caf\xe9\n", 0o644)
	tests := []struct {
		name    string
		file    string
		want    string
		wantIs  error
		wantMsg string
	}{
		{name: "regular", file: "plain.md", want: "hello\n"},
		{name: "empty", file: "empty.md", want: ""},
		{name: "symlink is followed", file: "link.md", want: "hello\n"},
		{name: "missing", file: "missing.md", wantIs: fs.ErrNotExist},
		{name: "dangling symlink", file: "dangling.md", wantIs: fs.ErrNotExist},
		{name: "directory", file: "dir.md", wantIs: memfile.ErrNotFile, wantMsg: "dir.md is a directory, not a learnings file"},
		{name: "binary", file: "binary.md", wantIs: memfile.ErrNotFile, wantMsg: "binary.md is a binary file (a NUL byte on line 3), not a learnings file"},
		{name: "invalid UTF-8 is still text", file: "latin1.md", want: "caf\xe9\n"},
		{name: "fifo does not block", file: "fifo.md", wantIs: memfile.ErrNotFile, wantMsg: "fifo.md is a named pipe, not a learnings file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := memfile.Read(filepath.Join(dir, tt.file))
			if tt.wantIs != nil {
				if !errors.Is(err, tt.wantIs) {
					t.Fatalf("Read error = %v, want one matching %v", err, tt.wantIs)
				}
				if !strings.Contains(err.Error(), tt.wantMsg) {
					t.Errorf("Read error = %q, want it to contain %q", err, tt.wantMsg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("Read = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadLargeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.md")
	want := bytes.Repeat([]byte("- a learning that repeats to make fifty megabytes\n"), 50<<20/50)
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := memfile.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Read returned %d bytes, want the %d written", len(got), len(want))
	}
}

func TestUpdateCreates(t *testing.T) {
	tests := []struct {
		name          string
		rel           string
		setup         func(t *testing.T, root string)
		wantGitignore string // "" means the file must not exist
	}{
		{name: "new .tmp gets a .gitignore", rel: ".tmp/memory-learnings.md", wantGitignore: "*\n"},
		{
			name:          "existing .tmp without .gitignore gets one",
			rel:           ".tmp/memory-learnings.md",
			setup:         func(t *testing.T, root string) { write(t, filepath.Join(root, ".tmp/other.txt"), "x", 0o644) },
			wantGitignore: "*\n",
		},
		{
			name:          "a user's .tmp/.gitignore is left alone",
			rel:           ".tmp/memory-learnings.md",
			setup:         func(t *testing.T, root string) { write(t, filepath.Join(root, ".tmp/.gitignore"), "*.log\n", 0o644) },
			wantGitignore: "*.log\n",
		},
		{name: "other directories get no .gitignore", rel: "notes/deep/learnings.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.setup != nil {
				tt.setup(t, root)
			}
			path := filepath.Join(root, tt.rel)
			if err := memfile.Update(path, time.Second, appendLine("first")); err != nil {
				t.Fatal(err)
			}
			if got := readString(t, path); got != "first\n" {
				t.Errorf("content = %q, want %q", got, "first\n")
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if want := 0o600 &^ currentUmask(); fi.Mode().Perm() != want {
				t.Errorf("mode = %v, want %v", fi.Mode().Perm(), want)
			}
			gi, err := os.ReadFile(filepath.Join(filepath.Dir(path), ".gitignore"))
			switch {
			case tt.wantGitignore == "" && !errors.Is(err, fs.ErrNotExist):
				t.Errorf(".gitignore exists (%q, %v), want none", gi, err)
			case tt.wantGitignore != "" && string(gi) != tt.wantGitignore:
				t.Errorf(".gitignore = %q (%v), want %q", gi, err, tt.wantGitignore)
			}
		})
	}
}

func TestUpdateSkipsUnchanged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.md")
	write(t, path, "same\n", 0o644)
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := memfile.Update(path, time.Second, func(cur []byte, _ bool) ([]byte, error) { return cur, nil }); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("an unchanged result replaced the file")
	}

	missing := filepath.Join(dir, "missing.md")
	if err := memfile.Update(missing, time.Second, func(cur []byte, exists bool) ([]byte, error) {
		if exists || cur != nil {
			t.Errorf("fn got exists=%v cur=%q for a missing file", exists, cur)
		}
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("empty result for a missing file created it: %v", err)
	}
}

func TestUpdateFuncErrorChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.md")
	write(t, path, "keep\n", 0o644)
	boom := errors.New("boom")
	err := memfile.Update(path, time.Second, func([]byte, bool) ([]byte, error) { return []byte("lost"), boom })
	if !errors.Is(err, boom) {
		t.Fatalf("Update error = %v, want %v", err, boom)
	}
	if got := readString(t, path); got != "keep\n" {
		t.Errorf("content = %q after a failed update", got)
	}
}

func TestUpdateKeepsMode(t *testing.T) {
	for _, mode := range []os.FileMode{0o600, 0o640, 0o664, 0o755, 0o444} {
		t.Run(mode.String(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "m.md")
			write(t, path, "a\n", mode)
			if err := memfile.Update(path, time.Second, appendLine("b")); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != mode {
				t.Errorf("mode = %v, want %v", fi.Mode().Perm(), mode)
			}
			if got := readString(t, path); got != "a\nb\n" {
				t.Errorf("content = %q", got)
			}
		})
	}
}

func TestUpdateThroughSymlink(t *testing.T) {
	tests := []struct {
		name     string
		existing bool
		relative bool
	}{
		{name: "absolute link to existing file", existing: true},
		{name: "relative link to existing file", existing: true, relative: true},
		{name: "dangling link creates the target", existing: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			target := filepath.Join(root, "shared", "learnings.md")
			if tt.existing {
				write(t, target, "old\n", 0o600)
			} else if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(root, ".tmp", "memory-learnings.md")
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			dest := target
			if tt.relative {
				dest = filepath.Join("..", "shared", "learnings.md")
			}
			if err := os.Symlink(dest, link); err != nil {
				t.Fatal(err)
			}
			if err := memfile.Update(link, time.Second, appendLine("new")); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Lstat(link)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("%s is no longer a symlink (mode %v)", link, fi.Mode())
			}
			want := "new\n"
			if tt.existing {
				want = "old\nnew\n"
			}
			if got := readString(t, target); got != want {
				t.Errorf("target content = %q, want %q", got, want)
			}
			if tt.existing {
				if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
					t.Errorf("target mode = %v, want 0600", fi.Mode().Perm())
				}
			}
			if _, err := os.Stat(target + ".lock"); err != nil {
				t.Errorf("the lock should sit beside the target: %v", err)
			}
		})
	}
}

func TestUpdateSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md")
	if err := os.Symlink(b, a); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, b); err != nil {
		t.Fatal(err)
	}
	err := memfile.Update(a, time.Second, appendLine("x"))
	if err == nil || !strings.Contains(err.Error(), "too many levels of symbolic links") {
		t.Fatalf("Update error = %v, want a symlink loop error", err)
	}
}

func TestUpdateDirectoryInsteadOfFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "memory-learnings.md")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	err := memfile.Update(path, time.Second, appendLine("x"))
	if !errors.Is(err, memfile.ErrNotFile) {
		t.Fatalf("Update error = %v, want ErrNotFile", err)
	}
	if want := "memory-learnings.md is a directory, not a learnings file"; !strings.Contains(err.Error(), want) {
		t.Errorf("Update error = %q, want it to say %q", err, want)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("Update left files behind: %v", entries)
	}
}

func TestUpdateRefusesBinaryFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "image.png")
	garbage := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
	write(t, path, garbage, 0o644)
	err := memfile.Update(path, time.Second, appendLine("x"))
	if !errors.Is(err, memfile.ErrNotFile) {
		t.Fatalf("Update error = %v, want ErrNotFile", err)
	}
	if got := readString(t, path); got != garbage {
		t.Errorf("binary file changed to %q", got)
	}
}

func TestUpdateParentIsAFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".tmp"), "not a dir", 0o644)
	err := memfile.Update(filepath.Join(dir, ".tmp", "memory-learnings.md"), time.Second, appendLine("x"))
	if err == nil || !strings.Contains(err.Error(), "is not a directory") {
		t.Fatalf("Update error = %v, want one saying .tmp is not a directory", err)
	}
}

// makeReadOnly makes dir unwritable for this process: chmod for a normal
// user, the immutable attribute for root (who ignores permission bits).
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

func TestUpdateReadOnlyDirectory(t *testing.T) {
	tests := []struct {
		name     string
		lockFile bool
	}{
		{name: "no lock file yet"},
		{name: "lock file from an earlier run", lockFile: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), ".tmp")
			path := filepath.Join(dir, "memory-learnings.md")
			write(t, path, "keep\n", 0o644)
			write(t, filepath.Join(dir, ".gitignore"), "*\n", 0o644)
			if tt.lockFile {
				write(t, path+".lock", "", 0o644)
			}
			before, _ := os.ReadDir(dir)
			makeReadOnly(t, dir)
			err := memfile.Update(path, time.Second, appendLine("lost"))
			if !errors.Is(err, fs.ErrPermission) {
				t.Fatalf("Update error = %v, want a permission error", err)
			}
			if want := "directory " + dir + " is not writable"; !strings.Contains(err.Error(), want) {
				t.Errorf("Update error = %q, want it to say %q", err, want)
			}
			if got := readString(t, path); got != "keep\n" {
				t.Errorf("content = %q, want it unchanged", got)
			}
			after, _ := os.ReadDir(dir)
			if len(after) != len(before) {
				t.Errorf("directory changed: %v → %v", before, after)
			}
		})
	}
}

func TestUpdateStaleLock(t *testing.T) {
	t.Run("lock file without a holder", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "m.md")
		write(t, path+".lock", "", 0o644)
		if err := memfile.Update(path, time.Second, appendLine("x")); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("holder killed with SIGKILL", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "m.md")
		cmd := startHolder(t, "hold-lock", path)
		if err := memfile.Update(path, 20*time.Millisecond, appendLine("x")); !errors.Is(err, memfile.ErrBusy) {
			t.Errorf("with a live holder Update error = %v, want ErrBusy", err)
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		if _, err := os.Stat(path + ".lock"); err != nil {
			t.Fatalf("the dead holder's lock file should still exist: %v", err)
		}
		if err := memfile.Update(path, 5*time.Second, appendLine("x")); err != nil {
			t.Fatalf("a dead holder's lock blocked Update: %v", err)
		}
		if got := readString(t, path); got != "x\n" {
			t.Errorf("content = %q", got)
		}
	})
}

// TestUpdateAfterWaiterKilled has a writer ahead in the queue for the
// lock (holding ticket 1) killed: a writer behind it is held up while it
// lives, and not once it is dead, when its ticket is removed.
func TestUpdateAfterWaiterKilled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.md")
	cmd := startHolder(t, "hold-ticket", path)
	if err := memfile.Update(path, 20*time.Millisecond, appendLine("x")); !errors.Is(err, memfile.ErrBusy) {
		t.Errorf("behind a live writer Update error = %v, want ErrBusy", err)
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	if err := memfile.Update(path, 5*time.Second, appendLine("x")); err != nil {
		t.Fatalf("a dead writer's ticket blocked Update: %v", err)
	}
	if got := readString(t, path); got != "x\n" {
		t.Errorf("content = %q", got)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "m.md.lock.") {
			t.Errorf("ticket %s left behind", e.Name())
		}
	}
}

// startHolder starts the helper in mode (hold-lock, hold-ticket) on
// path and returns once it says it holds what it takes.
func startHolder(t *testing.T, mode, path string) *exec.Cmd {
	t.Helper()
	cmd := helperCmd(t, mode, "HELPER_FILE="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "locked\n" {
		_ = cmd.Process.Kill()
		t.Fatalf("helper %s did not take its hold: %q %v", mode, line, err)
	}
	return cmd
}

func TestUpdateBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.md")
	write(t, path, "keep\n", 0o644)
	holder := flock.New(path + ".lock")
	if err := holder.Lock(); err != nil {
		t.Fatal(err)
	}
	defer holder.Unlock()
	called := false
	err := memfile.Update(path, 30*time.Millisecond, func(cur []byte, _ bool) ([]byte, error) {
		called = true
		return nil, nil
	})
	if !errors.Is(err, memfile.ErrBusy) {
		t.Fatalf("Update error = %v, want ErrBusy", err)
	}
	for _, want := range []string{path + " is busy", "try again", path + ".lock"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("busy error %q does not say %q", err, want)
		}
	}
	if got := cmdutil.ExitCode(err); got != cmdutil.ExitBusy {
		t.Errorf("exit code for a busy file = %d, want %d", got, cmdutil.ExitBusy)
	}
	if called {
		t.Error("fn ran without the lock")
	}
	if got := readString(t, path); got != "keep\n" {
		t.Errorf("content = %q", got)
	}
}

func TestUpdateRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "memory-learnings.md")
	stale := filepath.Join(dir, ".memory-learnings.md8234923742")
	keep := filepath.Join(dir, ".memory-learnings.md.swp")
	write(t, stale, "half a file", 0o644)
	write(t, keep, "editor", 0o644)
	if err := memfile.Update(path, time.Second, appendLine("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale temp file survived: %v", err)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("an unrelated file was removed: %v", err)
	}
}

func checkAllLines(t *testing.T, path string, n int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(readString(t, path), "\n"), "\n")
	seen := make(map[string]int)
	for _, l := range lines {
		seen[l]++
	}
	for i := range n {
		if l := "line " + strconv.Itoa(i); seen[l] != 1 {
			t.Errorf("%q appears %d times, want once", l, seen[l])
		}
	}
	if len(lines) != n {
		t.Errorf("file has %d lines, want %d", len(lines), n)
	}
}

func TestUpdateConcurrentGoroutines(t *testing.T) {
	const n = 32
	path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			errs <- memfile.Update(path, 30*time.Second, appendLine("line "+strconv.Itoa(i)))
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	checkAllLines(t, path, n)
}

func TestUpdateConcurrentProcesses(t *testing.T) {
	const n = 16
	path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
	cmds := make([]*exec.Cmd, n)
	outs := make([]*bytes.Buffer, n)
	for i := range n {
		cmds[i] = helperCmd(t, "append", "HELPER_FILE="+path, "HELPER_LINE=line "+strconv.Itoa(i))
		outs[i] = new(bytes.Buffer)
		cmds[i].Stdout, cmds[i].Stderr = outs[i], outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v\n%s", i, err, outs[i])
		}
	}
	checkAllLines(t, path, n)
}

// TestUpdateKilledWriter kills a process that rewrites the file in a loop
// at random moments: the file must always be one whole version.
func TestUpdateKilledWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.md")
	a, b := contentA(), contentB()
	if err := os.WriteFile(path, a, 0o644); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		cmd := helperCmd(t, "rewrite-loop", "HELPER_FILE="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the first completed write, then let it run a little.
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			t.Fatalf("iteration %d: writer made no progress: %v", i, err)
		}
		time.Sleep(time.Duration(rng.IntN(5000)) * time.Microsecond)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, a) && !bytes.Equal(got, b) {
			t.Fatalf("iteration %d: torn file of %d bytes", i, len(got))
		}
	}
}

func TestUpdateCannotCreateDirectory(t *testing.T) {
	parent := t.TempDir()
	makeReadOnly(t, parent)
	path := filepath.Join(parent, ".tmp", "memory-learnings.md")
	err := memfile.Update(path, time.Second, appendLine("x"))
	if !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), "cannot create directory "+filepath.Join(parent, ".tmp")) {
		t.Fatalf("Update error = %v, want one saying the directory cannot be created", err)
	}
}
