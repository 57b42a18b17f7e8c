package memgen

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestGeneratedFileReadsCleanly checks the generator against the real
// reader: a benchmark file that the reader finds problems in would measure
// error paths instead of the normal case.
func TestGeneratedFileReadsCleanly(t *testing.T) {
	for _, crlf := range []bool{false, true} {
		src := GenerateWith(Options{Seed: 11, Size: 256 << 10, CRLF: crlf})
		doc := learnings.Parse(src)
		if doc.Unclosed != nil {
			t.Fatalf("crlf=%v: unclosed block: %v", crlf, doc.Unclosed)
		}
		for _, p := range doc.Problems {
			t.Errorf("crlf=%v: %v", crlf, p)
		}
		if doc.Consolidated == nil || len(doc.Consolidated.Categories) != len(Categories) || len(doc.Consolidated.Tally) == 0 {
			t.Errorf("crlf=%v: Consolidated not read with %d categories and a tally: %+v", crlf, len(Categories), doc.Consolidated)
		}
		text := strings.ReplaceAll(string(src), "\r\n", "\n")
		if want := strings.Count(text, "\n## ["); len(doc.Sessions) != want {
			t.Errorf("crlf=%v: read %d sessions, the file has %d headers", crlf, len(doc.Sessions), want)
		}
		items := 0
		for _, s := range doc.Sessions {
			if s.Time.IsZero() || s.Project == "" || len(s.Categories) == 0 {
				t.Errorf("crlf=%v: session at line %d read incompletely: %q %q %d categories", crlf, s.Span.Line, s.Stamp, s.Project, len(s.Categories))
			}
			for _, c := range s.Categories {
				items += len(c.Learnings)
			}
		}
		for _, c := range doc.Consolidated.Categories {
			items += len(c.Learnings)
		}
		if want := strings.Count("\n"+text, "\n- "); items != want {
			t.Errorf("crlf=%v: read %d learnings, the file has %d bullets", crlf, items, want)
		}
	}
}
