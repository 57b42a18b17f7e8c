package hugeheap

import "testing"

// reset puts the package back as a process starts it.
func reset(t *testing.T) {
	t.Helper()
	mu.Lock()
	collect, done = nil, false
	mu.Unlock()
	t.Cleanup(func() {
		mu.Lock()
		collect, done = nil, false
		mu.Unlock()
	})
}

func TestReserve(t *testing.T) {
	for _, tt := range []struct {
		name    string
		enabled bool
		sizes   []int64
		want    int // collections
	}{
		{"not enabled (tests, learn serve, learn mcp)", false, []int64{1 << 20, 10 << 20}, 0},
		{"small files", true, []int64{0, 1, 100 << 10, minSize - 1}, 0},
		{"one large file", true, []int64{1 << 20}, 1},
		{"once per process", true, []int64{1 << 20, 1 << 20, 10 << 20}, 1},
		{"small then large", true, []int64{10 << 10, minSize}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reset(t)
			calls := 0
			if tt.enabled {
				Enable(func() { calls++ })
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
		})
	}
}
