package relevance

import (
	"slices"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestBestSessionFirst holds that the chosen matches of the best match's
// session that hold a word of the task go right after it, in their
// order, only when the best match states the task's subject.
func TestBestSessionFirst(t *testing.T) {
	pets, rent, other := &learnings.Session{Focus: "Pets"}, &learnings.Session{Focus: "Rent"}, &learnings.Session{Focus: "Other"}
	m := func(text string, s *learnings.Session, told, stated int) Match {
		return Match{Learning: &learnings.Learning{Text: text, Session: s}, told: told, stated: stated}
	}
	tests := []struct {
		name string
		in   []Match
		want []string
	}{
		{"siblings move up in order", []Match{
			m("best", pets, 3, 2), m("a", rent, 2, 2), m("b", pets, 1, 1), m("c", other, 2, 2), m("d", pets, 1, 0),
		}, []string{"best", "b", "d", "a", "c"}},
		{"a sibling holding no word of the task stays", []Match{
			m("best", pets, 3, 2), m("a", rent, 2, 2), m("b", pets, 0, 0),
		}, []string{"best", "a", "b"}},
		{"a best match not stated moves nothing", []Match{
			m("best", pets, 1, 1), m("a", rent, 2, 2), m("b", pets, 1, 1),
		}, []string{"best", "a", "b"}},
		{"no session moves nothing", []Match{
			m("best", nil, 3, 2), m("a", rent, 2, 2), m("b", nil, 1, 1),
		}, []string{"best", "a", "b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms := slices.Clone(tc.in)
			BestSessionFirst(ms, func(x Match) *Match { return &x })
			if got := matchTexts(ms); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// matchTexts is the texts of ms's learnings, in order.
func matchTexts(ms []Match) []string {
	var out []string
	for _, x := range ms {
		out = append(out, x.Learning.Text)
	}
	return out
}
