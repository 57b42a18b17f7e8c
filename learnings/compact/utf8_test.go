package compact

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/learnings"
)

// TestInvalidUTF8CompactsAsParsed holds compact's parse of the file
// (ParseForUnread), which leaves out the problem of bytes that are not
// UTF-8, to a plan over Parse, which reports it: the plan, its report
// and the bytes written are the same, the bytes are kept as they are
// (in a learning folded, one folded with its word for word copy, a kept
// session and a hand-written section), and the file written still reads
// as not UTF-8, for lint to report.
func TestInvalidUTF8CompactsAsParsed(t *testing.T) {
	src := "Notes \xff kept.\n\n## Recent Sessions\n\n" +
		"## [2026-11-24 10:00 UTC] - newest \xc3(\n\n**User Corrections:**\n- Run `make gen\xe3\x81` before `go test` in the worker.\n- The cache \xed\xa0\x80 is flushed every 10 minutes.\n\n---\n\n" +
		"## [2026-11-23 10:00 UTC] - middle\n\n**Fresh Discoveries:**\n- The cache \xed\xa0\x80 is flushed every 10 minutes.\n- Café naïve \xc0\xaf résumé 日本語\xe3 keys.\n\n---\n\n" +
		"## [2026-11-22 10:00 UTC] - oldest\n\n**Fresh Discoveries:**\n- Run `make gen\xe3\x81` before `go test` in the worker.\n- Plain learning about the deploy \x80 script.\n\n---\n\n" +
		"## Mine \xff\n\nHand \xfe written.\n"
	for _, eol := range []string{"\n", "\r\n"} {
		for _, keep := range []int{0, 1} {
			src := strings.ReplaceAll(src, "\n", eol)
			parsed, forUnread := learnings.Parse([]byte(src)), learnings.ParseForUnread([]byte(src))
			if !hasUTF8Problem(parsed) || hasUTF8Problem(forUnread) {
				t.Fatalf("Parse problems %v, ParseForUnread problems %v: the test no longer compares the two", parsed.Problems, forUnread.Problems)
			}
			want, wantPlan := apply(t, parsed, keep)
			got, gotPlan := apply(t, forUnread, keep)
			if !bytes.Equal(got, want) {
				t.Errorf("eol %q keep %d: compact over ParseForUnread wrote\n%q\nover Parse\n%q", eol, keep, got, want)
			}
			if diff := cmp.Diff(wantPlan.Stats, gotPlan.Stats); diff != "" {
				t.Errorf("eol %q keep %d: stats (-Parse +ParseForUnread):\n%s", eol, keep, diff)
			}
			// Kept, the newest session holds the copies' first wordings.
			if wantMerged := 2 * (1 - keep); gotPlan.Merged != wantMerged {
				t.Errorf("eol %q keep %d: merged %d, want %d", eol, keep, gotPlan.Merged, wantMerged)
			}
			for _, b := range []string{"Notes \xff kept.", "`make gen\xe3\x81`", "cache \xed\xa0\x80 is", "\xc0\xaf résumé 日本語\xe3 keys", "deploy \x80 script", "## Mine \xff" + eol + eol + "Hand \xfe written." + eol} {
				if keep == 1 && b == "`make gen\xe3\x81`" {
					continue
				}
				if !bytes.Contains(got, []byte(b)) {
					t.Errorf("eol %q keep %d: %q not kept as it was in\n%q", eol, keep, b, got)
				}
			}
			if !hasUTF8Problem(learnings.Parse(got)) {
				t.Errorf("eol %q keep %d: the file written no longer reads as not UTF-8", eol, keep)
			}
		}
	}
}

func apply(t *testing.T, doc *learnings.Document, keep int) ([]byte, *Plan) {
	t.Helper()
	p := NewPlan(doc, Options{Keep: keep})
	out, err := p.Apply(doc)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	return out, p
}

func hasUTF8Problem(doc *learnings.Document) bool {
	for _, p := range doc.Problems {
		if strings.Contains(p.Message, "UTF-8") {
			return true
		}
	}
	return false
}
