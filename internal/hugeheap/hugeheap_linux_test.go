package hugeheap

import (
	"os"
	"strings"
	"testing"
)

// TestMayMap checks the probe Reserve asks before its block: a block of the
// size it reserves is granted here, one far beyond any machine's memory is
// refused, so that Reserve skips it instead of the runtime failing.
func TestMayMap(t *testing.T) {
	for _, tt := range []struct {
		name string
		n    int64
		want bool
	}{
		{"a 10 MB memory's reserve", 160 << 20, true},
		{"the largest reserve", maxReserve, true},
		{"64 TB", 1 << 46, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if mode, _ := os.ReadFile("/proc/sys/vm/overcommit_memory"); !tt.want && strings.TrimSpace(string(mode)) == "1" {
				t.Skip("this kernel grants every mapping (vm.overcommit_memory=1)")
			}
			if got := mayMap(tt.n); got != tt.want {
				t.Errorf("mayMap(%d) = %v, want %v", tt.n, got, tt.want)
			}
		})
	}
}
