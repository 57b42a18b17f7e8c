package relevance

import (
	"slices"
	"testing"
)

// TestSynonymsFindOtherWords holds that a task finds the learning that says
// its word with a synonym of the lexicon (similar.WordGroups), in either
// direction and in any inflection, and that a wording word, a request word
// or a word in another sense does not.
func TestSynonymsFindOtherWords(t *testing.T) {
	tests := []findCase{
		{"customer was never invoiced for the drop", "Bills are raised when the driver gets a signature.", true},
		{"pub says the bill is wrong", "Invoices carry VAT per line.", true},
		{"how do I get the db back from tuesday", "The database is dumped nightly to B2.", true},
		{"database restore takes ages", "Restoring the db rebuilds every index.", true},
		{"dashboard tiles vanish after a while", "Tiles disappear when the session token expires.", true},
		{"purge stale carts every night", "Abandoned baskets are wiped by a cron job at 02:00.", true},
		{"remove inactive accounts", "Accounts are deleted after 90 days without a login.", true},
		{"the courier notification never arrives", "Drivers are alerted by push when a parcel is assigned.", true},
		{"allocate a bay to the new tenant", "Bays are assigned in the admin, one per tenant.", true},
		{"prod config for the mailer", "The production mailer reads SMTP settings from Vault.", true},
		{"how do we calculate the excise", "Excise is computed from packaged litres times ABV.", true},
		{"texts to owners in spain are not delivered", "MessageBird rejects Spanish numbers without +34.", true},
		{"the french translation is missing", "Orders from France ship from Lyon.", true},
		// A wording word says how, not what: a room "freezing" is no
		// motor's "stall", a track that "plays" is no "display".
		{"the room keeps freezing at night", "The motor stalls when the valve sticks.", false},
		{"the ad plays twice", "The banner displays the price in euros.", false},
		// A synonym that is a request word is left out: "get" for
		// "retrieve" would match half a memory.
		{"retrieve the audit trail", "Get a coffee before the migration.", false},
	}
	checkFinds(t, tests)
}

// TestSynonymCountsOnce holds that a synonym counts for less than the word
// itself, and not at all in a learning that holds the word: it is one
// piece of evidence, not two.
func TestSynonymCountsOnce(t *testing.T) {
	ls := memory(append([][]string{
		{"a session", "", "Invoice totals are rounded per line.", "Bill totals are rounded per line.", "Invoice totals (the bill) are rounded per line."},
	}, chores(30, "Step %d of the release runs the %s job.", "lint", "unit", "docs", "deploy")...)...)
	r := Rank(ls, Context{Task: "invoice totals rounding"})
	score := map[string]float64{}
	for _, m := range r.Matches {
		score[m.Learning.ID] = m.Score
		if m.Learning.ID == "l0.2" && slices.Contains(m.Terms[1:], "invoice") {
			t.Errorf("the word and its synonym both count: terms %q", m.Terms)
		}
	}
	if !(score["l0.0"] > score["l0.1"]) {
		t.Errorf("the word itself scores %v, its synonym %v: want the word above", score["l0.0"], score["l0.1"])
	}
	if score["l0.1"] == 0 {
		t.Errorf("the synonym does not count")
	}
}

// TestInflectedTerms holds the forms a synonym is looked for in: English
// plurals and past forms, and none that is another word ("feed" is no
// form of "fee").
func TestInflectedTerms(t *testing.T) {
	tests := []struct {
		word      string
		want, not []string
	}{
		{"fee", []string{"fee"}, []string{"feed"}},
		{"free", []string{"free", "freed"}, nil},
		{"wipe", []string{"wipe", "wip"}, nil},
		{"boss", []string{"boss"}, []string{"bosss"}},
		{"reply", []string{"reply"}, []string{"replyed", "replys"}},
		{"refund", []string{"refund"}, []string{"refundss"}},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			got := inflectedTerms(tc.word)
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("inflectedTerms(%q) = %q, want %q among them", tc.word, got, w)
				}
			}
			for _, w := range tc.not {
				if slices.Contains(got, w) {
					t.Errorf("inflectedTerms(%q) = %q, holds %q", tc.word, got, w)
				}
			}
		})
	}
}
