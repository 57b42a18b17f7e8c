package similar

import "testing"

// TestPassiveOpener holds a passive subordinate clause read as active to
// the word that opens it: "if half the sky is covered by cloud" is "if
// cloud covers half the sky", the "if" first in both, and the roles still
// count.
func TestPassiveOpener(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"The night assistant closes the dome if clouds cover more than half the sky.", "If more than half the sky is covered by cloud, the night assistant closes the dome.", true},
		{"The shop reorders the stock when the buyer approves the forecast.", "When the forecast is approved by the buyer, the shop reorders the stock.", true},
		{"Page the on-call engineer if the gateway rejects more than 5% of requests.", "If more than 5% of requests are rejected by the gateway, page the on-call engineer.", true},
		{"Page the on-call engineer if the gateway rejects more than 5% of requests.", "If more than 15% of requests are rejected by the gateway, page the on-call engineer.", false},
		{"The shop reorders the stock when the buyer approves the forecast.", "When the buyer is approved by the forecast, the shop reorders the stock.", false},
		{"The shop reorders the stock when the buyer approves the forecast.", "When the forecast is approved by the buyer, the shop counts the stock.", false},
		// An agent after what follows the participle reads as a
		// rotation of the instruction.
		{"Invoices are sent on Fridays by the accounts team.", "The accounts team sends invoices on Fridays.", true},
		{"The returns are checked at the dock by a supervisor.", "A supervisor checks the returns at the dock.", true},
		{"Invoices are sent on Fridays by the accounts team.", "The accounts team sends invoices on Mondays.", false},
		{"Invoices are sent to the accounts team by the bank.", "The accounts team sends invoices to the bank.", false},
		// The "of" of a passive's subject moves with it (movedMarks).
		{"The audio of each episode is checked by the producer before it is published.", "Before it is published, the producer checks each episode's audio.", true},
		{"The size of the upload buffer is set by the installer.", "The installer sets the upload buffer's size.", true},
		{"The owner of the boat is paid by the club.", "The club pays the owner's boat.", false},
		{"The size of the upload buffer is set by the installer.", "The installer sets the download buffer's size.", false},
	} {
		t.Run(c.a+" / "+c.b, func(t *testing.T) {
			for _, v := range []Verdict{Compare(c.a, c.b), Compare(c.b, c.a)} {
				if (v.Kind == Same) != c.same {
					t.Errorf("%v (score %.2f), want same %v", v.Kind, v.Score, c.same)
				}
			}
		})
	}
}
