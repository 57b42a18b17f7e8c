package relevance

import "testing"

// oneCountCases are tasks that write identifiers, acronym plurals and
// product names in camelCase or capitals, as people and agents write them,
// each with a learning and how many different words of the task it holds
// when a word and its camelCase pieces count once; near is whether two of
// them stand within scatterWindow words of each other, one word of the
// learning never being two ("uploadFile" holds the task's "upload" and
// "uploadFile", but in one place).
var oneCountCases = []struct {
	task, learning string
	words          int
	near           bool
}{
	{"How many GCPs should I put out for a 22 hectare site", "Use at least 5 GCPs for a survey under 10 ha.", 1, false},
	{"How many GCPs should I put out for a 22 hectare site", "GCPs near the site edge are dropped.", 2, true},
	{"the DTOs lost a field after the mapper change", "DTOs are generated from the OpenAPI spec on every build.", 1, false},
	{"the DTOs lost a field after the mapper change", "The mapper copies DTOs one by one.", 2, true},
	{"URLs in the newsletter are broken", "URLs are rewritten by the click tracker.", 1, false},
	{"uploadFile fails for big PDFs", "uploadFile retries three times before it gives up.", 1, false},
	{"uploadFile fails for big PDFs", "uploadFile rejects PDFs over 20 MB.", 2, true},
	{"the upload fails in uploadFile", "uploadFile retries three times before it gives up.", 2, false},
	{"the upload fails in uploadFile", "The upload in uploadFile retries three times.", 2, true},
	{"DynamoDB throttles the nightly import", "DynamoDB on-demand mode costs more per write.", 1, false},
	{"DynamoDB throttles the nightly import", "Dynamo streams lag by a minute under load.", 1, false},
	{"OOMKilled on the worker pod again", "OOMKilled containers restart with backoff.", 1, false},
	{"MinIO bucket is full", "MinIO needs a disk of its own.", 1, false},
	{"MinIO bucket is full", "Each MinIO bucket has a quota.", 2, true},
	{"the MacBook build fails on the signing step", "MacBook keychains lock after sleep.", 1, false},
	{"getUserById returns null", "getUserById filters out soft-deleted rows.", 1, false},
	{"uploadFile and downloadFile both time out", "downloadFile streams in 1 MB chunks.", 1, false},
	{"uploadFile and downloadFile both time out", "uploadFile and downloadFile share one HTTP client.", 2, true},
	{"the ThermoStat setpoint resets", "ThermoStat reboots clear the setpoint.", 2, true},
	{"PostgreSQL vacuum never finishes", "PostgreSQL 16 autovacuum settings live in the chart.", 1, false},
	{"the iPhone app crashes on launch", "iPhone builds need the new provisioning profile.", 1, false},
	{"GitHub Actions cache misses", "GitHub runners are replaced every week.", 1, false},
}

// TestUncommonToldCountsAWordOnce holds uncommonTold, which keeps a match
// on two uncommon words of the task from being read as one resting on a
// single word (see scattered and anotherKind), to a word and its
// camelCase pieces once: "GCPs" is one word of the task, not three.
func TestUncommonToldCountsAWordOnce(t *testing.T) {
	for _, tc := range oneCountCases {
		t.Run(tc.task+" / "+tc.learning, func(t *testing.T) {
			q := newQuery(Context{Task: tc.task})
			s := newScan(q, memory([]string{"Work", "", tc.learning}))
			df := make([]float64, len(q.words))
			if got := s.uncommonTold(0, df, 1); got != tc.words {
				t.Errorf("%d words of the task, want %d", got, tc.words)
			}
		})
	}
}

// TestNearReadsAWordOnce holds near to two different words of the task:
// a camelCase word's pieces, found at the word's own place, are that
// word, not a second one beside it.
func TestNearReadsAWordOnce(t *testing.T) {
	for _, tc := range oneCountCases {
		t.Run(tc.task+" / "+tc.learning, func(t *testing.T) {
			q := newQuery(Context{Task: tc.task})
			s := newScan(q, memory([]string{"Work", "", tc.learning}))
			if got, _ := s.near(tc.learning, nil); got != tc.near {
				t.Errorf("near %v, want %v", got, tc.near)
			}
		})
	}
}
