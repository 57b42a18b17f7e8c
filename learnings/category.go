package learnings

import (
	"strings"
	"unicode"
)

// Priority lists the spec's categories, most important first. Recall, compact
// and improve-docs order by it; custom categories rank after all of these.
var Priority = []string{
	"User Corrections",
	"New Requirements",
	"Updated Conventions",
	"Fresh Discoveries",
	"Preference Clarifications",
}

var categoryAliases = map[string]string{
	"user corrections":          "User Corrections",
	"user correction":           "User Corrections",
	"corrections":               "User Corrections",
	"correction":                "User Corrections",
	"new requirements":          "New Requirements",
	"new requirement":           "New Requirements",
	"requirements":              "New Requirements",
	"updated conventions":       "Updated Conventions",
	"updated convention":        "Updated Conventions",
	"conventions":               "Updated Conventions",
	"fresh discoveries":         "Fresh Discoveries",
	"fresh discovery":           "Fresh Discoveries",
	"discoveries":               "Fresh Discoveries",
	"preference clarifications": "Preference Clarifications",
	"preference clarification":  "Preference Clarifications",
	"preferences":               "Preference Clarifications",
	"workflow preferences":      "Preference Clarifications",
}

// NormalizeCategory maps a label as models write it ("user correction",
// "**Fresh Discoveries:**", "PREFERENCES") to its canonical name. known is
// false for custom categories, which keep their own trimmed spelling.
func NormalizeCategory(label string) (name string, known bool) {
	trimmed := strings.TrimFunc(label, func(r rune) bool {
		return unicode.IsSpace(r) || r == '*' || r == '_' || r == ':' || r == '#'
	})
	key := strings.ToLower(strings.Join(strings.Fields(trimmed), " "))
	if canon, ok := categoryAliases[key]; ok {
		return canon, true
	}
	return trimmed, false
}

// CategoryRank orders categories: the spec's five by priority, then custom
// ones, which all share the rank after the last spec category.
func CategoryRank(name string) int {
	canon, _ := NormalizeCategory(name)
	for i, p := range Priority {
		if p == canon {
			return i
		}
	}
	return len(Priority)
}
