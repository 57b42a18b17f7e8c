package relevance

import (
	"testing"
)

// TestCompanyRarerWord holds that a match on one word of the task that no
// common English list holds (a name, a word of a trade) stays chosen
// beside a better match of another session that rests on two everyday
// words of the task ("customer", "price", "paying"): that match may share
// only the task's small talk, and the rare word names the task's thing.
// Where the better match holds a rare word too, or the one word is an
// everyday one, the one-word match is left out as before: its word is
// likely used in another sense.
func TestCompanyRarerWord(t *testing.T) {
	sessions := [][]string{
		{"Rates", "", "The street rate is the price a new customer sees; existing tenants keep paying their own rate until a rate increase."},
		{"Transfers", "", "A transfer to a smaller unit at the same site is a downsize: the tenant keeps the old rate."},
		{"Brewhouse", "", "Carbonation CO2 comes from a bulk tank."},
		{"Orders", "", "Orders placed over the weekend are sent on Monday; the customer sees them as pending until then."},
		{"Scheduler", "", "The beat scheduler must run as one task, or every reminder goes out twice."},
		{"Reminders", "", "Payment reminders go out twice: on the due date and a week later, from the billing scheduler."},
		{"Theatre", "", "The surgical scrub step of the theatre checklist is signed by the scrub nurse."},
		{"Exports", "", "Exports to the marketing agency leave out phone numbers unless the client opted in."},
		{"Frames", "", "Frame sizes are measured from the bottom bracket."},
		{"Photos", "", "Product photos for the website are cropped to a square."},
	}
	ls := memory(append(sessions, chores(200, "The nightly job %d must finish before the %s report runs.", "audit", "stock", "staff", "invoices")...)...)
	tests := []struct {
		name   string
		task   string
		prefix string
		chosen bool
	}{
		// The one word is rarer than every word of the better match.
		{"downsize", "Customer wants to downsize, do they keep paying the same?", "A transfer to a smaller", true},
		{"carbonation", "carbonation gas ran out, why wasn't a top-up ordered over the weekend", "Carbonation CO2 comes", true},
		// The better match holds a rare word too: the one word is not the
		// task's best evidence.
		{"beat scheduler", "why did the beat scheduler send every payment reminder twice? we saw it in the Carbonation report", "Carbonation CO2 comes", false},
		// The one word is an everyday one.
		{"frame", "the customer's frame on the product photos on the website is cropped", "Frame sizes are", false},
		// The one word, rare, used in another sense beside a better match
		// on everyday words: commonWord and offSubject's business, not
		// company's; the better match scores twice as much.
		{"scrub", "need to scrub phone numbers out of the exports before they go to the marketing agency", "The surgical scrub step", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Rank(ls, Context{Task: tt.task})
			m := matchAtFloor(t, r, ls, tt.prefix, tt.task)
			if r.Chosen(m) != tt.chosen {
				t.Errorf("%q: chosen %v, want %v (told %d, terms %v, score %.2f, floor %.2f)", tt.prefix, r.Chosen(m), tt.chosen, m.Told(), m.Terms, m.Score, r.Floor)
			}
		})
	}
}
