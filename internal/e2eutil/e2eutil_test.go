//go:build linux || darwin

package e2eutil

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/learn-memory/learn/learnings"
)

// TestRecentStampsAreReadAndNewestFirst: a memory of 70 sessions stamped
// by RecentStamp parses with no problem, each session older than the one
// above it.
func TestRecentStampsAreReadAndNewestFirst(t *testing.T) {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n")
	prev := time.Time{}
	for i := 0; i < 70; i++ {
		stamp := RecentStamp(i)
		at, err := time.Parse("2006-01-02 15:04 MST", stamp)
		if err != nil {
			t.Fatalf("RecentStamp(%d) = %q: %v", i, stamp, err)
		}
		if i > 0 && !at.Before(prev) {
			t.Errorf("RecentStamp(%d) = %q is not older than RecentStamp(%d)", i, stamp, i-1)
		}
		prev = at
		fmt.Fprintf(&b, "## [%s] - Maintenance %d\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n- Convention %d holds.\n\n---\n\n", stamp, i, i)
	}
	if doc := learnings.Parse([]byte(b.String())); len(doc.Problems) > 0 {
		t.Errorf("a memory of RecentStamp sessions has problems: %v", doc.Problems)
	}
}
