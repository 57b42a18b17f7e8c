package learnings

// Placeholders for comparison while canon.go is being built; deleted then.

// Canonical folds text for comparison.
func Canonical(s string) string { return s }

// Similarity scores two learnings from 0 (unrelated) to 1 (same words).
func Similarity(a, b string) float64 { return 0 }

// DuplicateThreshold is the Similarity at or above which two learnings are
// near duplicates.
const DuplicateThreshold = 0.7
