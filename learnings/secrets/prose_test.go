package secrets

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestScanIgnoresProse checks the corpus of ordinary learnings for false
// refusals: learn store refuses whatever Scan finds, so each one here would
// be a learning the user cannot keep. The false-refusal rate is logged; the
// bar is none.
func TestScanIgnoresProse(t *testing.T) {
	lines := secretstest.Prose()
	refused := 0
	for _, line := range lines {
		if found := Scan(line); len(found) > 0 {
			refused++
			for _, f := range found {
				t.Errorf("found %s %q in %q", f.Kind, line[f.Start:f.End], line)
			}
		}
	}
	if len(lines) < 800 {
		t.Fatalf("the corpus has %d learnings; it should keep at least 800", len(lines))
	}
	t.Logf("false refusals: %d of %d learnings (%.2f%%)", refused, len(lines), 100*float64(refused)/float64(len(lines)))
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
