package terms

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestKeepE holds keepE to its rule: each word keeps apart from the word
// its final e alone tells it from, its own forms stay with it, and the
// other word's stay with that one. Where the system's word list is
// present, each pair is two words of it.
func TestKeepE(t *testing.T) {
	dict := readWordList(t, "/usr/share/dict/words")
	words, _ := keepE()
	for w := range words {
		partner := w[:len(w)-1]
		forms := keptForms(partner)
		t.Run(w, func(t *testing.T) {
			if dict != nil && (!dict[w] || !dict[partner]) {
				t.Errorf("%q and %q are not both words of the word list", w, partner)
			}
			if Stem(w) == Stem(partner) {
				t.Errorf("Stem(%q) == Stem(%q) == %q", w, partner, Stem(w))
			}
			if form := w + "s"; Stem(form) != Stem(w) {
				t.Errorf("Stem(%q) = %q, want %q as Stem(%q)", form, Stem(form), Stem(w), w)
			}
			owner := Stem(w)
			if !forms {
				owner = Stem(partner)
			}
			for _, form := range []string{partner + "ing", partner + "ed"} {
				if strings.HasSuffix(partner, "e") {
					break // "refugee" has no "refugeed" for Stem to read
				}
				if got := Stem(form); got != owner {
					t.Errorf("Stem(%q) = %q, want %q", form, got, owner)
				}
			}
			if last := partner[len(partner)-1]; forms && !strings.ContainsRune("aeiouwxylsz", rune(last)) && strings.ContainsRune("aeiou", rune(partner[len(partner)-2])) {
				doubled := partner + string(last)
				for _, form := range []string{doubled + "ing", doubled + "ed"} {
					if got := Stem(form); got != Stem(partner) {
						t.Errorf("Stem(%q) = %q, want %q as Stem(%q)", form, got, Stem(partner), partner)
					}
				}
			}
		})
	}
}

// TestStemApartAndTogether holds pairs of words Stem must keep apart and
// forms of one word it must join, both ways round keepE.
func TestStemApartAndTogether(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"plane", "plan", false}, {"planes", "plans", false}, {"planed", "planned", false},
		{"plane", "planes", true}, {"planning", "plan", true}, {"planing", "plane", true},
		{"theme", "them", false}, {"themes", "themed", true},
		{"state", "stat", false}, {"stated", "state", true}, {"stats", "stat", true},
		{"stage", "stag", false}, {"staging", "stage", true}, {"staged", "stages", true},
		{"route", "rout", false}, {"routing", "route", true}, {"routed", "routes", true},
		{"scrape", "scrap", false}, {"scraped", "scrape", true}, {"scrapped", "scrap", true},
		{"quite", "quit", false}, {"quitting", "quits", true},
		{"noted", "not", false}, {"noted", "note", true}, {"noting", "notes", true},
		{"rated", "rat", false}, {"rating", "rate", true}, {"ratted", "rat", true},
		{"coding", "cod", false}, {"coded", "code", true},
		{"biting", "bit", false}, {"biting", "bite", true},
		{"singing", "sing", true}, {"singe", "sing", false},
		{"casting", "cast", true}, {"caste", "cast", false},
		{"severing", "sever", true}, {"severe", "sever", false},
		{"heroine", "heroin", false}, {"finale", "final", false}, {"locale", "local", false},
		{"spine", "spin", false}, {"spinning", "spin", true}, {"shine", "shin", false},
		{"parse", "pars", false}, {"parsing", "parse", true}, {"parsed", "parses", true},
		// Words without a partner merge as before.
		{"cache", "caching", true}, {"cached", "cache", true}, {"retries", "retrying", true},
		{"release", "released", true}, {"deploying", "deploys", true}, {"configure", "configured", true},
	}
	for _, tt := range tests {
		if got := Stem(tt.a) == Stem(tt.b); got != tt.same {
			t.Errorf("Stem(%q) = %q, Stem(%q) = %q: same %v, want %v", tt.a, Stem(tt.a), tt.b, Stem(tt.b), got, tt.same)
		}
	}
}

// readWordList returns the lower-case words of the word list at path, or
// nil where it is absent (CI installs none).
func readWordList(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	words := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		words[sc.Text()] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return words
}
