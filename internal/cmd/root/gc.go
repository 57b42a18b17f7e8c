package root

import (
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
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
// 4 MB heap, runs one to three times on both cores for nothing: the
// process exits with all of it. Without those collections learn recall on
// the default 1 MB file took 82 instead of 92 ms of CPU, and 70 instead of
// 75 on the long one, and store 119 instead of 150 (bench/timeit, 6-8 x
// 7-9 runs each, interleaved). A run that allocates more (lint, compact,
// anything at 10 MB) is collected at the limit (raised for a large file:
// see expectHeap), and from then on as before,
// so its memory stays bounded: with the 64 MB limit, peak RSS at 10 MB was
// within 5% for recall, stats, lint, improve-docs and compact (expectHeap
// says what its raise costs). learn serve and learn mcp,
// which live long, keep the collector as it is (see longLived). GOGC or
// GOMEMLIMIT in the environment are the user's choice and are left alone.
func collectLate(limit int64, getenv func(string) string) {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return
	}
	late.Lock()
	defer late.Unlock()
	late.limit = limit
	late.percent = debug.SetGCPercent(-1)
	late.memLimit = debug.SetMemoryLimit(limit)
	late.on = true
	armLocked()
}

// late is what collectLate changed, so that expectHeap can raise the limit
// while the collector waits.
var late struct {
	sync.Mutex
	on       bool // the collector waits for the limit
	limit    int64
	percent  int // the settings the first collection puts back
	memLimit int64
}

// armLocked makes a sentinel whose cleanup, run after the first collection
// (the one the limit starts: the sentinel is garbage from the start), puts
// the collector back.
func armLocked() {
	sentinel := &gcSentinel{}
	runtime.AddCleanup(sentinel, func(int) {
		late.Lock()
		defer late.Unlock()
		if late.on {
			late.on = false
			debug.SetGCPercent(late.percent)
			debug.SetMemoryLimit(late.memLimit)
		}
	}, 0)
}

// expectHeap raises the limit the collector waits for to n, the heap a
// run over a large memory file is expected to take (heapexpect's
// estimate, 16 bytes per byte of the file, 28 for lint: heapexpect.Scaled),
// while the collector still waits: below it, collecting frees memory the
// run is about to take again.
// lint, stats, improve-docs and compact on a 10 MB memory allocate 100-200
// MB, and collected from 64 MB on they ran four to nine collections,
// whose marking (on the second core when the first is busy) GODEBUG=gctrace=1
// put at a quarter to a half of their CPU time. Waiting for 160 MB on the default 10 MB
// memory: CPU lint 2068 -> 1819 ms, stats 989 -> 723, improve-docs 1114
// -> 901, compact 1091 -> 981; peak RSS lint 183 -> 183 MB, stats 112 ->
// 137, improve-docs 158 -> 167, compact 157 -> 172 (bench/timeit, five
// interleaved runs each, load 12-17). On the long, intl and prose 10 MB
// memories the four commands ran two to six collections fewer (in half of
// the cases none but the two that the huge-page reserve of the time, since
// dropped, ran), lint 7-16% less CPU,
// the others between 13% less and 6% more, within that load's noise; the
// cost is peak RSS, up to about 40% (intl stats 124 -> 167-171 MB). Files
// under 4 MB keep the 64 MB limit, so nothing changes at the 1 MB default.
func expectHeap(n int64) {
	late.Lock()
	defer late.Unlock()
	if late.on && n > late.limit {
		late.limit = n
		debug.SetMemoryLimit(n)
	}
}

// longLived reports whether the command line args starts a server, which
// runs for hours and gains nothing from a late first collection. It finds
// the subcommand as cobra's Find will, global flags before it included
// (learn --file x serve): an argument that starts with "-" is a flag, and
// "--name" or "-n" written without "=" takes the next argument as its
// value, since none of the root's flags goes without one when cobra looks
// (--help and --version are added after); "--" ends the flags and leaves
// no subcommand. TestLongLivedAsCobraFinds holds it to cobra.
func longLived(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return false
		case strings.HasPrefix(a, "-"):
			if !strings.Contains(a, "=") && (strings.HasPrefix(a, "--") || len(a) == 2) {
				i++ // its value
			}
		case a != "":
			return a == "serve" || a == "mcp"
		}
	}
	return false
}

// gcSentinel holds a pointer so that it is not packed with other small
// objects (the tiny allocator), which could keep it alive.
type gcSentinel struct{ _ *byte }
