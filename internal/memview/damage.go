package memview

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// DamagedLines counts the lines of doc that could not be read as learnings.
func DamagedLines(doc *learnings.Document) int { return DamagedLinesOf(doc.Damage) }

// DamagedLinesOf counts the lines the damaged parts hold.
func DamagedLinesOf(damage []learnings.Damage) int {
	n := 0
	for _, d := range damage {
		n += d.Lines()
	}
	return n
}

// DamageHeadline says in one sentence that part of the file could not be
// read, or "" when all of it could.
func DamageHeadline(display string, doc *learnings.Document) string {
	return DamageHeadlineOf(display, doc.Damage)
}

// DamageHeadlineOf is DamageHeadline for the damage an operation's result
// lists.
func DamageHeadlineOf(display string, damage []learnings.Damage) string {
	if len(damage) == 0 {
		return ""
	}
	return fmt.Sprintf("%s of %s could not be read as learnings, so what they hold is missing from every command's output",
		Plural(DamagedLinesOf(damage), "line", "lines"), display)
}

// WarnDamage tells the user on w (stderr) which parts of the file could not
// be read as learnings, why and how to fix them, so that damage is never
// silent: every command that reads the file calls it. It returns how many
// damaged parts it reported.
func WarnDamage(w io.Writer, display string, doc *learnings.Document) int {
	return WarnDamageList(w, display, doc.Damage)
}

// WarnDamageList is WarnDamage for the damage an operation's result lists.
func WarnDamageList(w io.Writer, display string, damage []learnings.Damage) int {
	if len(damage) == 0 {
		return 0
	}
	fmt.Fprintf(w, "warning: %s:\n", DamageHeadlineOf(display, damage))
	for i, d := range damage {
		if i == DamageListed {
			fmt.Fprintf(w, "... and %d more damaged %s\n", len(damage)-i, pluralWord(len(damage)-i, "part", "parts"))
			break
		}
		fmt.Fprintf(w, "%s:%d: %s\n    fix: %s\n", display, d.Line, d, d.Fix())
	}
	fmt.Fprintf(w, "learn will not rewrite these lines until they are fixed; `learn lint` lists every problem\n")
	return len(damage)
}

// WriteDamageNote is the note for the agent at the end of recall's output:
// learnings may be missing, and the user should hear about it.
func WriteDamageNote(w io.Writer, display string, doc *learnings.Document) {
	io.WriteString(w, DamageNote(display, doc.Damage))
}

// DamageNote is WriteDamageNote's text, "" when nothing is damaged.
func DamageNote(display string, damage []learnings.Damage) string {
	if len(damage) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nWarning: %s. Tell the user, who can fix it by hand (`learn lint` names each line):\n", DamageHeadlineOf(display, damage))
	for i, d := range damage {
		if i == DamageNoted {
			fmt.Fprintf(&b, "- and %d more damaged %s\n", len(damage)-i, pluralWord(len(damage)-i, "part", "parts"))
			break
		}
		fmt.Fprintf(&b, "- %s:%d: %s\n", display, d.Line, cutRunes(d.String(), 300))
	}
	return b.String()
}

// DamageListed and DamageNoted cap the damaged parts named one by one on
// stderr and in recall's note, so that a file damaged in hundreds of places
// gives a few lines, not a page; learn lint lists every one.
const (
	DamageListed = 5
	DamageNoted  = 2
)

// cutRunes cuts s to n characters, marking the cut.
func cutRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// ProblemCount is how many problems the reader found: what it reported by
// line plus each damaged part, counting an unclosed block once.
func ProblemCount(doc *learnings.Document) int {
	n := len(doc.Problems) + len(doc.Damage)
	if doc.Unclosed != nil && slices.Contains(doc.Problems, *doc.Unclosed) {
		n--
	}
	return n
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
