// Package heapexpect tells the garbage collector of a short run of learn,
// as soon as the run knows which memory file it reads, how much heap the
// run over that file is expected to take, so that a run over a large file
// does not collect again and again for memory it is about to take anyway
// (internal/cmd/root's collectLate and expectHeap say what that buys).
//
// It is a package of its own because the file is read deep in the
// operations (internal/memfile) while the collector's settings belong to
// the process (internal/cmd/root): memfile reports the size here, and the
// root, which alone knows whether the process is short-lived, listens.
//
// It used to ask Linux for 2 MB pages for that heap too (internal/hugeheap,
// rounds 16 and 17 of issue 24). That was dropped: on virtual machines
// whose kernel reports freed memory to the host (Firecracker's free page
// reporting, as on the machine learn is measured on), a huge page is
// often faulted in again by the host, and recall on a 1 MB memory run
// seconds after the last took 20-53 ms with huge pages against 12-27
// without (10 MB: 113-293 against 67-204), and twice as long in one
// bench run as in the next, while runs back to back gained nothing.
package heapexpect

import "sync"

// perByte is how much heap a run allocates per byte of memory file, at
// most: recall on 1 MB allocates 6-13 MB, store up to 16 MB, and lint,
// stats, improve-docs and compact 10-25 times the file.
const perByte = 16

// maxHeap bounds the expectation, so that a file far past the default
// 1 MB limit does not keep the collector waiting without end.
const maxHeap = 384 << 20

var (
	mu     sync.Mutex
	expect func(n int64)
)

// Enable has File tell expectHeap, in this process, the heap a run over a
// memory file is expected to take. Only the short-lived commands enable
// it: learn serve and learn mcp allocate over hours.
func Enable(expectHeap func(n int64)) {
	mu.Lock()
	defer mu.Unlock()
	expect = expectHeap
}

// File reports that the run reads a memory file of size bytes.
func File(size int64) { Scaled(size, perByte) }

// Scaled reports that the run over a memory file of size bytes takes up
// to heapPerByte bytes of heap for each, for a command that knows it takes
// more than perByte: lint keeps every learning prepared and indexed.
func Scaled(size, heapPerByte int64) {
	mu.Lock()
	defer mu.Unlock()
	if expect == nil || size <= 0 {
		return
	}
	expect(min(size*heapPerByte, maxHeap))
}
