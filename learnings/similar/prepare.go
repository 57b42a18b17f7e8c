package similar

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// PrepareAll is Prepare of text(i) for every i below n, spread over the
// CPUs: preparing is most of the work of comparing a large memory's
// learnings, and each text is prepared on its own.
func PrepareAll(n int, text func(i int) string) []*Text {
	out := make([]*Text, n)
	Parallel(n, func(i int) { out[i] = Prepare(text(i)) })
	return out
}

// Parallel calls f for every index below n, spread over the CPUs in chunks;
// f must only write what belongs to its own index. Small n runs on the
// calling goroutine.
func Parallel(n int, f func(i int)) {
	const chunk = 64
	workers := min(runtime.GOMAXPROCS(0), (n+4*chunk-1)/(4*chunk))
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(chunk)) - chunk
				if i >= n {
					return
				}
				for k := i; k < min(i+chunk, n); k++ {
					f(k)
				}
			}
		}()
	}
	wg.Wait()
}
