package compact

import (
	"testing"

	"github.com/learn-memory/learn/internal/cputime"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// benchmarkCompact reports the CPU time per run beside the wall time,
// which a busy machine inflates far more.
func benchmarkCompact(b *testing.B, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start, n := cputime.Now(), 0
	for b.Loop() {
		doc := learnings.Parse(src)
		if _, err := NewPlan(doc, Options{}).Apply(doc); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(cputime.Now()-start)/float64(n)/1e6, "cpu-ms/op")
}

// BenchmarkCompact1MB measures parse, fold and splice of a generated 1 MB
// file: the whole of "learn compact" but the lock, backup and write.
func BenchmarkCompact1MB(b *testing.B) { benchmarkCompact(b, memgen.Generate(1, 1<<20)) }

// BenchmarkCompact256KB shows how the cost grows with size next to 1 MB.
func BenchmarkCompact256KB(b *testing.B) { benchmarkCompact(b, memgen.Generate(1, 256<<10)) }

// BenchmarkCompact4MB and BenchmarkCompact10MB show that the fold stays
// linear in the file's size.
func BenchmarkCompact4MB(b *testing.B) { benchmarkCompact(b, memgen.Generate(1, 4<<20)) }

func BenchmarkCompact10MB(b *testing.B) { benchmarkCompact(b, memgen.Generate(1, 10<<20)) }

// BenchmarkCompactGenerators is BenchmarkCompact10MB on the memory of
// every generator of bench/, whose learnings fold at different costs.
func BenchmarkCompactGenerators(b *testing.B) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		name := mode
		if name == "" {
			name = "default"
		}
		b.Run(name, func(b *testing.B) {
			benchmarkCompact(b, memgen.GenerateWith(memgen.Options{Seed: 1, Size: 10 << 20, Mode: mode}))
		})
	}
}
