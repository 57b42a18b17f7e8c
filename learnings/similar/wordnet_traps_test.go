package similar

import "testing"

// TestWordNetTraps holds the rules to what round 14's review of a WordNet
// reading found: testdata/wordnet_traps.txt holds 89 updates and other
// facts that swap a word for one WordNet 3.0 lists beside it in its first
// two senses ("the final price" / "the net price", "a room" / "a suite",
// "Create a branch" / "Create a fork"), where the swap changes the fact in
// a project or a trade. Reading such pairs as the same learning called 83
// of them DUPLICATE, and 21 still behind its best guard, so it was taken
// out: store skips a DUPLICATE, and a correction would be lost. Without
// it one was called the same, "Place the stationery order" / "Put the
// stationery order", which the hand-written groups read alike ("place
// put"); since "place" reads as "put" only where a thing goes somewhere
// (senseClash), none is. The file's 45 same pairs (true everyday swaps
// WordNet also lists) are logged, not held: most are swaps no table of
// ours knows.
func TestWordNetTraps(t *testing.T) {
	same, right, total := 0, 0, 0
	for _, p := range loadPairsFrom(t, "testdata/wordnet_traps.txt") {
		if p.kind == "same" {
			if Compare(p.stored, p.cand).Kind == Same {
				right++
			}
			total++
			continue
		}
		for _, v := range []Verdict{Compare(p.stored, p.cand), Compare(p.cand, p.stored)} {
			if v.Kind == Same {
				same++
				t.Logf("wordnet_traps.txt:%d: %s called the same (score %.2f):\n  %s\n  %s", p.line, p.kind, v.Score, p.stored, p.cand)
			}
		}
	}
	t.Logf("same pairs called the same: %d of %d", right, total)
	if same > 0 {
		t.Errorf("%d verdicts (both orders) call an update or another fact the same learning, want none", same)
	}
}
