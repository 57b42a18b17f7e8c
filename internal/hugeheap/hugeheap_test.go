package hugeheap

import (
	"runtime"
	"slices"
	"testing"
	"unsafe"
)

// reset puts the package back as a process starts it.
func reset(t *testing.T) {
	t.Helper()
	mu.Lock()
	collect, expect, done, heads = nil, nil, false, nil
	mu.Unlock()
	t.Cleanup(func() {
		mu.Lock()
		collect, expect, done, heads = nil, nil, false, nil
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

// TestFillHead frees a block whose start is no huge-page boundary, as
// Reserve's seldom is, and checks that after fillHead the next large allocation,
// the memory file's buffer in a run, gets pages past the boundary, not
// the block's first pages, which the kernel backs with 4 KB pages.
func TestFillHead(t *testing.T) {
	t.Cleanup(func() { heads = nil })
	for _, tt := range []struct {
		name  string
		shift int // bytes allocated and kept before the block, to move it
	}{
		{"after 64 KB kept", 64 << 10},
		{"after 512 KB kept", 512 << 10},
		{"after 1.5 MB kept", 3 << 19},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start, boundary := freedBlock(tt.shift)
			if boundary-start < minHead {
				t.Skipf("the block began %d bytes before a boundary", boundary-start)
			}
			fillHead(start, boundary)
			buf := make([]byte, 1<<20)
			at := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
			if at < boundary && at+uintptr(len(buf)) > start {
				t.Errorf("after fillHead(%#x, %#x) a 1 MB buffer is at %#x, %d bytes before the boundary", start, boundary, at, boundary-at)
			}
		})
	}
}

// keep holds what freedBlock allocated before its block.
var keep [][]byte

// freedBlock allocates shift bytes and keeps them, then a block of 8 MB,
// frees the block with a collection and returns where it began and the
// first huge-page boundary in it.
func freedBlock(shift int) (start, boundary uintptr) {
	runtime.GC()
	keep = append(keep, make([]byte, shift))
	block := make([]byte, 8<<20)
	start = uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	block = nil
	runtime.GC()
	return start, (start + hugePage - 1) &^ (hugePage - 1)
}
