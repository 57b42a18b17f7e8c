package relevance

import "testing"

// TestSecondFactOnTwoWords holds that a learning of a chosen match's
// session, under the floor, is chosen as that session's second fact
// whether it shares one of the task's words or two: a match on two words
// is more evidence, not less.
func TestSecondFactOnTwoWords(t *testing.T) {
	sessions := [][]string{
		{"Lifts", "", "Gates refuse a pass scanned twice at one lift within 90 seconds.",
			"A pass moves to another person once per season at the ticket office.",
			"Gate firmware updates run overnight."},
		{"Rental", "", "Rental skis are booked by boot size."},
	}
	// season and pass are common words of this memory: each is a
	// signal, but the two together stay under the floor.
	ls := memory(append(sessions, chores(200, "The nightly job %d must finish before the %s export runs.", "season", "pass", "catalogue", "staff")...)...)
	r := Rank(ls, Context{Task: "can I give my season pass to my brother, the gate refuses it"})
	for _, m := range r.Matches {
		if m.Learning.Text == textStarting(t, ls, "A pass moves") && (m.Score >= r.Floor || m.signals != 2) {
			t.Fatalf("the second fact scores %.2f on %d signals (floor %.2f): the test needs it under the floor on two", m.Score, m.signals, r.Floor)
		}
	}
	checkChoice(t, ls, Context{Task: "can I give my season pass to my brother, the gate refuses it"},
		[]string{"Gates refuse a pass", "A pass moves to another person"}, []string{"Rental skis"},
		"rental shares no word of the task")
}
