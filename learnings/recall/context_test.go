package recall

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

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
	if !strings.HasSuffix(text, "`learn search WORDS`.\n") {
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

func TestSelectWithContextNoBudget(t *testing.T) {
	r := Select(contextDoc(), Options{Context: relevance.Context{Task: "S3 multipart"}})
	if r.Chosen != 1 || !strings.Contains(r.Shown[0].Learning.Text, "S3") || r.Duplicates != 1 {
		t.Errorf("chosen %d, duplicates %d, first %q", r.Chosen, r.Duplicates, r.Shown[0].Learning.Text)
	}
}

func TestChosenTakesAtMostHalf(t *testing.T) {
	doc := contextDoc()
	r := Select(doc, Options{MaxChars: 1200, Context: relevance.Context{Task: "tickets t1x t2x t3x t4x t5x t6x t7x t8x t9x t10x t11x t12x"}})
	cost := runes(chosenHeading)
	for _, it := range r.Shown[:r.Chosen] {
		cost += bulletCost(it, true)
	}
	if r.Chosen == 0 || cost > 600 {
		t.Errorf("chosen %d learnings in %d characters; want some, within half the budget", r.Chosen, cost)
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
