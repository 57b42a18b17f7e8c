package similar

// PrepareKeyed is Prepare for a caller that only tells the same learning
// (SameIndex, Text.Same): it reads the canonical form and analysis key
// now and the features only when a comparison needs them, which for two
// texts with different keys it never does (TestKeyedTextsCompareAsPrepared
// holds every verdict to Prepare's). recall folds the few dozen learnings
// that fit its budget with it: their features were 0.6% of a 1 MB recall's
// instructions (default memory, 123.1 -> 122.3 M).
func PrepareKeyed(s string) *Text { return prepareKeyed(s) }
