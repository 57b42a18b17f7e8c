package similar

import "testing"

// TestOnlyByVerb holds an "only" right before the verb and right after it
// to one learning, and an "only" that moved to limit another thing (the
// subject, a later word, a noun after a verb of command) apart.
func TestOnlyByVerb(t *testing.T) {
	checkKindBothWays(t, []kindPair{
		{"The backup job only runs on weekdays.", "The backup job runs only on weekdays.", Same},
		{"The cron job only runs on weekdays.", "The cron job runs only on weekdays.", Same},
		{"The nightly export only includes paid invoices.", "The nightly export includes only paid invoices.", Same},
		{"The linter only checks files under `src/`.", "The linter checks only files under `src/`.", Same},
		{"The deploy script only restarts the workers.", "The deploy script restarts only the workers.", Same},
		{"Admins can only delete archived projects.", "Admins can delete only archived projects.", Same},
		{"The kiosk should only print receipts in English.", "The kiosk should print only receipts in English.", Same},
		{"The backup job only runs on weekdays.", "The backup job only runs on weekends.", Update},
		{"The deploy script only restarts the workers.", "Only the deploy script restarts the workers.", Update},
		{"The roastery only ships whole beans to cafes.", "The roastery ships whole beans only to cafes.", Update},
		{"Only admins can delete archived projects.", "Admins can delete only archived projects.", Distinct},
		// After a verb of command, "only" limits a noun or a time.
		{"Back up only databases on Sundays.", "Back up databases only on Sundays.", Update},
		{"Deploy only workers on Fridays.", "Deploy workers only on Fridays.", Update},
	})
}
