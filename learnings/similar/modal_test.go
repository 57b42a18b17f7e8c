package similar

import "testing"

// TestModalClash holds the rule that a text that asks and one that only
// allows are never the same learning, whatever else they share: "must",
// "should", "has to" and "needs to" ask, "may", "might" and "can" allow,
// and a text with neither, or both, clashes with none.
func TestModalClash(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		kind Kind
	}{
		{"The ferry app must refund a cancelled crossing within 5 days.", "The ferry app may refund a cancelled crossing within 5 days.", Update},
		{"Members should book a slot two days ahead.", "Members can book a slot two days ahead.", Update},
		{"The nurse has to log every dose in the chart.", "The nurse might log every dose in the chart.", Update},
		{"Reviewers need to approve the migration before the deploy.", "Reviewers may approve the migration before the deploy.", Update},
		{"You MUST rotate the API key after a leak.", "You may rotate the API key after a leak.", Update},
		// Asking or allowing alike, or one text with no modal verb.
		{"The ferry app must refund a cancelled crossing within 5 days.", "The ferry app has to refund a cancelled crossing within 5 days.", Same},
		{"The ferry app needs to refund a cancelled crossing within 5 days.", "The ferry app should refund a cancelled crossing within 5 days.", Same},
		{"Contributors can skip the changelog for docs-only changes.", "Contributors may skip the changelog for docs-only changes.", Same},
		{"The sync might take ten minutes on the first launch.", "The sync may take ten minutes on the first launch.", Same},
		{"You must run `make gen` before the tests.", "Run `make gen` before the tests.", Same},
		{"The importer can split big CSV files first.", "The importer splits big CSV files first.", Same},
	} {
		for _, p := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			if v := Compare(p[0], p[1]); v.Kind != tt.kind {
				t.Errorf("%v (score %.2f), want %v:\n  %s\n  %s", v.Kind, v.Score, tt.kind, p[0], p[1])
			}
			if got := Prepare(p[0]).Same(Prepare(p[1])); got != (tt.kind == Same) {
				t.Errorf("Same = %v, want %v:\n  %s\n  %s", got, tt.kind == Same, p[0], p[1])
			}
		}
	}
}
