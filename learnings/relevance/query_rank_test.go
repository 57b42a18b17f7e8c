package relevance

import "testing"

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
