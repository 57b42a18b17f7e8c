package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.WriteFile(src, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, "dst")
	tests := []struct {
		name string
		args []string
		want string // prefix of the result line
		runs string // the RUNS field of an ok line, when checked
	}{
		{"success", []string{"-n", "3", "--", "true"}, "ok ", "3"},
		{"failure names status and stderr", []string{"--", "sh", "-c", "echo boom >&2; echo more >&2; exit 3"}, "fail 3 boom", ""},
		{"allowed status", []string{"-n", "2", "-ok", "0,3", "--", "sh", "-c", "exit 3"}, "ok ", "2"},
		{"no output", []string{"-expect-output", "--", "true"}, "fail 0 no output on stdout", ""},
		{"timeout", []string{"-timeout", "100ms", "--", "sleep", "5"}, "timeout 0.1", ""},
		{"budget cuts runs", []string{"-n", "50", "-warmup", "0", "-budget", "1ns", "--", "true"}, "ok ", "1"},
		{"copy and stdin", []string{"-n", "1", "-copy", src + ":" + dst, "-stdin", src, "--", "cat"}, "ok ", "1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := run(tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Fatalf("run(%q) = %q, want prefix %q", tc.args, got, tc.want)
			}
			if tc.runs == "" {
				return
			}
			f := strings.Fields(got)
			if len(f) != 8 || f[5] != tc.runs {
				t.Errorf("run(%q) = %q, want 8 fields with %s runs", tc.args, got, tc.runs)
			}
		})
	}
	if b, err := os.ReadFile(dst); err != nil || string(b) != "hello\n" {
		t.Errorf("-copy left %q, %v", b, err)
	}
}

func TestRunCountsStdout(t *testing.T) {
	got, err := run([]string{"-n", "1", "--", "printf", "12345"})
	if err != nil {
		t.Fatal(err)
	}
	if f := strings.Fields(got); f[6] != "5" {
		t.Errorf("run = %q, want 5 stdout bytes", got)
	}
	got, err = run([]string{"-n", "1", "-null", "--", "printf", "12345"})
	if err != nil {
		t.Fatal(err)
	}
	if f := strings.Fields(got); f[6] != "0" {
		t.Errorf("run -null = %q, want 0 stdout bytes counted", got)
	}
}

func TestRunUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-n", "0", "--", "true"}, {"-ok", "x", "--", "true"}, {"-copy", "nocolon", "--", "true"}} {
		if got, err := run(args); err == nil {
			t.Errorf("run(%q) = %q, want an error", args, got)
		}
	}
}

// TestRunReportsCPU checks the CPU time field: a command that spins for a
// while has some, and a run that sleeps has far less CPU than wall time.
func TestRunReportsCPU(t *testing.T) {
	got, err := run([]string{"-n", "1", "-warmup", "0", "--", "sleep", "0.2"})
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(got)
	wall, _ := strconv.ParseFloat(f[1], 64)
	cpu, err := strconv.ParseFloat(f[7], 64)
	if err != nil || cpu < 0 || cpu > wall/2 {
		t.Errorf("run sleep = %q: CPU %v ms, want well under the wall time %v ms", got, cpu, wall)
	}
}
