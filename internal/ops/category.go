package ops

import (
	"fmt"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
)

// CheckCategory refuses a category that names neither one of the spec's
// categories nor a category present in doc, so that a typo is not mistaken
// for "no learnings"; the error (ErrUsage) lists the names that would work.
func CheckCategory(doc *learnings.Document, value string) error {
	if value == "" {
		return nil
	}
	want, known := learnings.NormalizeCategory(value)
	if known {
		return nil
	}
	valid := append([]string(nil), learnings.Priority...)
	if doc != nil {
		for _, l := range doc.Learnings() {
			name, _ := learnings.NormalizeCategory(l.Category)
			if strings.EqualFold(name, want) {
				return nil
			}
			if !slices.ContainsFunc(valid, func(v string) bool { return strings.EqualFold(v, name) }) {
				valid = append(valid, name)
			}
		}
	}
	return mark(fmt.Errorf("--category %q: no such category; use one of: %s", value, strings.Join(valid, ", ")), ErrUsage)
}
