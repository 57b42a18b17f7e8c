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
