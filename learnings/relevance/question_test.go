package relevance

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestQuestionParts(t *testing.T) {
	tests := []struct {
		name, task string
		want       [][]string
	}{
		{"no question", "the Christmas timetable goes live on the 20th", [][]string{}},
		{"one question in parts", "can they bring a folding bike, and does your app work with a screen reader?",
			[][]string{{"can", "they", "bring", "a", "folding", "bike"}, {"and", "does", "your", "app", "work", "with", "a", "screen", "reader"}}},
		{"background before the question", "Tenant rang on Saturday. Who should have come out?",
			[][]string{{"who", "should", "have", "come", "out"}}},
		{"statement after the question", "how long will you keep it? also the form says error",
			[][]string{{"how", "long", "will", "you", "keep", "it"}}},
		{"pasted log", "why does this fail?\nError: connect ECONNREFUSED", [][]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &scan{task: tt.task}
			if diff := cmp.Diff(tt.want, s.questions()); diff != "" {
				t.Errorf("questions(%q) (-want +got):\n%s", tt.task, diff)
			}
		})
	}
}
