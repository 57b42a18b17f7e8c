package similar

import "testing"

// TestStopWordNamesAThing holds a stop word written as a name, a month or
// an acronym ("in May", "ask Will", "the US", "IT", "9 AM") to a word of
// content: dropped or added, it is a change, not a restatement ("The
// plant sale is held in May" and "The plant sale is held" were the same
// learning at score 1, and store would drop the month). The modal, the
// pronoun and the verb stay stop words, and a rewording around the name
// stays the same learning.
func TestStopWordNamesAThing(t *testing.T) {
	changed := [][2]string{
		{"The plant sale is held in May.", "The plant sale is held."},
		{"The audit runs in May.", "The audit runs."},
		{"Renew the lease by May 1.", "Renew the lease by 1."},
		{"The office is closed on May 5.", "The office is closed on 5."},
		{"The library closes for stocktaking in may.", "The library closes for stocktaking."},
		{"Ask Will before merging the release branch.", "Ask before merging the release branch."},
		{"Send the rota to May and Priya every Friday.", "Send the rota to Priya every Friday."},
		{"Ship the parcels to the US.", "Ship the parcels."},
		{"Billing data stays in the US.", "Billing data stays."},
		{"Ask IT to reset a locked account.", "Ask to reset a locked account."},
		{"The backup starts at 2 AM.", "The backup starts at 2."},
		{"Join the tag filters with OR.", "Join the tag filters with AND."},
	}
	same := [][2]string{
		{"The plant sale is held in May.", "The plant sale takes place in May."},
		{"Backups may fail on Fridays.", "Backups might fail on Fridays."},
		{"May cause flaky tests on CI.", "Might cause flaky tests on CI."},
		{"Ask Will before merging the release branch.", "Before merging the release branch, ask Will."},
		{"Ship the parcels to the US.", "Parcels are shipped to the US."},
		{"Tell us before you deploy.", "Let us know before you deploy."},
		{"The migration will lock the table.", "The migration locks the table."},
		{"Renew the lease by May 1.", "Renew the lease by 1 May."},
		{"DO NOT PUSH TO MAIN ON FRIDAYS.", "Do not push to main on Fridays."},
	}
	for _, p := range changed {
		t.Run(p[0]+" | "+p[1], func(t *testing.T) {
			for _, q := range [2][2]string{p, {p[1], p[0]}} {
				if v := Compare(q[0], q[1]); v.Kind == Same {
					t.Errorf("Compare(%q, %q) = %v (score %.2f), want no same learning", q[0], q[1], v.Kind, v.Score)
				}
				if Prepare(q[0]).Same(Prepare(q[1])) {
					t.Errorf("Same(%q, %q), want not", q[0], q[1])
				}
			}
		})
	}
	for _, p := range same {
		t.Run(p[0]+" | "+p[1], func(t *testing.T) {
			for _, q := range [2][2]string{p, {p[1], p[0]}} {
				if v := Compare(q[0], q[1]); v.Kind != Same {
					t.Errorf("Compare(%q, %q) = %v (score %.2f), want same", q[0], q[1], v.Kind, v.Score)
				}
			}
		})
	}
}
