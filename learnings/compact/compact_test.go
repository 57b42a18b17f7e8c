package compact

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

func compactString(t *testing.T, src string, opts Options) (string, *Plan) {
	t.Helper()
	doc := learnings.Parse([]byte(src))
	p := NewPlan(doc, opts)
	out, err := p.Apply(doc)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	return string(out), p
}

func consolidated(t *testing.T, out string) map[string][]string {
	t.Helper()
	doc := learnings.Parse([]byte(out))
	if doc.Consolidated == nil {
		t.Fatalf("no Consolidated section in:\n%s", out)
	}
	got := map[string][]string{}
	for _, c := range doc.Consolidated.Categories {
		for _, l := range c.Learnings {
			got[c.Name] = append(got[c.Name], l.Text)
		}
	}
	return got
}

func TestFold(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		want   map[string][]string
		merged int
	}{
		{
			name: "newest wording wins and keeps its place",
			src: "## Recent Sessions\n\n" +
				"## [2026-11-22 10:00 UTC] - B\n\n### Learnings\n\n**Fresh Discoveries:**\n- The cache is flushed every 10 minutes by the cron job.\n\n---\n\n" +
				"## [2026-11-21 10:00 UTC] - A\n\n### Learnings\n\n**Fresh Discoveries:**\n- The cache is flushed every 10 minutes by the cron job!\n- Old learning.\n\n---\n",
			want:   map[string][]string{"Fresh Discoveries": {"The cache is flushed every 10 minutes by the cron job.", "Old learning."}},
			merged: 1,
		},
		{
			name: "a duplicate filed as a correction moves the kept wording up",
			src: "## [2026-11-22 10:00 UTC] - B\n\n**Fresh Discoveries:**\n- Run make gen before go test.\n\n" +
				"## [2026-11-21 10:00 UTC] - A\n\n**User Corrections:**\n- Run `make gen` before `go test`.\n",
			want:   map[string][]string{"User Corrections": {"Run make gen before go test."}},
			merged: 1,
		},
		{
			name: "distinct corrections are all kept",
			src: "## [2026-11-22 10:00 UTC] - B\n\n**User Corrections:**\n- Use tabs in Makefiles.\n\n" +
				"## [2026-11-21 10:00 UTC] - A\n\n**User Corrections:**\n- Never push to main directly.\n- Deploys happen on Tuesdays only.\n",
			want: map[string][]string{"User Corrections": {"Use tabs in Makefiles.", "Never push to main directly.", "Deploys happen on Tuesdays only."}},
		},
		{
			name: "sessions out of file order are taken by stamp",
			src: "## [2026-11-20 10:00 UTC] - Old\n\n**Fresh Discoveries:**\n- Old first.\n\n" +
				"## [2026-11-22 10:00 UTC] - New\n\n**Fresh Discoveries:**\n- New first.\n",
			want: map[string][]string{"Fresh Discoveries": {"New first.", "Old first."}},
		},
		{
			name: "consolidated learnings count as oldest and custom categories follow the five",
			src: "## Consolidated Learnings\n\n**Gotchas:**\n- Old gotcha.\n\n**Preference Clarifications:**\n- Prefers short PRs.\n\n---\n\n" +
				"## Recent Sessions\n\n## [2026-11-22 10:00 UTC] - X\n\n**Gotchas:**\n- New gotcha.\n\n**New Requirements:**\n- Support Postgres 17.\n",
			want: map[string][]string{
				"New Requirements":          {"Support Postgres 17."},
				"Preference Clarifications": {"Prefers short PRs."},
				"Gotchas":                   {"New gotcha.", "Old gotcha."},
			},
		},
		{
			name: "prompt-only layout: sessions above consolidated",
			src: "## [2026-11-22 10:00 UTC] - X\n**Project**: p\n\n### Learnings\n\n**User Corrections:**\n- Above.\n\n---\n\n" +
				"## Consolidated Learnings\n\n**User Corrections:**\n- Below.\n",
			want: map[string][]string{"User Corrections": {"Above.", "Below."}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, p := compactString(t, tt.src, Options{})
			if diff := cmp.Diff(tt.want, consolidated(t, out)); diff != "" {
				t.Errorf("Consolidated mismatch (-want +got):\n%s\nfile:\n%s", diff, out)
			}
			if p.Merged != tt.merged {
				t.Errorf("merged %d, want %d", p.Merged, tt.merged)
			}
			if n := len(learnings.Parse([]byte(out)).Sessions); n != 0 {
				t.Errorf("%d sessions left", n)
			}
		})
	}
}

