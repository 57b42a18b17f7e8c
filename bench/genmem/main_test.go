package main

import (
	"path/filepath"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"100k", 100 << 10, true},
		{"1m", 1 << 20, true},
		{"10M", 10 << 20, true},
		{"4096", 4096, true},
		{"", 0, false},
		{"k", 0, false},
		{"-1m", 0, false},
		{"1g", 0, false},
	}
	for _, tc := range tests {
		got, err := parseSize(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestRunMode(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		mode string
		ok   bool
	}{
		{"", true},
		{"zipf", true},
		{"intl", true},
		{"sparse", true},
		{"agent", true},
		{"ZIPF", false},
		{"english", false},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			err := run([]string{"-size", "20k", "-mode", tc.mode, "-o", filepath.Join(dir, "m.md")})
			if (err == nil) != tc.ok {
				t.Errorf("run -mode %q: err = %v, want ok=%v", tc.mode, err, tc.ok)
			}
		})
	}
}
