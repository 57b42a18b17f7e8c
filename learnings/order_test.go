package learnings

import (
	"strings"
	"testing"
)

func TestNewestFirst(t *testing.T) {
	src := "## [2026-11-20 09:00 UTC] - middle\n\n### Learnings\n\n- a\n\n" +
		"## [not a date] - undated one\n\n### Learnings\n\n- b\n\n" +
		"## [2026-11-22 14:05 CET] - newest\n\n### Learnings\n\n- c\n\n" +
		"## [someday] - undated two\n\n### Learnings\n\n- d\n\n" +
		"## [2026-11-01 08:00 UTC] - oldest\n\n### Learnings\n\n- e\n"
	doc := Parse([]byte(src))
	var got []string
	for _, s := range NewestFirst(doc.Sessions) {
		got = append(got, s.Focus)
	}
	want := "newest, middle, oldest, undated one, undated two"
	if strings.Join(got, ", ") != want {
		t.Errorf("got %s, want %s", strings.Join(got, ", "), want)
	}
	if doc.Sessions[0].Focus != "middle" {
		t.Error("NewestFirst reordered the document's own list")
	}
}
