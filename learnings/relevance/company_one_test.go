package relevance

import "testing"

// TestDetailOfReadsAPieceAsItsWord holds detailOf to a word of the task
// with its camelCase pieces once: where the task's best match rests only
// on a name written in a detail of what the task says of its subject
// ("the kiosk froze during the iPadOS update"), a match on the subject
// alone stays chosen, as it does for a detail in plain words ("during the
// gale last night"); the pieces "i", "pad" and "os" of the name are no
// words of their own outside the detail.
func TestDetailOfReadsAPieceAsItsWord(t *testing.T) {
	for _, tc := range []struct {
		task, subject, detail string
	}{
		{"the beacon went out during the gale last night", "The beacon battery is swapped every spring.", "Gale warnings last night closed the harbour."},
		{"the beacon went out during the GitHub outage last night", "The beacon battery is swapped every spring.", "GitHub outages last night stopped the deploys."},
		{"the deploy froze during the GitHub outage", "The deploy key rotates every spring.", "GitHub outages stop the runners."},
		{"the backup stalled during the DynamoDB throttling", "The backup runs at two.", "DynamoDB throttling slows the import."},
		{"the printer jammed during the PostgreSQL upgrade", "The printer needs A4 paper.", "PostgreSQL upgrades need a dump first."},
		{"the kiosk froze during the iPadOS update", "The kiosk reboots at six.", "iPadOS updates are held back a week."},
		{"the modem dropped during the OneDrive sync", "The modem sits in the hall.", "OneDrive sync skips open files."},
	} {
		t.Run(tc.task, func(t *testing.T) {
			ls := memory(append([][]string{{"Work", "", tc.subject}, {"Outage", "", tc.detail}},
				chores(100, "The nightly job %d must finish before the %s export runs.", "catalogue", "staff", "invoice", "report")...)...)
			checkChoice(t, ls, Context{Task: tc.task}, []string{tc.subject, tc.detail}, nil, "")
		})
	}
}
