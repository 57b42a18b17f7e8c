package similar

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/learn-memory/learn/internal/pairfile"
)

// everyPairSet lists every pair file under testdata, development and held
// out alike, so that a test of a code path's consistency (never of how
// well the decision does) reads a set the day it is added. A test that
// tunes or scores the decision must not use it on the held-out sets, and
// a test that uses it reports a held-out pair's failure through
// pairFailures, which counts it without showing it.
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

// pairFailures reports a check's failures on pairs: a development pair's
// as the test words it, a held-out pair's (pairfile.HeldOut) only as a
// count per set, so that a failing run shows nothing of a held-out pair.
type pairFailures struct {
	hidden map[string]int
}

// errorf reports a failure of p on t.
func (f *pairFailures) errorf(t testing.TB, p pair, format string, args ...any) {
	t.Helper()
	if pairfile.HeldOut(p.file) {
		if f.hidden == nil {
			f.hidden = map[string]int{}
		}
		f.hidden[p.file]++
		return
	}
	t.Errorf(format, args...)
}

// run runs check on p: in a subtest named name for a development pair, in
// t itself for a held-out one, whose label and line stay out of the
// subtests' names.
func (f *pairFailures) run(t *testing.T, p pair, check func(t *testing.T)) {
	t.Helper()
	if pairfile.HeldOut(p.file) {
		check(t)
		return
	}
	t.Run(fmt.Sprintf("%s/%d", p.kind, p.line), check)
}

// report fails t once per held-out set with failures, with their count.
func (f *pairFailures) report(t testing.TB) {
	t.Helper()
	files := make([]string, 0, len(f.hidden))
	for file := range f.hidden {
		files = append(files, file)
	}
	slices.Sort(files)
	for _, file := range files {
		t.Errorf("%s: %d failures on a held-out set's pairs (not shown: nobody reads them)", file, f.hidden[file])
	}
}

// recordingTB keeps what a test reports instead of failing.
type recordingTB struct {
	testing.TB
	errors []string
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestPairFailuresHideHeldOutPairs(t *testing.T) {
	const secret = "a held-out learning nobody reads"
	held := pair{kind: "DUPLICATE swap", stored: secret, cand: secret + " again", line: 7, file: "testdata/heldout2/pairs.txt"}
	dev := pair{kind: "same", stored: "run make gen first", cand: "run make gen before", line: 3, file: "testdata/heldout9/pairs.txt"}
	var r recordingTB
	var fails pairFailures
	fails.errorf(&r, held, "%s:%d: %s / %s", held.file, held.line, held.stored, held.cand)
	fails.errorf(&r, held, "%s:%d: %s / %s", held.file, held.line, held.cand, held.stored)
	fails.errorf(&r, dev, "%s:%d: %s", dev.file, dev.line, dev.stored)
	fails.report(&r)
	want := []string{
		"testdata/heldout9/pairs.txt:3: run make gen first",
		"testdata/heldout2/pairs.txt: 2 failures on a held-out set's pairs (not shown: nobody reads them)",
	}
	if !slices.Equal(r.errors, want) {
		t.Errorf("reported %q, want %q", r.errors, want)
	}
}
