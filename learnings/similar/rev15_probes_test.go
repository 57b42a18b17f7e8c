package similar

import (
	"strings"
	"testing"
)

// TestRev15Probes holds the decision to probes shaped to tempt the readings
// issue 24's round 15 added (a passive read as active, a noun of an action
// as its verb, "the Y of X", "to let" as "so", "only" kept with its word,
// "place" as "put", the groups settle/pay, beginner/novice, noon/midday,
// middle/centre) into calling a changed fact the same learning: an update
// or a new pair called the same is an error, the agent would skip a
// correction. It logs the verdicts by the shape each pair tempts.
func TestRev15Probes(t *testing.T) {
	want := map[string]Kind{"same": Same, "update": Update, "new": Distinct}
	type count struct{ same, update, distinct, total int }
	byShape := map[string]*count{}
	var shapes []string
	for _, p := range loadPairsFrom(t, "testdata/rev15_probes.txt") {
		label, shape, _ := strings.Cut(p.kind, " ")
		k, ok := want[label]
		if !ok || shape == "" {
			t.Fatalf("rev15_probes.txt:%d: label %q, want a kind and a shape", p.line, p.kind)
		}
		key := label + " " + shape
		c := byShape[key]
		if c == nil {
			c = &count{}
			byShape[key] = c
			shapes = append(shapes, key)
		}
		c.total++
		v, w := Compare(p.stored, p.cand), Compare(p.cand, p.stored)
		if v.Kind != w.Kind {
			t.Errorf("rev15_probes.txt:%d: not symmetric: %v one way, %v the other", p.line, v.Kind, w.Kind)
		}
		switch v.Kind {
		case Same:
			c.same++
		case Update:
			c.update++
		default:
			c.distinct++
		}
		if v.Kind == k {
			continue
		}
		report := t.Logf
		if v.Kind == Same || w.Kind == Same {
			report = t.Errorf
		}
		report("rev15_probes.txt:%d: %v (score %.2f, %s), want %v:\n  %s\n  %s", p.line, v.Kind, v.Score, FormatChanges(Diff(p.stored, p.cand)), k, p.stored, p.cand)
	}
	for _, key := range shapes {
		c := byShape[key]
		t.Logf("%-22s %2d pairs: same %2d, update %2d, new %2d", key, c.total, c.same, c.update, c.distinct)
	}
}
