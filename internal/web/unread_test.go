package web

import (
	"net/http"
	"os"
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

// TestUnreadOncePerVersion: the unread lines are worked out once per
// version of the file and shared by every page and the lint fragment (a
// scan of the whole file each time before); a new version of the file gets
// its own.
func TestUnreadOncePerVersion(t *testing.T) {
	foreign := "# Lessons\n\n- Use SCAN, not KEYS.\n- Tag before deploying.\n\n## Deploy\n\n- Migrations first.\n"
	e := newEnv(t, foreign)
	for _, target := range []string{"/", "/fragment/problems", "/"} {
		if w := e.get(target); w.Code != http.StatusOK {
			t.Fatalf("%s: %d", target, w.Code)
		}
	}
	snap := e.srv.files.Current()
	first := e.srv.state(snap)
	if first.UnreadLines != 4 {
		t.Fatalf("UnreadLines = %d, want 4", first.UnreadLines)
	}
	if n := testing.AllocsPerRun(20, func() { e.srv.state(snap) }); n != 0 {
		t.Errorf("a page's file state of a version already seen allocates %.0f times: the unread lines are worked out again", n)
	}
	if again := e.srv.state(snap); &again.Unread[0] != &first.Unread[0] {
		t.Error("two renders of one version have their own unread lines")
	}

	// A new version: the page reads its unread lines afresh.
	if err := os.WriteFile(e.path, []byte(foreign+"\nA note at the end.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	next := e.srv.files.Current()
	if next == snap {
		t.Fatal("the changed file gave the same snapshot")
	}
	if got := e.srv.state(next).UnreadLines; got != 5 {
		t.Errorf("the new version has %d unread lines, want 5", got)
	}
	if !strings.Contains(e.get("/").Body.String(), "5 lines not read as learnings") {
		t.Error("the page does not show the new version's unread lines")
	}
}
