package reliability

import (
	"math/rand/v2"
	"strings"
)

var (
	onsets = []string{"b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "gl", "st", "tr"}
	vowels = []string{"a", "e", "i", "o", "u"}
)

// distinctLearnings returns n learnings made of invented words, so no two
// are near duplicates of each other or of anything a generated file holds,
// and none looks like a secret or an ephemeral note.
func distinctLearnings(rng *rand.Rand, n int) []string {
	used := make(map[string]bool)
	word := func() string {
		for {
			var b strings.Builder
			for range 3 {
				b.WriteString(onsets[rng.IntN(len(onsets))])
				b.WriteString(vowels[rng.IntN(len(vowels))])
			}
			w := b.String()
			if !used[w] {
				used[w] = true
				return w
			}
		}
	}
	out := make([]string, n)
	for i := range out {
		w := [6]string{word(), word(), word(), word(), word(), word()}
		out[i] = strings.ToUpper(w[0][:1]) + w[0][1:] + " needs " + w[1] + " before " + w[2] +
			"; " + w[3] + " caches " + w[4] + " per " + w[5] + " request."
	}
	return out
}

// categories are the spec's five, used round-robin so stores exercise all.
var categories = []string{
	"User Corrections",
	"New Requirements",
	"Updated Conventions",
	"Fresh Discoveries",
	"Preference Clarifications",
}
