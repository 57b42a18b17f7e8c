package memgen

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestGenerateDeterministic(t *testing.T) {
	a := Generate(42, 200<<10)
	b := Generate(42, 200<<10)
	if !bytes.Equal(a, b) {
		t.Fatal("same seed gave different bytes")
	}
	if bytes.Equal(a, Generate(43, 200<<10)) {
		t.Fatal("different seeds gave the same bytes")
	}
}

func TestGenerateSize(t *testing.T) {
	for _, size := range []int{20 << 10, 100 << 10, 1 << 20, 3 << 20} {
		t.Run(byteSize(size), func(t *testing.T) {
			got := len(Generate(1, size))
			if diff := float64(got-size) / float64(size); diff > 0.05 || diff < -0.05 {
				t.Errorf("Generate(1, %d) is %d bytes, off by %.1f%%", size, got, diff*100)
			}
		})
	}
}

var stampRE = regexp.MustCompile(`(?m)^## \[(\d{4}-\d\d-\d\d \d\d:\d\d UTC)\] - \S`)

func TestGenerateShape(t *testing.T) {
	src := Generate(7, 512<<10)
	s := string(src)
	if !strings.HasPrefix(s, "## Consolidated Learnings\n\n") {
		t.Errorf("does not start with the Consolidated heading: %q", s[:40])
	}
	if !utf8.Valid(src) {
		t.Error("output is not valid UTF-8")
	}
	for _, want := range []string{
		"**Documentation Seen** (compacted sessions): `",
		"\n---\n\n## Recent Sessions\n\n## [2026-11-01 18:00 UTC] - ",
		"**Project**: ",
		"**Documentation Seen**: `",
		"\n### Learnings\n\n",
		"#", // an anchor in a doc reference
		"](https://",
		"  ```go\n",
		"東京", "é", "🚀",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, c := range Categories {
		if n := strings.Count(s, "\n**"+c+":**\n"); n < 10 {
			t.Errorf("category %q appears %d times, want many", c, n)
		}
	}
	if n := strings.Count(s, "```"); n == 0 || n%2 != 0 {
		t.Errorf("%d fence markers, want an even, non-zero number", n)
	}
	stamps := stampRE.FindAllStringSubmatch(s, -1)
	if len(stamps) < 100 {
		t.Fatalf("%d sessions, want hundreds", len(stamps))
	}
	prev := time.Time{}
	for i, m := range stamps {
		at, err := time.Parse("2006-01-02 15:04 MST", m[1])
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && !at.Before(prev) {
			t.Fatalf("session %d at %s is not older than the one above (%s)", i, m[1], prev)
		}
		prev = at
	}
	if n := strings.Count(s, "\n## "); n != len(stamps)+1 {
		t.Errorf("%d H2 headings after the first line, want %d sessions + Recent Sessions", n, len(stamps))
	}
}

// TestGenerateMostlyDistinct keeps duplicate detection realistic: a few
// near-duplicates on purpose, but almost no exact repeats.
func TestGenerateMostlyDistinct(t *testing.T) {
	seen := make(map[string]bool)
	total, repeats := 0, 0
	for line := range strings.Lines(string(Generate(3, 1<<20))) {
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		total++
		if seen[line] {
			repeats++
		}
		seen[line] = true
	}
	if total < 1000 {
		t.Fatalf("%d learnings, want thousands", total)
	}
	if share := float64(repeats) / float64(total); share > 0.03 {
		t.Errorf("%.1f%% of learnings repeat exactly, want under 3%%", share*100)
	}
}

func TestGenerateCRLF(t *testing.T) {
	src := GenerateWith(Options{Seed: 1, Size: 50 << 10, CRLF: true})
	if n := bytes.Count(src, []byte("\n")); n != bytes.Count(src, []byte("\r\n")) {
		t.Errorf("found a bare LF among %d line endings", n)
	}
	lf := GenerateWith(Options{Seed: 1, Size: 50 << 10})
	if !bytes.Equal(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), lf) {
		t.Error("CRLF output differs from LF output beyond line endings")
	}
}

