package secrets

import (
	"cmp"
	"fmt"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cputime"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// BenchmarkScan scans a generated memory file whole, as lint does.
func BenchmarkScan(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		src := string(memgen.Generate(1, size))
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Scan(src)
			}
		})
	}
}

// BenchmarkScanGenerators scans a generated 10 MB memory of each
// generator: long learnings, prose and many languages meet the rules
// differently.
func BenchmarkScanGenerators(b *testing.B) {
	perGenerator(b, func(b *testing.B, src string) {
		b.SetBytes(int64(len(src)))
		cpu := cputime.Now()
		for b.Loop() {
			Scan(src)
		}
		reportCPU(b, cpu, len(src))
	})
}

// BenchmarkRedactLearnings redacts every learning of each generator's
// 10 MB memory one by one, as stats' full recall and recall --all show
// them: most hold no hint, and their cost is the scan's fixed cost.
func BenchmarkRedactLearnings(b *testing.B) {
	perGenerator(b, func(b *testing.B, src string) {
		var texts []string
		size := 0
		for _, l := range learnings.Parse([]byte(src)).Learnings() {
			texts = append(texts, l.Text)
			size += len(l.Text)
		}
		b.SetBytes(int64(size))
		b.ReportAllocs()
		cpu := cputime.Now()
		for b.Loop() {
			for _, t := range texts {
				Redact(t)
			}
		}
		reportCPU(b, cpu, size)
	})
}

// perGenerator runs bench as a sub-benchmark on the 10 MB memory of each
// generator (default and memgen.Modes), made before the timing starts.
func perGenerator(b *testing.B, bench func(b *testing.B, src string)) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := string(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 10 << 20, Mode: mode}))
		b.Run(cmp.Or(mode, "default"), func(b *testing.B) { bench(b, src) })
	}
}

// reportCPU reports the CPU time per operation since since, and the bytes
// of size read per CPU second.
func reportCPU(b *testing.B, since time.Duration, size int) {
	d := cputime.Now() - since
	if d <= 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(size)*float64(b.N)/d.Seconds()/1e6, "cpu-MB/s")
}

// BenchmarkHintLines finds the hints of every rule in each generator's
// 10 MB memory, the pass over the bytes every scan makes.
func BenchmarkHintLines(b *testing.B) {
	perGenerator(b, func(b *testing.B, src string) {
		b.SetBytes(int64(len(src)))
		cpu := cputime.Now()
		for b.Loop() {
			hintLines(src)
		}
		reportCPU(b, cpu, len(src))
	})
}

// BenchmarkFold reads each generator's 10 MB memory for invisible
// characters, as every scan does first.
func BenchmarkFold(b *testing.B) {
	perGenerator(b, func(b *testing.B, src string) {
		b.SetBytes(int64(len(src)))
		cpu := cputime.Now()
		for b.Loop() {
			fold(src)
		}
		reportCPU(b, cpu, len(src))
	})
}

// BenchmarkHintIndex measures building the hint index, which every process
// that scans a text for secrets pays once (each recall and store).
func BenchmarkHintIndex(b *testing.B) {
	rs := rules()
	b.ReportAllocs()
	for b.Loop() {
		newHintIndex(rs)
	}
}
