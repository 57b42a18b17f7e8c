package relevance

import (
	"slices"
	"testing"
)

// hotelMemory is a hotel's project memory in which several words have two
// senses: a guest's invoice and a supplier's, a door's battery warning and
// a compiler's, the lobby's kiosk and the lobby's music.
func hotelMemory() [][]string {
	sessions := [][]string{
		{"Guest folio", "", "Express checkout emails the folio as PDF through Postmark.",
			"Late checkout until 14:00 is free for gold members."},
		{"Purchasing", "", "Supplier invoice numbers go into the purchasing sheet by Friday."},
		{"Door hardware", "", "Door batteries are swapped when the lock reports under 20%; the app flags the room."},
		{"Kiosk CI", "", "Compiler warnings fail the CI build of the PMS plugins."},
		{"Kiosk image", "", "Run `git checkout` of the release tag before building the kiosk image."},
		{"Ambience", "", "The lobby music playlist is licensed per venue; never stream it from a personal account."},
		{"Room keys", "", "Mobile room keys are sent over BLE; the door firmware accepts a key for 24 h."},
		{"Pool", "", "The pool opens at 07:00; towels are counted by the housekeeping app."},
	}
	return append(sessions, chores(40, "The nightly job %d must finish before the %s report runs.", "audit", "revenue", "occupancy", "staff")...)
}

// TestOneSharedWord holds that a learning sharing a single rare word with
// the task, in another sense, never comes before the learnings the task
// needs (most score under the floor and are not chosen at all), and that
// one whose one shared word is the task's subject is still chosen.
func TestOneSharedWord(t *testing.T) {
	ls := memory(hotelMemory()...)
	find := func(prefix string) string { return textStarting(t, ls, prefix) }
	tests := []struct {
		name  string
		task  string
		want  []string
		never []string
	}{
		{"invoice of a guest", "express checkout invoice never reaches the guest",
			[]string{"Express checkout emails"}, []string{"Supplier invoice numbers"}},
		{"warning of a door", "door battery warning for room 212",
			[]string{"Door batteries are swapped"}, []string{"Compiler warnings fail"}},
		{"lobby kiosk", "the lobby kiosk shows an old release after the image build",
			[]string{"Run `git checkout`"}, []string{"The lobby music playlist"}},
		{"folio of a supplier", "supplier sends the invoice numbers late for the purchasing sheet",
			[]string{"Supplier invoice numbers"}, []string{"Express checkout emails"}},
		// The word is the subject: nothing matches on more, or the best
		// match holds it too.
		{"subject alone", "postmark bounces from yahoo addresses",
			[]string{"Express checkout emails"}, nil},
		{"subject shared", "towels counted twice in the housekeeping app, pool staff say",
			[]string{"The pool opens"}, nil},
		{"keys", "mobile keys over ble stop working after a day",
			[]string{"Mobile room keys"}, []string{"Door batteries are swapped"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Rank(ls, Context{Task: tt.task})
			got := r.Relevant()
			at := func(prefix string) int {
				text := find(prefix)
				return slices.IndexFunc(got, func(m Match) bool { return m.Learning.Text == text })
			}
			last := -1
			for _, w := range tt.want {
				i := at(w)
				if i < 0 {
					t.Errorf("%q: %q is not chosen", tt.task, w)
				}
				last = max(last, i)
			}
			for _, n := range tt.never {
				if i := at(n); i >= 0 && i < last {
					t.Errorf("%q: %q, chosen on one shared word, comes before a learning the task needs", tt.task, n)
				}
			}
		})
	}
}
