package learnings

import (
	"cmp"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

var benchSizes = []int{1 << 20, 10 << 20}

func benchName(size int) string { return fmt.Sprintf("%dMB", size>>20) }

// cpuTime is the process's user and system CPU time. On a busy machine
// wall-clock MB/s swings with the load; CPU MB/s (reported as cpu-MB/s)
// holds steadier and is what the engine-to-goldmark ratio is read from.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loop runs f b.N times and reports the CPU throughput over src.
func loop(b *testing.B, src []byte, f func()) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start := cpuTime()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(len(src))*float64(n)/cpu.Seconds()/1e6, "cpu-MB/s")
	}
}

// BenchmarkParse measures the engine's whole read: scan, model, texts and
// IDs. Compare its MB/s with BenchmarkGoldmarkBlockParse on the same bytes.
func BenchmarkParse(b *testing.B) {
	for _, size := range benchSizes {
		src := memgen.Generate(1, size)
		b.Run(benchName(size), func(b *testing.B) {
			loop(b, src, func() { Parse(src) })
		})
	}
}

// BenchmarkParseGenerators is BenchmarkParse on every generator of
// bench/run.sh at 1 MB, beside goldmark's full parse of the same bytes (the
// process bench/goldparse times): learn recall and store at 1 MB must cost
// at most half of that process, start-up included.
func BenchmarkParseGenerators(b *testing.B) {
	p := goldmark.DefaultParser()
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: mode})
		name := cmp.Or(mode, "default")
		b.Run(name+"/learn", func(b *testing.B) {
			loop(b, src, func() { Parse(src) })
		})
		b.Run(name+"/goldmark", func(b *testing.B) {
			loop(b, src, func() { p.Parse(text.NewReader(src)) })
		})
	}
}

// BenchmarkScan measures the line scanner alone.
func BenchmarkScan(b *testing.B) {
	for _, size := range benchSizes {
		src := memgen.Generate(1, size)
		b.Run(benchName(size), func(b *testing.B) {
			loop(b, src, func() {
				sc := newScanner(src, 0, 1)
				for {
					if _, ok := sc.next(); !ok {
						break
					}
				}
			})
		})
	}
}

// BenchmarkGoldmarkBlockParse is goldmark's parse with its block parsers
// only (no inline parsing), the baseline DESIGN.md measured at 38-48 MB/s.
func BenchmarkGoldmarkBlockParse(b *testing.B) {
	p := parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
	for _, size := range benchSizes {
		src := memgen.Generate(1, size)
		b.Run(benchName(size), func(b *testing.B) {
			loop(b, src, func() { p.Parse(text.NewReader(src)) })
		})
	}
}

// BenchmarkGoldmarkParse is goldmark's full default parse, for reference.
func BenchmarkGoldmarkParse(b *testing.B) {
	p := goldmark.DefaultParser()
	for _, size := range benchSizes {
		src := memgen.Generate(1, size)
		b.Run(benchName(size), func(b *testing.B) {
			loop(b, src, func() { p.Parse(text.NewReader(src)) })
		})
	}
}

// BenchmarkInsertSession measures a store's edit on a parsed file.
func BenchmarkInsertSession(b *testing.B) {
	for _, size := range benchSizes {
		src := memgen.Generate(1, size)
		b.Run(benchName(size), func(b *testing.B) {
			d := Parse(src)
			loop(b, src, func() {
				if _, err := d.Edit().InsertSession(goldenSession).Bytes(); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// TestGeneratedFileParses keeps the benchmark input honest: the generated
// file must read without problems, so the benchmark measures a real parse.
func TestGeneratedFileParses(t *testing.T) {
	for _, crlf := range []bool{false, true} {
		src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 200 << 10, CRLF: crlf})
		d := Parse(src)
		if d.Unclosed != nil || len(d.Problems) > 0 {
			t.Fatalf("crlf %v: unclosed %v, problems %v", crlf, d.Unclosed, d.Problems[:min(5, len(d.Problems))])
		}
		if len(d.Sessions) < 10 || len(d.Learnings()) < 100 || d.Consolidated == nil || len(d.Consolidated.Tally) == 0 {
			t.Fatalf("crlf %v: %d sessions, %d learnings", crlf, len(d.Sessions), len(d.Learnings()))
		}
		checkLossless(t, src)
	}
}
