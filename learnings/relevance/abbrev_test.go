package relevance

import "testing"

// TestAbbreviationsFindTheirWords holds that a task's abbreviation finds
// the learning that writes the words it stands for, that a task's words
// find the learning that writes their initials in capitals, and that
// initials spelt by chance (two letters, across punctuation, in lower
// case) find nothing.
func TestAbbreviationsFindTheirWords(t *testing.T) {
	tests := []findCase{
		{"gsm missing from the product api", "Paper weight is stored in grams per square metre.", true},
		{"the CRM sync dropped half the contacts", "Leads come from the customer relationship management export.", true},
		{"who signs the SLA with the courier", "The service level agreement promises collection by 16:00.", true},
		{"ETA on the tracking page is always wrong", "The estimated time of arrival comes from Gophr's API.", true},
		{"print on demand orders get duplicated", "POD orders are pulled every 15 minutes.", true},
		{"how do we wipe end of life tablets", "EOL devices are wiped with the MDM before recycling.", true},
		{"customer relationship management export is empty", "The CRM export runs at 02:00.", true},
		// Two letters are spelt by chance: "during backups" is no "db".
		{"is the hr portal down", "Holiday requests are approved by the shift lead.", false},
		// Nor does a phrase run across punctuation, or a word written
		// in lower case stand for initials.
		{"gsm missing", "Sheets are weighed in grams. Square metres are billed apart.", false},
		{"print on demand orders", "Pods on the cluster restart at night.", false},
		// A word with a vowel written in lower case is a word.
		{"the pod restarts", "Print on demand items ship in three days.", false},
	}
	checkFinds(t, tests)
}
