package learnings_test

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/compact"
	"github.com/learn-memory/learn/learnings/reformat"
)

// lifeSrc is a file the way agents and people leave it: two sessions (the
// newer one on top), a hand-written label spelling, a learning repeated in
// both sessions, and Consolidated Learnings at the bottom.
const lifeSrc = `## Recent Sessions

## [2026-11-24 09:30 UTC] - Payments retry
**Project**: acme

### Fresh Discoveries
- Stripe webhooks retry for three days; handlers must be idempotent.
- The sync client caps backoff at 30 s.

## 2026-11-22 14:05 UTC - Sync client
**Fresh Discovery:**
1. The sync client caps   backoff at 30 s.
2. ` + "`make gen`" + ` regenerates the protobuf stubs.

**user corrections**
- Never call the billing API from tests; use the fake in internal/fakes.

## Consolidated Learnings

**Preference Clarifications:**
- Keep commit messages in the imperative mood.
`

// idsByText maps each learning's text (normalised as IDs see it) to its ID.
func idsByText(t *testing.T, src []byte) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, l := range learnings.Parse(src).Learnings() {
		k := strings.Join(strings.Fields(strings.ToLower(l.Content())), " ")
		out[k] = append(out[k], l.ID)
	}
	return out
}

func TestIDsLiveThroughCompactFmtAndMoves(t *testing.T) {
	src := []byte(lifeSrc)
	doc := learnings.Parse(src)
	before := map[string]*learnings.Learning{}
	for _, l := range doc.Learnings() {
		before[l.ID] = l
	}
	compacted, err := compact.NewPlan(doc, compact.Options{}).Apply(doc)
	if err != nil {
		t.Fatal(err)
	}
	formatted, err := reformat.Format(doc)
	if err != nil {
		t.Fatal(err)
	}
	// A learning moved by hand to another category and another place.
	moved := strings.Replace(lifeSrc, "- Never call the billing API from tests; use the fake in internal/fakes.\n", "", 1)
	moved = strings.Replace(moved, "**Preference Clarifications:**\n", "**Preference Clarifications:**\n- Never call the billing API from tests; use the fake in internal/fakes.\n", 1)
	for _, tt := range []struct {
		name string
		out  []byte
	}{
		{"compact", compacted},
		{"fmt", formatted.Output},
		{"moved to another category", []byte(moved)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			after := learnings.Parse(tt.out)
			if len(after.Learnings()) == 0 {
				t.Fatalf("no learnings in\n%s", tt.out)
			}
			for id, l := range before {
				got, err := after.FindLearning(id)
				if err != nil {
					t.Errorf("%s (%q): %v", id, l.Text, err)
					continue
				}
				if norm(got.Content()) != norm(l.Content()) {
					t.Errorf("%s named %q, now %q", id, l.Content(), got.Content())
				}
			}
		})
	}
}

func norm(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

func TestIDOfADuplicateInTwoSessions(t *testing.T) {
	ids := idsByText(t, []byte(lifeSrc))["the sync client caps backoff at 30 s."]
	if len(ids) != 2 || ids[1] != ids[0][:8] || ids[0] != ids[1]+"-2" {
		t.Fatalf("IDs of the copies = %v, want [lX-2 lX] (the copy above numbered)", ids)
	}
	// A new session on top changes no ID below it.
	doc := learnings.Parse([]byte(lifeSrc))
	out, err := doc.Edit().InsertSession(learnings.NewSession{Focus: "New", Learnings: []learnings.NewLearning{
		{Category: "Fresh Discoveries", Text: "The sync client caps backoff at 30 s."}}}).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	now := idsByText(t, out)["the sync client caps backoff at 30 s."]
	if len(now) != 3 || now[1] != ids[0] || now[2] != ids[1] {
		t.Errorf("after a store on top the copies are %v, want the old ones %v kept below", now, ids)
	}
	// Once compact merged the copies, both IDs name the one left.
	compacted, err := compact.NewPlan(doc, compact.Options{}).Apply(doc)
	if err != nil {
		t.Fatal(err)
	}
	after := learnings.Parse(compacted)
	for _, id := range ids {
		l, err := after.FindLearning(id)
		if err != nil || norm(l.Content()) != "the sync client caps backoff at 30 s." {
			t.Errorf("FindLearning(%s) after compact = %v, %v", id, l, err)
		}
	}
	if _, err := after.FindLearning(ids[1] + "-9"); err != nil {
		t.Errorf("a gone -9 copy: %v", err)
	}
}

// TestFormerIDsStillResolve checks the IDs older versions printed (owner,
// category and text hashed) while they can be computed.
func TestFormerIDsStillResolve(t *testing.T) {
	legacy := func(owner, category, text string) string {
		h := sha256.Sum256([]byte(owner + "\x00" + category + "\x00" + norm(text)))
		return "l" + hex.EncodeToString(h[:])[:7]
	}
	doc := learnings.Parse([]byte(lifeSrc))
	newer, older := doc.Sessions[0], doc.Sessions[1]
	tests := []struct {
		name, id, want string
	}{
		{"session learning", legacy(newer.ID, "Fresh Discoveries", "Stripe webhooks retry for three days; handlers must be idempotent."), "Stripe webhooks"},
		{"upper case", strings.ToUpper(legacy(older.ID, "User Corrections", "Never call the billing API from tests; use the fake in internal/fakes.")), "Never call"},
		{"consolidated", legacy("consolidated", "Preference Clarifications", "Keep commit messages in the imperative mood."), "Keep commit"},
		{"moved category", legacy(newer.ID, "User Corrections", "Stripe webhooks retry for three days; handlers must be idempotent."), "Stripe webhooks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := doc.FindLearning(tt.id)
			if err != nil || !strings.HasPrefix(l.Text, tt.want) {
				t.Errorf("FindLearning(%s) = %v, %v; want the learning %q...", tt.id, l, err, tt.want)
			}
		})
	}
	for _, id := range []string{"l0000000", "lzzzzzzz", "l00000", "s1234567", legacy("s0000000", "User Corrections", "Keep commit messages in the imperative mood.")} {
		if l, err := doc.FindLearning(id); err == nil {
			t.Errorf("FindLearning(%s) = %q, want not found", id, l.Text)
		}
	}
}
