package similar

import (
	"slices"
	"strings"
	"testing"
)

// wordCases are texts for the readers of oneChange's words: ASCII white
// space of every kind, marks, code spans, numbers glued to words and
// text outside ASCII, where wordSpace parts words at punctuation too.
var wordCases = []string{
	"Run `make gen` before `go test`.", " \t\n\v\f\r", "", "a", "  lead and trail  ",
	"v2 #123 vv #v1.5 v #x numpy<2 node18 python3.12 2x ms", "x\u00a0y\u0085z", "決済は「確認」が必要です。",
	"über-fast 30\u2009s", "tab\tsep\r\nline", "two three hundred", "#", "vv#",
}

// FuzzWordFields holds wordFields to strings.FieldsFuncSeq(s, wordSpace),
// which it stands for.
func FuzzWordFields(f *testing.F) {
	for _, s := range wordCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := slices.Collect(wordFields(s)), slices.Collect(strings.FieldsFuncSeq(s, wordSpace))
		if !slices.Equal(got, want) {
			t.Fatalf("wordFields(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzNumberLike holds numberLike to the rule it reads, as written with
// the strings package: the reference.
func FuzzNumberLike(f *testing.F) {
	for _, s := range wordCases {
		for w := range strings.FieldsSeq(s) {
			f.Add(w)
		}
	}
	for w := range numberWords {
		f.Add(w)
		f.Add("#" + w)
	}
	for w := range units {
		f.Add("v" + w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		trimmed := strings.TrimLeft(w, "#v")
		want := isNumber(trimmed) || units[trimmed] != "" || strings.ContainsAny(trimmed, "0123456789")
		if got := numberLike(w); got != want {
			t.Fatalf("numberLike(%q) = %v, want %v", w, got, want)
		}
	})
}

// TestNegationFormsOneChange holds an update whose negation is written
// another way beside its change ("doesn't show" and "does not display",
// "should not" and "must never", "mustn't" and "must not") to one change,
// and one that also drops or adds the negation to two (distinct).
func TestNegationFormsOneChange(t *testing.T) {
	tests := []struct {
		a, b string
		want Kind
	}{
		{"The fleet map doesn't show buses that stopped reporting more than an hour ago.", "The fleet map does not show buses that stopped reporting more than ten minutes ago.", Update},
		{"Do not run the fermentation backfill while the tanks are logging.", "Don't run the fermentation backfill while the tanks are cooling.", Update},
		{"The refill bot should not message patients after 9 pm.", "The refill bot must never message patients after 10 pm.", Update},
		{"Dispatch must not assign more than 3 orders to a driver.", "Dispatch mustn't assign more than 4 orders to a driver.", Update},
		{"The kiosk can't print receipts in French.", "The kiosk cannot print receipts in German.", Update},
		{"The exporter won't retry a batch after 5 failures.", "The exporter will not retry a batch after 8 failures.", Update},
		{"We never deploy the payments service on Fridays.", "We don't deploy the payments service on Mondays.", Update},
		{"The gym's check-in kiosk doesn't accept expired memberships.", "The gym check-in kiosk does accept expired memberships.", Update},
		{"The fleet map doesn't show buses that stopped reporting more than an hour ago.", "The fleet map shows buses that stopped reporting more than ten minutes ago.", Distinct},
		{"Don't run the fermentation backfill while the tanks are logging.", "Run the fermentation backfill while the tanks are cooling.", Distinct},
		{"The exporter never retries a batch after 5 failures.", "The exporter retries a batch after 8 failures.", Distinct},
	}
	for _, tt := range tests {
		t.Run(tt.a+" | "+tt.b, func(t *testing.T) {
			for _, p := range [2][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				if v := Compare(p[0], p[1]); v.Kind != tt.want {
					t.Errorf("%v (score %.2f, %s), want %v", v.Kind, v.Score, FormatChanges(Diff(p[0], p[1])), tt.want)
				}
			}
		})
	}
}
