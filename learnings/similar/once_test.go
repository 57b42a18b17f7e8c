package similar

import "testing"

// TestOnceCounts holds "once" to its two senses: before a clause it opens
// one as "when" does ("once the cert is renewed"), before "a", "per",
// "every" or the clause's end it says how often ("once a week", "rerun
// once"), which "when" never does; a passive's agent ends before it.
func TestOnceCounts(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"The nurse phones the owner once a day.", "The nurse phones the owner when a day.", false},
		{"Tokens are refreshed once an hour.", "Tokens are refreshed when an hour.", false},
		{"The cache is warmed once per deploy.", "The cache is warmed when per deploy.", false},
		{"The linter runs once, at the end of the pipeline.", "The linter runs when at the end of the pipeline.", false},
		{"The upload job retries once if the network drops.", "The upload job retries if the network drops.", false},
		{"Once the cert is renewed, reload nginx.", "Reload nginx once the cert is renewed.", true},
		{"Once the cert is renewed, reload nginx.", "When the cert is renewed, reload nginx.", true},
		{"Once it is merged, delete the branch.", "Delete the branch when it is merged.", true},
		{"Once a week, the on-call engineer checks the backups.", "The on-call engineer checks the backups once a week.", true},
		{"The backups are checked by the on-call engineer once a week.", "The on-call engineer checks the backups once a week.", true},
		{"Keys are rotated by the platform team once a quarter.", "The platform team rotates keys once a quarter.", true},
		{"Students can swap classes once a term if a place is free.", "If a place is free, students can swap classes once a term.", true},
	} {
		t.Run(c.a+" / "+c.b, func(t *testing.T) {
			for _, v := range []Verdict{Compare(c.a, c.b), Compare(c.b, c.a)} {
				if (v.Kind == Same) != c.same {
					t.Errorf("%v (score %.2f), want same %v", v.Kind, v.Score, c.same)
				}
			}
		})
	}
}

// TestPhrasalVerbNotNoun holds a phrasal verb of phrases to the verb: "a
// day pass on the dashboard" is a pass, not "forward", while "staff pass
// on complaints" and "the guides pass on the feedback" forward them.
func TestPhrasalVerbNotNoun(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"A day pass on the dashboard lets guests into the pool.", "A day forward on the dashboard lets guests into the pool.", false},
		{"Show the season pass on the app at the gate.", "Show the season forward on the app at the gate.", false},
		{"Members get a pass on their phone for the gym.", "Members get a forward on their phone for the gym.", false},
		{"Staff pass on complaints to the duty manager.", "Staff forward complaints to the duty manager.", true},
		{"The guides pass on the feedback to the office.", "The guides forward the feedback to the office.", true},
		{"Pass on the message to the night shift.", "Forward the message to the night shift.", true},
	} {
		t.Run(c.a+" / "+c.b, func(t *testing.T) {
			for _, v := range []Verdict{Compare(c.a, c.b), Compare(c.b, c.a)} {
				if (v.Kind == Same) != c.same {
					t.Errorf("%v (score %.2f), want same %v", v.Kind, v.Score, c.same)
				}
			}
		})
	}
}
