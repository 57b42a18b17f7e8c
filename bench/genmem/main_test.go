package main

import "testing"

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
