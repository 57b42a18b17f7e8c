// Package shown is what any text read from the memory file goes through
// before learn shows it, in every command and front end, text and JSON
// alike: secrets stored before learn guarded the file are redacted, and
// nothing in the text can act on a terminal or on the frames learn puts
// around memory. Only text shown is cleaned, never text written back.
package shown

import (
	"github.com/learn-memory/learn/learnings/sanitize"
	"github.com/learn-memory/learn/learnings/secrets"
)

// Text is s as learn shows it: redacted, then neutralised.
func Text(s string) string {
	return sanitize.Text(secrets.Redact(s))
}
