package hugeheap

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
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
// the block's first pages, which the kernel backs with 4 KB pages. Each
// case runs in a process of its own, as Reserve runs once at a process's
// start: in one process the blocks earlier cases freed leave gaps lower
// in the heap, and a take that lands in such a gap, apart from the
// block, left the block's head to the buffer in about one run of forty. Even in a
// process of its own the take now and then lands past the head while the
// buffer after it gets the head (about one case in a hundred; the cause,
// in the runtime's page allocator, is not found), so a case passes when
// one of three processes does: a fillHead that takes nothing fails all
// three.
func TestFillHead(t *testing.T) {
	cases := []struct {
		name  string
		shift int // bytes allocated and kept before the block, to move it
	}{
		{"after 64 KB kept", 64 << 10},
		{"after 512 KB kept", 512 << 10},
		{"after 1.5 MB kept", 3 << 19},
	}
	if c := os.Getenv("HUGEHEAP_FILLHEAD_CASE"); c != "" {
		i, err := strconv.Atoi(c)
		if err != nil || i < 0 || i >= len(cases) {
			t.Fatalf("HUGEHEAP_FILLHEAD_CASE=%q names no case", c)
		}
		fillHeadCase(t, cases[i].shift)
		return
	}
	for i, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			var failed []string
			for range 3 {
				cmd := exec.Command(os.Args[0], "-test.run=^TestFillHead$", "-test.count=1", "-test.v")
				cmd.Env = append(os.Environ(), "HUGEHEAP_FILLHEAD_CASE="+strconv.Itoa(i))
				out, err := cmd.CombinedOutput()
				if err == nil {
					return
				}
				failed = append(failed, fmt.Sprintf("%v\n%s", err, out))
			}
			t.Errorf("failed in 3 processes of 3:\n%s", strings.Join(failed, "\n"))
		})
	}
}

// fillHeadCase is one case of TestFillHead, in the process it runs in.
func fillHeadCase(t *testing.T, shift int) {
	t.Cleanup(func() { heads = nil })
	start, boundary := freedBlock(shift)
	if boundary-start < minHead {
		t.Skipf("the block began %d bytes before a boundary", boundary-start)
	}
	fillHead(start, boundary)
	buf := make([]byte, 1<<20)
	at := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	if at < boundary && at+uintptr(len(buf)) > start {
		t.Errorf("after fillHead(%#x, %#x) a 1 MB buffer is at %#x, %d bytes before the boundary", start, boundary, at, boundary-at)
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
