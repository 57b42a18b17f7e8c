package terms

import "testing"

// TestSplitJoins holds the rule for two words a space apart that may be
// one word: a verb and its particle, two nouns, a product word; never a
// function word first, a particle first but "back", a function word
// second that is no particle, "in" or "on" before a noun phrase, a number
// or a path, nor a closed word whose verb says another thing.
func TestSplitJoins(t *testing.T) {
	tests := []struct {
		a, b, next string
		want       bool
	}{
		{"set", "up", "the", true},
		{"log", "in", "to", true},
		{"log", "in", "", true},
		{"log", "in", "this", true},
		{"sign", "on", "at", true},
		{"check", "out", "the", true},
		{"back", "up", "", true},
		{"back", "end", "", true},
		{"data", "base", "", true},
		{"time", "stamp", "", true},
		{"web", "hook", "", true},
		{"hand", "off", "", true},
		{"every", "day", "", false},
		{"any", "one", "", false},
		{"some", "time", "", false},
		{"no", "one", "", false},
		{"in", "to", "", false},
		{"on", "line", "", false},
		{"all", "ready", "", false},
		{"over", "time", "", false},
		{"up", "loads", "", false},
		{"time", "is", "", false},
		{"log", "in", "the", false},
		{"log", "in", "/", false},
		{"log", "in", "2", false},
		{"sign", "on", "our", false},
		{"work", "out", "the", false},
		{"make", "up", "", false},
		{"turn", "over", "", false},
	}
	for _, tt := range tests {
		if got := SplitJoins(tt.a, tt.b, tt.next); got != tt.want {
			t.Errorf("SplitJoins(%q, %q, %q) = %v, want %v", tt.a, tt.b, tt.next, got, tt.want)
		}
	}
}

// TestJoinSplit holds a Matcher to a wanted word written split: found
// where the two words are one, the word's other forms included, and not
// where they are not.
func TestJoinSplit(t *testing.T) {
	tests := []struct {
		word, text string
		want       bool
	}{
		{"setup", "Set up the box first.", true},
		{"setup", "We set  up twice.", false}, // two spaces: no word
		{"database", "The data bases are vacuumed.", true},
		{"timestamp", "Each time stamp is UTC.", true},
		{"login", "Staff log in with SSO.", true},
		{"login", "Keep the log in /var/log.", false},
		{"login", "We log in the parcels.", false},
		{"uploads", "Pick up loads at six.", false},
		{"workout", "Work out the fee.", false},
		{"everyday", "Runs every day.", false},
		{"Setup", "Set up the box first.", true}, // read lower case, as Scan reads the text
		{"DataBase", "The data bases are vacuumed.", true},
	}
	for _, tt := range tests {
		m := NewMatcher([]string{Stem(tt.word)})
		m.JoinSplit(tt.word, 0)
		got := false
		m.Scan(tt.text, func(int) { got = true })
		if got != tt.want {
			t.Errorf("%q in %q: %v, want %v", tt.word, tt.text, got, tt.want)
		}
	}
}
