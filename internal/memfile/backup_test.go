package memfile_test

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
)

func TestBackupPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/p/.tmp/memory-learnings.md", "/p/.tmp/memory-learnings.backup.md"},
		{"/p/notes.txt", "/p/notes.txt.backup.md"},
		{"/p/memory", "/p/memory.backup.md"},
	}
	for _, tt := range tests {
		if got := memfile.BackupPath(tt.in); got != tt.want {
			t.Errorf("BackupPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBackupWritesSpecFileAndRing(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
	now := time.Date(2026, 11, 22, 14, 5, 9, 123_000_000, time.FixedZone("CET", 3600))
	ringCopy, err := memfile.Backup(path, []byte("v1\n"), now)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(filepath.Dir(path), "backups", "memory-learnings.20261122-130509.123.md"); ringCopy != want {
		t.Errorf("ring copy = %q, want %q (UTC, millisecond stamp)", ringCopy, want)
	}
	if got := readString(t, ringCopy); got != "v1\n" {
		t.Errorf("ring copy content = %q", got)
	}
	if got := readString(t, filepath.Join(filepath.Dir(path), "memory-learnings.backup.md")); got != "v1\n" {
		t.Errorf("spec backup content = %q", got)
	}
	list, err := memfile.Backups(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Path != ringCopy || list[0].Size != 3 || !list[0].Time.Equal(now) {
		t.Errorf("Backups = %+v, want the one copy stamped %v", list, now)
	}
	entries, _ := os.ReadDir(filepath.Dir(ringCopy))
	if len(entries) != 1 {
		t.Errorf("ring holds leftovers: %v", entries)
	}
	// The ring copy is a second name for the spec backup's bytes, and a
	// later backup, renamed over the spec backup, leaves it as it was.
	spec := memfile.BackupPath(path)
	if a, b := stat(t, ringCopy), stat(t, spec); !os.SameFile(a, b) {
		t.Errorf("ring copy %v and spec backup %v are two files, want one linked twice", a, b)
	}
	next, err := memfile.Backup(path, []byte("v2\n"), now.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if got := readString(t, ringCopy); got != "v1\n" {
		t.Errorf("ring copy content after the next backup = %q", got)
	}
	if os.SameFile(stat(t, ringCopy), stat(t, spec)) || !os.SameFile(stat(t, next), stat(t, spec)) {
		t.Errorf("after the next backup the spec backup is not the newest ring copy alone")
	}
}

func stat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

func TestBackupRingIsUniqueSortedAndBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "memory-learnings.md")
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	const n = memfile.RingSize + 5
	for i := range n {
		// Every backup in the same second, most in the same millisecond.
		if _, err := memfile.Backup(path, []byte("v"+strconv.Itoa(i)), now); err != nil {
			t.Fatal(err)
		}
	}
	list, err := memfile.Backups(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != memfile.RingSize {
		t.Fatalf("ring holds %d copies, want %d", len(list), memfile.RingSize)
	}
	for i, b := range list {
		if want := "v" + strconv.Itoa(n-1-i); readString(t, b.Path) != want {
			t.Errorf("Backups()[%d] holds %q, want %q (newest first)", i, readString(t, b.Path), want)
		}
		if i > 0 && !b.Time.Before(list[i-1].Time) {
			t.Errorf("Backups()[%d] at %v is not older than the one before it", i, b.Time)
		}
	}
	if got := readString(t, memfile.BackupPath(path)); got != "v"+strconv.Itoa(n-1) {
		t.Errorf("spec backup = %q, want the newest", got)
	}
}

func TestBackupsIgnoresForeignFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "memory-learnings.md")
	ring := memfile.RingDir(path)
	for _, name := range []string{"memory-learnings.notastamp.md", "other.20260102-030405.000.md", "README"} {
		write(t, filepath.Join(ring, name), "x", 0o644)
	}
	if list, err := memfile.Backups(path); err != nil || len(list) != 0 {
		t.Errorf("Backups = %v, %v; want none", list, err)
	}
	if list, err := memfile.Backups(filepath.Join(t.TempDir(), "none.md")); err != nil || list != nil {
		t.Errorf("Backups with no ring = %v, %v; want nil, nil", list, err)
	}
}

func TestRestoreCanBeUndone(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
	write(t, path, "before compact\n", 0o600)
	if _, err := memfile.Backup(path, []byte("before compact\n"), time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	write(t, path, "after compact\n", 0o600)

	list, err := memfile.Backups(path)
	if err != nil || len(list) != 1 {
		t.Fatalf("Backups = %v, %v", list, err)
	}
	if err := memfile.Restore(path, list[0], time.Second); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, path); got != "before compact\n" {
		t.Fatalf("after restore: %q", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("restore changed the mode to %v", fi.Mode().Perm())
	}

	list, err = memfile.Backups(path)
	if err != nil || len(list) != 2 {
		t.Fatalf("Backups after restore = %v, %v; want the pre-restore copy added", list, err)
	}
	if got := readString(t, list[0].Path); got != "after compact\n" {
		t.Fatalf("newest backup = %q, want the file as it was before the restore", got)
	}
	if err := memfile.Restore(path, list[0], time.Second); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, path); got != "after compact\n" {
		t.Errorf("undoing the restore gave %q", got)
	}
}

func TestRestoreOfIdenticalContentAddsNoBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "memory-learnings.md")
	write(t, path, "same\n", 0o644)
	b, err := memfile.Backup(path, []byte("same\n"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	list, _ := memfile.Backups(path)
	if err := memfile.Restore(path, list[0], time.Second); err != nil {
		t.Fatal(err)
	}
	if after, _ := memfile.Backups(path); len(after) != 1 || after[0].Path != b {
		t.Errorf("ring after a no-op restore = %v", after)
	}
}

func TestRestoreMissingBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "memory-learnings.md")
	write(t, path, "keep\n", 0o644)
	err := memfile.Restore(path, memfile.BackupInfo{Path: path + ".gone"}, time.Second)
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "restore:") {
		t.Fatalf("Restore error = %v, want a not-exist error with context", err)
	}
	if got := readString(t, path); got != "keep\n" {
		t.Errorf("content = %q", got)
	}
}

