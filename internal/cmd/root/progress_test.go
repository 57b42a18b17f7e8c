package root

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/progress"
)

// TestProgressOnlyAtATerminal runs the slow whole-file commands with the
// progress line's delay shortened to nothing, under every combination of
// terminals: the line (drawn with carriage returns) appears on stderr only
// when both stdout and stderr are terminals, never when either is piped,
// and --json output is the same byte for byte whatever the terminals.
func TestProgressOnlyAtATerminal(t *testing.T) {
	delay, every := progress.Delay, progress.Interval
	progress.Delay, progress.Interval = 0, time.Millisecond
	t.Cleanup(func() { progress.Delay, progress.Interval = delay, every })

	dir := t.TempDir()
	file := filepath.Join(dir, ".tmp", "memory-learnings.md")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, memgen.Generate(7, 128<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	readme := append([]byte("# Project\n\n"), memgen.Session(2001, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))...)
	if err := os.WriteFile(filepath.Join(dir, "README.md"), readme, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(errTTY, outTTY bool, args ...string) (string, string) {
		f, out, errOut := memviewtest.Factory(dir, time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC), "")
		f.IO.ErrTTY, f.IO.OutTTY = errTTY, outTTY
		f.IO.LookupEnv = func(k string) (string, bool) { return "", k == "LEARN_PAGER" } // no pager
		_ = memviewtest.Execute(NewCmdRoot(f), f, args...)                               // lint exits 1 on the generated file's duplicates
		return out.String(), errOut.String()
	}
	for _, name := range []string{"lint", "stats", "improve-docs"} {
		t.Run(name, func(t *testing.T) {
			wantJSON, _ := run(false, false, name, "--json")
			if !json.Valid([]byte(wantJSON)) {
				t.Fatalf("--json output is not JSON: %.200s", wantJSON)
			}
			for _, tty := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				t.Run(fmt.Sprintf("stderr=%v,stdout=%v", tty[0], tty[1]), func(t *testing.T) {
					shows := tty[0] && tty[1]
					out, errOut := run(tty[0], tty[1], name)
					if got := strings.Contains(errOut, "\r"); got != shows {
						t.Errorf("progress line on stderr: %v, want %v; stderr %q", got, shows, errOut)
					}
					if strings.Contains(out, "\r") {
						t.Errorf("stdout has a carriage return: %.200q", out)
					}
					gotJSON, errJSON := run(tty[0], tty[1], name, "--json")
					if gotJSON != wantJSON {
						t.Errorf("--json output differs with these terminals")
					}
					if strings.Contains(errJSON, "\r") != shows {
						t.Errorf("--json: progress line on stderr %q, want it: %v", errJSON, shows)
					}
					if shows && !bytes.Contains([]byte(errOut), []byte("…")) {
						t.Errorf("stderr %q does not name the work", errOut)
					}
				})
			}
		})
	}
}

// screen is what a terminal shows for s: a carriage return moves back to
// the start of the line and what follows overwrites it; trailing blanks do
// not show.
func screen(s string) string {
	var lines []string
	for _, line := range strings.Split(s, "\n") {
		var cells []rune
		col := 0
		for _, r := range line {
			if r == '\r' {
				col = 0
				continue
			}
			if col < len(cells) {
				cells[col] = r
			} else {
				cells = append(cells, r)
			}
			col++
		}
		lines = append(lines, strings.TrimRight(string(cells), " "))
	}
	return strings.Join(lines, "\n")
}

// TestProgressLeavesNoTrace checks that the progress line, once the work
// ends, is wiped from the terminal: what a person sees on stderr is what a
// log of a run without terminals holds (warnings about a damaged file
// included), and stdout is the same bytes, human or --json.
func TestProgressLeavesNoTrace(t *testing.T) {
	delay, every := progress.Delay, progress.Interval
	progress.Delay, progress.Interval = 0, time.Millisecond
	t.Cleanup(func() { progress.Delay, progress.Interval = delay, every })

	generated := memgen.GenerateWith(memgen.Options{Seed: 3, Size: 128 << 10, Mode: "prose"})
	files := map[string][]byte{
		"generated": generated,
		"damaged":   append(append([]byte{}, generated...), "\n## [2026-11-30 10:00 UTC] - Half written\n\n### Learnings\n\n**Fresh Discoveries:**\n- Starts a fence:\n\n```go\nfunc main() {\n"...),
	}
	for name, src := range files {
		dir := t.TempDir()
		file := filepath.Join(dir, ".tmp", "memory-learnings.md")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(tty bool, args ...string) (string, string) {
			f, out, errOut := memviewtest.Factory(dir, time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC), "")
			f.IO.ErrTTY, f.IO.OutTTY = tty, tty
			f.IO.LookupEnv = func(k string) (string, bool) { return "", k == "LEARN_PAGER" } // no pager
			_ = memviewtest.Execute(NewCmdRoot(f), f, args...)
			return out.String(), errOut.String()
		}
		for _, args := range [][]string{{"lint"}, {"lint", "--json"}, {"stats"}, {"stats", "--json"}, {"improve-docs"}, {"improve-docs", "--json"}} {
			t.Run(name+"/"+strings.Join(args, " "), func(t *testing.T) {
				wantOut, wantErr := run(false, args...)
				gotOut, gotErr := run(true, args...)
				// lint reports the damage as a finding, the others warn.
				if name == "damaged" && args[0] != "lint" && !strings.Contains(wantErr, "fence") {
					t.Errorf("no warning about the fence left open: stderr %q", wantErr)
				}
				if !strings.Contains(gotErr, "\r") {
					t.Fatalf("no progress line drawn at a terminal; stderr %q", gotErr)
				}
				if gotOut != wantOut {
					t.Errorf("stdout differs at a terminal:\n%.300q\nwithout one:\n%.300q", gotOut, wantOut)
				}
				if got := screen(gotErr); got != wantErr {
					t.Errorf("stderr at a terminal shows\n%q\nwithout one it holds\n%q", got, wantErr)
				}
			})
		}
	}
}
