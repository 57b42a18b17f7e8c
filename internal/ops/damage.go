package ops

import (
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
)

// DamagedLines counts the lines the damaged parts hold.
func DamagedLines(damage []learnings.Damage) int { return memview.DamagedLinesOf(damage) }

// DamageHeadline says in one sentence that part of the file could not be
// read, or "" when all of it could.
func DamageHeadline(display string, damage []learnings.Damage) string {
	return memview.DamageHeadlineOf(display, damage)
}

// DamageNote is the note for the agent at the end of recall's output:
// learnings may be missing, and the user should hear about it. It is ""
// when nothing is damaged.
func DamageNote(display string, damage []learnings.Damage) string {
	return memview.DamageNote(display, damage)
}

// plural counts n things in words, "1 learning" or "2 learnings".
func plural(n int, one, many string) string { return memview.Plural(n, one, many) }
