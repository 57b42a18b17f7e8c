package learnings

import (
	"cmp"
	"os"
	"path/filepath"
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
	"日本語のテキスト　全角スペース　です", "nbsp\u00a0here\u00a0\u00a0twice", "nel\u0085line sep\u2028para\u2029end",
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
		for _, l := range parse(src).Learnings() {
			texts = append(texts, l.Text, l.Content())
		}
	}
	files, _ := filepath.Glob("testdata/corpus/*.md")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range parse(src).Learnings() {
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
		d := parse(src)
		b.Run(cmp.Or(mode, "default"), func(b *testing.B) {
			loop(b, src, func() { assignIDs(d) })
		})
	}
}
