package learnings

import (
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestParseKeysAsAssignIDs holds the ID numbers Parse works out as it
// reads each learning (parseKeyed) to the IDs hashed afterwards, on every
// generator's memory (superseded chains, CRLF, code blocks, other scripts)
// and on a learning the parse did not read, whose number is worked out.
func TestParseKeysAsAssignIDs(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 3, Size: 200 << 10, Mode: mode})
		keyed, plain := Parse(src), ParseWithoutIDs(src)
		plain.AssignIDs()
		ks, ps := keyed.Learnings(), plain.Learnings()
		if len(ks) != len(ps) || len(ks) == 0 {
			t.Fatalf("%s: %d and %d learnings", mode, len(ks), len(ps))
		}
		for i := range ks {
			if ks[i].ID != ps[i].ID {
				t.Errorf("%s: learning %d is %s parsed with its number, %s hashed after", mode, i, ks[i].ID, ps[i].ID)
			}
		}
		for i := range keyed.Sessions {
			if keyed.Sessions[i].ID != plain.Sessions[i].ID {
				t.Errorf("%s: session %d is %s and %s", mode, i, keyed.Sessions[i].ID, plain.Sessions[i].ID)
			}
		}
	}
	// A learning the parse did not read (added by hand) is hashed, and
	// the others keep the numbers read.
	var read idKeys
	src := []byte("## [2026-11-22 14:05 CET] - Focus\n**Fresh Discoveries:**\n- First.\n- Second.\n")
	d := parseKeyed(src, false, &read)
	c := d.Sessions[0].Categories[0]
	added := &Learning{Category: c.Name, Text: "Added."}
	c.Learnings = append(c.Learnings[:1], added, c.Learnings[1])
	assignIDsFrom(d.Sessions, d.Learnings(), &read)
	for i, want := range []string{"First.", "Added.", "Second."} {
		if l := c.Learnings[i]; l.ID != LearningID(want) {
			t.Errorf("learning %d (%q) got %s, want %s", i, l.Text, l.ID, LearningID(want))
		}
	}
}
