package relevance

import (
	"strings"
	"testing"
)

// TestStated holds that a match states what the task is about when its
// own text holds two of the task's words, and not when one of them is
// only in its session's focus or the task shares one word with it.
func TestStated(t *testing.T) {
	ls := memory(libraryMemory()...)
	tests := []struct {
		name, task, learning string
		want                 bool
	}{
		{"two words in the text", "patron's hold expired", "A hold on a book expires", true},
		{"another form of a word", "the kiosk printed no receipt", "Kiosk receipts print", true},
		{"one word in the text, one in the focus", "self-checkout receipts", "Kiosk receipts print", false},
		{"one word", "overdue", "Overdue notices go out", false},
		{"the branch's words", "", "Every branch needs a ticket number", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := Context{Task: tc.task}
			if tc.task == "" {
				ctx.Branch = "fix/ticket-number-branch"
			}
			r := Rank(ls, ctx)
			for _, m := range r.Matches {
				if strings.Contains(m.Learning.Text, tc.learning) {
					if got := m.Stated(); got != tc.want {
						t.Errorf("Stated() = %v, want %v (terms %v)", got, tc.want, m.Terms)
					}
					return
				}
			}
			t.Fatalf("%q does not match", tc.learning)
		})
	}
}
