package relevance

import (
	"os"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestCommonWordDetailOfThing holds that only a thing has details: a
// shared word that says what happens ("dropped") is no subject whose
// clause of why could hold the task's rarer words, so a match on it alone
// stays left out beside them (dev14's "the contract money dropped because
// ...", whose decoy on "dropped" TestCommonWordDetailChain's clauses
// chose until the thing was asked for). A thing's clause is a detail, as
// in TestCommonWordDetailChain.
func TestCommonWordDetailOfThing(t *testing.T) {
	src, err := os.ReadFile("../recall/testdata/dev14/memory.md")
	if err != nil {
		t.Fatal(err)
	}
	ls := learnings.Parse(src).Learnings()
	tests := []struct {
		task, prefix string
		chosen       bool
	}{
		{"the contract money dropped because forms for finished patients went to the health authority after the deadline", "Consumables reorder automatically", false},
	}
	for _, tt := range tests {
		t.Run(tt.prefix, func(t *testing.T) {
			r := Rank(ls, Context{Task: tt.task})
			m := matchAtFloor(t, r, ls, tt.prefix, tt.task)
			if got := r.Chosen(m); got != tt.chosen {
				t.Errorf("%q for %q: chosen %v, want %v", tt.prefix, tt.task, got, tt.chosen)
			}
		})
	}
}
