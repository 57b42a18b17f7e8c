package similar

import (
	"path/filepath"
	"testing"
)

// everyPairSet lists every pair file under testdata, development and held
// out alike, so that a test of a code path's consistency (never of how
// well the decision does) reads a set the day it is added. A test that
// tunes or scores the decision must not use it on the held-out sets.
func everyPairSet(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"testdata/*.txt", "testdata/heldout*/pairs.txt"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("found %d pair files under testdata, want the test sets", len(files))
	}
	return files
}