func TestCategoryOrder(t *testing.T) {
	src := "## [2026-11-22 10:00 UTC] - X\n\n**Preference Clarifications:**\n- P.\n\n**Zeta:**\n- Z.\n\n**Fresh Discoveries:**\n- F.\n\n**Alpha:**\n- A.\n\n**User Corrections:**\n- U.\n"
	out, _ := compactString(t, src, Options{})
	var names []string
	for _, c := range learnings.Parse([]byte(out)).Consolidated.Categories {
		names = append(names, c.Name)
	}
	want := []string{"User Corrections", "Fresh Discoveries", "Preference Clarifications", "Zeta", "Alpha"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("category order (-want +got):\n%s", diff)
	}
}

func TestTally(t *testing.T) {
	doc := learnings.Parse([]byte("## Consolidated Learnings\n\n**Documentation Seen** (compacted sessions): `README.md` (4), `docs/api.md` (2)\n\n---\n\n" +
		"## [2026-11-22 10:00 UTC] - X\n**Documentation Seen**: `docs/api.md`, `README.md`, `README.md`\n\n**User Corrections:**\n- A.\n\n" +
		"## [2026-11-21 10:00 UTC] - Y\n**Documentation Seen**: docs/new.md, lib/auth.ex:45\n\n**User Corrections:**\n- B.\n"))
	got := Tally(doc.Consolidated.Tally, doc.Sessions)
	want := []learnings.DocCount{{Ref: "README.md", Count: 5}, {Ref: "docs/api.md", Count: 3}, {Ref: "docs/new.md", Count: 1}, {Ref: "lib/auth.ex:45", Count: 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Tally (-want +got):\n%s", diff)
	}
}

func TestKeep(t *testing.T) {
	src := "## Recent Sessions\n\n" +
		"## [2026-11-20 10:00 UTC] - Old\n\n**Fresh Discoveries:**\n- Old.\n\n---\n\n" +
		"## [2026-11-22 10:00 UTC] - New\n\n**Fresh Discoveries:**\n- New.\n\n---\n\n" +
		"## [2026-11-21 10:00 UTC] - Mid\n\n**Fresh Discoveries:**\n- Mid.\n\n---\n"
	out, p := compactString(t, src, Options{Keep: 2})
	doc := learnings.Parse([]byte(out))
	if len(doc.Sessions) != 2 || doc.Sessions[0].Focus != "New" || doc.Sessions[1].Focus != "Mid" {
		t.Fatalf("kept sessions wrong:\n%s", out)
	}
	if diff := cmp.Diff(map[string][]string{"Fresh Discoveries": {"Old."}}, consolidated(t, out)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if p.SessionsFolded != 1 || p.SessionsKept != 2 {
		t.Errorf("stats %+v", p.Stats)
	}
}

func TestCRLFStaysCRLF(t *testing.T) {
	src := strings.ReplaceAll("Notes.\n\n## Recent Sessions\n\n## [2026-11-22 10:00 UTC] - X\n\n**User Corrections:**\n- A.\n\n---\n\n## Mine\n\nKeep.\n", "\n", "\r\n")
	out, _ := compactString(t, src, Options{})
	if strings.Count(out, "\n") != strings.Count(out, "\r\n") {
		t.Errorf("compact wrote bare LF into a CRLF file:\n%q", out)
	}
	if !strings.HasPrefix(out, "Notes.\r\n\r\n") || !strings.HasSuffix(out, "## Mine\r\n\r\nKeep.\r\n") {
		t.Errorf("preamble or hand-written section changed:\n%q", out)
	}
}

// TestGeneratedFilesLoseNothing compacts generated files and checks that
// every learning survives as itself or as the same learning as a kept one,
// and that nothing outside Consolidated and the sessions changed.
func TestGeneratedFilesLoseNothing(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		src := memgen.Generate(seed, 60_000)
		doc := learnings.Parse(src)
		p := NewPlan(doc, Options{})
		out, err := p.Apply(doc)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		after := learnings.Parse(out)
		if len(after.Sessions) != 0 || len(after.Problems) > len(doc.Problems) {
			t.Fatalf("seed %d: %d sessions left, problems %v", seed, len(after.Sessions), after.Problems)
		}
		ix := similar.NewSameIndex()
		kept := after.Learnings()
		for i, l := range kept {
			ix.Add(i, similar.Prepare(l.Text))
		}
		for _, l := range doc.Learnings() {
			if _, ok := ix.Find(similar.Prepare(l.Text)); !ok {
				t.Errorf("seed %d: learning %s lost: %q", seed, l.ID, l.Text)
			}
		}
		if len(kept)+p.Merged != len(doc.Learnings()) {
			t.Errorf("seed %d: %d kept + %d merged != %d before", seed, len(kept), p.Merged, len(doc.Learnings()))
		}
		if doc.Preamble != nil && !bytes.HasPrefix(out, src[:doc.Preamble.End]) {
			t.Errorf("seed %d: preamble changed", seed)
		}
	}
}

func FuzzCompact(f *testing.F) {
	f.Add([]byte("## Recent Sessions\n\n## [2026-11-22 10:00 UTC] - X\n\n**User Corrections:**\n- A.\n\n## Mine\n\nKeep.\n"))
	f.Add([]byte("---\na: b\n---\n## Consolidated Learnings\n\n- loose\n\n## [2026-11-22] B\n### Fresh Discoveries\n1. x\n   ```\n   y\n   ```\n"))
	f.Add(memgen.Generate(9, 3000))
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := learnings.Parse(src)
		p := NewPlan(doc, Options{})
		out, err := p.Apply(doc)
		if err != nil {
			// A file with lines the reader could not read (damage such as
			// a fence that swallows a category label, or a problem line)
			// may be refused when the result would not read back whole,
			// as FuzzCombinedEdits allows every edit (testdata/fuzz has
			// both kinds), and so may one with a line no learning holds
			// that compaction would drop (keptAll; a bold line that is
			// no category label under Consolidated Learnings: testdata/
			// fuzz/FuzzCompact/a3b07ed5b880bf7c); a clean file never is.
			unreadable := len(doc.Damage) > 0 || len(doc.Problems) > 0 || len(doc.Unread()) > 0
			if doc.Writable() == nil && !(errors.Is(err, learnings.ErrWouldLose) && unreadable) {
				t.Fatalf("Apply failed on a writable document: %v", err)
			}
			return
		}
		after := learnings.Parse(out)
		if len(after.Sessions) != 0 && len(doc.Sessions) > 0 {
			t.Fatalf("%d sessions left after compact:\n%q", len(after.Sessions), out)
		}
		for _, s := range doc.Sections {
			if !bytes.Contains(out, src[s.Span.Start:s.Span.End]) {
				t.Fatalf("hand-written section %q changed", s.Title)
			}
		}
	})
}

