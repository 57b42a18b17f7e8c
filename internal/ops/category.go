package ops

import (
	"github.com/learn-memory/learn/internal/memview"
	"github.com/learn-memory/learn/learnings"
)

// CheckCategory refuses a category that names neither one of the spec's
// categories nor a category present in doc, so that a typo is not mistaken
// for "no learnings"; the error (ErrUsage) lists the names that would work.
func CheckCategory(doc *learnings.Document, value string) error {
	return memview.CheckCategory(doc, value)
}
