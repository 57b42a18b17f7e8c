package root

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// rawSize is a size of a thousand bytes or more printed as a byte count:
// every command prints those as "1.2 KB" (learnings.HumanSize). stats'
// exact count in parentheses after the human one is the exception.
var rawSize = regexp.MustCompile(`(^|[^(\d])\d[\d,]{3,} bytes`)

// TestOneSizeFormat runs the commands that print a size on a file over the
// limit and after a compact, and checks that each prints sizes one way.
func TestOneSizeFormat(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, ".tmp", "memory-learnings.md")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, memgen.Generate(3, 1100*1000), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"stats"}, {"doctor"}, {"lint"}, {"recall"}, {"forget", "--dry-run"},
		{"compact", "--dry-run", "--max-chars", "2000"}, {"compact"}, {"undo", "--list"}, {"stats"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			f, out, errOut := memviewtest.Factory(dir, time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC), "")
			cmd := NewCmdRoot(f)
			cmd.SetArgs(args)
			_ = cmd.Execute() // doctor and lint fail on this file; their output is what counts
			all := out.String() + errOut.String()
			if m := rawSize.FindString(all); m != "" {
				t.Errorf("learn %s prints a size as %q, not as learn's one size format:\n%s", strings.Join(args, " "), m, all)
			}
			if !strings.Contains(all, " KB") && !strings.Contains(all, " MB") && args[0] != "recall" && args[0] != "lint" {
				t.Errorf("learn %s printed no size at all; the test checks nothing:\n%s", strings.Join(args, " "), all)
			}
		})
	}
}
