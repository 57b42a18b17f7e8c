package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestLongCategoriesFoldAndLoadOnOpen checks that a long category shows
// its first learnings, leaves the rest out of the first page, and serves
// them when the fold is opened, for Consolidated and for a session.
func TestLongCategoriesFoldAndLoadOnOpen(t *testing.T) {
	var b strings.Builder
	b.WriteString("## Consolidated Learnings\n\n**Fresh Discoveries:**\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "- Consolidated fact number %02d about the exporter.\n", i)
	}
	b.WriteString("\n---\n\n## Recent Sessions\n\n## [2026-11-22 14:05 UTC] - A long session\n\n### Learnings\n\n**User Corrections:**\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "- Session correction number %02d <b>bold?</b>\n", i)
	}
	b.WriteString("\n---\n")
	e := newEnv(t, b.String())
	page := e.get("/").Body.String()
	for _, want := range []string{"fact number 06", "correction number 06", "Show 6 more", "Show 3 more"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, folded := range []string{"fact number 07", "fact number 12", "correction number 07"} {
		if strings.Contains(page, folded) {
			t.Errorf("the page renders the folded %q", folded)
		}
	}
	sess := e.doc().Sessions[0].ID
	tests := []struct {
		owner, category string
		code            int
		want            []string
	}{
		{"consolidated", "Fresh Discoveries", 200, []string{"fact number 07", "fact number 12"}},
		{sess, "User Corrections", 200, []string{"correction number 07", "correction number 09", "&lt;b&gt;bold?&lt;/b&gt;"}},
		{sess, "corrections", 200, []string{"correction number 08"}},
		{sess, "Fresh Discoveries", 404, []string{"no category"}},
		{"s000000", "User Corrections", 404, []string{"no session"}},
	}
	for _, tt := range tests {
		t.Run(tt.owner+" "+tt.category, func(t *testing.T) {
			w := e.get("/fragment/rest?owner=" + url.QueryEscape(tt.owner) + "&category=" + url.QueryEscape(tt.category))
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.code, w.Body)
			}
			body := w.Body.String()
			for _, want := range tt.want {
				if !strings.Contains(body, want) {
					t.Errorf("lacks %q:\n%s", want, body)
				}
			}
			if tt.code == http.StatusOK && (strings.Contains(body, "number 06") || strings.Contains(body, "<b>")) {
				t.Errorf("repeats a shown learning or lets markup through:\n%s", body)
			}
		})
	}
}
