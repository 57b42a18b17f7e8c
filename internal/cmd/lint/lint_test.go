package lint

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
)

func TestLint(t *testing.T) {
	outOfOrder := strings.Replace(memviewtest.Sample, "2026-11-20 09:00 UTC", "2026-11-23 09:00 UTC", 1)
	tests := []struct {
		name     string
		content  string
		wantErr  bool
		wantOut  []string
		wantNone []string
	}{
		{name: "clean", content: memviewtest.Sample,
			wantOut: []string{"no problems in .tmp/memory-learnings.md (2 sessions, 4 learnings)\n"}},
		{name: "missing file", content: "",
			wantOut: []string{".tmp/memory-learnings.md does not exist yet; nothing to lint."}},
		{name: "out of order", content: outOfOrder, wantErr: true,
			wantOut: []string{".tmp/memory-learnings.md:26: session ", "sessions go newest first\n    fix: run learn fmt to sort the sessions\n",
				"1 problem in .tmp/memory-learnings.md (2 sessions, 4 learnings)"}},
		{name: "unclosed", content: memviewtest.Sample + "\n<!-- never closed\n", wantErr: true,
			wantOut: []string{".tmp/memory-learnings.md:37: line 37 is not read as learnings: an HTML comment opened on line 37 is never closed", "fix: end the HTML block where it was meant to end (--> for a comment)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := memviewtest.New(t, tt.content)
			err := e.Run(NewCmdLint(e.Factory, nil))
			if tt.wantErr != (err != nil) {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err != nil && (!errors.Is(err, cmdutil.ErrSilent) || cmdutil.ExitCode(err) != 1) {
				t.Errorf("err = %v, want a silent exit 1", err)
			}
			for _, w := range tt.wantOut {
				if !strings.Contains(e.Out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, e.Out)
				}
			}
		})
	}
}

func TestLintJSON(t *testing.T) {
	dup := strings.Replace(memviewtest.Sample, "Keep commit messages short and in the imperative mood.",
		"Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.", 1)
	e := memviewtest.New(t, dup)
	err := e.Run(NewCmdLint(e.Factory, nil), "--json")
	if cmdutil.ExitCode(err) != 1 {
		t.Fatalf("err = %v, want exit 1", err)
	}
	var rep ops.LintResult
	if err := json.Unmarshal(e.Out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Errors != 1 || len(rep.Findings) != 1 || rep.Findings[0].Kind != "duplicate" || len(rep.Findings[0].IDs) != 2 || rep.Findings[0].Score < 0.99 {
		t.Errorf("report = %+v", rep)
	}
}
