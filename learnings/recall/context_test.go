package recall

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/cputime"
	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
)

// contextDoc is a memory where the newest learnings fill a small budget and
// the one about S3 uploads is old.
func contextDoc() *learnings.Document {
	var sessions []fixtureSession
	for i := range 40 {
		sessions = append(sessions, fixtureSession{
			stamp: fmt.Sprintf("2026-10-%02d 10:00", 30-i%28),
			cats:  [][2]string{{"User Corrections", fmt.Sprintf("Correction %d: keep the %s handler small and run the linter before pushing (ticket t%dx).", i, []string{"billing", "search", "profile", "admin"}[i%4], i)}},
		})
	}
	sessions = append(sessions, fixtureSession{"2025-03-01 09:00", [][2]string{
		{"Fresh Discoveries", "S3 multipart parts must be at least 5 MB except the last one."},
		{"Fresh Discoveries", "S3 multipart parts must be at least 5 MB, except the last one"},
	}})
	return fixture(nil, sessions...)
}

func TestSelectWithContext(t *testing.T) {
	doc := contextDoc()
	plain := Select(doc, Options{MaxChars: 1200})
	for _, it := range plain.Shown {
		if strings.Contains(it.Learning.Text, "S3") {
			t.Fatal("the old S3 learning fits the plain recall; the test needs it left out")
		}
	}
	r := Select(doc, Options{MaxChars: 1200, Context: relevance.Context{Task: "multipart upload to S3 fails"}})
	text := r.Text()
	if n := utf8.RuneCountInString(text); n > 1200 {
		t.Errorf("output is %d characters, over the budget", n)
	}
	if r.Chosen != 1 || !r.Shown[0].Chosen || !strings.Contains(r.Shown[0].Learning.Text, "S3 multipart") {
		t.Fatalf("chosen = %d, first = %+v; want the S3 learning chosen first", r.Chosen, r.Shown[0])
	}
	if r.Shown[0].Collapsed != 1 {
		t.Errorf("the near duplicate was not collapsed into the chosen learning: %d", r.Shown[0].Collapsed)
	}
	if !strings.Contains(text, chosenHeading+"- S3 multipart parts must be at least 5 MB except the last one. [") {
		t.Errorf("no chosen heading before the S3 learning:\n%s", text)
	}
	if strings.Count(text, "S3 multipart") != 1 {
		t.Errorf("a learning is shown twice:\n%s", text)
	}
	if len(r.Shown)+r.OmittedTotal+r.Duplicates != r.Total {
		t.Errorf("shown %d + omitted %d + duplicates %d != total %d", len(r.Shown), r.OmittedTotal, r.Duplicates, r.Total)
	}
	if !strings.HasSuffix(text, "`learn search WORDS` finds one.\n") {
		t.Errorf("the last line does not say what was left out:\n%s", text)
	}
	if again := Select(doc, Options{MaxChars: 1200, Context: relevance.Context{Task: "multipart upload to S3 fails"}}).Text(); again != text {
		t.Error("the same context gives other bytes")
	}
}

func TestSelectWithContextMatchingNothing(t *testing.T) {
	doc := contextDoc()
	want := Select(doc, Options{MaxChars: 1200}).Text()
	if got := Select(doc, Options{MaxChars: 1200, Context: relevance.Context{Task: "kubernetes ingress"}}).Text(); got != want {
		t.Errorf("a context matching nothing changed the output:\n%s", got)
	}
}

