package secrets

import (
	"os"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestScanIgnoresProse checks a corpus of ordinary learnings, the kind a
// memory file is made of, for false refusals: learn store refuses whatever
// Scan finds, so each one here would be a learning the user cannot keep.
func TestScanIgnoresProse(t *testing.T) {
	src, err := os.ReadFile("testdata/prose.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines, refused := 0, 0
	for _, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines++
		if found := Scan(line); len(found) > 0 {
			refused++
			for _, f := range found {
				t.Errorf("found %s %q in %q", f.Kind, line[f.Start:f.End], line)
			}
		}
	}
	if lines < 300 {
		t.Fatalf("the corpus has %d learnings; it should keep at least 300", lines)
	}
	t.Logf("%d of %d learnings refused", refused, lines)
}

// TestScanIgnoresGeneratedFile checks the benchmark's generated memory
// files, which mix prose, code blocks, paths and numbers the way real ones
// do.
func TestScanIgnoresGeneratedFile(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		src := string(memgen.Generate(seed, 256<<10))
		for _, f := range Scan(src) {
			line := src[strings.LastIndexByte(src[:f.Start], '\n')+1:]
			line, _, _ = strings.Cut(line, "\n")
			t.Errorf("seed %d: found %s %q in %q", seed, f.Kind, src[f.Start:f.End], line)
		}
	}
}
