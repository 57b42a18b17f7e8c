package udiff

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mapOnlyLineOps is lineOps as it was before tooCostly: it always counts
// every line to decide between a minimal diff and a block replacement.
// The tests hold lineOps to it.
func mapOnlyLineOps(old, new string) []op {
	a, b := splitLines(old), splitLines(new)
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	midA, midB := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if int64(len(midA)+len(midB))*int64(distanceLowerBound(midA, midB)) > maxCost {
		var ops []op
		o, n := 0, 0
		push := func(k kind, line string) {
			ops = append(ops, op{k, line, o, n})
			if k != insert {
				o++
			}
			if k != delete {
				n++
			}
		}
		for _, l := range a[:pre] {
			push(equal, l)
		}
		for _, l := range midA {
			push(delete, l)
		}
		for _, l := range midB {
			push(insert, l)
		}
		for _, l := range a[len(a)-suf:] {
			push(equal, l)
		}
		return ops
	}
	// Below the bound both take the same minimal-diff path.
	return lineOps(old, new)
}

func TestLineOpsMatchesMapOnly(t *testing.T) {
	lines := func(prefix string, n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(prefix)
			b.WriteString(strings.Repeat("x", i%7))
			b.WriteString("\n")
		}
		return b.String()
	}
	distinct := func(prefix string, n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(prefix)
			b.WriteString(strings.Repeat("y", i%13))
			b.WriteString(string(rune('a' + i%26)))
			b.WriteString("\n")
		}
		return b.String()
	}
	big := distinct("line ", 12000)
	tests := []struct {
		name     string
		old, new string
	}{
		{"both empty", "", ""},
		{"empty to one line", "", "a\n"},
		{"one line to empty", "a\n", ""},
		{"no final newline", "a\nb", "a\nc"},
		{"final newline added", "a\nb", "a\nb\n"},
		{"crlf", "a\r\nb\r\n", "a\r\nc\r\n"},
		{"crlf to lf", "a\r\nb\r\n", "a\nb\n"},
		{"repeated lines", "x\nx\nx\n", "x\nx\n"},
		{"change at start", "a\nb\nc\n", "z\nb\nc\n"},
		{"change at end", "a\nb\nc\n", "a\nb\nz\n"},
		{"change everywhere", "a\nb\nc\n", "x\ny\nz\n"},
		// Line counts far apart: tooCostly decides by them alone.
		{"big file shrinks to a little", big, "head\n"},
		{"little file grows big", "head\n", big},
		{"big file loses a third", big, big[:len(big)/3]},
		{"big file rewritten shorter", big, distinct("other ", 8000)},
		// Counts close, lines differ: the map decides.
		{"big file rewritten same length", big, distinct("other ", 12000)},
		{"big file with repeats rewritten", lines("r", 12000), lines("s", 11990)},
		{"big file moved block", big, big[len(big)/2:] + big[:len(big)/2]},
		{"big file one line changed", big, strings.Replace(big, "line a\n", "line A\n", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(mapOnlyLineOps(tt.old, tt.new), lineOps(tt.old, tt.new), cmp.AllowUnexported(op{})); diff != "" {
				t.Errorf("lineOps differs from the map-only decision (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTooCostlyMatchesCount holds the shortcut to what it stands for: the
// line counts settle tooCostly only where counting the lines agrees.
func TestTooCostlyMatchesCount(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for range 200 {
		n, m := rng.Intn(9000), rng.Intn(9000)
		a, b := make([]string, n), make([]string, m)
		vocab := 1 + rng.Intn(50)
		for i := range a {
			a[i] = string(rune('a' + rng.Intn(vocab)))
		}
		for i := range b {
			b[i] = string(rune('a' + rng.Intn(vocab)))
		}
		want := int64(n+m)*int64(distanceLowerBound(a, b)) > maxCost
		if got := tooCostly(a, b); got != want {
			t.Fatalf("tooCostly(%d lines, %d lines) = %v, counting says %v", n, m, got, want)
		}
	}
}

func FuzzLineOpsMatchesMapOnly(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\n", uint16(0), uint16(0))
	f.Add("", "x", uint16(3000), uint16(10))
	f.Add("a\r\nb", "b\r\na", uint16(10), uint16(9000))
	f.Fuzz(func(t *testing.T, old, new string, repeatOld, repeatNew uint16) {
		// Repeating the inputs reaches the sizes where maxCost matters.
		o := strings.Repeat(old, int(repeatOld%10000)+1)
		n := strings.Repeat(new, int(repeatNew%10000)+1)
		if diff := cmp.Diff(mapOnlyLineOps(o, n), lineOps(o, n), cmp.AllowUnexported(op{})); diff != "" {
			t.Errorf("lineOps differs from the map-only decision (-want +got):\n%s", diff)
		}
	})
}
