package similar

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestCompareScoreIsComparesScore holds CompareScore to Compare's Score on
// written pairs of every kind (the same learning, a rewording, an update,
// siblings, distinct, empty) and on the pairs of each generator's memory
// that share their anchors or sit side by side, prepared as lint prepares
// them (Index.PrepareInOrder) and as the other commands do (Prepare).
func TestCompareScoreIsComparesScore(t *testing.T) {
	written := [][2]string{
		{"Run `make gen` before `go test`.", "Run `make gen` before `go test`."},
		{"Run make gen before go test", "Before go test, run make gen"},
		{"Backoff must cap at 30 s", "Backoff must cap at 60 s"},
		{"Dogs are weighed at every visit", "Cats are weighed at every visit"},
		{"Tests must not hit the network", "Tests must not hit the filesystem"},
		{"You must restart the worker", "You may restart the worker"},
		{"Use jest for unit tests", "The deploy runs on Fridays"},
		{"", "Use jest"},
		{"...", "!!!"},
	}
	n := 0
	for _, p := range written {
		a, b := Prepare(p[0]), Prepare(p[1])
		if got, want := a.CompareScore(b), a.Compare(b).Score; got != want {
			t.Errorf("%q, %q: CompareScore %v, Compare's Score %v", p[0], p[1], got, want)
		}
		n++
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		// The bullets' first lines, as changesig_test reads them: this
		// package cannot parse a memory (learnings imports it).
		var ls []string
		for line := range strings.Lines(string(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 60 << 10, Mode: mode}))) {
			if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
				ls = append(ls, text)
			}
		}
		ix := NewIndex()
		texts := ix.PrepareInOrder(len(ls), func(i int) string { return ls[i] }, func(int, *Text) {})
		byAnchors := map[uint64]int{}
		for i, ti := range texts {
			pairs := []int{i - 1}
			if j, ok := byAnchors[ti.anchors]; ok {
				pairs = append(pairs, j)
			}
			byAnchors[ti.anchors] = i
			for _, j := range pairs {
				if j < 0 {
					continue
				}
				for _, tt := range [][2]*Text{{texts[j], ti}, {Prepare(ls[j]), Prepare(ls[i])}} {
					if got, want := tt[0].CompareScore(tt[1]), tt[0].Compare(tt[1]).Score; got != want {
						t.Errorf("%s: %q, %q: CompareScore %v, Compare's Score %v", mode, ls[j], ls[i], got, want)
					}
					n++
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d pairs compared", n)
	}
}
