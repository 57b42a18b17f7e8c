package learnings

import (
	"fmt"
	"strconv"
	"strings"
)

// SizeLimit is the file size past which compaction is due: the spec
// suggests compacting once the learnings file exceeds 1 MB ("Size Limit",
// "Large Files: warn when approaching or exceeding 1MB limit"). recall,
// lint and doctor all measure against it, so they agree on when to say so.
const SizeLimit = 1000 * 1000

// sizeWarning is where "approaching the 1 MB limit" starts: far enough
// below SizeLimit to give a few sessions' notice before compaction is due.
const sizeWarning = SizeLimit / 4 * 3

// WarnAt is sizeWarning for a configured limit: where recall, lint and
// the web page start to say the file is approaching it.
func WarnAt(limit int) int { return limit / 4 * 3 }

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

// SizeAdvice says what would bring doc under limit, true for the file at
// hand: compact only while there are sessions to fold; otherwise forgetting
// or a higher limit, since compacting again would change nothing.
func SizeAdvice(doc *Document, limit int) string {
	return SizeAdviceFor(len(doc.Source), len(doc.Sessions), limit)
}

// SizeAdviceFor is SizeAdvice for a file of size bytes holding sessions
// sessions, for a writer that knows both without parsing what it wrote.
func SizeAdviceFor(size, sessions, limit int) string {
	want := max(2*limit, size+limit/2)
	setting := fmt.Sprintf("%dKB", (want+999)/1000)
	if want >= 1000*1000 {
		setting = fmt.Sprintf("%gMB", float64((want+99_999)/100_000)/10)
	}
	raise := "or raise the limit (LEARN_MAX_BYTES=" + setting + ", say)"
	if sessions == 1 {
		return "run learn compact to fold the session into Consolidated Learnings, " + raise
	} else if sessions > 1 {
		return fmt.Sprintf("run learn compact to fold the %d sessions into Consolidated Learnings, %s", sessions, raise)
	}
	return "learn compact cannot shrink it: there are no sessions left to fold. Forget what no longer holds " +
		"(learn forget --category NAME or --match TEXT; --dry-run shows what would go first), " + raise
}

// LimitText names a limit the way messages say it: "the 1 MB limit".
func LimitText(limit int) string {
	return "the " + strings.Replace(HumanSize(limit), ".0 ", " ", 1) + " limit"
}

// ParseSize reads a size as people write it: "1500000", "2MB", "1.5 MB",
// "800 KB", "800k". Units are decimal, as HumanSize prints them.
func ParseSize(s string) (int, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := 1.0
	for _, u := range []struct {
		suffix string
		mult   float64
	}{{"MB", 1e6}, {"M", 1e6}, {"KB", 1e3}, {"K", 1e3}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 || f*mult < 1000 || f*mult > 1e12 {
		return 0, fmt.Errorf("%q is not a size: write it like 2MB, 1500KB or 1500000 (at least 1KB)", s)
	}
	return int(f * mult), nil
}

// OverLimit says how a size stands against limit, exactly: "1.0 MB,
// 12 KB over the 1 MB limit" (not a bare "1.0 MB, over", which reads as a
// contradiction), or "812 KB, approaching the 1 MB limit".
func OverLimit(n, limit int) string {
	if n > limit {
		return fmt.Sprintf("%s, %s over %s", HumanSize(n), HumanSize(n-limit), LimitText(limit))
	}
	return fmt.Sprintf("%s, approaching %s", HumanSize(n), LimitText(limit))
}
