package similar

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// wideGrams is the trigrams of s as computeTrigrams read them before they
// were kept narrow: sorted, unique, 21 bits a rune.
func wideGrams(s string) []uint64 {
	var gs []uint64
	for _, w := range featuresOf(s).words {
		gs = appendTrigrams(gs, w)
	}
	slices.Sort(gs)
	return slices.Compact(gs)
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
			for _, x := range g.narrow {
				got = append(got, widen(x))
			}
			got = append(got, g.wide...)
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
		if n, sketch := featuresOf(a).gramSketch(); n != len(wa) || sketch != sketchOf(wa) {
			t.Fatalf("gramSketch(%q) = %d trigrams, want %d, or its sketch differs from theirs", a, n, len(wa))
		}
		var set gramSet
		set.distinct(featuresOf(b).words) // a used set gives the same
		if got := slices.Sorted(slices.Values(set.distinct(featuresOf(a).words))); !slices.Equal(got, wa) {
			t.Fatalf("distinct trigrams of %q = %x, want %x", a, got, wa)
		}
	})
}

// TestDistinctGrams checks the unsorted set of trigrams against the
// sorted one, on texts that repeat trigrams many times over, on texts
// long enough to grow the set's table, and on a short text after a long
// one (the set's memory reused).
func TestDistinctGrams(t *testing.T) {
	long := strings.Repeat("retries timeout backoff jitter 30s ", 200)
	// A pasted log, past longGramText, whose distinct trigrams grow the
	// table of distinctGrowing several times; and one that repeats a few
	// lines, whose table never grows.
	var log strings.Builder
	letters := []rune("abcdefghijklmnopqrstuvwxyzäöüßéèñçåøæœ")
	x := uint32(1)
	for i := range 4000 {
		fmt.Fprintf(&log, "2026-11-26T10:%02d:%02d worker-%d failed:", i/60%60, i%60, i%17)
		for range 3 {
			log.WriteByte(' ')
			for range 6 {
				x = x*1664525 + 1013904223
				log.WriteRune(letters[x>>16%uint32(len(letters))])
			}
		}
		log.WriteByte('\n')
	}
	repeated := strings.Repeat("ERROR sync: upstream closed the connection (EOF), retrying\n", 2000)
	tests := []string{
		"", "a", "ab", "Run make gen before go test",
		"aaaa aaaa aaaa aaaaaaaa", "go go go go go",
		long, long + " naïve café 日本語 ✅",
		"Ошибка при сборке: используйте go 1.22",
		log.String(), repeated, "Run make gen before go test",
	}
	var set gramSet
	for _, text := range tests {
		got := slices.Sorted(slices.Values(set.distinct(featuresOf(text).words)))
		if want := wideGrams(text); !slices.Equal(got, want) {
			t.Errorf("distinct trigrams of %.40q: %d, want %d (%x, want %x)", text, len(got), len(want), got, want)
		}
	}
}

// TestDiceBoundCountsEveryTrigram checks the population-count bound against
// testing each of the query's trigrams in the entry's sketch, on pairs of
// texts whose trigrams share sketch bits among themselves.
func TestDiceBoundCountsEveryTrigram(t *testing.T) {
	texts := corpus(t)[:300]
	var sc indexScratch
	collided := 0 // queries with a bit more than one trigram sets
	for i, a := range texts {
		ga := sc.grams.distinct(featuresOf(a).words)
		q := sc.querySketch(ga)
		if len(q.more) > 0 {
			collided++
		}
		for _, b := range texts[i%7 : i%7+40] {
			gb := wideGrams(b)
			sketch := sketchOf(gb)
			shared := 0
			for _, x := range ga {
				bit := sketchBit(x)
				shared += int(sketch[bit>>6] >> (bit & 63) & 1)
			}
			want := 0.0
			if len(ga)+len(gb) > 0 {
				want = 2 * float64(min(shared, len(gb))) / float64(len(ga)+len(gb))
			}
			if got := q.diceBound(len(gb), &sketch); got != want {
				t.Fatalf("diceBound(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
	if collided < 30 {
		t.Errorf("only %d of %d queries have a bit set twice: the test checks too little", collided, len(texts))
	}
}
