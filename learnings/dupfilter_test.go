package learnings_test

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
)

// TestDupFilterNeverRulesOutADuplicate compares every candidate with every
// stored learning of a generated file, a third of the candidates being
// near duplicates, and checks the filter keeps every pair Similarity calls a
// duplicate.
func TestDupFilterNeverRulesOutADuplicate(t *testing.T) {
	src := memgen.Generate(7, 50_000)
	var stored []string
	for _, l := range learnings.Parse(src).Learnings() {
		stored = append(stored, l.Text)
	}
	cands, _ := learnings.ParseInput(memgen.Candidates(src, 7, 45))
	extra := []string{
		"Retries are capped at five; the gateway won't wait longer.",
		"Die Zeitüberschreitung beträgt 30 s.",
		"the a an",
	}
	stored = append(stored, "Retry is capped at five, the gateway will not wait longer.", "Die Zeitüberschreitung beträgt 30 s!")
	var texts []string
	for _, c := range cands {
		texts = append(texts, c.Text)
	}
	texts = append(texts, extra...)
	ruledOut, dups := 0, 0
	for _, c := range texts {
		f := learnings.NewDupFilter([]string{c})
		for _, s := range stored {
			may := f.MayMatch(s)
			if !may {
				ruledOut++
			}
			if learnings.Similarity(c, s) >= learnings.DuplicateThreshold {
				dups++
				if !may {
					t.Errorf("filter rules out a duplicate:\n  candidate %q\n  stored    %q", c, s)
				}
			}
		}
	}
	t.Logf("%d duplicates, %d of %d pairs ruled out", dups, ruledOut, len(texts)*len(stored))
	if dups == 0 || ruledOut < len(texts)*len(stored)/2 {
		t.Errorf("%d duplicates found, %d of %d pairs ruled out: the test or the filter is not doing its job", dups, ruledOut, len(texts)*len(stored))
	}
}

// TestDupFilterMatchesAgreesWithSimilarity checks that Matches reports
// exactly the pairs Similarity calls duplicates, with the same score, on a
// generated file whose candidates restate stored learnings, some with their
// numbers dropped or changed.
func TestDupFilterMatchesAgreesWithSimilarity(t *testing.T) {
	src := memgen.GenerateWith(memgen.Options{Seed: 9, Size: 40_000, DuplicateRate: 0.3})
	var stored []string
	for _, l := range learnings.Parse(src).Learnings() {
		stored = append(stored, l.Text)
	}
	cands, _ := learnings.ParseInput(memgen.Candidates(src, 9, 60))
	var texts []string
	for i, c := range cands {
		text := c.Text
		switch i % 4 {
		case 1:
			text = strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return -1
				}
				return r
			}, text)
		case 2:
			text = strings.ReplaceAll(text, "1", "7")
		}
		texts = append(texts, text)
	}
	// Folding turns fullwidth letters and digits, ligatures, "ß" and the
	// Kelvin sign into ASCII: the filter must see the folded text.
	texts = append(texts, "the a an", "", "Die Zeitüberschreitung beträgt 30 s.",
		"Cap the backoff at 30 s for the sync client.", "Keep the Strasse table in the profile file.",
		"Set the oven probe to 300 K in the thermal tests.", "Σ of retries is logged by the retry policy.")
	stored = append(stored, "Die Zeitüberschreitung beträgt 30 s!", "The A an",
		"Ｃａｐ the backoff at ３０ s for the sync client", "Keep the STRAßE table in the proﬁle ﬁle.",
		"Set the oven probe to 300 \u212a in the thermal tests", "σ of retries is logged by the retry policy!")
	f := learnings.NewDupFilter(texts)
	dups := 0
	for _, s := range stored {
		got := map[int]float64{}
		f.Matches(s, func(c int, score float64) { got[c] = score })
		for c, text := range texts {
			want, ok := learnings.Similarity(text, s), false
			ok = want >= learnings.DuplicateThreshold && learnings.Canonical(text) != ""
			if ok {
				dups++
			}
			if score, found := got[c]; found != ok || found && score != want {
				t.Errorf("Matches(%q) for candidate %q: %v %.4f, want %v %.4f", s, text, found, score, ok, want)
			}
		}
	}
	if dups < 10 {
		t.Errorf("only %d duplicate pairs: the test is not exercising the filter", dups)
	}
}
