package learnings

import "testing"

func TestHumanSize(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{0, "0 bytes"},
		{1, "1 byte"},
		{999, "999 bytes"},
		{1000, "1.0 KB"},
		{1071, "1.0 KB"},
		{1250, "1.2 KB"},
		{9999, "9.9 KB"},
		{12_000, "12 KB"},
		{812_345, "812 KB"},
		{999_999, "999 KB"},
		{1_000_000, "1.0 MB"},
		{1_049_150, "1.0 MB"},
		{1_250_000, "1.2 MB"},
		{10_500_000, "10 MB"},
	}
	for _, tt := range tests {
		if got := HumanSize(tt.n); got != tt.want {
			t.Errorf("HumanSize(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestOverLimit(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{1_012_000, "1.0 MB, 12 KB over the 1 MB limit"},
		{1_000_500, "1.0 MB, 500 bytes over the 1 MB limit"},
		{2_300_000, "2.3 MB, 1.3 MB over the 1 MB limit"},
		{812_000, "812 KB, approaching the 1 MB limit"},
	}
	for _, tt := range tests {
		if got := OverLimit(tt.n, SizeLimit); got != tt.want {
			t.Errorf("OverLimit(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