func TestKeepsHandWrittenConsolidatedText(t *testing.T) {
	blocks := []string{
		"Hand-written intro: these were reviewed by Alice in March.\n",
		"> Important quote the team keeps here.\n",
		"<!-- reviewed 2026-03-01 -->\n",
	}
	src := "## Consolidated Learnings\n\n" + blocks[0] + "\n**User Corrections:**\n- Never deploy on Fridays without the release captain.\n\n" +
		blocks[1] + "\n" + blocks[2] + "\n---\n\n## Recent Sessions\n\n" +
		"## [2026-03-02 10:00 UTC] - two\n**Project**: demo\n\n### Learnings\n\n**Fresh Discoveries:**\n- Fact two about the importer needing UTF-8 input files.\n\n---\n"
	out, _ := compactString(t, src, Options{})
	for _, b := range blocks {
		if !strings.Contains(out, b) {
			t.Errorf("compact lost %q; got:\n%s", b, out)
		}
	}
	got := consolidated(t, out)
	want := map[string][]string{
		"User Corrections":  {"Never deploy on Fridays without the release captain."},
		"Fresh Discoveries": {"Fact two about the importer needing UTF-8 input files."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("consolidated learnings (-want +got):\n%s", diff)
	}
	again, _ := compactString(t, out, Options{})
	if again != out {
		t.Errorf("second compact changed the file:\n%s", cmp.Diff(out, again))
	}
}

// TestApplyRefusesALoss checks the last guard: a plan that would drop a
// learning (here, one taken out of the plan by hand, as a bug in the fold
// would) is refused with the learning's line, and nothing is returned.
func TestApplyRefusesALoss(t *testing.T) {
	src := "## Recent Sessions\n\n" +
		"## [2026-11-22 10:00 UTC] - New\n\n**Fresh Discoveries:**\n- The queue drops messages over 256 KB.\n- Backoff caps at 30 s.\n\n---\n\n" +
		"## [2026-11-21 10:00 UTC] - Old\n\n**User Corrections:**\n- Backoff caps at 30 s!\n- ✓ → ✗\n\n---\n"
	doc := learnings.Parse([]byte(src))
	p := NewPlan(doc, Options{})
	if _, err := p.Apply(doc); err != nil {
		t.Fatalf("Apply of the plan as made: %v", err)
	}
	if got := consolidated(t, string(mustApply(t, p, doc))); len(got["User Corrections"]) != 2 {
		t.Errorf("the merged duplicate or the symbol-only learning went missing: %v", got)
	}
	for i, l := range p.Consolidated {
		// A plan whose list no longer is the fold's is checked by keying
		// every learning again (verify); one whose fold lost the entry
		// too, by the fold's own record (verifyFold). Both must refuse.
		for _, fold := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/fold=%v", l.Text, fold), func(t *testing.T) {
				broken := *p
				broken.Consolidated = slices.Delete(slices.Clone(p.Consolidated), i, i+1)
				if fold {
					broken.written = slices.Delete(slices.Clone(p.written), i, i+1)
				}
				if got := broken.writesItsFold(); got != fold {
					t.Fatalf("writesItsFold() = %v, want %v", got, fold)
				}
				out, err := broken.Apply(doc)
				if err == nil || out != nil {
					t.Fatalf("Apply without %q = %q, %v; want a refusal", l.Text, out, err)
				}
				if !errors.Is(err, learnings.ErrWouldLose) || !strings.Contains(err.Error(), "the learning at line") {
					t.Errorf("error %v does not name the line", err)
				}
			})
		}
	}
}

