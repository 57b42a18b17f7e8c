package memview

import (
	"fmt"
	"io"
	"slices"

	"github.com/learn-memory/learn/learnings"
)

// DamagedLines counts the lines of doc that could not be read as learnings.
func DamagedLines(doc *learnings.Document) int {
	n := 0
	for _, d := range doc.Damage {
		n += d.Lines()
	}
	return n
}

// DamageHeadline says in one sentence that part of the file could not be
// read, or "" when all of it could.
func DamageHeadline(display string, doc *learnings.Document) string {
	if len(doc.Damage) == 0 {
		return ""
	}
	return fmt.Sprintf("%s of %s could not be read as learnings, so what they hold is missing from every command's output",
		Plural(DamagedLines(doc), "line", "lines"), display)
}

// WarnDamage tells the user on w (stderr) which parts of the file could not
// be read as learnings, why and how to fix them, so that damage is never
// silent: every command that reads the file calls it. It returns how many
// damaged parts it reported.
func WarnDamage(w io.Writer, display string, doc *learnings.Document) int {
	if len(doc.Damage) == 0 {
		return 0
	}
	fmt.Fprintf(w, "warning: %s:\n", DamageHeadline(display, doc))
	for _, d := range doc.Damage {
		fmt.Fprintf(w, "%s:%d: %s\n    fix: %s\n", display, d.Line, d, d.Fix())
	}
	fmt.Fprintf(w, "learn will not rewrite these lines until they are fixed; `learn lint` lists every problem\n")
	return len(doc.Damage)
}

// WriteDamageNote is the note for the agent at the end of recall's output:
// learnings may be missing, and the user should hear about it.
func WriteDamageNote(w io.Writer, display string, doc *learnings.Document) {
	if len(doc.Damage) == 0 {
		return
	}
	fmt.Fprintf(w, "\nWarning: %s. Tell the user, who can fix it by hand (`learn lint` names each line):\n", DamageHeadline(display, doc))
	for _, d := range doc.Damage {
		fmt.Fprintf(w, "- %s:%d: %s\n", display, d.Line, d)
	}
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
