package relevance

import (
	"slices"
	"testing"
)

// TestSessionHoldsAnotherWord holds sessionHolds to a word of the task
// other than the match's: a camelCase piece of the match's word in
// another learning of its session is that word again.
func TestSessionHoldsAnotherWord(t *testing.T) {
	for _, tc := range []struct {
		task, word, learning, other string
		want                        bool
	}{
		{"uploadFile fails for big PDFs", "uploadfile", "uploadFile retries three times.", "The upload limit is set in nginx.", false},
		{"uploadFile fails for big PDFs", "uploadfile", "uploadFile retries three times.", "Big PDFs are split before the upload.", true},
		{"How many GCPs for the hectare site", "gcps", "Use at least 5 GCPs.", "A GC target is a painted cross.", false},
		{"How many GCPs for the hectare site", "gcps", "Use at least 5 GCPs.", "The site is flown twice.", true},
		{"getUserById returns null", "getuserbyid", "getUserById filters deleted rows.", "The user table is sharded by id.", false},
		{"getUserById returns null", "getuserbyid", "getUserById filters deleted rows.", "A null from the cache means a miss.", true},
		{"the DynamoDB import throttles", "dynamodb", "DynamoDB on-demand mode costs more.", "Dynamo streams lag by a minute.", false},
		{"the DynamoDB import throttles", "dynamodb", "DynamoDB on-demand mode costs more.", "The import runs at two.", true},
	} {
		t.Run(tc.task+" / "+tc.other, func(t *testing.T) {
			q := newQuery(Context{Task: tc.task})
			w := slices.Index(q.shown, tc.word)
			if w < 0 {
				t.Fatalf("no word %q in %q", tc.word, q.shown)
			}
			ls := memory([]string{"Work", "", tc.learning, tc.other})
			s := newScan(q, ls)
			ms := []Match{{Learning: ls[0]}, {Learning: ls[1]}}
			if got := s.sessionHolds(0, ms, []int{0, 1}, w); got != tc.want {
				t.Errorf("sessionHolds %v, want %v", got, tc.want)
			}
		})
	}
}
