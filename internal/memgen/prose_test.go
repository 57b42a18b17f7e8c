package memgen

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
)

// TestProse checks the prose generator makes what bench/README.md says:
// the same bytes for a seed, the size asked for, a file the reader takes
// without problems, learnings of real English from the corpus with paths
// and code spans, few repeats, and sessions of very different sizes.
func TestProse(t *testing.T) {
	const size = 512 << 10
	src := GenerateWith(Options{Seed: 3, Size: size, Mode: "prose"})
	if string(src) != string(GenerateWith(Options{Seed: 3, Size: size, Mode: "prose"})) {
		t.Fatal("same seed gave different bytes")
	}
	if string(src) == string(GenerateWith(Options{Seed: 4, Size: size, Mode: "prose"})) {
		t.Fatal("different seeds gave the same bytes")
	}
	if diff := float64(len(src)-size) / size; diff > 0.05 || diff < -0.05 {
		t.Errorf("%d bytes, off by %.1f%%", len(src), diff*100)
	}
	if !utf8.Valid(src) {
		t.Error("not valid UTF-8")
	}
	doc := learnings.Parse(src)
	for _, p := range doc.Problems {
		t.Errorf("reader problem: %v", p)
	}
	all := doc.Learnings()
	seen := map[string]bool{}
	dups, spans, paths, words := 0, 0, 0, map[string]bool{}
	for _, l := range all {
		if seen[l.Text] {
			dups++
		}
		seen[l.Text] = true
		if strings.Count(l.Text, "`") >= 2 {
			spans++
		}
		if strings.Contains(l.Text, ".go`") || strings.Contains(l.Text, ".go:") {
			paths++
		}
		for _, w := range strings.Fields(strings.ToLower(l.Text)) {
			words[strings.Trim(w, ".,;:()`'\"")] = true
		}
	}
	if rate := float64(dups) / float64(len(all)); rate > 0.01 {
		t.Errorf("%d of %d learnings repeat an earlier one exactly", dups, len(all))
	}
	if spans < len(all)/3 || paths < len(all)/5 {
		t.Errorf("%d with a code span, %d with a path, of %d learnings", spans, paths, len(all))
	}
	if len(words) < 4000 {
		t.Errorf("%d distinct words, want the vocabulary of real text", len(words))
	}
	per := map[*learnings.Session]int{}
	for _, l := range all {
		if l.Session != nil {
			per[l.Session]++
		}
	}
	single, big := 0, 0
	for _, n := range per {
		switch {
		case n == 1:
			single++
		case n >= 9:
			big++
		}
	}
	if single < len(doc.Sessions)/5 || big == 0 {
		t.Errorf("%d sessions with one learning and %d with nine or more, of %d", single, big, len(doc.Sessions))
	}
	t.Logf("%d sessions (%d with one learning, %d with nine or more), %d learnings, %d exact repeats, %d distinct words", len(doc.Sessions), single, big, len(all), dups, len(words))
}
