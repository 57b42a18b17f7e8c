package similar

import (
	"slices"
	"strings"
	"testing"
)

// TestMinRotation holds minRotation to its promise: every rotation of a
// clause gives one key, and a clause that is no rotation of another gives
// another key.
func TestMinRotation(t *testing.T) {
	tests := []struct{ a, b string }{
		{"uv install python packag", "install python packag uv"},
		{"run migration first", "first run migration"},
		{"b a", "a b"},
		{"z y x w", "w z y x"},
		{"a a b", "a b a"},
	}
	for _, tt := range tests {
		t.Run(tt.a+"|"+tt.b, func(t *testing.T) {
			a, b := strings.Fields(tt.a), strings.Fields(tt.b)
			for i := range a {
				r := slices.Concat(a[i:], a[:i])
				if got, want := minRotation(r), minRotation(b); got != want {
					t.Errorf("minRotation(%q) = %q, minRotation(%q) = %q", r, got, b, want)
				}
			}
			if other := slices.Concat(b[1:], b[:1], []string{"extra"}); minRotation(other) == minRotation(a) {
				t.Errorf("%q reads as a rotation of %q", other, a)
			}
		})
	}
	if minRotation(strings.Fields("a b c")) == minRotation(strings.Fields("a c b")) {
		t.Errorf("a b c reads as a rotation of a c b")
	}
}

// TestClauseRotations: a clause read in another order that is a rotation
// of it ("use X for Y" and "for Y use X") is the same learning whichever
// word its least rotation starts with; a value swapped inside it is not.
func TestClauseRotations(t *testing.T) {
	checkSameBothWays(t, []samePair{
		{"Use `uv` for installing Python packages, since pip is slow.", "For installing Python packages use `uv` because pip is slow.", true},
		{"Run the migrations first and then restart the API.", "First run the migrations, then restart the API.", true},
		{"Use `uv` for installing Python packages, since pip is slow.", "For installing Node packages use `uv` because pip is slow.", false},
		{"Copy the staging data to prod before the release.", "Before the release copy the prod data to staging.", false},
		{"Use `yarn` for the docs site since npm is slow.", "For the docs site use `pnpm` because npm is slow.", false},
	})
}
