package learnings

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseInput(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		want     []NewLearning
		problems []Problem
	}{
		{
			name: "bold labels with the colon inside and outside",
			src:  "**User Corrections:**\n- a\n- b\n\n**Fresh Discoveries**:\n- c\n",
			want: []NewLearning{{"User Corrections", "a"}, {"User Corrections", "b"}, {"Fresh Discoveries", "c"}},
		},
		{
			name: "heading labels and numbered lists",
			src:  "### User Corrections\n1. a\n2) b\n\n## new requirement\n* c\n+ d\n",
			want: []NewLearning{{"User Corrections", "a"}, {"User Corrections", "b"}, {"New Requirements", "c"}, {"New Requirements", "d"}},
		},
		{
			name: "bold label without a colon",
			src:  "**Fresh Discoveries**\n- No colon label learning.\n**user corrections**\n- b\n",
			want: []NewLearning{{"Fresh Discoveries", "No colon label learning."}, {"User Corrections", "b"}},
		},
		{
			name: "plain labels",
			src:  "User Corrections:\n- a\n\nGotchas:\n- b\n",
			want: []NewLearning{{"User Corrections", "a"}, {"Gotchas", "b"}},
		},
		{
			name: "labels without a blank line between lists",
			src:  "**User Corrections:**\n- a\n**Fresh Discoveries:**\n- b\nPreferences:\n- c\n",
			want: []NewLearning{{"User Corrections", "a"}, {"Fresh Discoveries", "b"}, {"Preference Clarifications", "c"}},
		},
		{
			name: "multi-line items with code blocks",
			src:  "**Fresh Discoveries:**\n- Use the wrapper:\n  ```go\n  x := f()\n\n  ## not a label\n  ```\n  then check x.\n- second\n  continues\nlazily\n",
			want: []NewLearning{
				{"Fresh Discoveries", "Use the wrapper:\n```go\nx := f()\n\n## not a label\n```\nthen check x."},
				{"Fresh Discoveries", "second\ncontinues\nlazily"},
			},
		},
		{
			name: "code block at the margin after an item",
			src:  "**Fresh Discoveries:**\n- Run this:\n\n```sh\nmake gen\n```\n",
			want: []NewLearning{{"Fresh Discoveries", "Run this:\n\n```sh\nmake gen\n```"}},
		},
		{
			name:     "text before any label",
			src:      "Here is what I learned today.\n\n**User Corrections:**\n- a\n",
			want:     []NewLearning{{"User Corrections", "a"}},
			problems: []Problem{{1, "text before the first category label is ignored; start with a label such as **User Corrections:**"}},
		},
		{
			name:     "items before any label",
			src:      "- a\n",
			want:     []NewLearning{{"General", "a"}},
			problems: []Problem{{1, "learning with no category label above it; filed under General"}},
		},
		{
			name:     "stray text between lists",
			src:      "**User Corrections:**\n- a\n\nSome prose.\nMore prose.\n- b\n",
			want:     []NewLearning{{"User Corrections", "a"}, {"User Corrections", "b"}},
			problems: []Problem{{4, "text outside a list item is ignored; write each learning as a \"- \" item"}},
		},
		{
			name: "CRLF and BOM",
			src:  "\xef\xbb\xbf**User Corrections:**\r\n- a\r\n  b\r\n",
			want: []NewLearning{{"User Corrections", "a\nb"}},
		},
		{
			name:     "open fence in an item",
			src:      "**User Corrections:**\n- a\n  ```\n  code\n",
			want:     []NewLearning{{"User Corrections", "a\n```\ncode"}},
			problems: []Problem{{3, "code fence opened here is never closed"}},
		},
		{
			name:     "fields are not read from input",
			src:      "**Project**: x\n**User Corrections:**\n- a\n",
			want:     []NewLearning{{"User Corrections", "a"}},
			problems: []Problem{{1, "field \"Project\" is not read from the input; use learn store's flags"}},
		},
		{
			name:     "empty item",
			src:      "**User Corrections:**\n- a\n-\n- b\n",
			want:     []NewLearning{{"User Corrections", "a"}, {"User Corrections", "b"}},
			problems: []Problem{{3, "empty list item"}},
		},
		{
			name:     "a whole session pasted as input",
			src:      "## [2026-11-22 10:00 CET] - Focus\n**Project**: x\n\n### Learnings\n\n**User Corrections:**\n- a\n",
			want:     []NewLearning{{"User Corrections", "a"}},
			problems: []Problem{{1, "heading \"[2026-11-22 10:00 CET] - Focus\" is ignored: learn store writes the session header itself"}, {2, "field \"Project\" is not read from the input; use learn store's flags"}},
		},
		{
			name:     "invalid UTF-8",
			src:      "**User Corrections:**\n- a \xff\n",
			want:     []NewLearning{{"User Corrections", "a \xff"}},
			problems: []Problem{{2, "not valid UTF-8 text"}},
		},
		{
			name: "empty input",
			src:  "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := ParseInput([]byte(tt.src))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("learnings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.problems, problems); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseInputNotes(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		want  []NewLearning
		notes int
	}{
		{"misspelt bold label", "**User Corections:**\n- a\n", []NewLearning{{"User Corrections", "a"}}, 1},
		{"misspelt label without a colon", "**Fresh Discoverys**\n- a\n", []NewLearning{{"Fresh Discoveries", "a"}}, 1},
		{"misspelt heading", "### New Requirments\n- a\n", []NewLearning{{"New Requirements", "a"}}, 1},
		{"misspelt plain label", "Updated Convetions:\n- a\n", []NewLearning{{"Updated Conventions", "a"}}, 1},
		{"transposed letters", "**Preference Calrifications:**\n- a\n", []NewLearning{{"Preference Clarifications", "a"}}, 1},
		{"wrong case", "**user corrections:**\n- a\n", []NewLearning{{"User Corrections", "a"}}, 1},
		{"singular", "**Fresh Discovery:**\n- a\n", []NewLearning{{"Fresh Discoveries", "a"}}, 1},
		{"spec label", "**User Corrections:**\n- a\n", []NewLearning{{"User Corrections", "a"}}, 0},
		{"custom label", "**Security Notes:**\n- a\n", []NewLearning{{"Security Notes", "a"}}, 0},
		{"custom label near no spec one", "**Fresh Deliveries:**\n- a\n", []NewLearning{{"Fresh Deliveries", "a"}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems, notes := ParseInputNotes([]byte(tt.src))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("learnings (-want +got):\n%s", diff)
			}
			if len(problems) > 0 {
				t.Errorf("problems: %v", problems)
			}
			if len(notes) != tt.notes {
				t.Errorf("notes = %v, want %d", notes, tt.notes)
			}
			for _, n := range notes {
				if n.Line != 1 {
					t.Errorf("note on line %d, want 1: %v", n.Line, n)
				}
			}
		})
	}
}
