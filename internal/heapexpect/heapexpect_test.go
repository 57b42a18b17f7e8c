package heapexpect

import (
	"slices"
	"testing"
)

func TestFile(t *testing.T) {
	for _, tt := range []struct {
		name    string
		enabled bool
		sizes   []int64
		want    []int64
	}{
		{"not enabled (tests, learn serve, learn mcp)", false, []int64{1 << 20, 10 << 20}, nil},
		{"empty file", true, []int64{0}, nil},
		{"1 MB", true, []int64{1 << 20}, []int64{16 << 20}},
		{"10 MB", true, []int64{10 << 20}, []int64{160 << 20}},
		{"every file read", true, []int64{10 << 10, 1 << 20}, []int64{160 << 10, 16 << 20}},
		{"past the bound", true, []int64{100 << 20}, []int64{maxHeap}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []int64
			if tt.enabled {
				Enable(func(n int64) { got = append(got, n) })
			} else {
				Enable(nil)
			}
			t.Cleanup(func() { Enable(nil) })
			for _, n := range tt.sizes {
				File(n)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("File(%v) expected %v, want %v", tt.sizes, got, tt.want)
			}
		})
	}
}

func TestScaled(t *testing.T) {
	for _, tt := range []struct {
		name              string
		size, heapPerByte int64
		want              []int64
	}{
		{"10 MB at 28 bytes a byte", 10 << 20, 28, []int64{280 << 20}},
		{"past the bound", 20 << 20, 28, []int64{maxHeap}},
		{"empty file", 0, 28, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []int64
			Enable(func(n int64) { got = append(got, n) })
			t.Cleanup(func() { Enable(nil) })
			Scaled(tt.size, tt.heapPerByte)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Scaled(%d, %d) expected %v, want %v", tt.size, tt.heapPerByte, got, tt.want)
			}
		})
	}
}
