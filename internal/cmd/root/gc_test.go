package root

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// gcSettings reads the collector's percent and memory limit without
// changing them.
func gcSettings() (int, int64) {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p, debug.SetMemoryLimit(-1)
}

var sink []byte

// limitAbove is a collection limit 64 MB above what the test process holds
// now. A fixed limit would be below it in a large test process (the scripts
// before these tests run learn in-process): setting it would start a
// collection at once, which ends the late collection before the test looks.
func limitAbove() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys) + 64<<20
}

// TestCollectLate checks that collectLate turns the collector off up to the
// limit, unless GOGC or GOMEMLIMIT says how to collect, and that the first
// collection, at the limit, puts it back as it was.
func TestCollectLate(t *testing.T) {
	restoreGC(t)
	for _, tt := range []struct {
		name string
		env  map[string]string
		late bool
	}{
		{"default", nil, true},
		{"GOGC set", map[string]string{"GOGC": "200"}, false},
		{"GOGC off", map[string]string{"GOGC": "off"}, false},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
			max := limitAbove()
			collectLate(max, func(k string) string { return tt.env[k] })
			p, l := gcSettings()
			if !tt.late {
				if p != 100 || l != math.MaxInt64 {
					t.Fatalf("with %v the collector was changed: percent %d, limit %d", tt.env, p, l)
				}
				return
			}
			if p != -1 || l != max {
				t.Fatalf("collector not deferred: percent %d, limit %d", p, l)
			}
			// Allocate well past the limit: the collection it starts runs
			// the cleanup, which puts the collector back.
			deadline := time.Now().Add(10 * time.Second)
			for p != 100 {
				if time.Now().After(deadline) {
					t.Fatalf("collector still deferred after allocating past the limit: percent %d", p)
				}
				for range 64 {
					sink = make([]byte, 1<<20)
				}
				time.Sleep(time.Millisecond)
				p, _ = gcSettings()
			}
			if _, l := gcSettings(); l != math.MaxInt64 {
				t.Errorf("memory limit after the first collection %d, want none", l)
			}
		})
	}
}

// longLivedLines are command lines that start a server or not, written
// the ways people and scripts write them: global flags before the
// subcommand, with and without "=", a file named like a command, flags
// cobra does not know yet, "--".
var longLivedLines = []struct {
	args []string
	want bool
}{
	{nil, false},
	{[]string{"recall"}, false},
	{[]string{"store", "--focus", "serve"}, false},
	{[]string{"serve"}, true},
	{[]string{"serve", "--addr", "127.0.0.1:0"}, true},
	{[]string{"mcp"}, true},
	{[]string{"hook", "mcp"}, false},
	{[]string{"--file", "x.md", "serve"}, true},
	{[]string{"--file", ".tmp/memory-learnings.md", "mcp"}, true},
	{[]string{"--file=x.md", "serve", "--addr", ":8080"}, true},
	{[]string{"--file", "serve", "mcp"}, true},
	{[]string{"--file", "mcp"}, false},
	{[]string{"--file", "serve"}, false},
	{[]string{"--file", "x.md", "recall", "serve"}, false},
	{[]string{"--file", "x.md", "--", "serve"}, false},
	{[]string{"--", "mcp"}, false},
	{[]string{"", "serve"}, true},
	{[]string{"-", "serve"}, true},
	{[]string{"--json", "serve"}, false},
	{[]string{"--json=true", "serve"}, true},
	{[]string{"--help", "serve"}, false},
	{[]string{"-h", "mcp"}, false},
	{[]string{"--version", "mcp"}, false},
	{[]string{"-x", "a", "serve"}, true},
	{[]string{"-xyz", "serve"}, true},
	{[]string{"help", "serve"}, false},
	{[]string{"serve", "--help"}, true},
	{[]string{"servee"}, false},
	{[]string{"Serve"}, false},
	{[]string{"--file"}, false},
}

