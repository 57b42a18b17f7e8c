package similar

import (
	"strings"
	"testing"
)

// TestFieldTableAsMap holds a fieldTable to a map of the same fields:
// fields of every length around the eight bytes a slot packs, ones that
// differ only in a trailing NUL byte or in length, enough of them to grow
// the table many times and to reach maxMemoFields, after which it adds
// nothing.
func TestFieldTableAsMap(t *testing.T) {
	fields := []string{"a", "an", "the", "of", "to", "is", "30s", "1m,", `"db"`, "retry,", "timeout.", "API_KEY",
		"go.mod", "internal/cmd", "learn-memory", "don't", "café", "東京", "✅", "\x00", "a\x00", "\x00a", "ab\x00\x00",
		"abcdefgh", "abcdefghi", "abcdefgh\x00", "\x00\x00\x00\x00\x00\x00\x00\x00"}
	// Fields as memories hold them: words, and words with a number.
	for i := range 3 * maxMemoFields / 2 {
		w := []byte{byte('a' + i%26), byte('a' + i/26%26), byte('a' + i/676%26)}
		fields = append(fields, string(w)+strings.Repeat("x", i%11), string(w)+"-"+string(rune('0'+i%10)))
	}
	for _, tc := range []struct {
		name  string
		start int
	}{
		{"from the start", 0},
		{"long ones first", 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			table, want := newFieldTable[int](maxMemoFields), map[string]int{}
			order := append(append([]string{}, fields[tc.start:]...), fields[:tc.start]...)
			for i, f := range order {
				if _, ok := table.get(f); ok != (want[f] != 0) {
					t.Fatalf("get(%q) before adding it: found %v, want %v", f, ok, want[f] != 0)
				}
				table.put(f, i+1)
				if _, ok := want[f]; !ok && len(want) < maxMemoFields {
					want[f] = i + 1
				}
			}
			for _, f := range order {
				got, ok := table.get(f)
				if ok != (want[f] != 0) || got != want[f] {
					t.Errorf("get(%q) = %d %v, want %d %v", f, got, ok, want[f], want[f] != 0)
				}
			}
			if table.n != len(want) || len(want) != maxMemoFields {
				t.Errorf("table holds %d fields, map %d, want both %d", table.n, len(want), maxMemoFields)
			}
		})
	}
}

// TestFieldTableEmptyField holds a fieldTable to a map for the empty
// field, whose packed slot would read as a free one: it is found once
// added, and added once, taking one place of limit as a map's key does.
func TestFieldTableEmptyField(t *testing.T) {
	table := newFieldTable[int](3)
	for i, f := range []string{"", "\x00", "", "a", "b"} {
		table.put(f, i+1)
	}
	for _, tc := range []struct {
		field string
		want  int
	}{{"", 1}, {"\x00", 2}, {"a", 4}, {"b", 0}} {
		if got, ok := table.get(tc.field); got != tc.want || ok != (tc.want != 0) {
			t.Errorf("get(%q) = %d %v, want %d", tc.field, got, ok, tc.want)
		}
	}
}
