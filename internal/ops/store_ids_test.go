package ops_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/internal/ops"
	"github.com/learn-memory/learn/learnings"
)

// TestStoreNamesStoredLearnings checks the IDs store and summarise report
// for the stored learnings they skip, call duplicates or updates, and
// summarise's baseline lists, which they work out only when they name one:
// they are the IDs learnings.Parse gives the file, "-N" copies included,
// on every generator's memory, for a real store and a dry run.
func TestStoreNamesStoredLearnings(t *testing.T) {
	updates := 0
	for _, mode := range generators {
		src := memgen.GenerateWith(memgen.Options{Seed: 3, Size: 256 << 10, Mode: mode})
		doc := learnings.Parse(src)
		byID := map[string]*learnings.Learning{}
		var copies, numbered []*learnings.Learning
		for _, l := range learnings.Live(doc.Learnings()) {
			byID[l.ID] = l
			if strings.Contains(l.ID, "-") {
				copies = append(copies, l)
			}
			if strings.ContainsAny(l.Text, "123456789") && !strings.Contains(l.Text, "\n") && len(numbered) < 3 {
				numbered = append(numbered, l)
			}
		}
		var input strings.Builder
		input.WriteString("**Fresh Discoveries:**\n")
		for _, l := range append(copies[:min(len(copies), 3)], numbered...) {
			fmt.Fprintf(&input, "- %s\n", l.Text)
		}
		for _, l := range numbered {
			// The same learning with one number changed: an update.
			i := strings.IndexAny(l.Text, "123456789")
			fmt.Fprintf(&input, "- %s%c%s\n", l.Text[:i], '1'+(l.Text[i]-'0')%9, l.Text[i+1:])
		}
		fmt.Fprintf(&input, "- A learning no generated memory holds, about %s.\n", genName(mode))
		check := func(t *testing.T, what string, got ops.Learning) {
			t.Helper()
			l := byID[got.ID]
			if l == nil || ops.Clean(l.Text) != got.Text {
				t.Fatalf("%s %q is named %s, the ID of %v", what, got.Text, got.ID, l)
			}
			if l.Session != nil && (got.Session == nil || got.Session.ID != l.Session.ID) {
				t.Fatalf("%s %s: session %v, want %s", what, got.ID, got.Session, l.Session.ID)
			}
		}
		t.Run(genName(mode)+"/summarise", func(t *testing.T) {
			m := memory(t, string(src))
			res, err := ops.Summarise(m, ops.SummariseOptions{Candidates: []byte(input.String())})
			if err != nil {
				t.Fatal(err)
			}
			named := 0
			for _, v := range res.Check.Verdicts {
				for _, of := range []*ops.Learning{v.DuplicateOf, v.UpdateOf} {
					if of != nil {
						check(t, v.Verdict, *of)
						named++
					}
				}
			}
			if named < len(numbered) {
				t.Fatalf("%d verdicts name a stored learning: the input's repeats were not found", named)
			}
			base, err := ops.Summarise(m, ops.SummariseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range base.Baseline.Learnings {
				check(t, "baseline", l)
			}
		})
		for _, dry := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/dry=%v", genName(mode), dry), func(t *testing.T) {
				m := memory(t, string(src))
				res, err := ops.Store(m, ops.StoreOptions{Focus: "IDs", Source: []byte(input.String()), DryRun: dry})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Skipped) < len(numbered) || len(res.Stored) == 0 {
					t.Fatalf("skipped %d, stored %d: the input's repeats were not found", len(res.Skipped), len(res.Stored))
				}
				check := func(what string, got ops.Learning) { check(t, what, got) }
				for _, s := range res.Skipped {
					if s.DuplicateOf != nil {
						check("skipped", *s.DuplicateOf)
					}
				}
				for _, u := range res.Updates {
					check("updated", u.Stored)
					updates++
				}
			})
		}
	}
	if updates == 0 {
		t.Error("no store reported an update: the test names no updated learning")
	}
}
