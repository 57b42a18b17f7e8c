package similar

import (
	"slices"
	"strings"
	"testing"
)

// TestMinRotation holds minRotation to its promise: every rotation of a
// clause gives one key, and a clause that is no rotation of another gives
// another key.
func TestMinRotation(t *testing.T) {
	tests := []struct{ a, b string }{
		{"uv install python packag", "install python packag uv"},
		{"run migration first", "first run migration"},
		{"b a", "a b"},
		{"z y x w", "w z y x"},
		{"a a b", "a b a"},
	}
	for _, tt := range tests {
		t.Run(tt.a+"|"+tt.b, func(t *testing.T) {
			a, b := strings.Fields(tt.a), strings.Fields(tt.b)
			for i := range a {
				r := slices.Concat(a[i:], a[:i])
				if got, want := minRotation(r), minRotation(b); got != want {
					t.Errorf("minRotation(%q) = %q, minRotation(%q) = %q", r, got, b, want)
				}
			}
			if other := slices.Concat(b[1:], b[:1], []string{"extra"}); minRotation(other) == minRotation(a) {
				t.Errorf("%q reads as a rotation of %q", other, a)
			}
		})
	}
	if minRotation(strings.Fields("a b c")) == minRotation(strings.Fields("a c b")) {
		t.Errorf("a b c reads as a rotation of a c b")
	}
}

// TestClauseRotations: a clause read in another order that is a rotation
// of it ("use X for Y" and "for Y use X") is the same learning whichever
// word its least rotation starts with; a value swapped inside it is not.
func TestClauseRotations(t *testing.T) {
	checkSameBothWays(t, []samePair{
		{"Use `uv` for installing Python packages, since pip is slow.", "For installing Python packages use `uv` because pip is slow.", true},
		{"Run the migrations first and then restart the API.", "First run the migrations, then restart the API.", true},
		{"Use `uv` for installing Python packages, since pip is slow.", "For installing Node packages use `uv` because pip is slow.", false},
		{"Copy the staging data to prod before the release.", "Before the release copy the prod data to staging.", false},
		{"Use `yarn` for the docs site since npm is slow.", "For the docs site use `pnpm` because npm is slow.", false},
	})
}

// TestLessCommonSwaps holds the words issue 24's ninth round (reword7)
// added to the tables, each in a sentence of its own, each way round:
// the swap alone is the same learning, and the words next to it in
// meaning that name another value stay apart.
func TestLessCommonSwaps(t *testing.T) {
	checkAllBothWays(t, true, [][2]string{
		{"Ascertain the firmware version before flashing the board.", "Determine the firmware version before flashing the board."},
		{"The pipeline assembles the release bundle from the wheel files.", "The pipeline builds the release bundle from the wheel files."},
		{"The sensor feed has sporadic gaps after midnight.", "The sensor feed has intermittent gaps after midnight."},
		{"The sync job sporadically drops the last batch.", "The sync job intermittently drops the last batch."},
		{"The second null check in the parser is superfluous.", "The second null check in the parser is redundant."},
		{"The importer thereafter marks the batch as done.", "The importer afterwards marks the batch as done."},
		{"Activate the maintenance banner before the upgrade.", "Enable the maintenance banner before the upgrade."},
		{"The deploy script deactivates the cron jobs first.", "The deploy script disables the cron jobs first."},
		{"The optimal batch size for the GPU is 64.", "The best batch size for the GPU is 64."},
		{"The hotfix pipeline expedites the review for security patches.", "The hotfix pipeline accelerates the review for security patches."},
		{"The API spec lives in `openapi.yaml`.", "The API specification lives in `openapi.yaml`."},
		{"The deploy creds are in the team vault.", "The deploy credentials are in the team vault."},
		{"Each parcel carries the depot ID on its label.", "Each parcel carries the depot identifier on its label."},
		{"The max payload size is 2 MB.", "The maximum payload size is 2 MB."},
		{"Clients get a receipt by email after checkout.", "Customers get a receipt by email after checkout."},
		{"The vendor sends the price list every Monday.", "The supplier sends the price list every Monday."},
		{"A physician must sign the discharge form.", "A doctor must sign the discharge form."},
		{"Pupils see only their own grades.", "Students see only their own grades."},
		{"Instructors can edit the course outline.", "Teachers can edit the course outline."},
		{"Each journey is priced by distance.", "Each trip is priced by distance."},
		{"Reimbursements go out on Fridays.", "Refunds go out on Fridays."},
		{"Kids under 12 ride free.", "Children under 12 ride free."},
		{"The reviewer's remarks go into the PR thread.", "The reviewer's comments go into the PR thread."},
		{"The export drops any data older than a year.", "The export drops any information older than a year."},
		{"A reservation expires after 15 minutes unpaid.", "A booking expires after 15 minutes unpaid."},
		{"The installer is loud about deprecated flags.", "The installer is noisy about deprecated flags."},
		{"The crawler runs nonstop over the weekend.", "The crawler runs continuously over the weekend."},
		{"The client retries indefinitely on 503.", "The client retries forever on 503."},
		{"The migrations run serially.", "The migrations run sequentially."},
		{"The vendor discontinued the v1 endpoint in March.", "The vendor stopped the v1 endpoint in March."},
		{"The user desires a dark theme by default.", "The user wants a dark theme by default."},
		{"Finalize the invoice before emailing it.", "Finish the invoice before emailing it."},
		{"The defective sensor reports zero.", "The faulty sensor reports zero."},
		{"We decided to keep the tank readings for two years.", "We chose to keep the tank readings for two years."},
		{"The box office voids unpaid reservations after 15 minutes.", "The box office cancels unpaid reservations after 15 minutes."},
		{"The garbage truck skips the north loop on holidays.", "The trash lorry skips the north loop on holidays."},
		{"The film club meets on Fridays.", "The movie club meets on Fridays."},
	})
	checkAllBothWays(t, false, [][2]string{
		{"The max payload size is 2 MB.", "The min payload size is 2 MB."},
		{"Activate the maintenance banner before the upgrade.", "Deactivate the maintenance banner before the upgrade."},
		{"The vendor sends the price list every Monday.", "The customer sends the price list every Monday."},
		{"Students see only their own grades.", "Teachers see only their own grades."},
		{"Restore the last backup first.", "Restore the permanent backup first."},
		{"Run `assemble` before publishing.", "Run `build` before publishing."},
		{"The garbage truck skips the north loop.", "The recycling truck skips the north loop."},
		{"Void the order after 15 minutes.", "Confirm the order after 15 minutes."},
	})
}

