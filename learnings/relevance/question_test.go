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

// TestOwnQuestion holds ownQuestion to its rule: two of the task's words in
// one part of a question in which the best match holds none.
func TestOwnQuestion(t *testing.T) {
	task := "can a wheelchair user always get the space, and does your app work with a screen reader?"
	tests := []struct {
		name     string
		m, top   []string
		want     bool
		question string
	}{
		{"another part", []string{"screen", "reader"}, []string{"wheelchair", "space"}, true, task},
		{"the best match's part", []string{"wheelchair", "user"}, []string{"wheelchair", "space"}, false, task},
		{"the best match holds a word of it", []string{"screen", "reader"}, []string{"wheelchair", "app"}, false, task},
		{"one word", []string{"screen"}, []string{"wheelchair", "space"}, false, task},
		{"words of two parts", []string{"user", "screen"}, []string{"space"}, false, task},
		{"no question", []string{"screen", "reader"}, []string{"wheelchair", "space"}, false, "the wheelchair space, and the app with a screen reader"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &scan{task: tt.question}
			if got := s.ownQuestion(Match{Terms: tt.m}, Match{Terms: tt.top}); got != tt.want {
				t.Errorf("ownQuestion(%v, best %v) = %v, want %v", tt.m, tt.top, got, tt.want)
			}
		})
	}
}
