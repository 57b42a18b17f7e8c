package relevance

import (
	"slices"
	"strings"
	"testing"
)

// TestSoleBest holds that when no match reaches the floor, the clear best
// one (half the floor or more, a tenth above the next) is chosen alone,
// that every match from half the floor up is chosen when none leads, and
// that none is when every match scores too little.
func TestSoleBest(t *testing.T) {
	long := "The piste report lists snow depth, the lifts that run, the weather and the events of the day for each of the slopes."
	other := "The snow report for the slopes goes out at seven, with the lifts that run and the depth on each of the pistes today."
	tests := []struct {
		name  string
		texts []string
		want  []string // the chosen learnings' starts, best first
	}{
		{"clear best", []string{"Snow guns start only below a wet-bulb of -2.5 °C.", long, long, long}, []string{"Snow guns"}},
		{"no lead", []string{long, other, long}, []string{"The piste report", "The piste report", "The snow report"}},
		{"none near the floor", append([]string{"Snow guns start only below a wet-bulb of -2.5 °C."}, slices.Repeat([]string{long}, 30)...), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sessions := chores(96, "Step %d of the release runs the %s job.", "lint", "unit", "docs", "deploy")
			for _, text := range tt.texts {
				sessions = append(sessions, []string{"Mountain ops", "", text})
			}
			r := Rank(memory(sessions...), Context{Task: "we can't make snow tonight even though it's minus one outside"})
			if len(r.Matches) == 0 || r.Matches[0].Score >= r.Floor {
				t.Fatalf("the test wants every match under the floor %.2f: %v", r.Floor, r.Matches)
			}
			var got []string
			for _, m := range r.Relevant() {
				got = append(got, m.Learning.Text)
			}
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.HasPrefix(got[i], tt.want[i])
			}
			if !ok {
				t.Errorf("chosen %q, want ones starting %q (matches %v, floor %.2f)", got, tt.want, r.Matches, r.Floor)
			}
		})
	}
}
