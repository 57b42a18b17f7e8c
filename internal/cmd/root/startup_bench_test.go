package root

import (
	"bytes"
	"testing"
	"time"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// BenchmarkStartup is what every run of learn pays in Main after the
// packages' initialisation: building the command tree for the command line
// (see needed) and running a command that reads nothing (--version), finds
// no memory (recall in an empty folder) or needs the whole tree (help).
// Process start-up and package init are measured from outside: bench/timeit
// and GODEBUG=inittrace=1 (cmd/learn's TestInitAllocations).
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	for _, args := range [][]string{{"--version"}, {"recall"}, {"help"}} {
		b.Run(args[0], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var out bytes.Buffer
				f := &cmdutil.Factory{
					IO:     &cmdutil.IO{In: bytes.NewReader(nil), Out: &out, Err: &out},
					Getenv: func(string) string { return "" },
					Getwd:  func() (string, error) { return dir, nil },
					Now:    time.Now,
				}
				cmd := newCmdRoot(f, args)
				cmd.SetArgs(args)
				if err := cmd.Execute(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
