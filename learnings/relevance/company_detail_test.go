package relevance

import "testing"

// TestCompanyDetail holds company on tasks whose best match rests only on
// words of a detail of the task's thing, where, with what or when it does
// what it does ("the beacon went out during the gale last night" beside
// the gale warnings): the one-word match on the thing stays chosen. A
// task word right after the shared one makes it a noun's modifier ("the
// root password on the practice server", "the tables migration during the
// Fastly cache purge"), and the detail is that noun's: the one-word match
// is left out as before. Written for rev14b's review of rank18's detail
// rule from its fresh probe on the beacon; at 3605fa5 the three to be
// chosen were left out.
func TestCompanyDetail(t *testing.T) {
	checkReview(t, []reviewCase{
		{"during purge", "web", "tables look broken during the Fastly cache purge", "Wide tables scroll", true},
		{"on trolley", "school", "register froze on the chromebook trolley in room 12", "Each class register", true},
		{"in fridge log", "ward", "badge stopped working at the fridge log checks twice a day", "A new starter's", true},
		{"modifier", "web", "the tables migration during the Fastly cache purge", "Wide tables scroll", false},
	})
}
