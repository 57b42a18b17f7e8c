package input

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/ops/opserr"
	"github.com/learn-memory/learn/learnings"
)

func TestReferences(t *testing.T) {
	tests := []struct {
		name string
		raw  []string
		want []string
		bad  bool
	}{
		{"comma separated and repeated", []string{"README.md, docs/api.md#retries", "`lib/auth.ex:45`"}, []string{"README.md", "docs/api.md#retries", "lib/auth.ex:45"}, false},
		{"repeats merged, blanks dropped", []string{"README.md,,README.md", " "}, []string{"README.md"}, false},
		{"a short description is a reference", []string{"docstrings in lib/auth.ex"}, []string{"docstrings in lib/auth.ex"}, false},
		{"line break", []string{"README.md\nBackoff caps at 30 s"}, nil, true},
		{"prose", []string{"the retry section explains that backoff caps at thirty seconds always"}, nil, true},
		{"too long", []string{strings.Repeat("a", MaxRefChars+1)}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := References(tt.raw, strings.TrimSpace)
			if tt.bad {
				if !errors.Is(err, opserr.Usage) {
					t.Fatalf("err = %v, want a usage error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPreviewMasksSecrets(t *testing.T) {
	const key = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
	tests := []struct{ text, want string }{
		{"Short one.", "Short one."},
		{"Use " + key + " to push", "Use [REDACTED] to push"},
		{"Multi\nline   text", "Multi line text"},
		{strings.Repeat("word ", 20), "word word word word word word word word word word word word…"},
	}
	for _, tt := range tests {
		if got := Preview(tt.text); got != tt.want {
			t.Errorf("Preview(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestPrepare(t *testing.T) {
	in := &Input{
		Source:  []byte("**Fresh Discoveries:**\n- Staging is reset nightly <private>by cron on host db-7</private> at 02:00 UTC.\n"),
		Focus:   "Staging <private>ticket 4411</private>",
		Project: "acme",
	}
	if err := in.Prepare(); err != nil {
		t.Fatal(err)
	}
	if in.PrivateRemoved != 2 || strings.Contains(in.Learnings[0].Text, "db-7") || strings.Contains(in.Focus, "4411") {
		t.Errorf("private spans kept: %+v", in)
	}

	bad := &Input{Source: []byte("- a learning with no category\n"), Focus: "x"}
	err := bad.Prepare()
	if !errors.Is(err, opserr.Usage) || !strings.Contains(err.Error(), "stdin:1:") {
		t.Errorf("err = %v, want a usage error naming stdin:1", err)
	}
}

func TestPrepareDropsEntirelyPrivateLearnings(t *testing.T) {
	tests := []struct {
		name        string
		in          Input
		wantTexts   []string
		wantDropped int
	}{
		{
			name: "stdin",
			in: Input{Focus: "priv", Source: []byte("**Fresh Discoveries:**\n- The staging host is reachable via the bastion only.\n- <private>entirely private learning here</private>\n" +
				"1. <PRIVATE>also\nprivate</PRIVATE>\n- <private>x</private> Kept after a private start.\n")},
			wantTexts:   []string{"The staging host is reachable via the bastion only.", "Kept after a private start."},
			wantDropped: 2,
		},
		{
			name: "flags",
			in: Input{Focus: "priv", Learnings: []learnings.NewLearning{
				{Category: "Fresh Discoveries", Text: "<private>secret note</private>"},
				{Category: "Fresh Discoveries", Text: "The importer needs UTF-8 input."},
			}},
			wantTexts:   []string{"The importer needs UTF-8 input."},
			wantDropped: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in
			if err := in.Prepare(); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range in.Learnings {
				got = append(got, l.Text)
			}
			if diff := cmp.Diff(tt.wantTexts, got); diff != "" || in.PrivateOnly != tt.wantDropped {
				t.Errorf("learnings (-want +got):\n%s\nPrivateOnly = %d, want %d", diff, in.PrivateOnly, tt.wantDropped)
			}
		})
	}
	all := &Input{Focus: "x", Source: []byte("**Fresh Discoveries:**\n- <private>only this</private>\n")}
	if err := all.Prepare(); !errors.Is(err, opserr.Usage) || !strings.Contains(err.Error(), "private") {
		t.Errorf("err = %v, want a usage error saying everything was private", err)
	}
}

// TestPrepareRefusesUnclosedPrivate: an unclosed <private> would drop every
// learning after it, so it is refused (exit 3) with where it opens, and
// nothing of the text is quoted.
func TestPrepareRefusesUnclosedPrivate(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		where string
	}{
		{"stdin", Input{Focus: "x", Source: []byte("**Fresh Discoveries:**\n- First one.\n- Uses a <private>hunter2 token\n- Third one.\n")}, "stdin:3:"},
		{"stdin in backticks", Input{Focus: "x", Source: []byte("**Fresh Discoveries:**\n- Wrap secrets in `<private>` tags.\n- Next.\n")}, "stdin:2:"},
		{"stdin nested", Input{Focus: "x", Source: []byte("**Fresh Discoveries:**\n- a <private>b <private>c</private>\n- d\n")}, "stdin:2:"},
		{"stdin CRLF", Input{Focus: "x", Source: []byte("**Fresh Discoveries:**\r\n- a\r\n- <PRIVATE reason=x>b\r\n")}, "stdin:3:"},
		{"flag learning", Input{Focus: "x", Learnings: []learnings.NewLearning{{Category: "Fresh Discoveries", Text: "ok"}, {Category: "User Corrections", Text: "a <private>hunter2"}}}, "learning 2 (User Corrections):"},
		{"focus", Input{Focus: "Deploy <private>hunter2", Source: []byte("**Fresh Discoveries:**\n- a\n")}, "--focus:"},
		{"project", Input{Focus: "x", Project: "acme <private>", Source: []byte("**Fresh Discoveries:**\n- a\n")}, "--project-name:"},
		{"docs", Input{Focus: "x", Docs: []string{"README.md", "<private>docs/x.md"}, Source: []byte("**Fresh Discoveries:**\n- a\n")}, "--docs:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in
			err := in.Prepare()
			if !errors.Is(err, opserr.Refused) {
				t.Fatalf("err = %v, want a refusal (exit 3)", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, tt.where) || !strings.Contains(msg, "never closed") || !strings.Contains(msg, "nothing was written") {
				t.Errorf("err = %q, want it to start with %q and say the tag is never closed", msg, tt.where)
			}
			if strings.Contains(msg, "hunter2") {
				t.Errorf("err quotes the private text: %q", msg)
			}
		})
	}
	closed := &Input{Focus: "x", Source: []byte("**Fresh Discoveries:**\n- a <private>b</private> c\n- `<private>`…`</private>` marks private text\n")}
	if err := closed.Prepare(); err != nil {
		t.Errorf("closed spans: %v", err)
	}
}
