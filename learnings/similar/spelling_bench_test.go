package similar

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
)

// BenchmarkAmericanOf reads every word of a generated 1 MB memory of long
// learnings through the British spelling rules; one op is one word.
func BenchmarkAmericanOf(b *testing.B) {
	ws := strings.Fields(strings.ToLower(string(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: "long"}))))
	lookup("")
	for i := 0; b.Loop(); i++ {
		americanOf(ws[i%len(ws)], noEntry)
	}
}
