package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
)

func supersedeSession(stamp, item string) string {
	return fmt.Sprintf("## [%s] - Test runner\n\n### Learnings\n\n**Updated Conventions:**\n- %s\n\n---\n\n", stamp, item)
}

// idOf is the ID learn gives item in a session of its own.
func idOf(t *testing.T, stamp, item string) string {
	t.Helper()
	doc := learnings.Parse([]byte(supersedeSession(stamp, item)))
	if len(doc.Learnings()) != 1 {
		t.Fatalf("%q parses as %d learnings", item, len(doc.Learnings()))
	}
	return doc.Learnings()[0].ID
}

func TestSupersedeChain(t *testing.T) {
	live := "Frontend unit tests run with `vitest run`."
	liveID := idOf(t, "2026-11-23 09:00 UTC", live)
	mid := "~~Frontend unit tests run with `jest --ci`.~~ (superseded by " + liveID + " on 2026-11-23)"
	midID := idOf(t, "2026-11-10 09:00 UTC", mid)
	old := "~~Frontend unit tests run with mocha.~~ — replaced by " + midID[:6]
	oldID := idOf(t, "2026-10-02 09:00 UTC", old)
	orphan := "~~The CI image is Debian 11.~~ (superseded by l0000000 on 2026-10-01)"
	orphanID := idOf(t, "2026-09-01 09:00 UTC", orphan)
	obsolete := "~~Deploys go through Jenkins.~~ (obsolete)"
	obsoleteID := idOf(t, "2026-07-01 09:00 UTC", obsolete)
	outdated := "~~The staging host is `stg-1`.~~ - outdated, see " + liveID
	outdatedID := idOf(t, "2026-06-01 09:00 UTC", outdated)
	plain := "Use ~~old~~ new flags: `--fast` replaced by `--quick`."
	plainID := idOf(t, "2026-08-01 09:00 UTC", plain)
	e := newEnv(t, supersedeSession("2026-11-23 09:00 UTC", live)+supersedeSession("2026-11-10 09:00 UTC", mid)+
		supersedeSession("2026-10-02 09:00 UTC", old)+supersedeSession("2026-09-01 09:00 UTC", orphan)+supersedeSession("2026-08-01 09:00 UTC", plain)+
		supersedeSession("2026-07-01 09:00 UTC", obsolete)+supersedeSession("2026-06-01 09:00 UTC", outdated))

	tests := []struct {
		id      string
		want    []string
		notWant []string
	}{
		{liveID, []string{"What it superseded", "<del><code>jest --ci</code></del>", "<del>Frontend unit tests run with mocha.</del>", midID, oldID},
			[]string{"was replaced"}},
		{midID, []string{"was replaced on 2026-11-23 by", `href="` + testBase + `/learning/` + liveID + `"`, "What it superseded", "mocha"}, nil},
		{oldID, []string{"was replaced by", `href="` + testBase + `/learning/` + midID + `"`}, []string{"What it superseded"}},
		{orphanID, []string{"l0000000</code>, which is no longer in the file"}, []string{"What it superseded"}},
		{plainID, []string{"<del>old</del>"}, []string{"was replaced", "What it superseded"}},
		// Forms the engine reads as superseded (recall and search leave
		// them out), which the page once showed as live.
		{obsoleteID, []string{"was replaced by a newer learning (the note names none)"}, []string{"What it superseded"}},
		{outdatedID, []string{"was replaced by", `href="` + testBase + `/learning/` + liveID + `"`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			body := e.get("/learning/" + tt.id).Body.String()
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("lacks %q", w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(body, w) {
					t.Errorf("has %q", w)
				}
			}
		})
	}
	if body := e.get("/api/learnings/" + midID).Body.String(); !strings.Contains(body, `"superseded_by": "`+liveID+`"`) {
		t.Errorf("the API does not say what replaced %s:\n%s", midID, body)
	}
}
