package improve

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
)

// BenchmarkAnalyse runs improve-docs' analysis of a generated file against
// a README of 40 sessions' worth of notes, as bench/run.sh sets it up.
func BenchmarkAnalyse(b *testing.B) {
	root := b.TempDir()
	readme := append([]byte("# Bench project\n\nNotes the team keeps.\n\n"), memgen.Session(2001, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))...)
	for i := int64(1); i < 40; i++ {
		readme = append(readme, memgen.Session(2001+i, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))...)
	}
	if err := os.WriteFile(filepath.Join(root, "README.md"), readme, 0o644); err != nil {
		b.Fatal(err)
	}
	corpus, err := docs.Load(root, []string{"README.md"})
	if err != nil {
		b.Fatal(err)
	}
	for _, size := range []int{1 << 20, 10 << 20} {
		src := memgen.Generate(1, size)
		doc := learnings.Parse(src)
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Analyse(doc, corpus)
			}
		})
	}
}
