package memview

import (
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// CheckCategory refuses a --category value that names neither one of the
// spec's categories nor a category present in doc (ops.CheckCategory), so
// that a typo is not mistaken for "no learnings".
func CheckCategory(doc *learnings.Document, value string) error {
	return ops.CheckCategory(doc, value)
}
