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

// TestShortFormsFindTheirWords holds that a task's short form finds the
// learning that writes the word in full, and the full word its short form,
// that a unit's short form finds the unit only after a number, and that
// the long forms of one short form do not find each other.
func TestShortFormsFindTheirWords(t *testing.T) {
	tests := []findCase{
		{"which perms does a manager need", "Only admins hold the refund permission.", true},
		{"where in the repo do shared types go", "The repository is a pnpm monorepo.", true},
		{"how is i18n set up in the app", "Internationalization: strings go through t().", true},
		{"a11y rules for buttons", "Every screen meets WCAG accessibility checks.", true},
		{"auth for the admin site", "Staff authentication is Google SSO only.", true},
		{"the repository settings for the bot", "The repo's branch protection needs two reviews.", true},
		{"who can change permissions", "Perms are granted per team in Okta.", true},
		{"wdt reset while downloading firmware", "The task watchdog fired during OTA.", true},
		{"why do we run more biz cards than ordered", "Business cards are imposed 21-up.", true},
		{"readings every 5 min instead of 15", "At one every 5 minutes the cells last a year.", true},
		{"pics not loading on the desk", "Member photos are served through signed URLs.", true},
		{"when are the exams published", "Examination results go out at 09:00.", true},
		{"dob is wrong on the form", "The date of birth is checked against the NHS record.", true},
		// "min" alone is as often a minimum.
		{"min order value for free delivery", "Runs take 40 minutes on average.", false},
		// Authentication and authorization are two things.
		{"authentication for the admin site", "Authorization rules live in roles.guard.ts.", false},
	}
	checkFinds(t, tests)
}
