package relevance

import (
	"slices"
	"testing"
)

// TestSymptomsFindMechanisms holds that a task saying how a fault shows
// finds a learning naming its mechanism (see symptomGroups), in another
// inflection too, and that the link runs one way: a task about the
// mechanism does not find a learning about the symptom.
func TestSymptomsFindMechanisms(t *testing.T) {
	tests := []findCase{
		{"the booking screen hangs when two people save at once", "Saving takes a row lock on the day until the transaction commits.", true},
		{"app froze on the payment page", "The terminal call has a 120 s timeout.", true},
		{"stuck on a spinning wheel after login", "The SSO callback waits on a pending token exchange.", true},
		{"customers were charged twice", "Card captures are retried without an idempotency key.", true},
		{"order confirmations arrive duplicated", "The mail worker resends on any 5xx.", true},
		{"totals on the invoice are a penny out", "Line prices use banker's rounding.", true},
		{"names with accents come out as gibberish", "The CSV export is written in Latin-1 encoding.", true},
		{"the settings page is half in another language", "Missing translations fall back to English.", true},
		{"supplier emails keep bouncing", "Attachments over 10 MB are rejected by the relay.", true},
		{"the nightly job ran an hour late after the clocks changed", "Cron runs in UTC, not local time.", true},
		{"the server crashed, how much did we lose", "The database is dumped every night at 02:00.", true},
		{"the price list still shows last week's prices, stale", "Product pages are cached for an hour at the CDN.", true},
		{"staff get forbidden on the rota page", "Only the manager role may open rotas.", true},
		{"long notes come out truncated in the export", "The export column has a 255-character length.", true},
		{"temp overshoots 2 degrees in the new flat", "The PID runs every 5 minutes.", true},
		{"the class got overbooked by one", "Bookings take a row lock on the session.", true},
		{"our invoices land in customers' spam", "The sending domain has no DKIM record.", true},
		{"the e2e suite is flaky on CI", "The checkout test races the webhook.", true},
		{"product photos look blurry", "Uploads are compressed to 80% JPEG quality.", true},
		{"the lesson videos go blurry on the train", "Streams drop to a 400 kbps bitrate on a weak connection.", true},
		{"replays look pixelated in the first minute", "HLS starts at the lowest bitrate and steps up.", true},
		{"our podcast vanished from the directory", "A feed that returns 404 for a week is delisted.", true},
		{"half the photos in the gallery disappeared overnight", "Uploads older than 90 days are purged by the bucket's lifecycle rule.", true},
		{"my reward points have disappeared", "Points expire after 12 months without a purchase.", true},
		{"the credits on my account vanished overnight", "Unused credits lapse at the end of the month.", true},
		// One way: the mechanism does not find the symptom.
		{"add an idempotency key to captures", "Customers were charged twice in March.", false},
		{"move the cron jobs to UTC", "The clocks changed and reports came late.", false},
	}
	checkFinds(t, tests)
}

// TestSymptomIsWeakEvidence holds that a mechanism word found through a
// symptom counts for less than the task's own word: a learning that says
// "hangs" ranks above one that says "lock", and the lock learning alone
// stays under the floor of a memory where "lock" is rare.
func TestSymptomIsWeakEvidence(t *testing.T) {
	ls := memory(append([][]string{
		{"a session", "", "Saving a booking takes a row lock on the chair's day."},
		{"another session", "", "The label printer hangs when its queue holds more than 50 jobs."},
	}, chores(30, "Step %d of the release runs the %s job.", "lint", "unit", "docs", "deploy")...)...)
	r := Rank(ls, Context{Task: "the screen hangs"})
	at := func(id string) int {
		return slices.IndexFunc(r.Matches, func(m Match) bool { return m.Learning.ID == id })
	}
	lock, hangs := at("l0.0"), at("l1.0")
	if lock < 0 || hangs < 0 || hangs > lock {
		t.Fatalf("matches %v: want the learning saying hangs (l1.0) above the lock (l0.0)", r.Matches)
	}
	if r.Matches[lock].Score >= r.Floor {
		t.Errorf("the lock learning scores %.2f, at or above the floor %.2f, on a symptom alone", r.Matches[lock].Score, r.Floor)
	}
}
