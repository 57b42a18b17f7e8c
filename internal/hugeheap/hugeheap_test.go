package hugeheap

import (
	"slices"
	"testing"
)

// reset puts the package back as a process starts it.
func reset(t *testing.T) {
	t.Helper()
	mu.Lock()
	collect, expect, done = nil, nil, false
	mu.Unlock()
	t.Cleanup(func() {
		mu.Lock()
		collect, expect, done = nil, nil, false
		mu.Unlock()
	})
}

func TestReserve(t *testing.T) {
	for _, tt := range []struct {
		name    string
		enabled bool
		sizes   []int64
		want    int // collections
		expect  []int64
	}{
		{"not enabled (tests, learn serve, learn mcp)", false, []int64{1 << 20, 10 << 20}, 0, nil},
		{"small files", true, []int64{0, 1, 100 << 10, minSize - 1}, 0, nil},
		{"one large file", true, []int64{1 << 20}, 1, []int64{16 << 20}},
		{"once per process", true, []int64{1 << 20, 1 << 20, 10 << 20}, 1, []int64{16 << 20}},
		{"small then large", true, []int64{10 << 10, minSize}, 1, []int64{4 << 20}},
		{"rounded to huge pages", true, []int64{minSize + 1}, 1, []int64{6 << 20}},
		{"10 MB", true, []int64{10 << 20}, 1, []int64{160 << 20}},
		{"past the bound", true, []int64{100 << 20}, 1, []int64{maxReserve}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reset(t)
			calls := 0
			var expected []int64
			if tt.enabled {
				Enable(func() { calls++ }, func(n int64) { expected = append(expected, n) })
			}
			for _, n := range tt.sizes {
				Reserve(n)
			}
			want := tt.want
			if !supported() {
				want = 0 // no transparent huge pages on request here: nothing to prepare
			}
			if calls != want {
				t.Errorf("Reserve(%v) collected %d times, want %d (huge pages on request: %v)", tt.sizes, calls, want, supported())
			}
			if !slices.Equal(expected, tt.expect) {
				t.Errorf("Reserve(%v) expected heaps of %v bytes, want %v (with or without huge pages)", tt.sizes, expected, tt.expect)
			}
		})
	}
}
