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
// a README of 40 learnings, as bench/run.sh sets it up; against a README of
// 40 sessions, whose many headed passages make matching the docs the larger
// part; and against a project without docs, where every learning is
// advised a new AGENTS.md.
func BenchmarkAnalyse(b *testing.B) {
	root := b.TempDir()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	readmes := map[string][]byte{
		"README.md":   append([]byte("# Bench project\n\nNotes the team keeps.\n\n"), memgen.Learnings(2001, 40)...),
		"SESSIONS.md": []byte("# Bench project\n\nNotes the team keeps.\n\n"),
	}
	for i := int64(0); i < 40; i++ {
		readmes["SESSIONS.md"] = append(readmes["SESSIONS.md"], memgen.Session(2001+i, at)...)
	}
	corpora := []struct {
		name  string
		paths []string
	}{{"readme", []string{"README.md"}}, {"sessions", []string{"SESSIONS.md"}}, {"nodocs", nil}}
	for name, body := range readmes {
		if err := os.WriteFile(filepath.Join(root, name), body, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, size := range []int{1 << 20, 10 << 20} {
		src := memgen.Generate(1, size)
		doc := learnings.Parse(src)
		for _, c := range corpora {
			corpus, err := docs.Load(root, c.paths)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%dMB/%s", size>>20, c.name), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					analyse(doc, corpus)
				}
			})
		}
	}
}
