package similar

import (
	"slices"
	"testing"
)

// wideGrams is the trigrams of s as computeTrigrams read them before they
// were kept narrow: sorted, unique, 21 bits a rune.
func wideGrams(s string) []uint64 {
	var gs []uint64
	for _, w := range featuresOf(s).words {
		gs = appendTrigrams(gs, w)
	}
	return sortUnique(gs)
}

func TestGramsKeepTheTrigrams(t *testing.T) {
	tests := []struct {
		text   string
		narrow bool
	}{
		{"Run make gen before go test", true},
		{"Die Zeitüberschreitung beträgt 30 s; naïve café", true},
		{"λ functions cold-start in ~200 ms", true},
		{"Ошибка при сборке: используйте go 1.22", false}, // Cyrillic is above 1024
		{"日本語のドキュメントは docs/ja にある", false},
		{"Deploy only after ✅ from CI 🚀", true}, // marks, not words
		{"הודעות שגיאה go vet", false},
		{"", true},
		{"---", true},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			want := wideGrams(tt.text)
			g := featuresOf(tt.text).trigrams()
			if narrow := g.wide == nil; narrow != tt.narrow {
				t.Errorf("kept narrow = %v, want %v", narrow, tt.narrow)
			}
			var got []uint64
			g.each(func(x uint64) { got = append(got, x) })
			if !slices.Equal(got, want) || g.len() != len(want) {
				t.Errorf("trigrams = %x (len %d), want %x", got, g.len(), want)
			}
		})
	}
}

// FuzzGramDice checks that the trigram overlap of two texts, each kept
// narrow or wide, is the overlap of their trigrams as read.
func FuzzGramDice(f *testing.F) {
	f.Add("Frontend tests run with jest", "Frontend tests run with vitest")
	f.Add("naïve café über", "日本語 café")
	f.Add("🚀 deploy", "deploy ✅")
	f.Fuzz(func(t *testing.T, a, b string) {
		ga, gb := featuresOf(a).trigrams(), featuresOf(b).trigrams()
		wa, wb := wideGrams(a), wideGrams(b)
		if got, want := sharedGrams(ga, gb), intersect(wa, wb); got != want {
			t.Fatalf("sharedGrams(%q, %q) = %d, want %d", a, b, got, want)
		}
		want := 0.0
		if len(wa)+len(wb) > 0 {
			want = 2 * float64(intersect(wa, wb)) / float64(len(wa)+len(wb))
		}
		if got := gramDice(ga, gb); got != want {
			t.Fatalf("gramDice(%q, %q) = %v, want %v", a, b, got, want)
		}
		if sketchOf(ga) != sketchOfWide(wa) {
			t.Fatalf("sketch of %q differs from its trigrams'", a)
		}
	})
}

func sketchOfWide(gs []uint64) gramSketch {
	var s gramSketch
	for _, g := range gs {
		b := sketchBit(g)
		s[b>>6] |= 1 << (b & 63)
	}
	return s
}

// TestDiceBoundCountsEveryTrigram checks the population-count bound against
// testing each of the query's trigrams in the entry's sketch, on pairs of
// texts whose trigrams share sketch bits among themselves.
func TestDiceBoundCountsEveryTrigram(t *testing.T) {
	texts := corpus(t)[:300]
	var sc indexScratch
	collided := 0 // queries with a bit more than one trigram sets
	for i, a := range texts {
		ga := featuresOf(a).trigrams()
		q := sc.querySketch(ga)
		if len(q.extra) > 0 {
			collided++
		}
		for _, b := range texts[i%7 : i%7+40] {
			gb := featuresOf(b).trigrams()
			sketch := sketchOf(gb)
			shared := 0
			ga.each(func(x uint64) {
				bit := sketchBit(x)
				shared += int(sketch[bit>>6] >> (bit & 63) & 1)
			})
			want := 0.0
			if ga.len()+gb.len() > 0 {
				want = 2 * float64(min(shared, gb.len())) / float64(ga.len()+gb.len())
			}
			if got := q.diceBound(gb.len(), &sketch); got != want {
				t.Fatalf("diceBound(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
	if collided < 30 {
		t.Errorf("only %d of %d queries have a bit set twice: the test checks too little", collided, len(texts))
	}
}