func TestBackupsArePrivate(t *testing.T) {
	for _, mode := range []os.FileMode{0o600, 0o640, 0o644, 0o666, 0o400} {
		t.Run(strconv.FormatUint(uint64(mode), 8), func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "real.md")
			if err := os.WriteFile(target, []byte("v0\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(target, mode); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, ".tmp", "memory-learnings.md")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, path); err != nil {
				t.Fatal(err)
			}
			// An older, world-readable backup must not lend its mode.
			if err := os.WriteFile(memfile.BackupPath(path), []byte("old\n"), 0o666); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(memfile.BackupPath(path), 0o666); err != nil {
				t.Fatal(err)
			}
			ringCopy, err := memfile.Backup(path, []byte("v1\n"), time.Now())
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{memfile.BackupPath(path), ringCopy} {
				fi, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				if got := fi.Mode().Perm(); got != 0o600 {
					t.Errorf("%s: mode %o, want 0600 (the file is %o)", filepath.Base(p), got, mode)
				}
			}
			fi, err := os.Stat(memfile.RingDir(path))
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != 0o700 {
				t.Errorf("backups folder: mode %o, want 0700", got)
			}
			if got := readString(t, target); got != "v0\n" {
				t.Errorf("the file itself changed: %q", got)
			}
			if fi, _ := os.Stat(target); fi.Mode().Perm() != mode {
				t.Errorf("the file's mode changed to %o", fi.Mode().Perm())
			}
		})
	}
}

func TestExistingBackupsFolderKeepsItsMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
	if err := os.MkdirAll(memfile.RingDir(path), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(memfile.RingDir(path), 0o750); err != nil {
		t.Fatal(err)
	}
	if _, err := memfile.Backup(path, []byte("v1\n"), time.Now()); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(memfile.RingDir(path)); fi.Mode().Perm() != 0o750 {
		t.Errorf("backups folder mode = %o, want the user's 0750 kept", fi.Mode().Perm())
	}
}

// deadPID is a PID no process has: above Linux's largest pid_max.
const deadPID = "4194305"

