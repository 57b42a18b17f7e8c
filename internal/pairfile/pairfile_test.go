package pairfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	tests := []struct {
		name, text string
		want       []Pair
		err        string
	}{
		{"blocks and comments", "# a set\n\nsame\nold one\nnew one\n\n# kind\nUPDATE number\nretry 3 times\nretry 5 times\n",
			[]Pair{{"same", "old one", "new one", 3}, {"UPDATE number", "retry 3 times", "retry 5 times", 8}}, ""},
		{"no blank line at the end", "new\na\nb", []Pair{{"new", "a", "b", 1}}, ""},
		{"several blank lines", "\n\n\nsame\na\nb\n\n\n", []Pair{{"same", "a", "b", 4}}, ""},
		{"a block of two lines", "same\na\nb\n\nsame\nonly one\n", nil, ":5: a block has 2 lines, want 3"},
		{"a block of four lines at the end", "same\na\nb\nc", nil, ":1: a block has 4 lines, want 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "pairs.txt")
			if err := os.WriteFile(path, []byte(tt.text), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := Read(path)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), path+tt.err) {
					t.Fatalf("err = %v, want one ending %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d pairs %v, want %v", len(got), got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("pair %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestHeldOut(t *testing.T) {
	for path, want := range map[string]bool{
		"testdata/heldout/pairs.txt":                              true,
		"testdata/heldout2/pairs.txt":                             true,
		"../../../learnings/similar/testdata/heldout18/pairs.txt": false,
		"testdata/heldout19/pairs.txt":                            false,
		"testdata/heldout20/pairs.txt":                            true,
		"testdata/heldout21/pairs.txt":                            true,
		"testdata/heldout11/pairs.txt":                            true,
		"testdata/heldout9/pairs.txt":                             false,
		"../../../learnings/similar/testdata/heldout17/pairs.txt": false,
		"testdata/pairs.txt":                                      false,
		"testdata/swaps16.txt":                                    false,
	} {
		if got := HeldOut(path); got != want {
			t.Errorf("HeldOut(%q) = %v, want %v", path, got, want)
		}
	}
}
