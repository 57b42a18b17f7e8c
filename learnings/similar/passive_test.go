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

// TestHyphenatedPassive holds a passive whose participle is written with
// a hyphen ("health-checked", read part by part) to its active, and the
// roles it swaps apart: the verb is all its parts, so "by" after it still
// names the agent.
func TestHyphenatedPassive(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"The app servers health-check the load balancer every 5 seconds.", "The load balancer is health-checked by the app servers every 5 seconds.", true},
		{"The bot squash-merges the release branch.", "The release branch is squash-merged by the bot.", true},
		{"The nightly job auto-tags the images with the commit hash.", "The images are auto-tagged by the nightly job with the commit hash.", true},
		{"The load balancer health-checks the app servers every 5 seconds.", "The load balancer is health-checked by the app servers every 5 seconds.", false},
		{"The bot squash-merges the release branch.", "The bot is squash-merged by the release branch.", false},
		{"The nightly job auto-tags the images with the commit hash.", "The nightly job is auto-tagged by the images with the commit hash.", false},
		{"The registry re-signs the base images after each rebuild.", "The registry is re-signed by the base images after each rebuild.", false},
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
