package similar

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// PrepareInOrder is Prepare of text(i) for every i below n, spread over
// the CPUs (preparing is most of the work of comparing a large memory's
// learnings, and each text is prepared on its own), handing each prepared
// text to visit, in index order and on the calling goroutine, while later
// texts are still being prepared: a walk that must go in file order
// (finding each learning's earlier repeat) then adds no time of its own.
func PrepareInOrder(n int, text func(i int) string, visit func(i int, t *Text)) []*Text {
	return prepareInOrder(n, func(i int) *Text { return Prepare(text(i)) }, visit)
}

// PrepareKeysInOrder is PrepareInOrder for a caller that only tells the
// same learning (SameIndex): each text's canonical form and analysis key
// are read up front, and its features only when a text with the same key
// but another canonical form is compared with it. Compact folds with it:
// few texts share a key, and a compact of the 10 MB memory of each
// generator of bench/ took, in median process CPU of three interleaved
// runs, 5 % (sparse, default 6 %) to 26 % (long; zipf 24 %, paths 25 %,
// prose and agent 19 %, intl 17 %) less.
func PrepareKeysInOrder(n int, text func(i int) string, visit func(i int, t *Text)) []*Text {
	return prepareInOrder(n, func(i int) *Text { return prepareKeyed(text(i)) }, visit)
}

// prepareKeyed reads the canonical form and analysis key of s, leaving its
// features for Text.features.
func prepareKeyed(s string) *Text {
	p := new(struct {
		t Text
		f features
	})
	p.f.canon, p.t.key = canonAndKey(s)
	p.t.f, p.t.hasKey, p.t.keyOnly, p.t.src = &p.f, true, true, s
	return &p.t
}

// prepareInOrder is PrepareInOrder with prepare(i) doing a worker's part
// for index i.
func prepareInOrder(n int, prepare func(i int) *Text, visit func(i int, t *Text)) []*Text {
	out := make([]*Text, n)
	chunks := (n + chunk - 1) / chunk
	workers := workersFor(n)
	if workers <= 1 {
		for i := range n {
			out[i] = prepare(i)
			visit(i, out[i])
		}
		return out
	}
	ready := make([]chan struct{}, chunks)
	for c := range ready {
		ready[c] = make(chan struct{})
	}
	var next atomic.Int64
	for range workers {
		go func() {
			for {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				for i := c * chunk; i < min((c+1)*chunk, n); i++ {
					out[i] = prepare(i)
				}
				close(ready[c])
			}
		}()
	}
	for c := range ready {
		<-ready[c]
		for i := c * chunk; i < min((c+1)*chunk, n); i++ {
			visit(i, out[i])
		}
	}
	return out
}

// chunk is how many consecutive indexes a worker takes at a time.
const chunk = 64

// workersFor is how many goroutines share n indexes: one per CPU, but no
// more than leaves each four chunks, so that a small n stays on the calling
// goroutine.
func workersFor(n int) int { return min(runtime.GOMAXPROCS(0), (n+4*chunk-1)/(4*chunk)) }

// Parallel calls f for every index below n, spread over the CPUs in chunks;
// f must only write what belongs to its own index. Small n runs on the
// calling goroutine.
func Parallel(n int, f func(i int)) {
	workers := workersFor(n)
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
