package root

import (
	"runtime"
	"runtime/debug"
)

// lateGCLimit is how much memory a run of learn uses before its first
// garbage collection: more than recall at 10 MB allocates in all (41-55 MB)
// and 4-6 times what recall and store at 1 MB do (6-13 MB).
const lateGCLimit = 64 << 20

// collectLate turns the garbage collector off until the program's memory
// reaches limit, then back to what it was, for the rest of the run.
//
// Most runs of learn (each recall, store, hook event) live for tens of
// milliseconds and allocate a few MB, which the collector, starting at a
// 4 MB heap, marks two or three times on both cores for nothing: the
// process exits with all of it. Without those collections learn recall on
// the default 1 MB file took 82 instead of 92 ms of CPU, and 70 instead of
// 75 on the long one (bench/timeit, 8 x 9 runs each, interleaved). A run
// that allocates more (lint, compact, learn serve and learn mcp, which live
// long) is collected at the limit as the memory limit says, and from then
// on as before, so its memory stays bounded as it was. GOGC or GOMEMLIMIT
// in the environment are the user's choice and are left alone.
func collectLate(limit int64, getenv func(string) string) {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return
	}
	percent := debug.SetGCPercent(-1)
	memLimit := debug.SetMemoryLimit(limit)
	// The cleanup runs after the first collection, the one the limit
	// starts: the sentinel is garbage from the start.
	sentinel := &gcSentinel{}
	runtime.AddCleanup(sentinel, func(int) {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(memLimit)
	}, 0)
}

// gcSentinel holds a pointer so that it is not packed with other small
// objects (the tiny allocator), which could keep it alive.
type gcSentinel struct{ _ *byte }
