package similar

import (
	"slices"
	"testing"
)

// TestWordGroups holds what WordGroups gives context-aware recall: groups
// of two words or more, the same on every call and not shared with the
// tables, the short forms of synonyms with their word, and no group of
// the roles of wording.
func TestWordGroups(t *testing.T) {
	gs := WordGroups()
	in := func(w string) []string {
		for _, g := range gs {
			if slices.Contains(g, w) {
				return g
			}
		}
		return nil
	}
	for _, g := range gs {
		if len(g) < 2 {
			t.Errorf("group %q has one word", g)
		}
	}
	tests := []struct {
		word, with string // with is "" for a word in no group
	}{
		{"db", "database"},
		{"prod", "production"},
		{"bill", "invoice"},
		{"vanish", "disappear"},
		{"remove", "delete"},
		{"notify", "alert"},
		{"hang", ""},
		{"freeze", ""},
		{"display", ""},
		{"repair", ""},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			g := in(tt.word)
			if tt.with == "" && g != nil {
				t.Errorf("%q is in %q, a group of the roles of wording", tt.word, g)
			}
			if tt.with != "" && !slices.Contains(g, tt.with) {
				t.Errorf("%q is in %q, want it with %q", tt.word, g, tt.with)
			}
		})
	}
	gs[0][0] = "changed"
	if again := WordGroups(); again[0][0] == "changed" {
		t.Error("a caller's change reaches the next call")
	}
	if !slices.EqualFunc(WordGroups(), WordGroups(), slices.Equal) {
		t.Error("two calls give other groups")
	}
}

// TestSpellings holds the other spellings recall looks for: both ways
// between British and American, through the table and the rules, and
// nothing for a word spelt one way only or a candidate the rules do not
// read back.
func TestSpellings(t *testing.T) {
	tests := []struct {
		word string
		want []string
	}{
		{"colour", []string{"color"}},
		{"color", []string{"colour"}},
		{"colors", []string{"colours"}},
		{"colored", []string{"coloured"}},
		{"flavors", []string{"flavours"}},
		{"optimised", []string{"optimized"}},
		{"optimized", []string{"optimised"}},
		{"organization", []string{"organisation"}},
		{"analyze", []string{"analyse"}},
		{"canceled", []string{"cancelled"}},
		{"cancelled", []string{"canceled"}},
		{"labeling", []string{"labelling"}},
		{"center", []string{"centre"}},
		{"centres", []string{"centers"}},
		{"catalog", []string{"catalogue"}},
		{"gray", []string{"grey"}},
		{"license", []string{"licence"}},
		{"anonymized", []string{"anonymised"}},
		// One spelling only, or a candidate that is another word.
		{"size", nil},
		{"motor", nil},
		{"for", nil},
		{"user", nil},
		{"after", nil},
		{"number", nil},
		{"blog", nil},
		{"spelled", nil},
		{"promise", nil},
		{"detour", nil},
		{"model", nil},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			if got := Spellings(tc.word); !slices.Equal(got, tc.want) {
				t.Errorf("Spellings(%q) = %q, want %q", tc.word, got, tc.want)
			}
		})
	}
}