func TestGenerateNoConsolidated(t *testing.T) {
	src := string(GenerateWith(Options{Seed: 1, Size: 20 << 10, ConsolidatedShare: -1}))
	head, _, ok := strings.Cut(src, "## Recent Sessions")
	if !ok {
		t.Fatal("no Recent Sessions heading")
	}
	if strings.Contains(head, "- ") {
		t.Errorf("Consolidated has learnings although disabled:\n%s", head)
	}
}

func TestSession(t *testing.T) {
	at := time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)
	s := string(Session(5, at))
	if !strings.HasPrefix(s, "## [2026-11-22 14:05 UTC] - ") || !strings.HasSuffix(s, "\n---\n\n") {
		t.Errorf("session is not one canonical block:\n%s", s)
	}
	if strings.Count(s, "\n## ") != 0 {
		t.Errorf("session holds more than one header:\n%s", s)
	}
}

func TestCandidates(t *testing.T) {
	src := Generate(9, 64<<10)
	got := string(Candidates(src, 1, 9))
	if !bytes.Equal(Candidates(src, 1, 9), []byte(got)) {
		t.Error("candidates are not deterministic")
	}
	if n := strings.Count("\n"+got, "\n- "); n != 9 {
		t.Errorf("%d candidates, want 9:\n%s", n, got)
	}
	restated := 0
	for line := range strings.Lines(got) {
		text := strings.TrimPrefix(strings.TrimSpace(line), "- ")
		text = strings.TrimPrefix(text, "Note: ")
		text = strings.TrimSuffix(text, ".")
		if len(text) > 20 && bytes.Contains(src, []byte(text[1:])) {
			restated++
		}
	}
	if restated < 2 {
		t.Errorf("%d candidates restate a stored learning, want about a third:\n%s", restated, got)
	}
	if !strings.HasPrefix(string(Learnings(1, 3)), "**") {
		t.Error("Learnings does not start with a category heading")
	}
}

func byteSize(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%dMB", n>>20)
	}
	return fmt.Sprintf("%dKB", n>>10)
}

func BenchmarkGenerate(b *testing.B) {
	for _, size := range []int{100 << 10, 1 << 20, 10 << 20} {
		b.Run(byteSize(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				Generate(1, size)
			}
		})
	}
}

// TestCandidatesValidUTF8 checks the candidates of every generator's memory
// are valid UTF-8, as the memories are: restating a learning that opens
// with "Ä" or a Japanese character once cut that character in two, and
// bench/run.sh's `summarise -` cell then timed a warning path on intl.
func TestCandidatesValidUTF8(t *testing.T) {
	for _, mode := range append([]string{""}, Modes...) {
		t.Run(cmp.Or(mode, "default"), func(t *testing.T) {
			for seed := range int64(3) {
				src := GenerateWith(Options{Seed: seed, Size: 256 << 10, Mode: mode})
				if !utf8.Valid(src) {
					t.Errorf("seed %d: the memory is not valid UTF-8", seed)
				}
				for line := range strings.Lines(string(Candidates(src, seed, 600))) {
					if !utf8.ValidString(line) {
						t.Errorf("seed %d: candidate %q is not valid UTF-8", seed, line)
					}
				}
			}
		})
	}
}

func TestFirstLetter(t *testing.T) {
	tests := []struct{ in, lower, upper string }{
		{"", "", ""},
		{"Run it", "run it", "Run it"},
		{"the lock", "the lock", "The lock"},
		{"Änderungen an X", "änderungen an X", "Änderungen an X"},
		{"über-retry", "über-retry", "Über-retry"},
		{"ユーザーは小さなコミットを好む", "ユーザーは小さなコミットを好む", "ユーザーは小さなコミットを好む"},
		{"Éclair", "éclair", "Éclair"},
		{"🚀 ship", "🚀 ship", "🚀 ship"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := lowerFirst(tc.in); got != tc.lower {
				t.Errorf("lowerFirst(%q) = %q, want %q", tc.in, got, tc.lower)
			}
			if got := upperFirst(tc.in); got != tc.upper {
				t.Errorf("upperFirst(%q) = %q, want %q", tc.in, got, tc.upper)
			}
		})
	}
}
