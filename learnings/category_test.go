package learnings

import "testing"

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