// TestExpectHeap checks that the heap expected for a large file raises the
// limit the collector waits for, never lowers it, and changes nothing once
// the collector is back.
func TestExpectHeap(t *testing.T) {
	defaultGC(t)
	expectHeap(1 << 40)
	if p, l := gcSettings(); p != 100 || l != math.MaxInt64 {
		t.Fatalf("expectHeap without collectLate changed the collector: percent %d, limit %d", p, l)
	}
	max := limitAbove()
	collectLate(max, func(string) string { return "" })
	for _, tt := range []struct {
		expect, want int64
	}{
		{max - 32<<20, max},
		{max, max},
		{max + 32<<20, max + 32<<20},
		{max + 16<<20, max + 32<<20},
	} {
		expectHeap(tt.expect)
		if p, l := gcSettings(); p != -1 || l != tt.want {
			t.Fatalf("expectHeap(%d) after collectLate(%d): percent %d, limit %d, want -1 and %d", tt.expect, max, p, l, tt.want)
		}
	}
	allocateUntilCollected(t, "the raised limit")
	expectHeap(1 << 40)
	if p, l := gcSettings(); p != 100 || l != math.MaxInt64 {
		t.Errorf("expectHeap after the first collection changed the collector: percent %d, limit %d", p, l)
	}
}

func TestLongLived(t *testing.T) {
	for _, tt := range longLivedLines {
		if got := longLived(tt.args); got != tt.want {
			t.Errorf("longLived(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

// TestLongLivedAsCobraFinds holds longLived to the command cobra runs for
// the same command line: the lines above, and each global flag of the
// root written before serve and mcp in every form, so that a global flag
// added later is checked too.
func TestLongLivedAsCobraFinds(t *testing.T) {
	lines := [][]string{}
	for _, l := range longLivedLines {
		lines = append(lines, l.args)
	}
	f, _, _ := memviewtest.Factory(t.TempDir(), time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC), "")
	whole := NewCmdRoot(f)
	whole.InitDefaultHelpFlag()
	whole.InitDefaultVersionFlag()
	for _, fs := range []*pflag.FlagSet{whole.PersistentFlags(), whole.Flags()} {
		fs.VisitAll(func(fl *pflag.Flag) {
			for _, cmd := range []string{"serve", "mcp"} {
				lines = append(lines, []string{"--" + fl.Name, cmd}, []string{"--" + fl.Name, "v", cmd}, []string{"--" + fl.Name + "=v", cmd})
				if fl.Shorthand != "" {
					lines = append(lines, []string{"-" + fl.Shorthand, cmd}, []string{"-" + fl.Shorthand, "v", cmd}, []string{"-" + fl.Shorthand + "=v", cmd})
				}
			}
		})
	}
	for _, args := range lines {
		f, _, _ := memviewtest.Factory(t.TempDir(), time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC), "")
		root := newCmdRoot(f, args)
		c, _, err := root.Find(args)
		want := err == nil && c.Parent() == root && (c.Name() == "serve" || c.Name() == "mcp")
		if got := longLived(args); got != want {
			t.Errorf("longLived(%q) = %v, but cobra runs %q", args, got, c.CommandPath())
		}
	}
}

// allocateUntilCollected allocates until the collector is back at its
// usual percent, which the first collection past the limit brings, and
// fails after ten seconds.
func allocateUntilCollected(t *testing.T, limit string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for p, _ := gcSettings(); p != 100; p, _ = gcSettings() {
		if time.Now().After(deadline) {
			t.Fatalf("collector still deferred after allocating past %s: percent %d", limit, p)
		}
		for range 64 {
			sink = make([]byte, 1<<20)
		}
		time.Sleep(time.Millisecond)
	}
}

// restoreGC puts the collector's settings back as they are now when t
// ends: the tests change them for the whole test binary.
func restoreGC(t *testing.T) {
	t.Helper()
	percent, limit := gcSettings()
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

// defaultGC is restoreGC with the collector at Go's defaults until t ends.
func defaultGC(t *testing.T) {
	t.Helper()
	restoreGC(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}
