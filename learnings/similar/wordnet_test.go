package similar

import "testing"

// TestSameOnceSwapped holds the WordNet reading (sameOnceSwapped) on
// restatements and look-alike changes of trades no pair file uses (a
// bakery, a removals firm, a dental lab, a ski school, a print shop, a
// garden centre, an ambulance station, a kennel), both ways round: a swap
// of words WordNet names one thing with in their commonest senses is the
// same learning, alone, two at once, or a verb and its particle; a value
// (a unit after a number, a particle, a word in code, words a hand table
// keeps apart) beside or instead of such a swap never is.
func TestSameOnceSwapped(t *testing.T) {
	tests := []struct {
		name, a, b string
		same       bool
	}{
		{"noun", "Beginners book the nursery slope before 10 am.", "Novices book the nursery slope before 10 am.", true},
		{"adjective", "A hard hat is mandatory in the loading bay.", "A hard hat is compulsory in the loading bay.", true},
		{"participle", "Flour sacks are stacked on pallets by the back door.", "Flour sacks are piled on pallets by the back door.", true},
		{"irregular", "Torn labels are sewn back on before the crates leave.", "Torn labels are stitched back on before the crates leave.", true},
		{"two swaps", "Beginners join the first lesson of the week at the blue lift, and a helmet is mandatory for them.", "Novices join the first lesson of the week at the blue lift, and a helmet is compulsory for them.", true},
		{"verb and particle", "If a driver does not turn up, the shift lead calls the agency.", "If a driver does not show up, the shift lead calls the agency.", true},
		{"a verb for two words", "The van must reach the depot before 6 pm.", "The van must arrive at the depot before 6 pm.", true},
		{"beside words the tables read alike", "Beginners get a voucher for the cafe at the desk.", "Novices receive a voucher for the cafe at the desk.", true},
		{"beside a loose swap", "Beginners keep their skis in the locker room overnight.", "Novices store their skis in the locker room overnight.", false},
		{"unit after a number", "The kiln fan runs for 10 seconds after the door shuts.", "The kiln fan runs for 10 minutes after the door shuts.", false},
		{"particle", "Back up the order book before the migration.", "Back off the order book before the migration.", false},
		{"in code", "Run `stack build` before the release.", "Run `pile build` before the release.", false},
		{"value beside a swap", "Beginners book the nursery slope before 10 am.", "Novices book the nursery slope before 11 am.", false},
		{"looseGroups", "Dentures are kept in the cold room overnight.", "Dentures are stored in the cold room overnight.", false},
		{"another subject", "Nurses restock the ambulance after every call.", "Doctors restock the ambulance after every call.", false},
		{"another day", "Kennel runs are hosed down every Monday.", "Kennel runs are hosed down every Tuesday.", false},
		{"negation", "Beginners may book the nursery slope.", "Novices may not book the nursery slope.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				if got := Compare(p[0], p[1]).Kind == Same; got != tt.same {
					t.Errorf("same %v, want %v:\n  %s\n  %s", got, tt.same, p[0], p[1])
				}
			}
		})
	}
}
