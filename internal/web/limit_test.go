package web

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memview/memviewtest"
)

// TestSizeLimitFollowsTheSetting checks that the size chart and the lint
// findings measure against the configured limit ($LEARN_MAX_BYTES), as
// learn lint does.
func TestSizeLimitFollowsTheSetting(t *testing.T) {
	tests := []struct {
		limit     int
		want      []string
		wantLint  string
		notInLint string
	}{
		{0, []string{"limit 1.0 MB", "of the 1.0 MB limit", "Plenty of room"}, "No problems", "approaching"},
		{1000, []string{"limit 1.0 KB", "of the 1.0 KB limit", "Approaching the limit"}, "approaching the 1 KB limit", ""},
		{500, []string{"limit 500 bytes", "Over the limit"}, "over the 500 bytes limit", ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.want[:1], ""), func(t *testing.T) {
			e := newEnv(t, memviewtest.Sample, func(c *Config) { c.SizeLimit = tt.limit })
			page := e.get("/").Body.String()
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			lint := e.get("/fragment/problems").Body.String()
			if !strings.Contains(lint, tt.wantLint) || (tt.notInLint != "" && strings.Contains(lint, tt.notInLint)) {
				t.Errorf("lint fragment, want %q:\n%s", tt.wantLint, lint)
			}
		})
	}
}
