package learnings

import (
	"os"
	"strings"
	"testing"
)

// TestSupersededFixture checks the shared fixture testdata/superseded.md
// that recall, search, relevance and improve read: every struck-through
// learning in it, in each form of note ParseSuperseded accepts, reads as
// superseded, and every other one as live.
func TestSupersededFixture(t *testing.T) {
	src, err := os.ReadFile("testdata/superseded.md")
	if err != nil {
		t.Fatal(err)
	}
	d := Parse(src)
	var sup, live int
	for _, l := range d.Learnings() {
		struck := strings.HasPrefix(l.Text, "~~")
		if struck != (l.Superseded != nil) {
			t.Errorf("learning %q: superseded %v", l.Text, l.Superseded != nil)
		}
		if l.Superseded != nil {
			sup++
		} else {
			live++
		}
	}
	if sup != 10 || live != 10 || len(Live(d.Learnings())) != 10 {
		t.Errorf("%d superseded, %d live learnings; want 10 and 10", sup, live)
	}
}
