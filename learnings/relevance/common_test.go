package relevance

import (
	"slices"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestCommonWord holds commonWord on memories of five trades. A task that
// names something the memory lacks, rarer in English than the one common
// word it shares with a learning, does not choose that learning: the
// word is used in another sense. A task sharing a name or a word of a
// trade, or only everyday words, or the word as a verb, or a word the
// memory writes often, or whose learning's session holds another of its
// words, still chooses it.
func TestCommonWord(t *testing.T) {
	filler := func(words ...string) [][]string {
		return chores(40, "The nightly job %d must finish before the %s report runs.", words...)
	}
	bakery := memory(append([][]string{
		{"Proofing", "", "Sourdough proofs 14 hours in the retarder at 4 °C; the schedule lives in `bake/plan.py`."},
		{"Mixer", "", "Drill bits for the mixer are in the red box."},
		{"Clock", "", "Flaky specs came from the wall clock."},
		{"Wholesale", "", "Wholesale invoices go out from Xero on Fridays; cafés pay within 14 days."},
		{"Till", "", "The till's Z report must match the payout."},
		{"Delivery", "", "The van's first drop is the hospital café at 06:00.", "A driver with no round must log in again."},
	}, filler("audit", "revenue", "orders", "stock")...)...)
	marina := memory(append([][]string{
		{"Tenders", "", "Tenders (dinghies) may be left on the dinghy rack for free only by berth holders."},
		{"Fuel dock", "", "Late arrivals find their berth on the board."},
		{"Antifouling", "", "Antifouling needs three dry days; the yard app blocks a work order in a rainy week."},
		{"Dues", "", "Visitor dues are charged per metre."},
	}, filler("audit", "berths", "invoices", "weather")...)...)
	library := memory(append([][]string{
		{"Sets", "", "Multi-volume sets such as encyclopaedias are one record with item-level volume numbers."},
		{"Holds", "", "A patron may have 15 holds; the limit is per card."},
		{"Koha", "", "Koha's SIP2 server drops kiosks after 300 seconds idle; the kiosks reconnect by themselves."},
	}, filler("audit", "loans", "members", "fines")...)...)
	clinic := memory(append([][]string{
		{"Charges", "", "NHS charges come in bands: Band 1 is an examination, Band 3 adds crowns and dentures."},
		{"Recalls", "", "Recall intervals run from 3 to 24 months, set per patient by the dentist."},
		{"Imaging", "", "Radiographs are stored in Orthanc."},
		{"Stock", "", "Stock of gloves is counted on Mondays; the count goes in the stock sheet.", "Order more stock from Henry Schein when a box runs under two weeks."},
		{"Stock levels", "", "The stock sheet flags a line red under five days of use."},
	}, filler("audit", "patients", "appointments", "invoices")...)...)
	studio := memory(append([][]string{
		{"Frames", "", "Frame numbers are engraved under the bottom bracket; the fleet database keys bikes by them."},
		{"Queue", "", "Celery workers run two per machine."},
		{"Builds", "", "`go build` was slow because GOFLAGS had `-race` set globally in the Makefile."},
	}, filler("audit", "riders", "repairs", "payments")...)...)
	tests := []struct {
		name   string
		ls     []*learnings.Learning
		task   string
		prefix string
		chosen bool
	}{
		// Absent subjects: the task's thing is missing, rarer than the word.
		{"a fire drill", bakery, "fire drill for the apprentices next week", "Drill bits for", false},
		{"tender documents", marina, "tender documents for the new pontoon contractor are due friday", "Tenders (dinghies)", false},
		{"the board of the marina", marina, "the board wants yearly occupancy figures per pontoon", "Late arrivals find", false},
		{"a disk's volume", library, "the EBS volume on the reporting server is nearly full", "Multi-volume sets", false},
		{"a live band", clinic, "can we get a live band for the staff Christmas party", "NHS charges come", false},
		{"a supplier's recall", clinic, "supplier put out a safety recall on a batch of nitrile gloves", "Recall intervals run", false},
		{"a video frame", studio, "video frame drops in the onboarding clip on old iphones", "Frame numbers are", false},
		// Names and words of a trade.
		{"antifouling", marina, "someone booked antifouling during the storm", "Antifouling needs", true},
		{"orthanc", clinic, "orthanc disk almost full", "Radiographs are stored", true},
		{"celery", studio, "bump celery to 5.4", "Celery workers run", true},
		{"koha", library, "koha keeps dropping the kiosks", "Koha's SIP2 server", true},
		// Everyday words only, the word common but the subject.
		{"flaky tests", bakery, "flaky tests?", "Flaky specs came", true},
		{"go build", studio, "go build takes forever again", "`go build` was slow", true},
		{"a limit", library, "is there a limit on how many titles one person can reserve", "A patron may have", true},
		// The word as a verb.
		{"match as a verb", bakery, "the evening takings at the kiosk don't match the banking", "The till's Z report", true},
		{"charged as a verb", marina, "catamaran owners are charged the same as monohulls", "Visitor dues are charged", true},
		// The memory's own word, in more than rareDF learnings.
		{"the memory's stock", clinic, "the stock photos on the website look dated", "Stock of gloves is", true},
		// The session holds another word of the task.
		{"a session on the task", bakery, "driver can't see the extra drop on his tablet", "A driver with no", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Rank(tt.ls, Context{Task: tt.task})
			m := matchAtFloor(t, r, tt.ls, tt.prefix, tt.task)
			if r.Chosen(m) != tt.chosen {
				t.Errorf("%q: chosen %v, want %v (told %d, terms %v, score %.2f, floor %.2f)", tt.prefix, r.Chosen(m), tt.chosen, m.Told(), m.Terms, m.Score, r.Floor)
			}
		})
	}
}

func TestVerbsOf(t *testing.T) {
	tests := []struct {
		task string
		want []string
	}{
		{"the evening cash count doesn't match the system", []string{"match"}},
		{"catamaran owners are charged the same as monohulls", []string{"charged"}},
		{"how do we label the back of a new crime paperback", []string{"we", "label"}},
		{"I can’t export the payroll", []string{"can’t", "export"}},
		{"the board wants yearly occupancy figures", nil},
		{"register the new clinic", nil},
	}
	for _, tt := range tests {
		if got := verbsOf(tt.task); !slices.Equal(got, tt.want) {
			t.Errorf("verbsOf(%q) = %q, want %q", tt.task, got, tt.want)
		}
	}
}
