package similar

import "testing"

// TestSignDashes holds signDashes to the dashes it writes as "-": a
// minus sign anywhere, an en or figure dash before a digit after no
// digit, and nothing else.
func TestSignDashes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"offset \u22123 h", "offset -3 h"},
		{"by \u20132 s", "by -2 s"},
		{"at \u20122", "at -2"},
		{"utc\u22125", "utc-5"},
		{"open 9\u201317", "open 9\u201317"},
		{"a \u2013 b", "a \u2013 b"},
		{"x \u2014 3", "x \u2014 3"},
		{"\u2013", "\u2013"},
		{"caf\u00e9 \u201cq\u201d", "caf\u00e9 \u201cq\u201d"},
		{"\u22121 and \u22122", "-1 and -2"},
	} {
		if got := signDashes(tc.in); got != tc.want {
			t.Errorf("signDashes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
