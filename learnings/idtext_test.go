package learnings

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
)

// idTextByRune is what appendIDText must append, written the plain way: a
// rune at a time, white space runs as one space between words.
func idTextByRune(buf []byte, text string) []byte {
	space, started := false, false
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		if unicode.IsSpace(r) {
			space = started
			continue
		}
		if space {
			buf = append(buf, ' ')
			space = false
		}
		started = true
		buf = utf8.AppendRune(buf, unicode.ToLower(r))
	}
	return buf
}

// idTextCases are texts whose white space, case and bytes sit where the
// eight-byte step of appendIDText starts, ends or gives up.
var idTextCases = []string{
	"", " ", "        ", "                 ", "a", "A", "ABCDEFGH", "abcdefgh", "abcdefghi", "ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{",
	"Run `make gen` before `go test`; generated files are not committed.",
	"  leading and trailing  ", "word        word", "seven.. X", "1234567 1234567 ", " 1234567", "1234567  x",
	"tab\there", "line\nbreak\r\nand\vform\ffeed", "\t\t\tindented\n\n", "end with space ", "end with spaces  ",
	"control \x01\x02\x1f bytes \x7f del", "@[\\]^_`{|}~ punctuation AZaz", "Ça casse les accents: ÉTÉ, Straße, ΣΊΣΥΦΟΣ",
	"日本語のテキスト　全角スペース　です", "«µ¶·\u0085¸»×÷ÀÞßÿ\u00a0漢字\u3000かな\u3001ー龍\xe3\x80", "nbsp\u00a0here\u00a0\u00a0twice", "nel\u0085line sep\u2028para\u2029end",
	"invalid \xff\xfe bytes \xc3 cut", "\xe2\x80", "ASCII then ünïcödé then ASCII AGAIN", "İstanbul ǅ ǈ",
	"MixedCASE12345678MixedCASE12345678 ", "a b c d e f g h i j k l m n o p", "ab  cd  ef  gh  ij",
	"- [x] `Exporter.Push` (see https://EXAMPLE.com/Path?Q=1)", "```go\nfunc F() {\n\treturn\n}\n```",
}

// TestIDTextAgreesByRune holds appendIDText to the plain rune loop on
// tricky texts, every learning of every generator's memory and of the
// corpus files, each also behind a prefix as legacy IDs write it.
func TestIDTextAgreesByRune(t *testing.T) {
	texts := append([]string{}, idTextCases...)
	for i := range 64 {
		// Every alignment of a space run and an upper-case letter
		// against the eight-byte step.
		texts = append(texts, strings.Repeat("x", i%9)+strings.Repeat(" ", i/9)+"Y z", strings.Repeat("é", i%5)+strings.Repeat("Ab ", i))
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 256 << 10, Mode: mode})
		for _, l := range parse(src, true).Learnings() {
			texts = append(texts, l.Text, l.Content())
		}
	}
	files, _ := filepath.Glob("testdata/corpus/*.md")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range parse(src, true).Learnings() {
			texts = append(texts, l.Text)
		}
		texts = append(texts, string(src))
	}
	for _, text := range texts {
		for _, prefix := range []string{"", "s1234567\x00User Corrections\x00", " "} {
			got := string(appendIDText([]byte(prefix), text))
			if want := string(idTextByRune([]byte(prefix), text)); got != want {
				t.Fatalf("appendIDText(%q, %q)\n got %q\nwant %q", prefix, text, got, want)
			}
		}
	}
}

func FuzzIDText(f *testing.F) {
	for _, s := range idTextCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := string(appendIDText(nil, text)), string(idTextByRune(nil, text)); got != want {
			t.Fatalf("appendIDText(%q) = %q, want %q", text, got, want)
		}
	})
}

// BenchmarkIDs measures working out every ID of a parsed 1 MB memory
// (texts folded, hashed, copies numbered) on every generator.
func BenchmarkIDs(b *testing.B) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: mode})
		d := parse(src, true)
		b.Run(cmp.Or(mode, "default"), func(b *testing.B) {
			loop(b, src, func() { assignIDs(d) })
		})
	}
}

