package stats

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/memview/memviewtest"
	"github.com/learn-memory/learn/internal/ops"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// threeWeeks is Sample with an older session three weeks before the rest,
// so the growth rate has a span to work on.
var threeWeeks = memviewtest.Sample + "\n## [2026-11-01 08:00 UTC] - Early setup\n**Project**: acme-sync\n**Documentation Seen**: `README.md`\n\n### Learnings\n\n**New Requirements:**\n- Every endpoint needs an OpenAPI entry before merge.\n\n**Team Habits:**\n- Demos happen on Fridays.\n\n---\n"

// oneSession has a single dated session: stats must not call it both the
// newest and the oldest.
var oneSession = "## Recent Sessions\n\n## [2026-11-20 09:00 UTC] - First session\n**Project**: acme-sync\n**Documentation Seen**: `README.md`\n\n### Learnings\n\n**User Corrections:**\n- Run make gen before the tests.\n\n---\n"

func TestStatsGolden(t *testing.T) {
	tests := []struct {
		name, content string
		args          []string
	}{
		{"sample", memviewtest.Sample, nil},
		{"three-weeks", threeWeeks, nil},
		{"three-weeks-json", threeWeeks, []string{"--json"}},
		{"missing", "", nil},
		{"one-session", oneSession, nil},
		// Over 64 KB: the full recall is an estimate.
		{"large", string(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 100 << 10})), nil},
		{"large-json", string(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 100 << 10})), []string{"--json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := memviewtest.New(t, tt.content)
			if err := e.Run(NewCmdStats(e.Factory, nil), tt.args...); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, e.Out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), e.Out.String()); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStatsNumbers(t *testing.T) {
	e := memviewtest.New(t, threeWeeks)
	if err := e.Run(NewCmdStats(e.Factory, nil), "--json"); err != nil {
		t.Fatal(err)
	}
	var rep ops.StatsResult
	if err := json.Unmarshal(e.Out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Sessions != 3 || rep.Learnings != 6 || rep.ConsolidatedCount != 1 {
		t.Errorf("counts = %d sessions, %d learnings, %d consolidated", rep.Sessions, rep.Learnings, rep.ConsolidatedCount)
	}
	cats := map[string]int{}
	for _, c := range rep.Categories {
		cats[c.Category] = c.Count
	}
	if diff := cmp.Diff(map[string]int{"User Corrections": 2, "New Requirements": 1, "Updated Conventions": 0,
		"Fresh Discoveries": 1, "Preference Clarifications": 1, "Team Habits": 1}, cats); diff != "" {
		t.Errorf("categories (-want +got):\n%s", diff)
	}
	if rep.Bytes != len(threeWeeks) {
		t.Errorf("bytes = %d, want %d", rep.Bytes, len(threeWeeks))
	}
	if rep.Newest.AgeDays != 1.8 || rep.Oldest.AgeDays != 23.1 {
		t.Errorf("ages = %v, %v days", rep.Newest.AgeDays, rep.Oldest.AgeDays)
	}
	if rep.Growth == nil || rep.Growth.Weeks != 3 || rep.Growth.SessionsPerWeek != 1 {
		t.Errorf("growth = %+v", rep.Growth)
	}
	if rep.FullRecall.Shown != 6 || rep.FullRecall.Tokens*4 < rep.FullRecall.Chars || rep.DefaultRecall.Chars > rep.DefaultRecallBudget {
		t.Errorf("recall = full %+v, default %+v", rep.FullRecall, rep.DefaultRecall)
	}
	if rep.FullRecall.Estimated || rep.DefaultRecall.Estimated {
		t.Errorf("estimated: full %v, default %v; want neither on a small memory", rep.FullRecall.Estimated, rep.DefaultRecall.Estimated)
	}
	if !strings.Contains(rep.TokenEstimate, "/ 4") {
		t.Errorf("token estimate = %q", rep.TokenEstimate)
	}
}