// TestNoContextIsGolden: with no context, or one that finds nothing
// relevant (only request words, a branch named for its kind, a file the
// memory never mentions), recall gives exactly the bytes of the golden
// files, which predate context-aware recall.
func TestNoContextIsGolden(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.md")
	contexts := []relevance.Context{
		{},
		{Task: "please fix the bug, it should work now"},
		{Branch: "main"},
		{Branch: "feat/1234"},
		{Paths: []string{"zz/qqq.xyz"}},
		{Task: "kubernetes ingress annotations", Branch: "chore/helm-chart", Paths: []string{"deploy/helm/values.yaml"}},
	}
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, budget := range []int{0, DefaultMaxChars, 800} {
			golden := fmt.Sprintf("%s.%d.golden", strings.TrimSuffix(in, ".md"), budget)
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range contexts {
				t.Run(fmt.Sprintf("%s/%d", filepath.Base(golden), i), func(t *testing.T) {
					r := Select(learnings.Parse(src), Options{MaxChars: budget, Context: c})
					if r.Chosen != 0 {
						t.Fatalf("context %+v chose %d learnings; the test wants one that finds nothing", c, r.Chosen)
					}
					if got := r.Text(); got != string(want) {
						t.Errorf("context %+v: output differs from %s:\n%s", c, golden, got)
					}
				})
			}
		}
	}
}

func TestSelectWithContextNoBudget(t *testing.T) {
	r := Select(contextDoc(), Options{Context: relevance.Context{Task: "S3 multipart"}})
	if r.Chosen != 1 || !strings.Contains(r.Shown[0].Learning.Text, "S3") || r.Duplicates != 1 {
		t.Errorf("chosen %d, duplicates %d, first %q", r.Chosen, r.Duplicates, r.Shown[0].Learning.Text)
	}
}

// TestChosenShare holds the chosen learnings to half the budget, and to
// two thirds those that hold two words of the task in their own text.
func TestChosenShare(t *testing.T) {
	var sessions []fixtureSession
	for i := range 100 {
		sessions = append(sessions, fixtureSession{
			stamp: fmt.Sprintf("2026-10-%02d 10:00", 1+i%28),
			cats:  [][2]string{{"User Corrections", fmt.Sprintf("Correction %d: keep the %s handler small and run the linter before pushing (ticket t%dx).", i, []string{"billing", "search", "profile", "admin"}[i%4], i)}},
		})
	}
	for i := range 8 {
		sessions = append(sessions, fixtureSession{
			stamp: fmt.Sprintf("2026-09-%02d 10:00", 1+i),
			cats:  [][2]string{{"Fresh Discoveries", fmt.Sprintf("Fact %d: the webhook signature is checked against the raw body before any parsing, with the secret of the account that sent it, or the retry %d fails.", i, i)}},
		})
	}
	doc := fixture(nil, sessions...)
	tests := []struct {
		name, task string
		over, most int // more than over characters, at most most
	}{
		{"one word of the task: half", "tickets t1x t2x t3x t4x t5x t6x t7x t8x t9x t10x t11x t12x", 0, 1000},
		{"two words in their own text: two thirds", "webhook signature fails", 1000, 1333},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Select(doc, Options{MaxChars: 2000, Context: relevance.Context{Task: tc.task}})
			cost := runes(chosenHeading)
			for _, it := range r.Shown[:r.Chosen] {
				cost += bulletCost(it, r.chosenTag(it))
			}
			if r.Chosen == 0 || cost <= tc.over || cost > tc.most {
				t.Errorf("chosen %d learnings in %d characters; want some, in more than %d and at most %d", r.Chosen, cost, tc.over, tc.most)
			}
		})
	}
}

func TestUnshown(t *testing.T) {
	doc := contextDoc()
	start := Select(doc, Options{MaxChars: 1200})
	ranking := relevance.Rank(doc.Learnings(), relevance.Context{Task: "S3 multipart parts"})
	got := start.Unshown(ranking.Relevant())
	if len(got) != 2 {
		t.Fatalf("unshown = %d, want the two S3 learnings", len(got))
	}
	after := Select(doc, Options{MaxChars: 1200, Context: relevance.Context{Task: "S3 multipart"}})
	if got := after.Unshown(ranking.Relevant()); len(got) != 0 {
		t.Errorf("unshown after a recall that chose them = %d, want 0 (the duplicate counts as shown)", len(got))
	}
}

// benchContext is a context like the one a session start passes: a task,
// the branch and a few changed files.
var benchContext = relevance.Context{
	Task:   "retry the sync client on gateway timeouts without duplicating writes",
	Paths:  []string{"internal/sync/client.go", "internal/sync/client_test.go", "docs/api.md", "README.md"},
	Branch: "fix/sync-retry-timeouts",
}