// referenceIDs works out the IDs of d's sessions and learnings the plain
// way the package docs give them: hex digits of SHA-256, copies counted in
// a map from the end of the file up, sessions apart from learnings.
func referenceIDs(d *Document) (sessions, learnings []string) {
	hash := func(prefix string, b []byte) string {
		sum := sha256.Sum256(b)
		return prefix + hex.EncodeToString(sum[:])[:idHexDigits]
	}
	number := func(ids []string) []string {
		seen := map[string]int{}
		out := make([]string, len(ids))
		for i := len(ids) - 1; i >= 0; i-- {
			seen[ids[i]]++
			out[i] = ids[i]
			if n := seen[ids[i]]; n > 1 {
				out[i] += fmt.Sprintf("-%d", n)
			}
		}
		return out
	}
	for _, s := range d.Sessions {
		sessions = append(sessions, hash("s", []byte(s.Stamp+"\x00"+s.Focus)))
	}
	for _, l := range d.Learnings() {
		learnings = append(learnings, hash("l", idTextByRune(nil, l.Content())))
	}
	return number(sessions), number(learnings)
}

// collidingTexts are two different learnings whose IDs share their seven
// hex digits, found by trying numbered texts: the second is then a "-2"
// copy of the first although they say different things, as happens a few
// times in a 10 MB memory.
func collidingTexts(t *testing.T) (string, string) {
	seen := map[string]string{}
	for i := 0; ; i++ {
		text := fmt.Sprintf("Learning number %d says something of its own", i)
		id := LearningID(text)
		if other, ok := seen[id]; ok {
			return other, text
		}
		seen[id] = text
		if i > 1<<20 {
			t.Fatal("no two IDs alike in a million texts")
		}
	}
}

// TestAssignIDsAsParse checks that a document read with ParseWithoutIDs
// gets from AssignIDs exactly the IDs Parse gives, and that both are the
// IDs the package docs define: on every generator's 1 MB memory, the
// corpus files and the superseded fixture, and on a file holding repeated
// texts, a hash collision between different texts, repeated sessions and
// superseded copies. FindLearning resolves the same learning for every ID,
// prefix, gone "-N" copy and owner-based ID of older versions.
func TestAssignIDsAsParse(t *testing.T) {
	for name, src := range idInputs(t) {
		t.Run(name, func(t *testing.T) {
			eager, lazy := Parse(src), ParseWithoutIDs(src)
			for _, l := range lazy.Learnings() {
				if l.ID != "" {
					t.Fatalf("ParseWithoutIDs gave %q an ID", l.Text)
				}
			}
			lazy.AssignIDs()
			lazy.AssignIDs()
			wantS, wantL := referenceIDs(eager)
			for _, d := range []*Document{eager, lazy} {
				for i, s := range d.Sessions {
					if s.ID != wantS[i] {
						t.Fatalf("session %d (line %d): ID %s, want %s", i, s.Span.Line, s.ID, wantS[i])
					}
				}
				for i, l := range d.Learnings() {
					if l.ID != wantL[i] {
						t.Fatalf("learning %d (line %d): ID %s, want %s", i, l.Span.Line, l.ID, wantL[i])
					}
				}
			}
			el, ll := eager.Learnings(), lazy.Learnings()
			step := max(1, len(el)/200)
			for i := 0; i < len(el); i += step {
				l := el[i]
				ids := []string{l.ID, l.ID[:6]}
				if i%(50*step) == 0 {
					// Former IDs are worked out from every learning
					// of the file: a few are enough.
					base, _, _ := strings.Cut(l.ID, "-")
					owner := "consolidated"
					if l.Session != nil {
						owner = SessionID(l.Session.Stamp, l.Session.Focus)
					}
					_, legacy := legacyLearningID(nil, owner, l.Category, l.Content())
					ids = append(ids, base+"-9", legacy)
				}
				for _, id := range ids {
					got, err := eager.FindLearning(id)
					gotLazy, errLazy := lazy.FindLearning(id)
					if fmt.Sprint(err) != fmt.Sprint(errLazy) || (got == nil) != (gotLazy == nil) || got != nil && slices.Index(el, got) != slices.Index(ll, gotLazy) {
						t.Fatalf("FindLearning(%s): Parse %v, %v; AssignIDs %v, %v", id, got, err, gotLazy, errLazy)
					}
				}
			}
		})
	}
}

