package udiff

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestUnified(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		want     string
	}{
		{
			name: "equal",
			old:  "a\nb\n", new: "a\nb\n",
			want: "",
		},
		{
			name: "one line changed in the middle",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
			new:  "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			want: "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
		},
		{
			name: "insert at start",
			old:  "a\nb\n", new: "x\na\nb\n",
			want: "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n+x\n a\n b\n",
		},
		{
			name: "create from empty",
			old:  "", new: "x\ny\n",
			want: "--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+x\n+y\n",
		},
		{
			name: "delete everything",
			old:  "x\n", new: "",
			want: "--- a/f\n+++ b/f\n@@ -1 +0,0 @@\n-x\n",
		},
		{
			name: "two hunks far apart",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
			new:  "one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n",
			want: "--- a/f\n+++ b/f\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n",
		},
		{
			name: "changes six lines apart share a hunk",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n",
			new:  "one\n2\n3\n4\n5\n6\n7\neight\n",
			want: "--- a/f\n+++ b/f\n@@ -1,8 +1,8 @@\n-1\n+one\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+eight\n",
		},
		{
			name: "no newline at end of old file",
			old:  "a\nb", new: "a\nb\n",
			want: "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
		},
		{
			name: "no newline at end of new file",
			old:  "a\nb\n", new: "a\nc",
			want: "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n",
		},
		{
			name: "append after a line without newline",
			old:  "a", new: "a\nb\n",
			want: "--- a/f\n+++ b/f\n@@ -1 +1,2 @@\n-a\n\\ No newline at end of file\n+a\n+b\n",
		},
		{
			name: "crlf lines kept as they are",
			old:  "a\r\nb\r\n", new: "a\r\nc\r\n",
			want: "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(Unified("a/f", "b/f", []byte(tt.old), []byte(tt.new)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Unified mismatch (-want +got):\n%s", diff)
			}
			if tt.want != "" {
				if back, err := apply(tt.old, got); err != nil || back != tt.new {
					t.Errorf("applying the diff gave %q, %v; want %q", back, err, tt.new)
				}
			}
		})
	}
}

func TestFilesLabels(t *testing.T) {
	got := string(Files("AGENTS.md", nil, false, []byte("# Agents\n"), true))
	want := "--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1 @@\n+# Agents\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("new-file diff mismatch (-want +got):\n%s", diff)
	}
}

// TestPatchAccepts checks that GNU patch and git apply take our output, for
// random edits of a file, new files and the missing-newline cases.
func TestPatchAccepts(t *testing.T) {
	patchBin, patchErr := exec.LookPath("patch")
	gitBin, gitErr := exec.LookPath("git")
	if patchErr != nil && gitErr != nil {
		t.Skip("neither patch nor git is installed")
	}
	rng := rand.New(rand.NewSource(7))
	for i := range 40 {
		old := randomText(rng, 60)
		new := mutate(rng, old)
		if i%5 == 0 {
			old = strings.TrimSuffix(old, "\n")
		}
		if i%7 == 0 {
			new = strings.TrimSuffix(new, "\n")
		}
		d := Files("doc.md", []byte(old), true, []byte(new), true)
		if d == nil {
			continue
		}
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			if patchErr == nil {
				dir := t.TempDir()
				path := filepath.Join(dir, "doc.md")
				writeFile(t, path, old)
				cmd := exec.Command(patchBin, "-s", "-p1", "--no-backup-if-mismatch")
				cmd.Dir = dir
				cmd.Stdin = bytes.NewReader(d)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("patch: %v\n%s\ndiff:\n%s", err, out, d)
				}
				if got, _ := os.ReadFile(path); string(got) != new {
					t.Fatalf("patch result differs:\n%q\nwant\n%q", got, new)
				}
			}
			if gitErr == nil {
				dir := t.TempDir()
				writeFile(t, filepath.Join(dir, "doc.md"), old)
				writeFile(t, filepath.Join(dir, "change.diff"), string(d))
				cmd := exec.Command(gitBin, "apply", "--check", "change.diff")
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git apply --check: %v\n%s\ndiff:\n%s", err, out, d)
				}
			}
		})
	}
}

func FuzzUnifiedApplies(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\n")
	f.Add("", "x")
	f.Add("x", "")
	f.Add("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "0\n2\n3\n4\n5\n6\n7\n8\nnine")
	f.Add("a\r\nb", "a\nb\r\n")
	f.Fuzz(func(t *testing.T, old, new string) {
		d := string(Unified("a/f", "b/f", []byte(old), []byte(new)))
		if old == new {
			if d != "" {
				t.Fatalf("equal inputs gave a diff:\n%s", d)
			}
			return
		}
		got, err := apply(old, d)
		if err != nil {
			t.Fatalf("apply: %v\ndiff:\n%s", err, d)
		}
		if got != new {
			t.Fatalf("apply gave %q, want %q\ndiff:\n%s", got, new, d)
		}
	})
}

// apply is a strict unified-diff applier for tests: every context and
// deleted line must match old exactly, and hunk counts must be right.
func apply(old, diff string) (string, error) {
	oldLines := splitLines(old)
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		return "", fmt.Errorf("missing headers")
	}
	var out []string
	pos := 0
	i := 2
	for i < len(lines) && lines[i] != "" {
		var os_, oc, ns, nc int
		if err := parseHeader(lines[i], &os_, &oc, &ns, &nc); err != nil {
			return "", err
		}
		i++
		start := os_ - 1
		if oc == 0 {
			start = os_
		}
		if start < pos || start > len(oldLines) {
			return "", fmt.Errorf("hunk starts at %d, at %d", start, pos)
		}
		out = append(out, oldLines[pos:start]...)
		pos = start
		gotOld, gotNew := 0, 0
		for i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@") {
			l := lines[i]
			i++
			text := l[1:]
			if i < len(lines) && strings.HasPrefix(lines[i], `\ No newline at end of file`) {
				text = strings.TrimSuffix(text, "\n")
				i++
			}
			switch l[0] {
			case ' ', '-':
				if pos >= len(oldLines) || oldLines[pos] != text {
					return "", fmt.Errorf("line %d does not match %q", pos+1, text)
				}
				pos++
				gotOld++
				if l[0] == ' ' {
					out = append(out, text)
					gotNew++
				}
			case '+':
				out = append(out, text)
				gotNew++
			default:
				return "", fmt.Errorf("bad line %q", l)
			}
		}
		if gotOld != oc || gotNew != nc {
			return "", fmt.Errorf("hunk counts %d,%d, header says %d,%d", gotOld, gotNew, oc, nc)
		}
	}
	out = append(out, oldLines[pos:]...)
	return strings.Join(out, ""), nil
}

