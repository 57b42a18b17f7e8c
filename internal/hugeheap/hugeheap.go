// Package hugeheap lets a short run of learn that is about to read a large
// memory file take the memory its work allocates in 2 MB pages instead of
// 4 KB ones.
//
// A run of learn keeps the collector off until its memory reaches 64 MB,
// or what Reserve expects for a larger file (internal/cmd/root's
// collectLate and expectHeap), so every page the heap grows into is
// new to the process and costs a page fault. Where faults are dear, as in
// the virtual machines agents often run in, those faults are most of a run's
// CPU time: on the VM learn is measured on, 18 us each (4 KB pages touched
// in a loop), so that learn recall on a 1 MB memory, 2,500 faults, spent
// about half of its 80-100 ms there. Linux's transparent huge pages, which
// most distributions give only to memory that asks for them (madvise),
// turn 512 of those faults into one.
//
// The Go runtime never asks, and a mapping it makes later does not keep
// advice given earlier, so Reserve allocates one block as large as the run
// is likely to need, asks for huge pages on it, and frees it with a
// collection: the runtime then hands out the same pages to the run's
// allocations. The collection costs 200-350 faults (recall on the default
// 1 MB memory, collecting on one processor as internal/cmd/root does) and
// about a millisecond of CPU, so Reserve does this
// only for a file of minSize or more, once per process, and only in the
// short-lived commands, which call Enable (learn serve and learn mcp
// allocate over hours and keep the runtime's own policy).
//
// Natively, where a fault costs far less than on that VM, the reserve
// still pays: measured again on 2 cores at load 2-5 (bench/timeit, median
// CPU of interleaved runs, 6 rounds of 7 at 1 MB, 3 of 3 at 10 MB, the 8
// generators of bench/), a build without it took at 1 MB 1-13% more CPU
// for recall --task, 0-14% more for store and -1 to 9% more for recall;
// at 10 MB 0-27% more for recall, 8-30% for stats, 4-16% for lint and
// 14-28% for improve-docs on seven generators (11% less on agent's, three
// rounds only). Its collection and the zeroing of the pages it frees
// (about 2.5 M instructions at 1 MB, callgrind) cost less than the faults
// it saves; peak RSS is 3-5 MB higher.
package hugeheap

import (
	"strings"
	"sync"
	"unsafe"
)

// minSize is the smallest file for which Reserve prepares the heap: recall
// on a 300 KB memory made 1,530 faults, 900-1,240 with the reserve (1 MB:
// 2,490 and 1,000-1,180; 10 MB: 14,500 and 2,900-3,300, CPU 600 -> 350 ms).
const minSize = 256 << 10

// perByte is how much heap a run allocates per byte of memory file, at most:
// recall on 1 MB allocates 6-13 MB, store up to 16 MB.
const perByte = 16

// maxReserve bounds the block. The collector starts at 64 MB, so a block
// beyond that makes the run collect once more before the block is freed,
// which costs far less than the faults it saves in the runs that allocate
// most: lint, stats, improve-docs and compact allocate 10-25 times the file.
// With the bound at 48 MB, a 10 MB memory's reserve stopped a fifth of the
// way into their heaps; at 384 MB (160 MB for 10 MB) the whole run gets huge
// pages: CPU of lint on the default 10 MB memory 2710 -> 1930 ms, stats 930
// -> 750, improve-docs 1470 -> 1000, recall at 1 MB unchanged
// (bench/timeit, 3-15 runs each, load 2-4). A file past 24 MB, far past
// the default 1 MB limit, gets the bound.
const maxReserve = 384 << 20

var (
	mu      sync.Mutex
	collect func()
	expect  func(n int64)
	done    bool
)

// Enable lets Reserve work in this process; collectNow runs a collection
// and keeps the collector's settings as they were, and expectHeap is told
// how much heap a run over a large file is expected to take, whether or
// not the kernel gives huge pages (see internal/cmd/root).
func Enable(collectNow func(), expectHeap func(n int64)) {
	mu.Lock()
	defer mu.Unlock()
	collect, expect = collectNow, expectHeap
}

// Reserve prepares the heap for a run that reads a memory file of size
// bytes: the first call for a file of minSize or more in an enabled process
// does the work, every other call nothing. It tells the collector how much
// heap the run is expected to take, then reserves it in huge pages where
// the kernel gives them.
func Reserve(size int64) {
	if size < minSize {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	if collect == nil || done {
		return
	}
	done = true
	n := min(size*perByte, maxReserve)
	n = (n + hugePage - 1) &^ (hugePage - 1)
	if expect != nil {
		expect(n)
	}
	if !supported() {
		return
	}
	// The block is garbage once advised: the collection frees its pages
	// (untouched, so still unbacked) for the allocations that follow.
	// A kernel that commits memory strictly (vm.overcommit_memory=2)
	// may refuse a block this large, which the runtime would report as
	// fatal: ask the kernel first.
	if !mayMap(n) {
		return
	}
	block := make([]byte, n)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	if advise(block) {
		collect()
		fillHead(start, (start+hugePage-1)&^(hugePage-1))
	}
}

// heads keeps what fillHead took for the rest of the process.
var heads []*strings.Builder

// minHead is the least fillHead takes: an allocation past 32 KB is a span
// of its own, placed at the lowest free pages it fits in.
const minHead = 64 << 10

// fillHead takes, and never uses, the freed block's pages from start,
// where the block began, to boundary, the first huge-page boundary in it,
// which the kernel backs with 4 KB pages: the heap hands out its lowest
// free pages first, so without it they went to the allocations that
// follow, the memory file's buffer first. strings.Builder's Grow allocates
// without zeroing, so the pages stay unbacked but for the one a take's
// first byte is written to, to read where it is. Where the free pages began
// below start (a gap before the block), the first take begins there and a
// second takes what is left up to boundary. On the 8 generated 1 MB
// memories (medians of 30 interleaved runs, load 14-22) page faults went
// from 1,210-1,378 to 1,087-1,138 for recall, 1,408-1,516 to 1,292-1,352
// for store, 1,286-1,409 to 1,140-1,182 for recall --task; CPU time 0.3-1.0
// ms less for recall (of 12-17) and for recall --task on all eight, 0-0.6
// less for store on seven (paths 0.2 more); recall at 10 MB (default,
// long, intl) 120-270 faults fewer. The heap holds up to 2 MB more, never
// backed by memory.
func fillHead(start, boundary uintptr) {
	next := start
	for range 2 {
		if boundary-next < minHead {
			return
		}
		b := new(strings.Builder)
		b.Grow(int(boundary - next))
		b.WriteByte(0) // to read where it is: one page touched
		heads = append(heads, b)
		at := uintptr(unsafe.Pointer(unsafe.StringData(b.String())))
		if at >= next {
			return // it took the pages from next on, or found them taken
		}
		next = at + uintptr(b.Cap())
	}
}

// hugePage is the size of a transparent huge page on the platforms that
// have them.
const hugePage = 2 << 20
