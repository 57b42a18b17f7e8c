//go:build linux || darwin

// Package e2eutil is what the end-to-end tests of the real clients share:
// building learn, running a client in its own process group, and reading
// what the fake model received.
package e2eutil

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// RepoRoot is the root of this checkout.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// BuildLearn builds ./cmd/learn into a new temporary directory and returns
// it with a function that removes it.
func BuildLearn() (dir string, cleanup func(), err error) {
	dir, err = os.MkdirTemp("", "learn-e2e-bin-")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "learn"), "./cmd/learn")
	build.Dir = RepoRoot()
	if out, err := build.CombinedOutput(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("go build ./cmd/learn: %v\n%s", err, out)
	}
	return dir, cleanup, nil
}

// Result is what one process printed.
type Result struct {
	Stdout, Stderr string
}

// Run runs name with args in dir, with exactly env and stdin, in its own
// process group: the whole group is killed on timeout and afterwards, since
// clients leave helpers behind.
func Run(dir string, env []string, stdin string, timeout time.Duration, name string, args ...string) (Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return Result{}, err
	}
	pgid := cmd.Process.Pid
	err := cmd.Wait()
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	if ctx.Err() != nil {
		err = fmt.Errorf("%s timed out after %s: %w", name, timeout, ctx.Err())
	}
	return Result{Stdout: out.String(), Stderr: errb.String()}, err
}

// Section is what text holds between <tag> and </tag>: the output of the
// injection a command template wraps in that tag.
func Section(t testing.TB, text, tag string) string {
	t.Helper()
	_, after, ok := strings.Cut(text, "<"+tag+">")
	inside, _, ok2 := strings.Cut(after, "</"+tag+">")
	if !ok || !ok2 {
		t.Fatalf("no <%s> section in:\n%s", tag, text)
	}
	return strings.TrimSpace(inside)
}

// MustContain reports each of wants that got lacks.
func MustContain(t testing.TB, what, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("%s does not contain %q; it is:\n%s", what, want, got)
		}
	}
}

// MustNotContain reports each of bad that got holds.
func MustNotContain(t testing.TB, what, got string, bad ...string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(got, b) {
			t.Errorf("%s contains %q; it is:\n%s", what, b, got)
		}
	}
}

// WriteFile writes data to path, making its directory first: how the
// tests lay out a user's files.
func WriteFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// GitProject makes root/projects/name a git repository (the clients find
// a project by it), with memory as its learnings file when memory is not
// empty, and returns its path.
func GitProject(t testing.TB, root, name, memory string) string {
	t.Helper()
	dir := filepath.Join(root, "projects", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	if memory != "" {
		WriteFile(t, filepath.Join(dir, ".tmp", "memory-learnings.md"), memory)
	}
	return dir
}

// RecentStamp is the time, as a session heading writes it, of the i-th
// (from 0, newest first) of up to 70 recent sessions: ten a day, from
// 19:00 back to 10:00, from 2026-11-21 back, so that every one can be
// read and they go newest first, as learn writes them. A memory that
// breaks either gets a problem notice in every recall, which is not what
// the end-to-end tests are about.
func RecentStamp(i int) string {
	return fmt.Sprintf("2026-11-%02d %02d:00 UTC", 21-i/10, 19-i%10)
}

// CutMemory is a memory whose 70 User Corrections overflow recall's
// default budget, each two clauses long (the second is CutSecond), and
// one older learning a task about S3 uploads names (CutS3): the memory
// with which "learn recall --task" cuts the corrections the task does not
// touch to their first clause.
func CutMemory() string {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "## [%s] - Maintenance %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n", RecentStamp(i), i)
		fmt.Fprintf(&b, "- Convention %d: package p%d logs through logger L%d, and never prints to stdout directly; %s\n\n---\n\n", i, i, i, CutSecond)
	}
	b.WriteString("## [2025-03-02 09:00 UTC] - Video uploads\n**Project**: acme\n**Documentation Seen**: `ios/Uploader.swift`\n\n### Learnings\n\n" +
		"**Fresh Discoveries:**\n- " + CutS3 + "\n\n---\n")
	return b.String()
}

// CutS3 and CutSecond are texts of CutMemory: the learning a task about
// S3 uploads is given whole, and the second clause of every correction,
// which a cut leaves out.
const (
	CutS3     = "S3 multipart upload parts must be at least 5 MB except the last part; smaller parts fail with EntityTooSmall."
	CutSecond = "its tests capture the logger instead."
)