func TestAWriteRemovesStaleBackupTemps(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".tmp")
	path := filepath.Join(dir, "memory-learnings.md")
	ring := filepath.Join(dir, "backups")
	old := time.Now().Add(-2 * time.Minute)
	live := strconv.Itoa(os.Getpid())
	tests := []struct {
		name  string
		old   bool
		gone  bool
		where string
	}{
		{".memory-learnings.backup.md8234923742", true, true, dir},
		{".memory-learnings.backup.md8234923743", false, false, dir},
		{".memory-learnings.backup.md.tmp-p" + deadPID + "-k2j3h4", false, true, dir},
		{".memory-learnings.backup.md.tmp-p" + live + "-k2j3h4", false, false, dir},
		{".memory-learnings.backup.md.tmp-p" + live + "-k2j3h5", true, true, dir},
		{".memory-learnings.backup.md.swp", true, false, dir},
		{".memory-learnings.backup.md.tmp-notapid", true, false, dir},
		{"notes.md8234923742", true, false, dir},
		{".tmp-memory-learnings.3k2j1h4g5", true, true, ring},
		{".tmp-memory-learnings.3k2j1h4g6", false, false, ring},
		{".tmp-memory-learnings.p" + deadPID + "-3k2j1h", false, true, ring},
		{".tmp-memory-learnings.p" + live + "-3k2j1h", false, false, ring},
		{".tmp-other.p" + deadPID + "-3k2j1h", true, false, ring},
		{".tmp-memory-learnings.p" + deadPID + "-3k2j1h.keep", true, false, ring},
		{"memory-learnings.20260102-030405.000.md", true, false, ring},
	}
	for _, tt := range tests {
		p := filepath.Join(tt.where, tt.name)
		write(t, p, "a whole copy of the memory", 0o600)
		if tt.old {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := memfile.Update(path, time.Second, appendLine("x")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := os.Stat(filepath.Join(tt.where, tt.name))
			if gone := errors.Is(err, fs.ErrNotExist); gone != tt.gone {
				t.Errorf("removed = %v, want %v (old %v)", gone, tt.gone, tt.old)
			}
		})
	}
}

// helperBackupLoop backs up and rewrites HELPER_FILE in a loop, as compact
// does, printing a line after the first write, until it is killed.
func helperBackupLoop() int {
	path := os.Getenv("HELPER_FILE")
	big := strings.Repeat("- a learning that takes some room on the disk\n", 20000)
	for i := 0; ; i++ {
		_, err := memfile.UpdateBacked(path, 30*time.Second, time.Now(), func([]byte, bool) ([]byte, error) {
			return []byte(big + strconv.Itoa(i) + "\n"), nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		if i == 0 {
			fmt.Println("wrote")
		}
	}
}

// TestKilledBackupLeavesNothingAfterTheNextWrite kills a process in the
// middle of backing up and rewriting the file, again and again: the next
// write of any kind leaves no temp copy of the memory behind.
func TestKilledBackupLeavesNothingAfterTheNextWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".tmp")
	path := filepath.Join(dir, "memory-learnings.md")
	write(t, path, "v0\n", 0o600)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 12 {
		cmd := helperCmd(t, "backup-loop", "HELPER_FILE="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			t.Fatalf("iteration %d: writer made no progress: %v", i, err)
		}
		time.Sleep(time.Duration(rng.IntN(20000)) * time.Microsecond)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		if err := memfile.Update(path, time.Second, appendLine("store "+strconv.Itoa(i))); err != nil {
			t.Fatal(err)
		}
		for _, d := range []string{dir, filepath.Join(dir, "backups")} {
			entries, _ := os.ReadDir(d)
			for _, e := range entries {
				if strings.Contains(e.Name(), ".tmp-") || strings.HasPrefix(e.Name(), ".memory-learnings.") {
					t.Errorf("iteration %d: %s left in %s", i, e.Name(), d)
				}
			}
		}
	}
}

// TestUndoOfAnOldBackup covers backups made by older versions, with no
// after record: restored only when the file was not written since.
func TestUndoOfAnOldBackup(t *testing.T) {
	for _, tt := range []struct {
		name    string
		since   time.Duration
		force   bool
		refused bool
	}{
		{"written right after the backup", 0, false, false},
		{"written an hour later", time.Hour, false, true},
		{"written an hour later, forced", time.Hour, true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ".tmp", "memory-learnings.md")
			write(t, path, "## Recent Sessions\n\n## [2026-11-20 09:00 UTC] - Old\n- kept\n", 0o600)
			c, err := memfile.Backup(path, []byte("## Recent Sessions\n\n## [2026-11-20 09:00 UTC] - Old\n- kept\n- forgotten\n"), time.Now())
			if err != nil {
				t.Fatal(err)
			}
			old := time.Now().Add(-2 * time.Hour)
			if err := os.Chtimes(c, old, old); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(path, old.Add(tt.since), old.Add(tt.since)); err != nil {
				t.Fatal(err)
			}
			res, err := memfile.Undo(path, time.Second, memfile.UndoOptions{Force: tt.force})
			if tt.refused {
				var ce *memfile.ConflictError
				if !errors.As(err, &ce) || !ce.Legacy || !errors.Is(err, memfile.ErrConflict) {
					t.Fatalf("err = %v, want a refusal", err)
				}
				if got := readString(t, path); strings.Contains(got, "forgotten") {
					t.Errorf("refused, yet the file changed:\n%s", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !res.Whole || res.Forced != tt.force || !strings.Contains(readString(t, path), "- forgotten") {
				t.Errorf("res = %+v, file:\n%s", res, readString(t, path))
			}
		})
	}
}
