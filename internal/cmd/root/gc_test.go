package root

import (
	"math"
	"runtime/debug"
	"testing"
	"time"
)

// gcSettings reads the collector's percent and memory limit without
// changing them.
func gcSettings() (int, int64) {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p, debug.SetMemoryLimit(-1)
}

var sink []byte

func TestCollectLate(t *testing.T) {
	percent, limit := gcSettings()
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
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
			const max = 16 << 20
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

func TestLongLived(t *testing.T) {
	for _, tt := range []struct {
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
	} {
		if got := longLived(tt.args); got != tt.want {
			t.Errorf("longLived(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
