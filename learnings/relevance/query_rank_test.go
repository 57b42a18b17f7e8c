package relevance

import (
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestQueryReadAsWritten holds, on the memories of a library, a news site,
// a brewery and a law firm, that a task chooses the learning about a noun
// whose stem is a vague word ("fines", "news", "cans", "wills") when that
// noun is all they share.
func TestQueryReadAsWritten(t *testing.T) {
	filler := chores(30, "The weekly report %d lists the %s figures for the board.", "loan", "visitor", "stock", "payroll")
	tests := []struct {
		name     string
		sessions [][]string
		task     string
		chosen   []string
	}{
		{"library fines", [][]string{
			{"Circulation", "", "Fines for late returns are capped at 5 EUR per item; the desk may waive them for readers over 70.",
				"Reservations expire after 7 days on the hold shelf."},
			{"Catalogue", "", "MARC records from the consortium are imported nightly."}},
			"a member says her fines are too high", []string{"Fines for late returns"}},
		{"site news", [][]string{
			{"Front page", "", "News items are cached by the CDN for ten minutes; purge the URL after an edit.",
				"The weather widget calls the met office API once an hour."},
			{"Ads", "", "Ad slots are sold through the agency portal, not directly."}},
			"news doesn't appear for ages after I publish", []string{"News items are cached"}},
		{"brewery cans", [][]string{
			{"Packaging", "", "Cans from the mobile canner are stacked eight high on a pallet, never more.",
				"Kegs are returned on Thursdays."},
			{"Taproom", "", "The taproom till closes at 23:00 sharp."}},
			"the cans look dented after transport", []string{"Cans from the mobile canner"}},
		{"law firm wills", [][]string{
			{"Probate", "", "Original wills are kept in the strongroom; a certified copy goes out by courier.",
				"Probate forms go to the registry by post."},
			{"Billing", "", "Time entries are locked at month end."}},
			"client wants her wills back", []string{"Original wills are kept"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ls := memory(append(tt.sessions, filler...)...)
			checkChoice(t, ls, Context{Task: tt.task}, tt.chosen, nil, "")
		})
	}
}

// TestHyphenatedCommonWords holds, on a hotel's, a café's and a dental
// practice's memories, that a word the task hyphenates from two common
// ones ("check-in", "set-up", "no-show") is as common as its parts for
// commonWord: missing from the memory, it is no rarer subject that leaves
// out the learning sharing the task's one everyday word ("no-show fees in
// the diary" is about the diary), while a rarer missing subject still
// does ("cone beam scanner").
func TestHyphenatedCommonWords(t *testing.T) {
	filler := func(words ...string) [][]string {
		return chores(40, "The nightly job %d must finish before the %s report runs.", words...)
	}
	hotel := memory(append([][]string{
		{"Front office", "", "The desk finds a booking by surname or by the reference in the confirmation email."},
		{"Arrivals", "", "Online check-in opens 48 hours before arrival and sends the room number by SMS."},
		{"Spa", "", "Treatments are booked in 30-minute slots."},
		{"Doors", "", "Door batteries are swapped when the lock reports under 20%."},
	}, filler("audit", "revenue", "occupancy", "staff")...)...)
	cafe := memory(append([][]string{
		{"Counter", "", "The till pulls its prices from the back office every night at 02:00."},
		{"Fridge", "", "Oat milk is kept in the second fridge."},
		{"Rota", "", "Weekend shifts are swapped in the group chat, then in Deputy."},
	}, filler("audit", "sales", "waste", "orders")...)...)
	clinic := memory(append([][]string{
		{"Charges", "", "NHS charges come in bands: Band 1 is an examination, Band 3 adds crowns."},
		{"Diary", "", "Diary slots are 5-minute units; a new patient takes six."},
		{"Imaging", "", "Radiographs are stored in Orthanc."},
	}, filler("audit", "patients", "appointments", "invoices")...)...)
	tests := []struct {
		name     string
		ls       []*learnings.Learning
		task     string
		chosen   []string
		unchosen []string
	}{
		{"hotel desk", hotel, "check-in is slow at the desk", []string{"The desk finds a booking"}, nil},
		{"café till", cafe, "the till needs set-up again after the power cut", []string{"The till pulls its prices"}, nil},
		{"dental diary", clinic, "no-show fees in the diary", []string{"Diary slots are"}, nil},
		{"clinic set-up", clinic, "set-up of the cone beam scanner", nil, []string{"Radiographs are stored"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkChoice(t, tt.ls, Context{Task: tt.task}, tt.chosen, tt.unchosen, "on one common word, the task's subject missing")
		})
	}
}
