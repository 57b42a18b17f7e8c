package ops

import (
	"fmt"
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// DamagedLines counts the lines the damaged parts hold.
func DamagedLines(damage []learnings.Damage) int {
	n := 0
	for _, d := range damage {
		n += d.Lines()
	}
	return n
}

// DamageHeadline says in one sentence that part of the file could not be
// read, or "" when all of it could.
func DamageHeadline(display string, damage []learnings.Damage) string {
	if len(damage) == 0 {
		return ""
	}
	return fmt.Sprintf("%s of %s could not be read as learnings, so what they hold is missing from every command's output",
		plural(DamagedLines(damage), "line", "lines"), display)
}

// DamageNote is the note for the agent at the end of recall's output:
// learnings may be missing, and the user should hear about it. It is ""
// when nothing is damaged.
func DamageNote(display string, damage []learnings.Damage) string {
	if len(damage) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nWarning: %s. Tell the user, who can fix it by hand (`learn lint` names each line):\n", DamageHeadline(display, damage))
	for _, d := range damage {
		fmt.Fprintf(&b, "- %s:%d: %s\n", display, d.Line, d)
	}
	return b.String()
}

// plural counts n things in words, "1 learning" or "2 learnings".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