// TestAssignIDsOfAsParse checks that AssignIDsOf gives the learnings it
// is asked for, and their sessions, exactly the IDs Parse gives them, on
// the inputs of TestAssignIDsAsParse: one learning at the top, in the
// middle or at the bottom of the file, copies of one text, both sides of a
// hash collision, a learning of Consolidated Learnings, several at once in
// any order. The learnings above the first asked for keep no ID (they are
// not hashed), and AssignIDs afterwards gives every ID as Parse does.
func TestAssignIDsOfAsParse(t *testing.T) {
	for name, src := range idInputs(t) {
		eager := Parse(src)
		n := len(eager.Learnings())
		var picks [][]int
		for _, pick := range [][]int{{0}, {n - 1}, {n / 2}, {n / 3, n / 7}, {n - 2, 1, n / 2}, {n / 5, n / 5}} {
			if slices.Min(pick) >= 0 && slices.Max(pick) < n {
				picks = append(picks, pick)
			}
		}
		for i, l := range eager.Learnings() {
			if strings.HasSuffix(l.ID, "-2") && len(picks) < 12 {
				picks = append(picks, []int{i})
			}
		}
		for _, pick := range picks {
			t.Run(fmt.Sprint(name, pick), func(t *testing.T) {
				lazy := ParseWithoutIDs(src)
				all, want := lazy.Learnings(), eager.Learnings()
				var ls []*Learning
				for _, i := range pick {
					ls = append(ls, all[i])
				}
				lazy.AssignIDsOf(ls...)
				for _, i := range pick {
					if all[i].ID != want[i].ID {
						t.Fatalf("learning %d (line %d): ID %q, want %s", i, all[i].Span.Line, all[i].ID, want[i].ID)
					}
					if s := all[i].Session; s != nil && s.ID != want[i].Session.ID {
						t.Fatalf("session of learning %d (line %d): ID %q, want %s", i, s.Span.Line, s.ID, want[i].Session.ID)
					}
				}
				if first := slices.Min(pick); first > 0 && all[first-1].ID != "" {
					t.Fatalf("learning %d, above those asked for, was given ID %s", first-1, all[first-1].ID)
				}
				lazy.AssignIDs()
				for i, l := range all {
					if l.ID != want[i].ID {
						t.Fatalf("after AssignIDs, learning %d (line %d): ID %s, want %s", i, l.Span.Line, l.ID, want[i].ID)
					}
				}
			})
		}
	}
}

// idInputs are memories whose IDs the tests check: every generator's 1 MB
// memory, the corpus files, the superseded fixture, and a file holding
// repeated texts, a hash collision between different texts, repeated
// sessions and superseded copies.
func idInputs(t *testing.T) map[string][]byte {
	t.Helper()
	inputs := map[string][]byte{}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		inputs["generated "+cmp.Or(mode, "default")] = memgen.GenerateWith(memgen.Options{Seed: 1, Size: 1 << 20, Mode: mode})
	}
	files, _ := filepath.Glob("testdata/corpus/*.md")
	for _, path := range append(files, "testdata/superseded.md") {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs[path] = src
	}
	a, b := collidingTexts(t)
	inputs["copies and a collision"] = []byte("## Consolidated Learnings\n\n**User Corrections:**\n- " + a + "\n- Keep  it\n\n---\n\n## Recent Sessions\n\n" +
		"## [2026-11-22 14:05 CET] - Same\n\n**Fresh Discoveries:**\n- " + b + "\n- keep it\n- ~~Keep it~~ (superseded by lnone 2026-11-23)\n\n---\n\n" +
		"## [2026-11-22 14:05 CET] - Same\n\n**Fresh Discoveries:**\n- KEEP IT\n- " + a + "\n")
	return inputs
}

// TestFoldIDRune holds foldIDRune to the unicode package on every rune,
// the error rune an invalid byte decodes to and a few out of range.
func TestFoldIDRune(t *testing.T) {
	for r := rune(-1); r <= unicode.MaxRune+1; r++ {
		lower, space := foldIDRune(r)
		if lower != unicode.ToLower(r) || space != unicode.IsSpace(r) {
			t.Errorf("foldIDRune(%U) = %U, %v; unicode says %U, %v", r, lower, space, unicode.ToLower(r), unicode.IsSpace(r))
		}
	}
}

// TestIDTextAgreesByRuneOnShortRunes holds appendIDText to the plain rune
// loop on every two- and three-byte string that starts with a byte from
// 0x80, where its copying of Latin-1, kana and CJK runes decides, each
// also between letters.
func TestIDTextAgreesByRuneOnShortRunes(t *testing.T) {
	var b [3]byte
	for c := 0x80 << 16; c < 1<<24; c++ {
		b[0], b[1], b[2] = byte(c>>16), byte(c>>8), byte(c)
		for _, s := range []string{string(b[:2]), string(b[:]), "A" + string(b[:]) + "B"} {
			if got, want := appendIDText(nil, s), idTextByRune(nil, s); string(got) != string(want) {
				t.Fatalf("appendIDText(%q) = %q, want %q", s, got, want)
			}
		}
	}
}
