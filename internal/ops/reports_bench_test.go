package ops_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/ops"
)

// BenchmarkStatsOp is learn stats without process start-up: read, parse,
// count, weigh the full and the default recall, on every generator at 1 MB
// and 10 MB.
func BenchmarkStatsOp(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		for _, mode := range generators {
			b.Run(fmt.Sprintf("%s/%dMB", genName(mode), size>>20), func(b *testing.B) {
				m, src := benchFile(b, mode, size)
				b.SetBytes(int64(len(src)))
				cpuLoop(b, func() {
					if _, err := ops.Stats(m, ops.StatsOptions{}); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

// BenchmarkImproveDocsOp is learn improve-docs without process start-up,
// in a project whose README holds 40 learnings, as bench/run.sh sets it up,
// on every generator at 1 MB and 10 MB.
func BenchmarkImproveDocsOp(b *testing.B) {
	readme := append([]byte("# Bench project\n\nNotes the team keeps.\n\n"), memgen.Learnings(2001, 40)...)
	for _, size := range []int{1 << 20, 10 << 20} {
		for _, mode := range generators {
			b.Run(fmt.Sprintf("%s/%dMB", genName(mode), size>>20), func(b *testing.B) {
				m, src := benchFile(b, mode, size)
				if err := os.WriteFile(filepath.Join(m.Root, "README.md"), readme, 0o644); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(src)))
				cpuLoop(b, func() {
					if _, err := ops.ImproveDocs(m, ops.ImproveDocsOptions{Limit: 20}); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

// BenchmarkLintOp is learn lint without process start-up, on every
// generator at 1 MB and 10 MB: "cli" reads and parses the file as the
// command does; "serve-first" lints a version of the file read once, as
// learn serve does on the first request for it; "serve-kept" is every
// later request for that version, which reuses what the first worked out.
func BenchmarkLintOp(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		for _, mode := range generators {
			name := fmt.Sprintf("%s/%dMB", genName(mode), size>>20)
			b.Run(name+"/cli", func(b *testing.B) {
				m, src := benchFile(b, mode, size)
				b.SetBytes(int64(len(src)))
				cpuLoop(b, func() {
					if _, err := ops.Lint(m, ops.LintOptions{}); err != nil {
						b.Fatal(err)
					}
				})
			})
			for _, kept := range []bool{false, true} {
				b.Run(name+map[bool]string{false: "/serve-first", true: "/serve-kept"}[kept], func(b *testing.B) {
					m, src := benchFile(b, mode, size)
					read, err := m.Load()
					if err != nil {
						b.Fatal(err)
					}
					snap := read
					m.Cached = func() (*ops.Snapshot, error) { return snap, nil }
					if _, err := ops.Lint(m, ops.LintOptions{}); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(src)))
					cpuLoop(b, func() {
						if !kept {
							snap = &ops.Snapshot{Src: read.Src, Doc: read.Doc, Exists: read.Exists}
						}
						if _, err := ops.Lint(m, ops.LintOptions{}); err != nil {
							b.Fatal(err)
						}
					})
				})
			}
		}
	}
}
