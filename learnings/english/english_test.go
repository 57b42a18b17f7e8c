package english

import (
	"strings"
	"testing"
)

func TestLevel(t *testing.T) {
	tests := []struct {
		word string
		want int
	}{
		{"frame", 10}, {"board", 10}, {"stock", 10}, {"volume", 10},
		{"register", 10}, {"hold", 10}, {"band", 10},
		{"drill", 20}, {"tender", 20}, {"export", 20}, {"gutter", 20}, {"passport", 20},
		{"celery", 0}, {"antifouling", 0}, {"nielsen", 0}, {"orthanc", 0}, {"netgalley", 0},
		{"crowdin", 0}, {"epubcheck", 0}, {"timeout", 0}, {"webhook", 0}, {"kubernetes", 0},
		{"a", 10}, {"zone", 20}, {"zones", 20}, {"frames", 20}, {"stage", 10}, {"staging", 0}, {"friday", 20}, {"christmas", 20}, {"january", 20}, {"", 0}, {"Frame", 0}, {"frame ", 0}, {"\n", 0}, {"aa", 0}, {"zzzz", 0},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			if got := Level(tc.word); got != tc.want {
				t.Errorf("Level(%q) = %d, want %d", tc.word, got, tc.want)
			}
		})
	}
}

// TestInEveryWord looks up every word of both lists, and for each the
// strings just before and after it in sort order, which no list holds.
// TestLevelHyphenated holds that a word of listed words joined by hyphens
// reads as its rarest part, and as no listed word where a part is a
// letter, unlisted or empty.
func TestLevelHyphenated(t *testing.T) {
	tests := []struct {
		word string
		want int
	}{
		{"check-in", 10}, {"set-up", 10}, {"sign-up", 10}, {"no-show", 10}, {"drop-off", 10},
		{"follow-up", 10}, {"walk-in", 10}, {"part-way", 10},
		{"health-service", 10}, {"fire-drill", 20}, {"up-to-date", 10}, {"pick-up", 10},
		{"e-paper", 0}, {"x-ray", 0}, {"wi-fi", 0}, {"kubernetes-operator", 0}, {"check-", 0},
		{"-in", 0}, {"--", 0}, {"-", 0},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			if got := Level(tc.word); got != tc.want {
				t.Errorf("Level(%q) = %d, want %d", tc.word, got, tc.want)
			}
		})
	}
}

func TestInEveryWord(t *testing.T) {
	for name, list := range map[string]string{"size10": size10, "size20": size20} {
		t.Run(name, func(t *testing.T) {
			ws := strings.Split(strings.Trim(list, "\n"), "\n")
			if len(ws) < 3000 {
				t.Fatalf("%d words, want thousands", len(ws))
			}
			for i, w := range ws {
				if i > 0 && ws[i-1] >= w {
					t.Fatalf("%q after %q: not sorted", w, ws[i-1])
				}
				if !in(list, w) {
					t.Errorf("%q not found", w)
				}
				if next := w + "\x00"; i+1 < len(ws) && next < ws[i+1] && in(list, next) {
					t.Errorf("%q found", next)
				}
				if prev := w[:len(w)-1]; (i == 0 || prev > ws[i-1]) && in(list, prev) {
					t.Errorf("%q found", prev)
				}
			}
		})
	}
}

func TestRarer(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"nitrile", "recall", true}, {"occupancy", "board", true}, {"drill", "band", true},
		{"band", "drill", false}, {"orthanc", "disk", true}, {"disk", "orthanc", false},
		{"celery", "orthanc", false}, {"board", "volume", false},
	}
	for _, tc := range tests {
		if got := Rarer(tc.a, tc.b); got != tc.want {
			t.Errorf("Rarer(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestLevelPlural holds that a plural SCOWL grades in a larger list than
// its noun reads as the noun, in each way English spells one, and that a
// word only ending as a plural does not borrow a word's level.
func TestLevelPlural(t *testing.T) {
	tests := []struct {
		word string
		want int
	}{
		{"drills", 20}, {"tenders", 20}, {"passports", 20}, {"alerts", 20}, {"airports", 20},
		{"agencies", 10}, {"anniversaries", 20}, {"apostrophes", 20}, {"absences", 10},
		{"frames", 20}, {"boards", 10}, {"zones", 20}, {"glasses", 20},
		{"kubernetes", 0}, {"postgres", 0}, {"jenkins", 0}, {"pontoons", 0}, {"webhooks", 0},
		{"kudos", 0}, {"caches", 0}, {"ss", 0}, {"Drills", 0},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			if got := Level(tc.word); got != tc.want {
				t.Errorf("Level(%q) = %d, want %d", tc.word, got, tc.want)
			}
		})
	}
}
