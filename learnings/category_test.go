package learnings

import (
	"strings"
	"testing"
	"unicode"
)

func TestSuggestCategory(t *testing.T) {
	near := map[string]string{
		"User Corections":            "User Corrections",
		"User Correctons":            "User Corrections",
		"User Corretions":            "User Corrections",
		"Usr Corrections":            "User Corrections",
		"User Corrrections":          "User Corrections",
		"User Corrections's":         "User Corrections",
		"Uesr Corrections":           "User Corrections",
		"user corectons":             "User Corrections",
		"USER CORECTIONS":            "User Corrections",
		"User-Corrections":           "User Corrections",
		"UserCorrections":            "User Corrections",
		"User Corrcetions":           "User Corrections",
		"New Requirments":            "New Requirements",
		"New Requirenments":          "New Requirements",
		"New Requirement's":          "New Requirements",
		"New Reqirements":            "New Requirements",
		"new requriements":           "New Requirements",
		"Updated Convention's":       "Updated Conventions",
		"Updated Convetions":         "Updated Conventions",
		"Upated Conventions":         "Updated Conventions",
		"Update Conventions":         "Updated Conventions",
		"Updated Conventiosn":        "Updated Conventions",
		"Fresh Discoverys":           "Fresh Discoveries",
		"Fresh Discovery's":          "Fresh Discoveries",
		"Fresh Dicoveries":           "Fresh Discoveries",
		"Fresh Discoveires":          "Fresh Discoveries",
		"Fresh Discoveris":           "Fresh Discoveries",
		"Frsh Discoveries":           "Fresh Discoveries",
		"Preference Clarifcations":   "Preference Clarifications",
		"Prefrence Clarifications":   "Preference Clarifications",
		"Preferences Clarifications": "Preference Clarifications",
		"Preference Clarification's": "Preference Clarifications",
		"Preferance Clarifications":  "Preference Clarifications",
		"Preference Clarrifications": "Preference Clarifications",
		"Preference Calrifications":  "Preference Clarifications",
	}
	for label, want := range near {
		t.Run(label, func(t *testing.T) {
			got, ok := SuggestCategory(label)
			if !ok || got != want {
				t.Errorf("SuggestCategory(%q) = %q, %v; want %q", label, got, ok, want)
			}
		})
	}
	custom := []string{
		"User Corrections", "user corrections", "Fresh Discovery", "Preferences", "Conventions",
		"Security Notes", "Gotchas", "User Concerns", "User Directions", "New Features",
		"New Regressions", "Fresh Directions", "Updated Dependencies",
		"Performance Notes", "Preference Notes", "Feature Discoveries", "User Questions",
		"Open Questions", "Build Notes", "Testing", "Deployment", "API Quirks",
		"Useful Commands", "Unresolved Questions", "Refactoring Ideas", "Fresh Deliveries",
		"New Experiments", "Updated Configurations", "Product Clarifications", "Team Conventions",
		"Known Issues", "Architecture Decisions", "Tooling",
	}
	for _, label := range custom {
		t.Run(label, func(t *testing.T) {
			if got, ok := SuggestCategory(label); ok {
				t.Errorf("SuggestCategory(%q) = %q; want no suggestion", label, got)
			}
		})
	}
}

// normalizeCategoryPlain is NormalizeCategory written the plain way:
// every label folded in full through the strings package.
func normalizeCategoryPlain(label string) (string, bool) {
	trimmed := strings.TrimFunc(label, func(r rune) bool {
		return unicode.IsSpace(r) || r == '*' || r == '_' || r == ':' || r == '#'
	})
	if canon, ok := categoryAliases[strings.ToLower(strings.Join(strings.Fields(trimmed), " "))]; ok {
		return canon, true
	}
	return trimmed, false
}

// categoryLabels are labels as files and models write them: every alias
// cased and spaced several ways, with the marks trimmed around it, inside
// longer text, beside bytes outside ASCII, as session headers and
// headings of every length around aliasKeyMax.
func categoryLabels() []string {
	labels := []string{"", " ", "**", "#", "Learnings", "General", "Security Notes", "2FA notes", "User-Corrections",
		"UserCorrections", "user_corrections", "User Corrections 2", "[2026-11-01 18:00 UTC] - Release prep for the migration runner",
		"[2026-11-01 18:00 UTC] - Release prep for the migration runner of the very long focus that goes on and on",
		"2026-11-22 14:05 CET - Same", "### 2025-12-21 | workflow | FAIL", "Fixed the flaky login test in CI.",
		"User\u00a0Corrections", "User\u2028Corrections", "User Corrections\u00a0", "\u00a0Fresh Discoveries", "Fresh Discoveries é",
		"é Fresh Discoveries", "Fresh-Discoveries é", "[é] Fresh Discoveries", "\u212aelvin notes", "Pr\u00e9f\u00e9rences",
		"Preferences [x]", "abcdefghijklmnopqrstuvwxyzabcdef", "abcdefghijklmnopqrstuvwxyzabcdefg", "abcdefghijklmnopqrstuvwxyzabcdefg é",
		strings.Repeat("a", 64), strings.Repeat("a ", 40), "user" + strings.Repeat(" ", 60) + "corrections",
		"user" + strings.Repeat("\t", 60) + "corrections", "\tPREFERENCES:\t", "workflow   preferences", "Workflow Preferences!"}
	for alias := range categoryAliases {
		words := strings.Fields(alias)
		labels = append(labels, alias, strings.ToUpper(alias), strings.ToUpper(alias[:1])+alias[1:], "**"+alias+":**", "## "+alias, "_"+alias+"_",
			strings.Join(words, "   "), strings.Join(words, "\t"), strings.Join(words, "\u00a0"), alias+" notes", "[x] "+alias,
			alias+"é", strings.Join(words, "-"), " :"+strings.ToUpper(alias)+": ")
	}
	return labels
}

// TestNormalizeCategoryAsPlain holds NormalizeCategory, whose fold stops
// where a label can no longer be an alias, to the plain full fold on
// categoryLabels, and holds every alias to what that stop assumes: letters
// and single spaces, no longer than aliasKeyMax.
func TestNormalizeCategoryAsPlain(t *testing.T) {
	for alias := range categoryAliases {
		if len(alias) > aliasKeyMax || strings.Trim(alias, "abcdefghijklmnopqrstuvwxyz ") != "" || strings.Contains(alias, "  ") {
			t.Errorf("alias %q is not lower-case letters and single spaces within aliasKeyMax (%d): asciiKey would miss it", alias, aliasKeyMax)
		}
	}
	for _, label := range categoryLabels() {
		name, known := NormalizeCategory(label)
		wantName, wantKnown := normalizeCategoryPlain(label)
		if name != wantName || known != wantKnown {
			t.Errorf("NormalizeCategory(%q) = %q, %v; want %q, %v", label, name, known, wantName, wantKnown)
		}
	}
}

// FuzzNormalizeCategory holds NormalizeCategory to the plain full fold on
// any label.
func FuzzNormalizeCategory(f *testing.F) {
	for _, label := range categoryLabels() {
		f.Add(label)
	}
	f.Fuzz(func(t *testing.T, label string) {
		name, known := NormalizeCategory(label)
		wantName, wantKnown := normalizeCategoryPlain(label)
		if name != wantName || known != wantKnown {
			t.Errorf("NormalizeCategory(%q) = %q, %v; want %q, %v", label, name, known, wantName, wantKnown)
		}
	})
}
