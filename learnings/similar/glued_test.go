package similar

import "testing"

// TestGluedComparison holds the tokenizer to reading a comparison glued
// between a word and a number as it reads it spaced.
func TestGluedComparison(t *testing.T) {
	for _, tc := range []struct {
		glued, spaced string
	}{
		{"Alert when latency>800ms.", "Alert when latency > 800ms."},
		{"Retry when status>=500.", "Retry when status >= 500."},
		{"Skip the row when count!=0.", "Skip the row when count != 0."},
		{"Fail if coverage<80%.", "Fail if coverage < 80%."},
		{"Alert when latency≥800ms.", "Alert when latency ≥ 800ms."},
		{"Page when p99≤250.", "Page when p99 ≤ 250."},
		{"Retry when status≠200.", "Retry when status ≠ 200."},
	} {
		a, b := Prepare(tc.glued).analysis(), Prepare(tc.spaced).analysis()
		if !sameItems(a.items, b.items) {
			t.Errorf("%q reads %q, %q reads %q", tc.glued, a.items, tc.spaced, b.items)
		}
	}
	for _, s := range []string{"Use a<b in the sort.", "Map<String,Integer> holds the counts.", "Call x=>5 lazily."} {
		if p := gluedComparison(s); p != 0 {
			t.Errorf("gluedComparison(%q) = %d, want 0", s, p)
		}
	}
}
