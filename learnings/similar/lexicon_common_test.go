package similar

import (
	"strings"
	"testing"
)

// TestCommonGroups holds commonGroups to the pairs of testdata/common.txt,
// each way round: a restatement that swaps one of their words is the same
// learning, and a value changed beside the swap (or the word swapped for
// its opposite) is never the same.
func TestCommonGroups(t *testing.T) {
	want := map[string]Kind{"same": Same, "update": Update, "new": Distinct}
	for _, p := range loadPairsFrom(t, "testdata/common.txt") {
		k, ok := want[p.kind]
		if !ok {
			t.Fatalf("common.txt:%d: unknown kind %q", p.line, p.kind)
		}
		for _, q := range [2][2]string{{p.stored, p.cand}, {p.cand, p.stored}} {
			v := Compare(q[0], q[1])
			if (v.Kind == Same) != (k == Same) {
				t.Errorf("common.txt:%d: %v (score %.2f, %s), want %v:\n  %s\n  %s", p.line, v.Kind, v.Score, FormatChanges(Diff(q[0], q[1])), k, q[0], q[1])
			}
		}
	}
}

// TestCommonGroupsKeepApart checks that commonGroups read no pair of
// opposites or near-misses as one word: the words next to theirs in
// meaning that name another value, direction or thing.
func TestCommonGroupsKeepApart(t *testing.T) {
	pairs := [][2]string{
		{"achieve", "fail"}, {"satisfy", "violate"}, {"worsen", "improve"}, {"degrade", "improve"},
		{"honor", "ignore"}, {"respect", "skip"}, {"widen", "narrow"}, {"broaden", "restrict"},
		{"harm", "help"}, {"hinder", "help"}, {"revert", "apply"}, {"undo", "redo"},
		{"retire", "launch"}, {"decommission", "deploy"}, {"disconnect", "connect"}, {"unplug", "connect"},
		{"serialize", "deserialize"}, {"marshal", "unmarshal"}, {"automatic", "manual"},
		{"similar", "different"}, {"comparable", "distinct"}, {"negligible", "significant"},
		{"insignificant", "significant"}, {"actual", "expected"}, {"real", "fake"}, {"real", "mock"},
		{"terrible", "fine"}, {"upcoming", "previous"}, {"forthcoming", "latest"},
		{"immediate", "delayed"}, {"instant", "later"}, {"easier", "harder"}, {"easiest", "hardest"},
		{"simpler", "trickier"}, {"fastest", "slowest"}, {"biggest", "smallest"}, {"largest", "smallest"},
		{"oldest", "newest"}, {"earliest", "latest"}, {"consecutive", "total"}, {"badly", "well"},
		{"poorly", "properly"}, {"unexpectedly", "usually"}, {"verification", "approval"},
		{"inspection", "repair"}, {"danger", "warning"}, {"hazard", "error"}, {"requirement", "option"},
		{"prerequisite", "optional"}, {"spike", "drop"}, {"surge", "outage"}, {"disruption", "outage"},
		{"obstacle", "goal"}, {"pitfall", "tip"}, {"buyer", "seller"}, {"purchaser", "vendor"},
		{"medication", "dose"}, {"certificate", "key"}, {"infrastructure", "application"},
		{"average", "median"}, {"average", "total"}, {"avg", "max"}, {"lab", "clinic"},
		{"phone", "email"}, {"car", "truck"}, {"bike", "car"}, {"accidental", "intentional"},
		{"inadvertent", "deliberate"}, {"concurrent", "sequential"}, {"simultaneous", "serial"},
		{"within", "outside"}, {"inside", "outside"}, {"expiry", "renewal"}, {"expiration", "creation"},
		{"calculation", "estimate"}, {"hugely", "slightly"}, {"petrol", "diesel"},
		{"gasoline", "electric"}, {"connection", "session"}, {"transaction", "query"},
		{"preference", "setting"}, {"vet", "nurse"}, {"pharmacy", "clinic"},
		{"overly", "slightly"}, {"beginner", "expert"}, {"novice", "advanced"}, {"noon", "midnight"},
		{"midday", "evening"}, {"middle", "edge"}, {"center", "corner"}, {"pay", "refund"},
		{"settle", "charge"}, {"pay", "earn"},
	}
	for _, p := range pairs {
		a, b := lookup(stem(p[0])).same, lookup(stem(p[1])).same
		if a != "" && a == b {
			t.Errorf("%q and %q are read as one word %q", p[0], p[1], a)
		}
	}
}

// TestDecisionJoinsJoin holds each pair of decisionJoins to a join that
// happens: its two words head no one group of the tables, each is in a
// group, and the decision reads both, and every word of the second's
// group, as the first's. joinGroups passes over a pair it cannot join, so
// a group edited away would otherwise undo the join unseen.
func TestDecisionJoinsJoin(t *testing.T) {
	groupOf := map[string][]string{}
	for _, g := range decisionTables() {
		ws := strings.Fields(g)
		for _, w := range ws {
			groupOf[stem(w)] = ws
		}
	}
	same := sameStems()
	for _, j := range decisionJoins {
		a, b, _ := strings.Cut(j, " ")
		ga, gb := groupOf[stem(a)], groupOf[stem(b)]
		if ga == nil || gb == nil || ga[0] == gb[0] {
			t.Errorf("join %q: groups %q and %q, want two groups", j, ga, gb)
			continue
		}
		for _, w := range append([]string{a}, gb...) {
			if got, want := same[stem(w)], same[stem(a)]; got != want || want == "" {
				t.Errorf("join %q: %q is read as %q, want %q", j, w, got, want)
			}
		}
	}
}
