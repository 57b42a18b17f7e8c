package foreign

import (
	"bytes"
	"os"
	"testing"
)

// FuzzRead checks that Read never fails on any input and that what it
// reports points into the source.
func FuzzRead(f *testing.F) {
	for _, p := range []string{"testdata/corpus/lessons.md", "testdata/corpus/AGENTS.md", "testdata/corpus/LEARNINGS.md", "testdata/corpus/decisions-table.md"} {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(p, src)
		}
	}
	f.Add("CLAUDE.md", []byte("## Learnings\n- a\n  ```\n- b\n"))
	f.Add("MEMORY.md", []byte("---\nname: x\ntype: feedback\n---\n\ntext\n"))
	f.Fuzz(func(t *testing.T, path string, src []byte) {
		res := Read(path, src)
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, e := range res.Entries {
			if e.Line < 1 || e.EndLine < e.Line || e.EndLine > lines {
				t.Fatalf("entry lines %d-%d outside 1-%d", e.Line, e.EndLine, lines)
			}
			if e.Text == "" || e.Category == "" {
				t.Fatalf("entry at line %d without text or category", e.Line)
			}
		}
		for _, s := range res.Skipped {
			if s.Line < 1 || s.Line > lines {
				t.Fatalf("skip at line %d outside 1-%d", s.Line, lines)
			}
		}
	})
}
