package relevance

import (
	"slices"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

// TestToldFirst holds that the chosen matches no word of the task tells
// of (only a path at hand links them) go right after the last match that
// states the task and is told three of its words, in their order, and that
// nothing moves without such a match or before the first.
func TestToldFirst(t *testing.T) {
	m := func(text string, told, stated int) Match {
		return Match{Learning: &learnings.Learning{Text: text}, told: told, stated: stated}
	}
	tests := []struct {
		name string
		in   []Match
		want []string
	}{
		{"untold go after the stated match", []Match{
			m("best", 4, 4), m("dashboard", 0, 0), m("redis", 0, 0), m("rota", 3, 3), m("rates", 1, 0),
		}, []string{"best", "rota", "dashboard", "redis", "rates"}},
		{"after the last stated match", []Match{
			m("best", 4, 4), m("path", 0, 0), m("a", 3, 2), m("b", 1, 1), m("c", 3, 3), m("d", 0, 0),
		}, []string{"best", "a", "b", "c", "path", "d"}},
		{"two stated words and a third told are enough", []Match{
			m("best", 4, 4), m("path", 0, 0), m("a", 3, 2),
		}, []string{"best", "a", "path"}},
		{"two stated words are not enough", []Match{
			m("best", 4, 4), m("path", 0, 0), m("a", 2, 2),
		}, []string{"best", "path", "a"}},
		{"three told words not in its text are not enough", []Match{
			m("best", 4, 4), m("path", 0, 0), m("a", 3, 1),
		}, []string{"best", "path", "a"}},
		{"the first stays first", []Match{
			m("path", 0, 0), m("a", 3, 3),
		}, []string{"path", "a"}},
		{"a match told one word stays", []Match{
			m("best", 4, 4), m("one", 1, 1), m("a", 3, 3),
		}, []string{"best", "one", "a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms := slices.Clone(tc.in)
			ToldFirst(ms, func(x Match) *Match { return &x })
			if got := matchTexts(ms); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
