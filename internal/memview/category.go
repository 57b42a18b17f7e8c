package memview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/learn-memory/learn/internal/ops/opserr"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/shown"
)

// CheckCategory refuses a --category value that names neither one of the
// spec's categories nor a category present in doc, so that a typo is not
// mistaken for "no learnings"; the error lists the names that would work.
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
	// A custom category's name is the file's text, shown as learn shows it.
	for i, name := range valid {
		valid[i] = shown.Text(name)
	}
	return opserr.Mark(fmt.Errorf("--category %q: no such category; use one of: %s", value, strings.Join(valid, ", ")), opserr.Usage)
}
