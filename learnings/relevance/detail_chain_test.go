package relevance

import (
	"maps"
	"slices"
	"testing"
)

// TestCommonWordDetailChain holds commonWord on tasks whose detail runs on
// past its first phrase ("tables look broken in Safari for the Zendesk
// widget") or sits in a clause of when or why ("tables look broken when
// Zendesk embeds them"): the missing words there say where or when, as
// in the first phrase, and are no rarer subject, so the learning stays
// chosen. Written for rev14b's review of rank18's detail rule, from the
// kind of its fresh probe that it lost ("pilot turned up late at the lock
// for the coaster"); at 3e93d46 four of the five to be chosen were left out. A
// missing word before the shared one or in a phrase of a noun beside it
// stays a rival, as in TestCommonWordDetail.
func TestCommonWordDetailChain(t *testing.T) {
	checkReview(t, []reviewCase{
		{"second phrase", "web", "tables look broken in Safari for the Zendesk widget", "Wide tables scroll", true},
		{"third phrase", "school", "register froze on the whiteboard in 9C during Ofsted", "Each class register", true},
		{"when clause", "web", "tables look broken when Zendesk embeds them", "Wide tables scroll", true},
		{"while clause", "bakery", "the till freezes while Deliveroo orders print", "The till's Z report", true},
		{"if clause", "law", "keys go missing if the Clio reminder is ignored", "Office keys are", true},
		{"noun's phrase", "law", "keys on my laptop's keyboard are sticky", "Office keys are", false},
	})
}

// TestDetailWordsChain holds that a detail runs through the phrases after
// its first one, and through a clause of when, why or on what condition,
// to the end of the clause.
func TestDetailWordsChain(t *testing.T) {
	tests := []struct {
		task, shared string
		absent       []string
		want         []string
	}{
		{"pilot turned up late at the lock for the coaster", "pilot", []string{"coaster"}, []string{"the", "lock", "coaster"}},
		{"register froze on the whiteboard in 9C, again", "register", []string{"whiteboard"}, []string{"the", "whiteboard", "9c"}},
		{"tables look broken when Zendesk embeds them", "tables", []string{"zendesk"}, []string{"zendesk", "embeds", "them"}},
		{"the till freezes while Deliveroo orders print and the queue grows", "till", []string{"deliveroo"}, []string{"deliveroo", "orders", "print"}},
		{"keys on my laptop's keyboard", "keys", []string{"laptop", "keyboard"}, nil},
	}
	for _, tt := range tests {
		got := slices.Sorted(maps.Keys(detailWords(detailSplit(tt.task), tt.shared, tt.absent)))
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("detailWords(%q, %q) = %v, want %v", tt.task, tt.shared, got, want)
		}
	}
}
