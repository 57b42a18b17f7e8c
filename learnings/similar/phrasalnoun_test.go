package similar

import "testing"

// TestPhrasalVerbNotNoun holds a phrasal verb of phrases to the verb: "a
// day pass on the dashboard" is a pass, not "forward", while "staff pass
// on complaints" and "the guides pass on the feedback" forward them, and
// so do a relative "that" and a subject "this" ("the scripts that set up
// the cluster", "this sets up the cluster").
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
		{"The scripts that set up the cluster live in ops/.", "The scripts that configure the cluster live in ops/.", true},
		{"Use the hook that turns off telemetry in CI.", "Use the hook that disables telemetry in CI.", true},
		{"Run make dev first: this sets up the local cluster.", "Run make dev first: this configures the local cluster.", true},
		{"This pass on the dashboard lets guests into the pool.", "This forward on the dashboard lets guests into the pool.", false},
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