// checkAllBothWays is checkSameBothWays of pairs that all have one
// verdict.
func checkAllBothWays(t *testing.T, same bool, pairs [][2]string) {
	t.Helper()
	ps := make([]samePair, len(pairs))
	for i, p := range pairs {
		ps[i] = samePair{p[0], p[1], same}
	}
	checkSameBothWays(t, ps)
}

// TestPeriodsLimitsAndPurposes holds the runs of phrases and the period
// words of issue 24's ninth round (reword7): "every night" is "nightly",
// "take a backup" is "back up", "in order that" is "so that"; another
// period, a number of days, or another bound stays a change.
func TestPeriodsLimitsAndPurposes(t *testing.T) {
	checkAllBothWays(t, true, [][2]string{
		{"The index is rebuilt every night.", "The index is rebuilt nightly."},
		{"The report is sent each week to finance.", "The report is sent weekly to finance."},
		{"Invoices go out on a weekly basis.", "Invoices go out every week."},
		{"Rotate the keys on a monthly basis.", "Rotate the keys monthly."},
		{"Take a backup of the wiki before every upgrade.", "Back up the wiki before every upgrade."},
		{"Take a snapshot of the volume before resizing it.", "Snapshot the volume before resizing it."},
		{"Pin the lockfile so that builds are reproducible.", "Pin the lockfile in order that builds are reproducible."},
	})
	checkAllBothWays(t, false, [][2]string{
		{"The index is rebuilt every day.", "The index is rebuilt every week."},
		{"The index is rebuilt daily.", "The index is rebuilt nightly."},
		{"The index is rebuilt hourly.", "The index is rebuilt every day."},
		{"The job runs every 2 days.", "The job runs daily."},
		{"Keep at most 3 replicas of the cache.", "Keep at least 3 replicas of the cache."},
		{"Keep at most 3 replicas of the cache.", "Keep more than 3 replicas of the cache."},
		{"The index is rebuilt nightly.", "The index is rebuilt every 2 nights."},
		{"The invoice job runs the day after month end.", "The invoice job runs daily after month end."},
		{"The reminder goes out a day before the visit.", "The reminder goes out daily before the visit."},
		{"Take a backup of the wiki before every upgrade.", "Take a backup of the wiki after every upgrade."},
	})
}

// TestOfSwappedAndMoved reads "A of B" as "B's A" in a text whose clause
// is also read from another word or whose adverb also moved: each rule
// alone held such a pair apart. The two things trading places, another
// value, or "A's B" for "A of B" (ofReversed: "the owner's boat" is no
// "owner of the boat", which main called the same) stay apart.
func TestOfSwappedAndMoved(t *testing.T) {
	checkSameBothWays(t, []samePair{
		{"Use the staging bucket for the test uploads of the museum.", "For the museum's test uploads, use the staging bucket.", true},
		{"Email the owner of the boat before towing it.", "Before towing it, email the boat's owner.", true},
		{"The nightly job deletes the old logs of the gateway immediately.", "The nightly job immediately removes the gateway's old logs.", true},
		{"Use the staging bucket for the test uploads of the museum.", "For the museum's test uploads, use the prod bucket.", false},
		{"Email the owner of the boat before towing it.", "Before towing it, email the owner's boat.", false},
		{"The nightly job deletes the old logs of the gateway immediately.", "The nightly job immediately removes the proxy's old logs.", false},
		{"The nightly job deletes the old logs of the gateway.", "The nightly job deletes the gateway's new logs immediately.", false},
		{"The owner of the boat pays the fee.", "The owner's boat pays the fee.", false},
		{"Check the size of the upload.", "Check the size's upload.", false},
	})
}
