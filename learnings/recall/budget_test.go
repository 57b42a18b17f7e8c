package recall

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
)

var budgets = []int{MinMaxChars, 1500, 4000, DefaultMaxChars}

// genMemory writes a memory the way teams and agents do: sessions in
// several header forms, spec and custom categories (sometimes hundreds),
// entry headings, inline labels, tables, code, long bullets, and text
// learn does not read.
func genMemory(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(3) == 0 {
		b.WriteString("# Team log\n\nShared by the whole team. Append at the bottom.\n\n")
	}
	cats := []string{"**User Corrections:**", "### Fresh Discoveries", "**Gotchas:**", "#### Préférences", "**学び:**"}
	for i := range 5 + r.IntN(300) {
		day := fmt.Sprintf("2026-%02d-%02d", i%12+1, i%28+1)
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(&b, "## [%s 10:%02d UTC] - Sprint %d\n**Project**: p\n\n### Learnings\n\n", day, i%60, i)
		case 1:
			fmt.Fprintf(&b, "## %s — session %d\n\n", day, i)
		case 2:
			fmt.Fprintf(&b, "## Notes %d\n\n", i)
		default:
			fmt.Fprintf(&b, "## %s\n\n", day)
		}
		for j := range 1 + r.IntN(4) {
			switch r.IntN(6) {
			case 0:
				fmt.Fprintf(&b, "%s\n", cats[r.IntN(len(cats))])
			case 1:
				fmt.Fprintf(&b, "**Custom category number %d with a rather long name that goes on:**\n", r.IntN(500))
			case 2:
				fmt.Fprintf(&b, "### %s | area-%d | FAIL\n\nWe spent the morning on it; the cache was stale after the migration.\n\n", day, j)
			case 3:
				b.WriteString("| step | time |\n|---|---|\n| build | 3m |\n\n")
			}
			for k := range r.IntN(5) {
				fmt.Fprintf(&b, "- Learning %d.%d.%d: %s\n", i, j, k, strings.Repeat("run `make gen` before the tests, ", 1+r.IntN(12)))
				if r.IntN(4) == 0 {
					b.WriteString("**Root cause:** the job ran before the schema change\n")
				}
				if r.IntN(6) == 0 {
					b.WriteString("\n  ```sh\n  make gen && go test ./...\n  ```\n")
				}
			}
			b.WriteString("\n")
		}
		if r.IntN(5) == 0 {
			b.WriteString("```\nunclosed or stray fence\n")
		}
		b.WriteString("---\n\n")
	}
	return b.String()
}

// TestBudgetIsAPromise: on generated memories and on every corpus file,
// the whole text recall renders stays within the budget.
func TestBudgetIsAPromise(t *testing.T) {
	var files []string
	r := rand.New(rand.NewPCG(21, 4))
	for range 60 {
		files = append(files, genMemory(r))
	}
	for _, dir := range []string{"../foreign/testdata/corpus", "../testdata/corpus"} {
		filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				if src, err := os.ReadFile(p); err == nil {
					files = append(files, string(src))
				}
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("only %d files", len(files))
	}
	for i, src := range files {
		doc := learnings.Parse([]byte(src))
		for _, budget := range budgets {
			for _, cat := range []string{"", "Fresh Discoveries", "Gotchas"} {
				res := Select(doc, Options{MaxChars: budget, Category: cat})
				text := res.Text()
				if n := utf8.RuneCountInString(text); n > budget {
					t.Fatalf("file %d (%d bytes), budget %d, category %q: %d characters\n%s", i, len(src), budget, cat, n, text[max(0, len(text)-600):])
				}
				if n := undamaged(doc.Unread()); n > 0 && !strings.Contains(finalLine(text), "not read as learnings") {
					t.Fatalf("file %d: %d unread lines and the last line is %q", i, n, finalLine(text))
				}
			}
		}
	}
}

func finalLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}

func FuzzBudget(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		f.Add([]byte(genMemory(r)), uint16(1000))
	}
	f.Fuzz(func(t *testing.T, src []byte, max uint16) {
		budget := MinMaxChars + int(max)
		text := Select(learnings.Parse(src), Options{MaxChars: budget}).Text()
		if n := utf8.RuneCountInString(text); n > budget {
			t.Fatalf("%d characters for a budget of %d", n, budget)
		}
	})
}

// undamaged counts the unread lines that are not damage, which the
// caller's note names.
func undamaged(us []learnings.Unread) int {
	n := 0
	for _, u := range us {
		if u.Kind != learnings.UnreadDamage {
			n += u.Lines
		}
	}
	return n
}

// TestRunesOver holds runesOver to a count of every character, on texts
// whose first bytes outside ASCII fall before, inside and after its
// eight-byte steps, and on invalid bytes, each read as one character.
func TestRunesOver(t *testing.T) {
	texts := []string{
		"",
		"short",
		"exactly8",
		strings.Repeat("ascii only ", 9),
		"é" + strings.Repeat("x", 30),
		"abcdefg" + "日本語" + strings.Repeat("y", 20),
		strings.Repeat("z", 17) + "Größe" + strings.Repeat("w", 12),
		strings.Repeat("q", 23) + "\xff\x80\xbf" + strings.Repeat("v", 9),
		strings.Repeat("r", 8) + "🚀" + strings.Repeat("s", 8) + "🚀",
	}
	for _, s := range texts {
		for n := -1; n <= len(s)+1; n++ {
			if got, want := runesOver(s, n), utf8.RuneCountInString(s) > n; got != want {
				t.Errorf("runesOver(%q, %d) = %v, want %v", s, n, got, want)
			}
		}
	}
}

// TestRawCostOver holds rawCostOver, which reads a text only up to the
// limit, to rawCost on texts of every shape a learning takes, at every
// limit around their cost.
func TestRawCostOver(t *testing.T) {
	texts := []string{
		"a",
		"Run `make gen` after changing the schema.",
		"Größenänderung über die API schlägt fehl, wenn das Token älter als 24 h ist.",
		"設定ファイルは config/app.yaml にあります。",
		"Root cause: the retry loop\nnever resets its backoff.\n\nSee internal/sync/client.go.",
		"```go\nfmt.Println(\"x\")\n```",
		"  ~~~\nraw\n~~~",
		"emoji 🚀🚀 and a\ttab",
		"\xff\xfe invalid bytes",
	}
	for _, text := range texts {
		for _, withCategory := range []bool{false, true} {
			it := Item{Learning: &learnings.Learning{ID: "L-1a2b3c", Text: text}, Category: "Fresh Discoveries"}
			cost := rawCost(it, withCategory)
			t.Run(fmt.Sprintf("%.12q/%v", text, withCategory), func(t *testing.T) {
				for limit := -2; limit <= cost+len(text)+2; limit++ {
					if got, want := rawCostOver(it, withCategory, limit), cost > limit; got != want {
						t.Errorf("rawCostOver(limit %d) = %v, rawCost is %d", limit, got, cost)
					}
				}
			})
		}
	}
}
