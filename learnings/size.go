package learnings

import "fmt"

// SizeLimit is the file size past which compaction is due: the spec
// suggests compacting once the learnings file exceeds 1 MB ("Size Limit",
// "Large Files: warn when approaching or exceeding 1MB limit"). recall,
// lint and doctor all measure against it, so they agree on when to say so.
const SizeLimit = 1000 * 1000

// SizeWarning is where "approaching the 1 MB limit" starts: far enough
// below SizeLimit to give a few sessions' notice before compaction is due.
const SizeWarning = 750 * 1000

// HumanSize renders a byte count as people read it ("812 KB", "1.4 MB"),
// for the messages that compare a file with SizeLimit.
func HumanSize(n int) string {
	switch {
	case n >= 1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1000:
		return fmt.Sprintf("%d KB", n/1000)
	}
	return fmt.Sprintf("%d bytes", n)
}
