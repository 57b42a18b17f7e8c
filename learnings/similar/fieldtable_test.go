package similar

import (
	"strings"
	"testing"
	"unsafe"
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

// TestMemosKeepNoText holds the memos a worker keeps across texts, and a
// server across requests (fieldMemos, anchorMemos, termMemos and
// termReadings), to keys and values of their own: none points into a text
// read through them, so that a memo taken from its pool by a later
// request does not hold the texts of an earlier one, which may be a
// memory file since rewritten. Each text is read as anchorsAndShare reads
// it, field by field (memoText), through memos filled by every text
// before it.
func TestMemosKeepNoText(t *testing.T) {
	texts := anchorTexts(t)
	// The texts are parts of one string, so that "points into a text" is
	// one test of an address.
	all := strings.Join(texts, "\n")
	inText := func(s string) bool {
		if s == "" {
			return false
		}
		p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(all)))
		return lo <= p && p < lo+uintptr(len(all))
	}
	stops, lex := anchorStops(), lexicon()
	words, fields, terms := newFieldTable[anchorTally](maxMemoWords), newFieldTable[fieldAnchors](maxMemoFields), newTermMemo()
	readings := newTermReadingMemo()
	for at := 0; at < len(all); {
		s := all[at:]
		if n := len(texts[0]); n < len(s) {
			s = s[:n]
		}
		texts = texts[1:]
		at += len(s) + 1
		var a anchorTally
		a.memoText(stops, words, fields, s)
		if asciiPrefix(s, 0) == len(s) {
			eachASCIIToken(s, func(w string) bool {
				base, not := expandContraction(w)
				terms.read(lex, base)
				terms.read(lex, not)
				if lx := lex.lookup(base); base != "" && !lx.negationTerm {
					readings.read(lex, base, lx)
				}
				return true
			})
		}
	}
	for _, tc := range []struct {
		name string
		long map[string]int32
	}{
		{"fields", fields.long},
		{"words", words.long},
		{"terms", terms.long},
		{"readings", readings.long},
	} {
		kept := 0
		for k := range tc.long {
			if inText(k) {
				kept++
			}
		}
		if kept > 0 || len(tc.long) == 0 {
			t.Errorf("the memo of %s keys %d long ones, %d of them pointing into the texts read", tc.name, len(tc.long), kept)
		}
	}
	kept := 0
	for i := range terms.n {
		r := terms.val(int32(i))
		if inText(r.word) || inText(r.term) {
			kept++
		}
	}
	if kept > 0 || terms.n == 0 {
		t.Errorf("the memo of terms holds %d words, %d of them read as a word or a term pointing into the texts read", terms.n, kept)
	}
	kept = 0
	for i := range readings.n {
		r := *readings.val(int32(i))
		if inText(r.word) || inText(r.stem) || inText(r.us) || inText(r.term) {
			kept++
		}
	}
	if kept > 0 || readings.n == 0 {
		t.Errorf("the memo of readings holds %d words, %d of them read as a word pointing into the texts read", readings.n, kept)
	}
}
