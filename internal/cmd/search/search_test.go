package search

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
)

func TestSearch(t *testing.T) {
	tests := []struct {
		name    string
		content string
		args    []string
		color   bool
		want    []string
		notWant []string
	}{
		{
			name: "ranked with ID, category, date and snippet", content: memviewtest.Sample,
			args: []string{"retry"},
			want: []string{`2 results for "retry" in .tmp/memory-learnings.md (4 learnings searched):`,
				"Fresh Discoveries  2026-11-22 14:05 UTC  line 22\n    `client.Do` **retries** only idempotent methods",
				"Read one in full with: learn show ID"},
		},
		{
			name: "colour on: ANSI bold matches and coloured IDs, not asterisks", content: memviewtest.Sample,
			args: []string{"backoff"}, color: true,
			want: []string{"\x1b[1mBackoff\x1b[0m must cap", "\x1b[36ml"}, notWant: []string{"**"},
		},
		{
			name: "colour off (NO_COLOR at a terminal): no escapes", content: memviewtest.Sample,
			args: []string{"backoff"},
			want: []string{"**Backoff** must cap"}, notWant: []string{"\x1b["},
		},
		{
			name: "consolidated learnings say so", content: memviewtest.Sample,
			args: []string{"make", "gen"},
			want: []string{"User Corrections  consolidated  line 4", "Run `**make** **gen**` before"},
		},
		{
			name: "category filter", content: memviewtest.Sample,
			args: []string{"--category", "user corrections", "retry"},
			want: []string{"1 result for"}, notWant: []string{"Fresh Discoveries"},
		},
		{
			name: "limit", content: memviewtest.Sample,
			args: []string{"-n", "1", "retry"},
			want: []string{"Best 1 of 2 results for", "1 more not shown: narrow the query, or see all with --limit 0."},
		},
		{
			name: "no match", content: memviewtest.Sample,
			args: []string{"kubernetes"},
			want: []string{`No learnings match "kubernetes" (4 learnings searched in .tmp/memory-learnings.md).`},
		},
		{
			name: "missing file", content: "",
			args: []string{"retry"},
			want: []string{"No learnings yet: .tmp/memory-learnings.md does not exist."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := memviewtest.New(t, tt.content)
			e.Factory.IO.OutTTY = true
			e.Factory.IO.Color = tt.color
			if err := e.Run(NewCmdSearch(e.Factory, nil), tt.args...); err != nil {
				t.Fatalf("search: %v", err)
			}
			got := e.Out.String()
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(got, w) {
					t.Errorf("output has %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestSearchUnclosedNote(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample+"\n```sh\nnever closed\n")
	if err := e.Run(NewCmdSearch(e.Factory, nil), "retry"); err != nil {
		t.Fatal(err)
	}
	if want := ".tmp/memory-learnings.md:37: lines 37-38 (2 lines) are not read as learnings: a code fence opened on line 37 is never closed"; !strings.Contains(e.Err.String(), want) {
		t.Errorf("stderr = %q, want %q", e.Err, want)
	}
	if !strings.Contains(e.Out.String(), "2 results") {
		t.Errorf("the learnings before the fence should still be found:\n%s", e.Out)
	}
}

func TestSearchJSON(t *testing.T) {
	e := memviewtest.New(t, memviewtest.Sample)
	if err := e.Run(NewCmdSearch(e.Factory, nil), "--json", "idempot"); err != nil {
		t.Fatal(err)
	}
	var rep ops.SearchResult
	if err := json.Unmarshal(e.Out.Bytes(), &rep); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, e.Out)
	}
	if rep.Searched != 4 || len(rep.Results) != 1 {
		t.Fatalf("searched %d, %d results; want 4, 1", rep.Searched, len(rep.Results))
	}
	r := rep.Results[0]
	if r.Category != "Fresh Discoveries" || r.Date != "2026-11-22 14:05 UTC" || r.Project != "acme-sync" || r.Line != 22 || r.ID == "" || r.Session == nil || r.Session.ID == "" {
		t.Errorf("result = %+v", r)
	}
	for _, h := range r.Highlights {
		if got := strings.ToLower(r.Snippet[h[0]:h[1]]); !strings.HasPrefix(got, "idempot") {
			t.Errorf("highlight %v covers %q", h, got)
		}
	}
}

func TestSearchUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"  "}, {"--limit", "-1", "x"}} {
		e := memviewtest.New(t, memviewtest.Sample)
		err := e.Run(NewCmdSearch(e.Factory, nil), args...)
		if !errors.Is(err, cmdutil.ErrUsage) {
			t.Errorf("search %q: err = %v, want a usage error", args, err)
		}
	}
}
