package similar

import (
	"fmt"
	"slices"
	"testing"
)

// TestPrepareAnchoredAsPrepare holds what Index.PrepareInOrder reads of
// each text (prepareAnchored: the features, the anchors fill reads with
// the words, the key only when asked for) to Prepare and to the anchors
// of the tokens the tokenizer reads, on texts written as people and
// agents write learnings (anchorTexts). Each text is read twice, so that
// the second reading takes every word from the memo of words read
// before (termReadingMemo) and the first reads most of them fresh.
func TestPrepareAnchoredAsPrepare(t *testing.T) {
	texts := anchorTexts(t)
	first := make([]*Text, len(texts))
	for i, s := range texts {
		first[i] = prepareAnchored(s)
	}
	for i, s := range texts {
		want := Prepare(s)
		for _, got := range []*Text{first[i], prepareAnchored(s)} {
			if !got.f.inTextOrder || !sameFeatures(asFiled(got.f), want.f) {
				t.Fatalf("prepareAnchored(%q) features %s, Prepare's %s", s, featuresString(got.f), featuresString(want.f))
			}
			a := tokenAnchors(withoutLeadIn(s))
			if wantSum := anchorKey(a); got.anchors != wantSum || !got.hasAnchors {
				t.Fatalf("prepareAnchored(%q) anchors %x, the tokenizer's tokens %x (%d)\n%s", s, got.anchors, wantSum, a.n, anchorDiff(s))
			}
			if got.analysisKey() != want.analysisKey() {
				t.Fatalf("prepareAnchored(%q) key %q, Prepare's %q", s, got.analysisKey(), want.analysisKey())
			}
		}
	}
}

// TestSameKeyAsKeys holds sameKey, which tells texts apart by their
// anchors without their keys, to comparing the keys, on neighbouring
// texts of anchorTexts (the two texts of a pair, the learnings of one
// memory) and each text against the same text reworded in case.
func TestSameKeyAsKeys(t *testing.T) {
	texts := anchorTexts(t)
	prepared := make([]*Text, len(texts))
	for i, s := range texts {
		prepared[i] = prepareAnchored(s)
	}
	equal := 0
	for i := 1; i < len(texts); i++ {
		for _, pair := range [][2]*Text{{prepared[i-1], prepared[i]}, {prepared[i], prepareAnchored(texts[i] + " ")}} {
			a, b := pair[0], pair[1]
			want := a.analysisKey() == b.analysisKey()
			if want {
				equal++
			}
			if got := a.sameKey(b); got != want {
				t.Fatalf("sameKey(%q, %q) = %v, the keys say %v", a.src, b.src, got, want)
			}
		}
	}
	if equal < len(texts)/2 {
		t.Errorf("only %d pairs with the same key: the test compares too few", equal)
	}
}

// FuzzPrepareAnchored holds prepareAnchored to Prepare and the
// tokenizer's anchors on any text.
func FuzzPrepareAnchored(f *testing.F) {
	for _, s := range []string{"Run `make gen` before `go test`.", "Again: logs get shipped to S3; make sure CI is green",
		"Use --frozen-lockfile and the table-driven tests, 30s or 512mb", "Don't cache the user's tokens -> re-fetch",
		"Die Zeitüberschreitung beträgt 30 s.", "CPU at 95%, cache hits 80%-90% (p99 5%) in %TEMP%", "--the -- x1.5 v2.0.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := prepareAnchored(s), Prepare(s)
		if !got.f.inTextOrder || !sameFeatures(asFiled(got.f), want.f) {
			t.Fatalf("prepareAnchored(%q) features %s, Prepare's %s", s, featuresString(got.f), featuresString(want.f))
		}
		if a := anchorKey(tokenAnchors(withoutLeadIn(s))); got.anchors != a {
			t.Fatalf("prepareAnchored(%q) anchors %x, the tokenizer's tokens %x\n%s", s, got.anchors, a, anchorDiff(s))
		}
		if got.analysisKey() != want.analysisKey() {
			t.Fatalf("prepareAnchored(%q) key %q, Prepare's %q", s, got.analysisKey(), want.analysisKey())
		}
	})
}

// anchorKey is the sum prepareAnchored keeps of anchors a: 0 for none.
func anchorKey(a anchorTally) uint64 {
	switch {
	case a.n == 0:
		return 0
	case a.sum == 0:
		return 1
	}
	return a.sum
}

// asFiled is f, read by prepareAnchored with its terms in text order, as
// Index.file files it: each term once, and the weight summed over them.
func asFiled(f *features) *features {
	g := &features{canon: f.canon, terms: f.sortedTerms(), words: f.words, numbers: f.numbers, negated: f.negated}
	for _, term := range g.terms {
		g.weight += termWeight(term)
	}
	return g
}

func sameFeatures(a, b *features) bool {
	return a.canon == b.canon && slices.Equal(a.terms, b.terms) && slices.Equal(a.words, b.words) &&
		slices.Equal(a.numbers, b.numbers) && slices.Equal(a.negated, b.negated) && a.weight == b.weight
}

func featuresString(f *features) string {
	return fmt.Sprintf("%q %q %q %q %q %v", f.canon, f.terms, f.words, f.numbers, f.negated, f.weight)
}