func parseHeader(line string, os_, oc, ns, nc *int) error {
	var a, b string
	if _, err := fmt.Sscanf(line, "@@ -%s +%s @@", &a, &b); err != nil {
		return fmt.Errorf("bad hunk header %q: %v", line, err)
	}
	parse := func(s string, start, count *int) {
		l, c, ok := strings.Cut(s, ",")
		*start, _ = strconv.Atoi(l)
		*count = 1
		if ok {
			*count, _ = strconv.Atoi(c)
		}
	}
	parse(a, os_, oc)
	parse(b, ns, nc)
	return nil
}

func randomText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		fmt.Fprintf(&b, "line %d\n", rng.Intn(20))
	}
	return b.String()
}

func mutate(rng *rand.Rand, s string) string {
	lines := splitLines(s)
	for range 1 + rng.Intn(6) {
		at := rng.Intn(len(lines) + 1)
		switch rng.Intn(3) {
		case 0:
			lines = append(lines[:at], append([]string{"new " + strconv.Itoa(rng.Intn(100)) + "\n"}, lines[at:]...)...)
		case 1:
			if at < len(lines) {
				lines = append(lines[:at], lines[at+1:]...)
			}
		case 2:
			if at < len(lines) {
				lines[at] = "changed\n"
			}
		}
	}
	return strings.Join(lines, "")
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLargeRewrite covers the path for inputs too different for a cheap
// minimal diff: the changed middle becomes one replaced block, and the
// result still applies.
func TestLargeRewrite(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var old, new strings.Builder
	old.WriteString("# head\n\nkept\n")
	new.WriteString("# head\n\nkept\n")
	for i := range 20000 {
		fmt.Fprintf(&old, "old %d %d\n", i, rng.Intn(1000))
	}
	for i := range 15000 {
		fmt.Fprintf(&new, "new %d %d\n", i, rng.Intn(1000))
	}
	old.WriteString("tail\n")
	new.WriteString("tail")
	d := string(Unified("a/f", "b/f", []byte(old.String()), []byte(new.String())))
	if !strings.HasPrefix(d, "--- a/f\n+++ b/f\n@@ -1,20004 +1,15004 @@\n # head\n \n kept\n-old 0 ") {
		t.Errorf("unexpected start of diff:\n%.300s", d)
	}
	got, err := apply(old.String(), d)
	if err != nil || got != new.String() {
		t.Fatalf("large rewrite diff does not apply: %v", err)
	}
}

// BenchmarkUnifiedRewrite1MB is the compact --dry-run case: most of a 1 MB
// file replaced.
func BenchmarkUnifiedRewrite1MB(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var old, new strings.Builder
	for old.Len() < 1<<20 {
		fmt.Fprintf(&old, "- learning %d about %d things\n", rng.Intn(1<<30), rng.Intn(1000))
	}
	for new.Len() < 700<<10 {
		fmt.Fprintf(&new, "- learning %d about %d things\n", rng.Intn(1<<30), rng.Intn(1000))
	}
	b.SetBytes(int64(old.Len()))
	for b.Loop() {
		Unified("a/f", "b/f", []byte(old.String()), []byte(new.String()))
	}
}

func BenchmarkUnified1MB(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var old strings.Builder
	for old.Len() < 1<<20 {
		fmt.Fprintf(&old, "- learning %d about %d things\n", rng.Intn(1<<30), rng.Intn(1000))
	}
	new := mutate(rng, old.String())
	b.SetBytes(int64(old.Len()))
	for b.Loop() {
		Unified("a/f", "b/f", []byte(old.String()), []byte(new))
	}
}

// TestHunkSizeHoldsTheHunk holds hunkSize to its promise, at least the
// bytes writeHunk writes, so that Unified's buffer, sized by it, is never
// grown by doubling: on random edits, with lines that lack their newline
// (CRLF, a last line without one) and line numbers of six digits.
func TestHunkSizeHoldsTheHunk(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	long := strings.Repeat("same line\n", 120000)
	inputs := [][2]string{{"a\r\nb", "a\nb\r\n"}, {"x", ""}, {"", "x"}, {long + "old", long + "new\nmore"}}
	for range 200 {
		old := randomText(rng, 1+rng.Intn(60))
		inputs = append(inputs, [2]string{old, strings.TrimSuffix(mutate(rng, old), "\n")})
	}
	checked := 0
	for _, in := range inputs {
		ops := lineOps(in[0], in[1])
		for _, h := range hunks(ops, Context) {
			var out bytes.Buffer
			writeHunk(&out, ops, h)
			if size := hunkSize(ops, h); size < out.Len() {
				t.Errorf("hunkSize %d, writeHunk wrote %d bytes:\n%s", size, out.Len(), out.String())
			}
			checked++
		}
	}
	if checked < 200 {
		t.Errorf("only %d hunks checked", checked)
	}
}
