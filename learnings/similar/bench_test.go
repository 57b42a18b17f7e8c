package similar_test

import (
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/learn-memory/learn/internal/cputime"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// generators are the bench's generators: the default one ("") and
// memgen.Modes, whose learnings are long, prose, sparse, path-heavy or in
// other languages.
var generators = append([]string{""}, memgen.Modes...)

func name(mode string) string {
	if mode == "" {
		return "default"
	}
	return mode
}

// BenchmarkPrepare prepares the learnings of a generated 10 MB memory of
// each generator, the work lint, stats and improve-docs share; one op is
// one learning.
func BenchmarkPrepare(b *testing.B) {
	for _, mode := range generators {
		b.Run(name(mode), func(b *testing.B) {
			texts := memoryTexts(mode)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				similar.Prepare(texts[i%len(texts)])
			}
		})
	}
}

// BenchmarkPrepareMemory reads every learning of a generated 10 MB memory
// of each generator on one goroutine, as lint's and improve-docs' Prepare
// (full), the key alone (keyed) and stats' and compact's anchors and the
// keys of the texts that share them (repeats) do; one op is the
// whole memory, and cpu-ms/op is what it costs on a busy machine.
func BenchmarkPrepareMemory(b *testing.B) {
	for _, mode := range generators {
		for _, way := range []struct {
			name string
			read func(n int, text func(i int) string, visit func(i int, t *similar.Text)) []*similar.Text
		}{{"full", similar.PrepareInOrder}, {"keyed", similar.PrepareKeysInOrder}, {"repeats", prepareRepeats}} {
			b.Run(name(mode)+"/"+way.name, func(b *testing.B) {
				texts := memoryTexts(mode)
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
				start, n := cputime.Now(), 0
				for b.Loop() {
					way.read(len(texts), func(i int) string { return texts[i] }, func(int, *similar.Text) {})
					n++
				}
				b.ReportMetric(float64(cputime.Now()-start)/float64(n)/1e6, "cpu-ms/op")
			})
		}
	}
}

// prepareRepeats is PrepareRepeatsInOrder in the shape of PrepareInOrder.
func prepareRepeats(n int, text func(i int) string, visit func(i int, t *similar.Text)) []*similar.Text {
	similar.PrepareRepeatsInOrder(n, text, visit)
	return nil
}

// BenchmarkNewProfile is BenchmarkPrepare for the features alone, which
// improve-docs reads of every learning and passage.
func BenchmarkNewProfile(b *testing.B) {
	texts := memoryTexts("")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		similar.NewProfile(texts[i%len(texts)])
	}
}

// memoryTexts is the learnings of a generated 10 MB memory of the
// generator mode, made when a benchmark that -bench selects first asks
// for them and kept for the others: making all eight up front cost a run
// of one of them (BenchmarkPrepareMemory/prose/full -benchtime 1x) 3.1 s
// of CPU instead of 1.3 s.
func memoryTexts(mode string) []string {
	memoriesMu.Lock()
	defer memoriesMu.Unlock()
	if texts, ok := memories[mode]; ok {
		return texts
	}
	var texts []string
	src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 10 << 20, Mode: mode})
	for _, l := range learnings.Parse(src).Learnings() {
		texts = append(texts, l.Text)
	}
	memories[mode] = texts
	return texts
}

var (
	memoriesMu sync.Mutex
	memories   = map[string][]string{}
)

// BenchmarkBestBefore finds the closest earlier update of each learning of
// a generated 10 MB memory of each generator, lint's search after the
// index is built; one op is one learning.
func BenchmarkBestBefore(b *testing.B) {
	for _, mode := range generators {
		b.Run(name(mode), func(b *testing.B) {
			texts := memoryTexts(mode)
			ix := similar.NewIndex()
			ix.Common = max(100, len(texts)/1000)
			ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *similar.Text) {})
			for i := 0; b.Loop(); i++ {
				ix.BestBefore(i % len(texts))
			}
		})
	}
}

// BenchmarkFilter checks the learnings of a generated 1 MB memory of each
// generator against new learnings, as store does: bench/run.sh's session
// (four fresh learnings), BenchmarkStoreOp's (five) and six candidates of
// which a third restate a stored learning; one op is the whole file.
func BenchmarkFilter(b *testing.B) {
	for _, mode := range generators {
		src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: mode})
		var texts []string
		for _, l := range learnings.Parse(src).Learnings() {
			texts = append(texts, l.Text)
		}
		for _, set := range []struct {
			name string
			src  []byte
		}{{"session", memgen.Learnings(1001, 4)}, {"storeop", memgen.Learnings(1000, 5)}, {"candidates", memgen.Candidates(src, 1, 6)}} {
			// A session's learnings are bullets under category
			// labels, which the parser reads only inside a session.
			var cands []string
			for line := range strings.Lines(string(set.src)) {
				if text, ok := strings.CutPrefix(strings.TrimSpace(line), "- "); ok {
					cands = append(cands, text)
				}
			}
			if len(cands) == 0 {
				b.Fatalf("no learnings in %s", set.src)
			}
			b.Run(name(mode)+"/"+set.name, func(b *testing.B) {
				f := similar.NewFilter(cands)
				start, n := cputime.Now(), 0
				for b.Loop() {
					for _, s := range texts {
						f.Matches(s, func(int, similar.Verdict) {})
					}
					n++
				}
				b.ReportMetric(float64(cputime.Now()-start)/float64(n)/1e6, "cpu-ms/op")
			})
		}
	}
}

// BenchmarkIndexMemory is lint's search of a generated 10 MB memory of
// each generator on one goroutine: every learning prepared and indexed,
// then the closest earlier update of every learning found; one op is the
// whole memory, and cpu-ms/op is what it costs on a busy machine.
func BenchmarkIndexMemory(b *testing.B) {
	for _, mode := range generators {
		b.Run(name(mode), func(b *testing.B) {
			texts := memoryTexts(mode)
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
			start, n := cputime.Now(), 0
			for b.Loop() {
				ix := similar.NewIndex()
				ix.Common = max(100, len(texts)/1000) // as lint sets it
				ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *similar.Text) {})
				for i := range texts {
					ix.BestBefore(i)
				}
				n++
			}
			b.ReportMetric(float64(cputime.Now()-start)/float64(n)/1e6, "cpu-ms/op")
		})
	}
}
