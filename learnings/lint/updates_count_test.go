package lint

import (
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// TestUpdatePairsArePlausible holds lint to the pairs summarise would call
// an update on memories from every generator: the generators repeat about
// one learning in twenty with a small change, so a tenth of the learnings
// reported as unresolved updates is already generous. Before issue 24,
// siblings built on one pattern about different things (the same advice
// "also in" another component, under another ticket) were reported too:
// 297 of 664 learnings of the default generator's 100 KB file, 204 of 465
// of the sparse one's, 366 of 539 of the intl one's.
func TestUpdatePairsArePlausible(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		t.Run("mode="+mode, func(t *testing.T) {
			doc := learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 1, Size: 200 << 10, Mode: mode}))
			n := len(doc.Learnings())
			updates := 0
			for _, f := range check(doc) {
				if f.Kind == KindUpdate {
					updates++
				}
			}
			t.Logf("%d update pairs among %d learnings", updates, n)
			if updates*10 > n {
				t.Errorf("%d update pairs among %d learnings: more than one in ten", updates, n)
			}
		})
	}
}

// TestUpdatesAreWhatSummariseCalls holds lint to summarise's decision:
// every pair lint reports as an unresolved update is one similar.Compare,
// which summarise asks about a candidate and a stored learning, calls an
// update, whichever of the two is the candidate; siblings it calls
// distinct and rewordings it calls the same are never reported.
func TestUpdatesAreWhatSummariseCalls(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		t.Run("mode="+mode, func(t *testing.T) {
			doc := learnings.Parse(memgen.GenerateWith(memgen.Options{Seed: 2, Size: 512 << 10, Mode: mode}))
			byID := map[string]*learnings.Learning{}
			for _, l := range doc.Learnings() {
				byID[l.ID] = l
			}
			n := 0
			for _, f := range check(doc) {
				if f.Kind != KindUpdate {
					continue
				}
				n++
				a, b := byID[f.IDs[0]], byID[f.IDs[1]]
				if a == nil || b == nil {
					t.Fatalf("line %d: finding names %v, not two learnings", f.Line, f.IDs)
				}
				for _, v := range []similar.Verdict{similar.Compare(a.Text, b.Text), similar.Compare(b.Text, a.Text)} {
					if v.Kind != similar.Update {
						t.Errorf("line %d: lint reports an update, summarise says %v (score %.2f):\n  %s\n  %s", f.Line, v.Kind, v.Score, a.Text, b.Text)
					}
				}
			}
			t.Logf("%d update pairs checked", n)
		})
	}
}

// TestPairKindsAreSummarises holds lint's verdict on two stored learnings
// to summarise's on the same pair, for pairs written the way agents
// restate: one told apart only by a modal verb ("must" and "may") is an
// update to both, never a duplicate nor nothing; one that only adds a
// lead-in ("Again:") is a duplicate to both.
func TestPairKindsAreSummarises(t *testing.T) {
	for _, tc := range []struct{ older, newer, want string }{
		{"The app must refund an order within 14 days of delivery.", "The app may refund an order within 14 days of delivery.", KindUpdate},
		{"Reviewers should squash commits before merging.", "Reviewers can squash commits before merging.", KindUpdate},
		{"The nightly job must skip archived tenants.", "The nightly job might skip archived tenants.", KindUpdate},
		{"The payments API times out after 30 s.", "The payments API times out after 60 s.", KindUpdate},
		{"The payments API times out after 30 s.", "Again: the payments API times out after 30 s.", KindDuplicate},
		{"Run `ruff format` before committing.", "As noted before, run `ruff format` before committing.", KindDuplicate},
		{"Run `ruff format` before committing.", "Run `ruff format` before committing.", KindDuplicate},
	} {
		t.Run(tc.newer, func(t *testing.T) {
			doc := learnings.Parse([]byte("## [2026-11-02 10:00 CET] - Two\n\n### Learnings\n\n**Fresh Discoveries:**\n- " + tc.newer +
				"\n\n## [2026-11-01 10:00 CET] - One\n\n### Learnings\n\n**Fresh Discoveries:**\n- " + tc.older + "\n"))
			var kinds []string
			for _, f := range check(doc) {
				if f.Kind == KindUpdate || f.Kind == KindDuplicate {
					kinds = append(kinds, f.Kind)
				}
			}
			if len(kinds) != 1 || kinds[0] != tc.want {
				t.Errorf("lint says %v, want one %s", kinds, tc.want)
			}
			summarise := map[similar.Kind]string{similar.Update: KindUpdate, similar.Same: KindDuplicate}[similar.Compare(tc.older, tc.newer).Kind]
			if summarise != tc.want {
				t.Errorf("summarise says %v, want %s", similar.Compare(tc.older, tc.newer).Kind, tc.want)
			}
		})
	}
}

// TestUpdateShowsTextsAsRecallDoes holds the update finding, which quotes
// both learnings, to what recall shows of a learning: a secret redacted
// (TestSecretNeverPrinted's promise for every finding) and terminal
// controls and bidi overrides neutralised, in the texts and in the word
// diff. lint's output goes to a terminal and an agent's context as
// recall's does.
func TestUpdateShowsTextsAsRecallDoes(t *testing.T) {
	older := "The payments API times out after 30 s; connect with mysql --password=S3cretValue99 -h db \u202eevil\u202c \x1b]0;title\x07 done."
	newer := "The payments API times out after 60 s; connect with mysql --password=S3cretValue99 -h db \u202eevil\u202c \x1b]0;title\x07 done."
	doc := learnings.Parse([]byte("## [2026-11-02 10:00 CET] - Two\n\n### Learnings\n\n**Fresh Discoveries:**\n- " + newer +
		"\n\n## [2026-11-01 10:00 CET] - One\n\n### Learnings\n\n**Fresh Discoveries:**\n- " + older + "\n"))
	updates := 0
	for _, f := range check(doc) {
		if f.Kind != KindUpdate {
			continue
		}
		updates++
		shown := f.Message + f.Fix
		for _, leak := range []string{"S3cretValue99", "\u202e", "\x1b", "\x07"} {
			if strings.Contains(shown, leak) {
				t.Errorf("the update finding shows %q: %q", leak, shown)
			}
		}
		if !strings.Contains(f.Message, "`30` → `60`") {
			t.Errorf("the update finding lost its word diff: %s", f.Message)
		}
	}
	if updates != 1 {
		t.Fatalf("%d update findings, want 1", updates)
	}
}
