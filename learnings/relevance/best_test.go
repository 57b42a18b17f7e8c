package relevance

import (
	"slices"
	"strings"
	"testing"
)

// TestSoleBest holds that when no match reaches the floor, the clear best
// one (half the floor or more, a tenth above the next) is chosen, and
// that none is when the best does not lead or scores too little.
func TestSoleBest(t *testing.T) {
	long := "The piste report lists snow depth, the lifts that run, the weather and the events of the day for each of the slopes."
	tests := []struct {
		name  string
		texts []string
		want  string // the chosen learning's start, or "" for none
	}{
		{"clear best", []string{"Snow guns start only below a wet-bulb of -2.5 °C.", long, long, long}, "Snow guns"},
		{"no lead", []string{long, long, long, long}, ""},
		{"none near the floor", append([]string{"Snow guns start only below a wet-bulb of -2.5 °C."}, slices.Repeat([]string{long}, 30)...), ""},
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
			got := ""
			for _, m := range r.Relevant() {
				if got != "" {
					t.Fatalf("more than one chosen: %v", r.Relevant())
				}
				got = m.Learning.Text
			}
			if !strings.HasPrefix(got, tt.want) || (tt.want == "") != (got == "") {
				t.Errorf("chosen %q, want one starting %q (matches %v, floor %.2f)", got, tt.want, r.Matches, r.Floor)
			}
		})
	}
}
