package improvedocs

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memfile"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// BenchmarkImproveDocs runs the whole command, reading included, on a
// generated file in a project set up as bench/run.sh does (a README of 40
// learnings next to the memory) and in one without docs, for profiles of
// everything improve-docs does beyond improve.AnalyseTop.
func BenchmarkImproveDocs(b *testing.B) {
	readme := append([]byte("# Bench project\n\nNotes the team keeps.\n\n"), memgen.Learnings(2001, 40)...)
	for _, size := range []int{1 << 20, 10 << 20} {
		mem := memgen.Generate(1, size)
		for _, setup := range []string{"readme", "nodocs"} {
			dir := b.TempDir()
			files := map[string][]byte{memfile.DefaultRel: mem}
			if setup == "readme" {
				files["README.md"] = readme
			}
			for name, body := range files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(p, body, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			for _, args := range [][]string{nil, {"--json"}} {
				b.Run(fmt.Sprintf("%dMB/%s/%d", size>>20, setup, len(args)), func(b *testing.B) {
					b.SetBytes(int64(len(mem)))
					b.ReportAllocs()
					for b.Loop() {
						f, _, _ := memviewtest.Factory(dir, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), "")
						if err := memviewtest.Execute(NewCmdImproveDocs(f, nil), f, args...); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