// TestFoldCheckAgreesWithKeyedCheck holds verifyFold, the check Apply
// runs on bytes the editor read back, to verify, which keys every
// learning again: on generated memories and team logs, with and without
// kept sessions, both pass the plan as made, and both refuse the bytes of
// a plan missing any one of its learnings.
func TestFoldCheckAgreesWithKeyedCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	srcs := []string{string(memgen.Generate(4, 20_000)), string(memgen.GenerateWith(memgen.Options{Seed: 5, Size: 20_000, Mode: "agent"}))}
	for range 4 {
		srcs = append(srcs, teamLog(r, 2+r.IntN(12), r.IntN(2) == 0))
	}
	// write applies p's edit as Apply does, without its checks.
	write := func(doc *learnings.Document, p *Plan) ([]byte, *learnings.Document, error) {
		e := doc.Edit().SetConsolidated(p.Consolidated, p.Tally)
		for _, s := range p.Folded {
			e.RemoveSession(s)
		}
		out, err := e.Bytes()
		return out, e.Result(), err
	}
	for n, src := range srcs {
		for _, keep := range []int{0, 2} {
			t.Run(fmt.Sprintf("%d/keep%d", n, keep), func(t *testing.T) {
				doc := learnings.Parse([]byte(src))
				p := NewPlan(doc, Options{Keep: keep})
				out, after, err := write(doc, p)
				if err != nil {
					t.Skipf("the editor refuses: %v", err)
				}
				if !p.writesItsFold() {
					t.Fatal("the plan as made does not write its fold")
				}
				if err := p.verifyFold(doc, after); err != nil {
					t.Errorf("verifyFold: %v", err)
				}
				if err := p.verify(doc, out, after); err != nil {
					t.Errorf("verify: %v", err)
				}
				for i := range min(len(p.Consolidated), 12) {
					broken := *p
					broken.Consolidated = slices.Delete(slices.Clone(p.Consolidated), i, i+1)
					broken.written = slices.Delete(slices.Clone(p.written), i, i+1)
					out, after, err := write(doc, &broken)
					if err != nil {
						t.Fatalf("the editor refuses the plan without %q: %v", p.Consolidated[i].Text, err)
					}
					fold, keyed := broken.verifyFold(doc, after), broken.verify(doc, out, after)
					if fold == nil || keyed == nil || fold.Error() != keyed.Error() {
						t.Errorf("without %q: verifyFold says %v, verify %v", p.Consolidated[i].Text, fold, keyed)
					}
				}
			})
		}
	}
}

func mustApply(t *testing.T, p *Plan, doc *learnings.Document) []byte {
	t.Helper()
	out, err := p.Apply(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
