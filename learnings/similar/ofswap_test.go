package similar

import "testing"

// TestOfSwapped reads a noun phrase "A of B" as "B's A", and as the
// compound "B A" when A and B are one word each, in other sentences than
// synonyms6.txt's, each way round; and holds apart the two things trading
// places, a verb taken into the phrase, a longer phrase after "of", and a
// changed value.
func TestOfSwapped(t *testing.T) {
	tests := []samePair{
		{"The retention period of the audit log is 90 days.", "The audit log's retention period is 90 days.", true},
		{"Check the exit code of the migration script.", "Check the migration script's exit code.", true},
		{"The owner of the repo approves releases.", "The repo owner approves releases.", true},
		{"The size of an upload is capped at 10 MB.", "The upload size is capped at 10 MB.", true},
		{"The owner of the boat pays the fee.", "The boat of the owner pays the fee.", false},
		{"Run the tests of the API nightly.", "The API runs the tests nightly.", false},
		{"The backup of the staging database runs nightly.", "The staging backup of the database runs nightly.", false},
		{"The retention period of the audit log is 90 days.", "The audit log's retention period is 30 days.", false},
		{"The owner of the repo approves releases.", "The repo's owner never approves releases.", false},
		{"None of the replicas take writes.", "The replicas' none take writes.", false},
		{"The registration of new members is closed in August.", "New member registration is closed in August.", true},
		{"The logs of the payment service are kept for 30 days.", "The payment service logs are kept for 30 days.", true},
		{"Email the list of failed jobs to the on-call engineer.", "Email the failed jobs list to the on-call engineer.", true},
		{"The logs of the payment service are kept for 30 days.", "The payment service logs are kept for 60 days.", false},
		{"Run the unit tests of the API client nightly.", "The API client runs the unit tests nightly.", false},
		{"Pull the images of the build cache daily.", "The build cache pulls the images daily.", false},
	}
	checkSameBothWays(t, tests)
}
