package cmdutil

import (
	"errors"
	"testing"
)

func TestDisplayPath(t *testing.T) {
	tests := []struct {
		path, wd string
		wdErr    error
		want     string
	}{
		{"/p/.tmp/memory-learnings.md", "/p", nil, ".tmp/memory-learnings.md"},
		{"/p/.tmp/memory-learnings.md", "/p/sub", nil, "/p/.tmp/memory-learnings.md"},
		{"/elsewhere/m.md", "/p", nil, "/elsewhere/m.md"},
		{"/p/m.md", "", nil, "/p/m.md"},
		{"/p/m.md", "/p", errors.New("getwd: gone"), "/p/m.md"},
	}
	for _, tt := range tests {
		f := &Factory{Getwd: func() (string, error) { return tt.wd, tt.wdErr }}
		if got := f.DisplayPath(tt.path); got != tt.want {
			t.Errorf("DisplayPath(%q) in %q (err %v) = %q, want %q", tt.path, tt.wd, tt.wdErr, got, tt.want)
		}
	}
}
