package cmdutil

import (
	"bytes"
	"strings"
	"testing"
)

func TestColorEnabled(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		tty  bool
		want bool
	}{
		{"terminal", nil, true, true},
		{"pipe", nil, false, false},
		{"NO_COLOR at a terminal", map[string]string{"NO_COLOR": "1"}, true, false},
		{"NO_COLOR any value", map[string]string{"NO_COLOR": "yes please"}, true, false},
		{"TERM=dumb at a terminal", map[string]string{"TERM": "dumb"}, true, false},
		{"TERM=xterm at a terminal", map[string]string{"TERM": "xterm-256color"}, true, true},
		{"CLICOLOR_FORCE into a pipe", map[string]string{"CLICOLOR_FORCE": "1"}, false, true},
		{"CLICOLOR_FORCE=0 is not forcing", map[string]string{"CLICOLOR_FORCE": "0"}, false, false},
		{"CLICOLOR_FORCE beats TERM=dumb", map[string]string{"CLICOLOR_FORCE": "1", "TERM": "dumb"}, false, true},
		{"NO_COLOR beats CLICOLOR_FORCE", map[string]string{"CLICOLOR_FORCE": "1", "NO_COLOR": "1"}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ColorEnabled(func(k string) string { return tt.env[k] }, tt.tty)
			if got != tt.want {
				t.Errorf("ColorEnabled(%v, tty=%v) = %v, want %v", tt.env, tt.tty, got, tt.want)
			}
		})
	}
}

func TestColorSchemeOff(t *testing.T) {
	on, off := ColorScheme{on: true}, ColorScheme{}
	for _, paint := range []func(ColorScheme, string) string{ColorScheme.Bold, ColorScheme.ID, ColorScheme.Good, ColorScheme.Warn, ColorScheme.Bad} {
		if got := paint(off, "FAIL"); got != "FAIL" {
			t.Errorf("colour off painted %q", got)
		}
		if got := paint(on, "FAIL"); !strings.HasPrefix(got, "\x1b[") || !strings.HasSuffix(got, reset) {
			t.Errorf("colour on left %q plain", got)
		}
	}
	if got := on.Verdict("FAIL"); got != on.Bad("FAIL") {
		t.Errorf("Verdict(FAIL) = %q", got)
	}
}

func TestPagerCommand(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"nothing set: less", nil, "less"},
		{"PAGER", map[string]string{"PAGER": "more"}, "more"},
		{"LEARN_PAGER wins", map[string]string{"PAGER": "more", "LEARN_PAGER": "less -S"}, "less -S"},
		{"LEARN_PAGER empty: none", map[string]string{"PAGER": "more", "LEARN_PAGER": ""}, ""},
		{"LEARN_PAGER cat: none", map[string]string{"LEARN_PAGER": "cat"}, ""},
		{"PAGER cat: none", map[string]string{"PAGER": "cat"}, ""},
		{"PAGER blank: less", map[string]string{"PAGER": " "}, "less"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PagerCommand(func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
			if got != tt.want {
				t.Errorf("PagerCommand(%v) = %q, want %q", tt.env, got, tt.want)
			}
		})
	}
}

// TestPager runs a real pager (a sed that marks each line) at a pretend
// terminal, and none when the output is not a terminal.
func TestPager(t *testing.T) {
	env := func(pager string) func(string) (string, bool) {
		return func(k string) (string, bool) {
			if k == "LEARN_PAGER" {
				return pager, true
			}
			return "", false
		}
	}
	tests := []struct {
		name  string
		tty   bool
		pager string
		want  string
	}{
		{"terminal: through the pager", true, "sed s/^/PAGED:/", "PAGED:one\nPAGED:two\n"},
		{"not a terminal: no pager", false, "sed s/^/PAGED:/", "one\ntwo\n"},
		{"a pager that quits early loses the rest, quietly", true, "head -n 1", "one\n"},
		{"a pager that is not there: the shell says so, no hang", true, "/nonexistent/pager-xyz", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			s := &IO{Out: &out, Err: &errb, OutTTY: tt.tty, LookupEnv: env(tt.pager)}
			s.StartPager()
			for _, line := range []string{"one\n", "two\n"} {
				if _, err := s.Out.Write([]byte(line)); err != nil {
					t.Fatalf("write through the pager: %v", err)
				}
			}
			s.StopPager()
			if s.Out != &out {
				t.Error("StopPager did not restore Out")
			}
			if tt.want == "" && !strings.Contains(errb.String(), "pager-xyz") {
				t.Errorf("a missing pager left no word on stderr: %q", errb.String())
			}
			if tt.want != "" && out.String() != tt.want {
				t.Errorf("output %q, want %q (stderr %q)", out.String(), tt.want, errb.String())
			}
		})
	}
}
