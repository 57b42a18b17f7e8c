package learnings

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestIDScheme(t *testing.T) {
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:])[:7] }
	d := Parse([]byte("## Consolidated Learnings\n**User Corrections:**\n- Keep  IT\n\n## [2026-11-22 14:05 CET] - Focus here\n**Fresh Discoveries:**\n- Multi\n  line\n"))
	s := d.Sessions[0]
	if want := "s" + sum("2026-11-22 14:05 CET\x00Focus here"); s.ID != want {
		t.Errorf("session ID %s, want %s", s.ID, want)
	}
	ls := d.Learnings()
	if want := "l" + sum("keep it"); ls[0].ID != want {
		t.Errorf("consolidated learning ID %s, want %s", ls[0].ID, want)
	}
	if want := "l" + sum("multi line"); ls[1].ID != want {
		t.Errorf("session learning ID %s, want %s", ls[1].ID, want)
	}
	if got := LearningID("  MULTI\n\tline "); got != ls[1].ID {
		t.Errorf("LearningID = %s, want %s", got, ls[1].ID)
	}
	if got := SessionID(s.Stamp, s.Focus); got != s.ID {
		t.Errorf("SessionID = %s, want %s", got, s.ID)
	}
}

// TestIDsSurviveEdits checks that IDs depend on content, not position.
func TestIDsSurviveEdits(t *testing.T) {
	src := []byte("## Recent Sessions\n\n## [2026-11-22 10:00 CET] - S\n**User Corrections:**\n- a\n- b\n")
	d := Parse(src)
	out, err := d.Edit().InsertSession(newSession("New", "User Corrections|x")).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d2 := Parse(out)
	if d2.Sessions[1].ID != d.Sessions[0].ID {
		t.Errorf("session ID changed: %s -> %s", d.Sessions[0].ID, d2.Sessions[1].ID)
	}
	before, after := d.Learnings(), d2.Learnings()[1:]
	for i := range before {
		if before[i].ID != after[i].ID {
			t.Errorf("learning %q ID changed: %s -> %s", before[i].Text, before[i].ID, after[i].ID)
		}
	}
}

func TestFind(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "## [2026-11-22 10:00 CET] - Session %d\n- learning %d\n- dup\n- dup\n\n", i, i)
	}
	d := Parse([]byte(b.String()))
	s := d.Sessions[7]
	if got, err := d.FindSession(s.ID); err != nil || got != s {
		t.Errorf("FindSession(full) = %v, %v", got, err)
	}
	if got, err := d.FindSession(strings.ToUpper(s.ID[:6])); err != nil || got != s {
		t.Errorf("FindSession(prefix) = %v, %v", got, err)
	}
	if _, err := d.FindSession(s.ID[:3]); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "too short") {
		t.Errorf("short prefix: %v", err)
	}
	if _, err := d.FindSession("szzzzzz"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown: %v", err)
	}
	// With 300 sessions some 4-character prefixes are shared.
	counts := map[string]int{}
	for _, s := range d.Sessions {
		counts[s.ID[:4]]++
	}
	for prefix, n := range counts {
		if n < 2 {
			continue
		}
		_, err := d.FindSession(prefix)
		if !errors.Is(err, ErrAmbiguous) {
			t.Fatalf("ambiguous %s: %v", prefix, err)
		}
		for _, s := range d.Sessions {
			if strings.HasPrefix(s.ID, prefix) && !strings.Contains(err.Error(), s.ID) {
				t.Errorf("error %q does not list candidate %s", err, s.ID)
			}
		}
		break
	}
	var dups []*Learning
	for _, l := range d.Learnings() {
		if l.Text == "dup" {
			dups = append(dups, l)
		}
	}
	// Repeats are numbered from the end of the file up.
	last, l := dups[len(dups)-1], dups[len(dups)-2]
	if want := LearningID("dup"); last.ID != want {
		t.Fatalf("last copy's ID %s, want %s with no suffix", last.ID, want)
	}
	if l.ID != last.ID+"-2" {
		t.Fatalf("duplicate learning ID %s, want %s-2", l.ID, last.ID)
	}
	if got, err := d.FindLearning(l.ID); err != nil || got != l {
		t.Errorf("FindLearning(%s) = %v, %v", l.ID, got, err)
	}
	if got, err := d.FindLearning(last.ID); err != nil || got != last {
		t.Errorf("FindLearning(%s) = %v, %v (an exact ID wins over longer ones)", last.ID, got, err)
	}
}

