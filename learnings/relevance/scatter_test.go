package relevance

import "testing"

// boxOfficeMemory is a theatre box office's memory in which "staff" and
// "app" are in one learning in five, and a few rare words have two
// senses: a stage's lock and a database row's, a fly bar and a bar that
// sells drinks.
func boxOfficeMemory() [][]string {
	sessions := [][]string{
		{"Seat map edits", "", "Two staff editing one seat map at once: the second save fails and the map reloads."},
		{"Stage lift", "", "The stage lift has a key lock; the box office never asks staff to turn it."},
		{"Interval bar", "", "Interval drinks are ordered in the app before the show and collected at the foyer bar; the tills close ten minutes into act two."},
		{"Cloakroom", "", "Volunteer staff lock the cloakroom at the interval."},
		{"Fly tower", "", "A fly bar is loaded with counterweights before the flown piece is hung."},
		{"Ticket printing", "", "Tickets print on the box office printer at 300 dpi; a ticket for a wheelchair space prints its access door."},
		{"Gift vouchers", "", "Gift vouchers are sold in the app and redeemed at the box office; a voucher's balance carries over."},
	}
	// Fillers: "staff" and "app" are each in one learning in five.
	return append(sessions, chores(200, "The nightly job %d checks the %s.", "staff", "app", "rota", "season", "donors")...)
}

// TestScattered holds that a match resting on one rare word of the task
// and a common one, far apart in its text, is not chosen when the task's
// best match rests on two of its words, scores under scatteredShare of
// it and comes from another session; and that it is chosen when the
// task's words stand together in it or when it holds two uncommon words of
// the task.
func TestScattered(t *testing.T) {
	ls := memory(boxOfficeMemory()...)
	tests := []struct {
		name     string
		task     string
		chosen   []string
		unchosen []string
	}{
		{"row lock", "row lock waits when two staff save the same seat map at once",
			[]string{"Two staff editing one seat map"}, []string{"The stage lift has a key lock"}},
		{"bar of the fly tower", "the fly bar drops when the flown piece and its counterweights are swapped in the app",
			[]string{"A fly bar is loaded with counterweights"}, []string{"Interval drinks are ordered in the app"}},
		// Kept: the rare word stands next to the common one.
		{"words together", "row lock waits when two staff save the same seat map at once",
			[]string{"Volunteer staff lock the cloakroom"}, nil},
		// Kept: it holds two uncommon words of the task.
		{"two uncommon words", "staff printing tickets and drinks orders in the interval",
			[]string{"Interval drinks are ordered"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkChoice(t, ls, Context{Task: tt.task}, tt.chosen, tt.unchosen, "its rare word far from the common one it shares with the task")
		})
	}
}