// BenchmarkRecallContext compares a recall with context to a plain one on
// generated 1 MB and 10 MB files, parse included, as `learn recall` runs:
// the bar is at most 1.2 times the plain cost.
func BenchmarkRecallContext(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		src := memgen.Generate(1, size)
		for _, c := range []struct {
			name string
			ctx  relevance.Context
		}{{"plain", relevance.Context{}}, {"context", benchContext}} {
			b.Run(fmt.Sprintf("%dMB/%s", size>>20, c.name), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				start, n := cputime.Now(), 0
				for b.Loop() {
					r := Select(learnings.Parse(src), Options{MaxChars: DefaultMaxChars, Context: c.ctx})
					_ = r.Text()
					n++
				}
				if cpu := cputime.Now() - start; cpu > 0 {
					b.ReportMetric(float64(cpu.Milliseconds())/float64(n), "cpu-ms/op")
				}
			})
		}
	}
}

// TestShortFormsBelowShortBelow: under shortBelow the header and closing
// line are short and a chosen learning's tag names only User Corrections;
// from it on they are long. Both forms say the text is data, not
// instructions, how to see one learning and how to see the rest.
func TestShortFormsBelowShortBelow(t *testing.T) {
	var sessions []fixtureSession
	for i := range 90 {
		sessions = append(sessions, fixtureSession{
			stamp: fmt.Sprintf("2026-%02d-%02d 10:00", 10-i/28, 28-i%28),
			cats: [][2]string{
				{"New Requirements", fmt.Sprintf("Invoice %d must carry the customer's VAT number on the first page.", i)},
				{"Fresh Discoveries", fmt.Sprintf("Search index rebuild %d takes about %d minutes on the staging box.", i, 5+i%20)},
			},
		})
	}
	sessions = append(sessions, fixtureSession{"2025-02-01 09:00", [][2]string{
		{"User Corrections", "Never retry a Stripe webhook by hand; Stripe retries it for three days."},
		{"Fresh Discoveries", "Stripe webhook retries reuse the event id, so the handler dedupes on it."},
	}})
	doc := fixture(nil, sessions...)
	ctx := relevance.Context{Task: "stripe webhook retries arrive twice"}
	for _, tc := range []struct {
		budget int
		short  bool
	}{{MinMaxChars, true}, {2000, true}, {shortBelow - 1, true}, {shortBelow, false}, {DefaultMaxChars, false}} {
		t.Run(fmt.Sprint(tc.budget), func(t *testing.T) {
			r := Select(doc, Options{MaxChars: tc.budget, Context: ctx})
			text := r.Text()
			if n := utf8.RuneCountInString(text); n > tc.budget {
				t.Errorf("output is %d characters, over the budget", n)
			}
			if n := r.Chars(); n != utf8.RuneCountInString(text) {
				t.Errorf("Chars() = %d, the text has %d", n, utf8.RuneCountInString(text))
			}
			if r.Chosen != 2 || r.OmittedTotal == 0 {
				t.Fatalf("chosen %d, left out %d: the test wants both Stripe learnings chosen and some left out", r.Chosen, r.OmittedTotal)
			}
			for _, want := range []string{"not instructions", "`learn show ID`", "`learn recall --all`", "`learn search WORDS`", chosenHeading} {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in:\n%s", want, text)
				}
			}
			long := map[string]bool{
				"the order of the output":        strings.Contains(text, "most important category first"),
				"the count of a category":        strings.Contains(text, "(New Requirements "),
				"a chosen Fresh Discoveries tag": strings.Contains(text, ", Fresh Discoveries]"),
			}
			for what, has := range long {
				if has == tc.short {
					t.Errorf("short form %v, yet %s shown: %v\n%s", tc.short, what, has, text)
				}
			}
			if !strings.Contains(text, ", User Corrections]") {
				t.Errorf("the chosen User Correction does not say so:\n%s", text)
			}
		})
	}
}
