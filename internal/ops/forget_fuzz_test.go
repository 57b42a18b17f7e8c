package ops

import (
	"bytes"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// FuzzForgetMatch checks that a narrowed forget removes exactly what it
// reports: every session it does not touch survives byte for byte, and no
// learning it picked is left.
func FuzzForgetMatch(f *testing.F) {
	f.Add(memgen.Generate(3, 4000), "cache")
	f.Add([]byte("## Consolidated Learnings\n\n**User Corrections:**\n- Keep A.\n- Drop B.\n\n## Mine\n\nnotes\n"), "drop")
	f.Add([]byte("## [2026-11-22 10:00 UTC] - X\r\n\r\n**Fresh Discoveries:**\r\n1. one\r\n2. two\r\n"), "ONE")
	f.Fuzz(func(t *testing.T, src []byte, match string) {
		doc := learnings.Parse(src)
		if doc.Writable() != nil || similar.Canonical(match) == "" {
			return
		}
		opts := ForgetOptions{ForgetSelectors: ForgetSelectors{Matches: []string{match}}}
		rep := &ForgetResult{}
		out, err := planForget(&Memory{}, opts, rep, src)
		if err != nil {
			return // nothing matched
		}
		picked := map[string]bool{}
		for _, l := range rep.Learnings {
			picked[l.ID] = true
		}
		gone := map[string]bool{}
		for _, s := range rep.Sessions {
			gone[s.ID] = true
		}
		for _, s := range doc.Sessions {
			touched := gone[s.ID]
			for _, c := range s.Categories {
				for _, l := range c.Learnings {
					touched = touched || picked[l.ID]
				}
			}
			if !touched && !bytes.Contains(out, src[s.Span.Start:s.Span.End]) {
				t.Fatalf("untouched session %s changed", s.ID)
			}
		}
		for _, l := range learnings.Parse(out).Learnings() {
			if forgetMatches(l.Text, []string{match}, []string{similar.Canonical(match)}) {
				t.Fatalf("learning %q matching %q survived", l.Text, match)
			}
		}
	})
}