// TestCopyNumbers checks the copy count behind "-2" IDs: in order, per ID,
// with a session ID never counted as a copy of a learning ID.
func TestCopyNumbers(t *testing.T) {
	for _, tt := range []struct {
		name     string
		ids      []string
		sessions int
		want     []uint32
	}{
		{"none", nil, 0, []uint32{}},
		{"distinct", []string{"l0000001", "l0000002", "lfffffff"}, 0, []uint32{1, 1, 1}},
		{"copies in order", []string{"labc1234", "l0000002", "labc1234", "labc1234", "l0000002"}, 0, []uint32{1, 1, 2, 3, 2}},
		{"session and learning alike", []string{"sabc1234", "sabc1234", "labc1234", "labc1234"}, 2, []uint32{1, 2, 1, 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := copyNumbers(hexKeys(tt.ids), tt.sessions)
			if !slices.Equal(got, tt.want) {
				t.Errorf("copyNumbers(%v) = %v, want %v", tt.ids, got, tt.want)
			}
		})
	}
}

// TestCopyNumbersMany holds copyNumbers to counting in a map over tables
// that fill up and wrap around: thousands of IDs, many repeated, some
// differing only in the session bit, and numbers near both ends of the range.
func TestCopyNumbersMany(t *testing.T) {
	for _, tt := range []struct {
		name            string
		count, distinct int
		sessions        int
	}{
		{"all distinct", 5000, 5000, 100},
		{"many copies", 5000, 300, 1000},
		{"one ID", 40, 1, 10},
		{"sessions only", 700, 50, 700},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tt.count), uint64(tt.distinct)))
			pool := []uint32{0, 0xfffffff, 1, 0xffffffe}
			for len(pool) < tt.distinct {
				pool = append(pool, rng.Uint32N(1<<28))
			}
			var ids []string
			seen := map[string]uint32{}
			want := make([]uint32, tt.count)
			for i := range tt.count {
				id := fmt.Sprintf("l%07x", pool[rng.IntN(tt.distinct)])
				ids = append(ids, id)
				key := fmt.Sprint(i < tt.sessions, id)
				seen[key]++
				want[i] = seen[key]
			}
			if got := copyNumbers(hexKeys(ids), tt.sessions); !slices.Equal(got, want) {
				t.Errorf("copyNumbers differs from counting in a map")
			}
		})
	}
}

// hexKeys are the numbers the IDs' seven hex digits spell.
func hexKeys(ids []string) []uint32 {
	keys := make([]uint32, len(ids))
	for i, id := range ids {
		k, err := strconv.ParseUint(id[1:], 16, 32)
		if err != nil {
			panic(err)
		}
		keys[i] = uint32(k)
	}
	return keys
}

// TestIDKeyAsHexDigits holds idKey and appendKeyHex to the first seven hex
// digits of SHA-256, as appendHashID writes them.
func TestIDKeyAsHexDigits(t *testing.T) {
	for i := range 2000 {
		b := []byte(fmt.Sprintf("text %d %x", i, i*i))
		if got, want := string(appendKeyHex([]byte("l"), idKey(b))), string(appendHashID(nil, "l", b)); got != want {
			t.Fatalf("idKey(%q) spells %s, want %s", b, got, want)
		}
	}
}

func FuzzIDKey(f *testing.F) {
	for _, s := range idTextCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := string(appendKeyHex([]byte("s"), idKey(b))), string(appendHashID(nil, "s", b)); got != want {
			t.Fatalf("idKey(%q) spells %s, want %s", b, got, want)
		}
	})
}
