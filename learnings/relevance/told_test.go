package relevance

import (
	"slices"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestToldOneWord holds what Match.Told says of a match, on memories of
// several trades: a real one-word task ("flaky tests?") whose learning is
// about its one word chooses it on that word alone, told 1; a learning
// holding two words of the task is told 2; a learning on a path at hand
// alone is told 0; and an absent-subject task's decoy, sharing one word
// with the task in another sense, is told 1 too, the evidence of the real
// one-word task's learning (see company: nothing measured parts them).
func TestToldOneWord(t *testing.T) {
	filler := func(words ...string) [][]string {
		return chores(40, "The nightly job %d must finish before the %s report runs.", words...)
	}
	bakery := memory(append([][]string{
		{"Proofing", "", "Sourdough proofs 14 hours in the retarder at 4 °C; the schedule lives in `bake/plan.py`."},
		{"Ovens", "", "The deck oven's steam injector fails when the water filter is clogged; swap it monthly."},
		{"Staff", "", "Drill bits for the mixer's mounting bolts are kept in the red box."},
		{"Clock", "", "Flaky specs came from the wall clock; inject a fake clock instead."},
	}, filler("audit", "revenue", "orders", "stock")...)...)
	marina := memory(append([][]string{
		{"Tenders", "", "Tenders (dinghies) may be left on the dinghy rack for free only by berth holders."},
		{"Fuel dock", "", "The fuel dock closes at 18:00 in winter; the pump reader logs litres per berth."},
		{"Antifouling", "", "Antifouling needs three dry days; the yard app blocks a work order in a rainy week."},
	}, filler("audit", "berths", "invoices", "weather")...)...)
	library := memory(append([][]string{
		{"Sets", "", "Multi-volume sets such as encyclopaedias are one record with item-level volume numbers."},
		{"Holds", "", "A patron may have at most 15 active holds; the limit is checked in `HoldService.place`."},
		{"Kiosks", "kiosk/rfid.py", "Self-service kiosks read RFID tags at 13.56 MHz; metal shelves detune them."},
	}, filler("audit", "loans", "members", "fines")...)...)
	tests := []struct {
		name   string
		ls     []*learnings.Learning
		ctx    Context
		prefix string
		told   int
		// chosen is checked on the real tasks; an absent-subject task's
		// decoy is chosen today, the defect company's note measures, and
		// no rule is held here either way.
		chosen bool
		absent bool
	}{
		{"one-word task on its subject", bakery, Context{Task: "flaky tests?"}, "Flaky specs came", 1, true, false},
		{"one word, another the memory lacks", marina, Context{Task: "someone booked antifouling during the storm"}, "Antifouling needs", 1, true, false},
		{"one word among others", library, Context{Task: "how many holds can one reader keep"}, "A patron may have", 1, true, false},
		{"two words of the task", bakery, Context{Task: "the steam injector again"}, "The deck oven's steam", 2, true, false},
		{"path at hand alone", library, Context{Paths: []string{"kiosk/rfid.py"}}, "Self-service kiosks", 0, true, false},
		{"absent subject: a fire drill", bakery, Context{Task: "fire drill next Tuesday, who is covering the counter"}, "Drill bits for", 1, false, true},
		{"absent subject: tender documents", marina, Context{Task: "tender documents for the new pontoon contractor are due friday"}, "Tenders (dinghies)", 1, false, true},
		{"absent subject: a disk's volume", library, Context{Task: "the EBS volume on the reporting server is nearly full"}, "Multi-volume sets", 1, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Rank(tt.ls, tt.ctx)
			text := textStarting(t, tt.ls, tt.prefix)
			i := slices.IndexFunc(r.Matches, func(m Match) bool { return m.Learning.Text == text })
			if i < 0 {
				t.Fatalf("%q matches nothing of %+v", tt.prefix, tt.ctx)
			}
			m := r.Matches[i]
			if m.Told() != tt.told {
				t.Errorf("%q: told %d, want %d (terms %v)", tt.prefix, m.Told(), tt.told, m.Terms)
			}
			if !tt.absent && r.Chosen(m) != tt.chosen {
				t.Errorf("%q: chosen %v, want %v (score %.2f, floor %.2f)", tt.prefix, r.Chosen(m), tt.chosen, m.Score, r.Floor)
			}
		})
	}
}
