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

// HumanSize renders a byte count as people read it, the one way every
// command prints a size: "812 bytes", "1.2 KB", "12 KB", "1.0 MB", "12 MB"
// (decimal units; one decimal below ten, so small sizes are not rounded
// to a misleading whole number).
func HumanSize(n int) string {
	switch {
	case n < 0:
		return "-" + HumanSize(-n)
	case n >= 1000*1000:
		return scaled(n, 1000*1000, "MB")
	case n >= 1000:
		return scaled(n, 1000, "KB")
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

func scaled(n, unit int, name string) string {
	if n < 10*unit {
		return fmt.Sprintf("%.1f %s", float64(n/(unit/10))/10, name)
	}
	return fmt.Sprintf("%d %s", n/unit, name)
}

// OverLimit says how a size stands against SizeLimit, exactly: "1.0 MB,
// 12 KB over the 1 MB limit" (not a bare "1.0 MB, over", which reads as a
// contradiction), or "812 KB, approaching the 1 MB limit".
func OverLimit(n int) string {
	if n > SizeLimit {
		return fmt.Sprintf("%s, %s over the 1 MB limit", HumanSize(n), HumanSize(n-SizeLimit))
	}
	return fmt.Sprintf("%s, approaching the 1 MB limit", HumanSize(n))
}
