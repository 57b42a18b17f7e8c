package web

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// TestPageSaysWhatItDoesNotRead: a memory another tool wrote shows, on the
// main page and in the problem list, how many lines are not read and that
// learn import --in-place takes them in; learn's own file shows nothing.
func TestPageSaysWhatItDoesNotRead(t *testing.T) {
	foreign := "# Lessons\n\n- Use SCAN, not KEYS.\n- Tag before deploying.\n\n## Deploy\n\n- Migrations first.\n"
	tests := []struct {
		name, content, target string
		want, not             []string
	}{
		{"main page", foreign, "/", []string{"4 lines not read as learnings", "learn import --in-place", "lines 3-4", "hand-written section"}, nil},
		{"problem list", foreign, "/fragment/problems", []string{"learn import --in-place", "unread"}, []string{"No problems"}},
		{"lint api", foreign, "/api/lint", []string{`"unread_lines": 4`}, nil},
		{"own file", memviewtest.Sample, "/", nil, []string{"not read as learnings"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, tt.content)
			w := e.get(tt.target)
			body := w.Body.String()
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("%s lacks %q:\n%s", tt.target, s, body)
				}
			}
			for _, s := range tt.not {
				if strings.Contains(body, s) {
					t.Errorf("%s has %q", tt.target, s)
				}
			}
		})
	}
}
