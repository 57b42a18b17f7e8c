package similar

import (
	"fmt"
	"testing"
)

// TestKeyedTextsCompareAsPrepared holds a text read by prepareKeyed (its
// canonical form and key now, its features when a comparison needs them)
// to a text Prepare read: the same canonical form, key and features, and
// the same verdict against either kind, both ways round, on every pair of
// the test sets and on texts whose tokens are hard to read.
func TestKeyedTextsCompareAsPrepared(t *testing.T) {
	var pairs []pair
	for _, path := range everyPairSet(t) {
		pairs = append(pairs, loadPairsFrom(t, path)...)
	}
	for _, s := range []string{"", "   ", "**", "Run make gen before go test", "X is owned by Y, not Z", "80% of CPU, 5 min",
		"ＡＰＩ Straße’s", "\xff\xfe \xc3", "--json -race .env (./...)", "Use Go, Rust and Python", "tabs\u00a0and\u2028",
		"Don't use npm; use pnpm", "won't work on Windows 10 (see #1234)"} {
		pairs = append(pairs, pair{kind: "text", stored: s, cand: s + " too"}, pair{kind: "text", stored: s, cand: s})
	}
	if len(pairs) < 200 {
		t.Fatalf("read %d pairs, want the test sets", len(pairs))
	}
	var fails pairFailures
	for _, p := range pairs {
		fails.run(t, p, func(t *testing.T) {
			for _, s := range []string{p.stored, p.cand} {
				k, full := prepareKeyed(s), Prepare(s)
				if k.Canonical() != full.Canonical() || k.Empty() != full.Empty() || k.analysisKey() != full.analysisKey() {
					fails.errorf(t, p, "%q: keyed canon %q key %q, prepared %q %q", s, k.Canonical(), k.analysisKey(), full.Canonical(), full.analysisKey())
					return
				}
				if got, want := dumpPrepared(s, &Text{f: k.features(), src: s}), dumpPrepared(s, full); got != want {
					fails.errorf(t, p, "%q: keyed features\n%s\nprepared\n%s", s, got, want)
					return
				}
			}
			want := Prepare(p.stored).Compare(Prepare(p.cand))
			wantSame := Prepare(p.stored).Same(Prepare(p.cand))
			for _, mix := range []struct {
				name string
				a, b *Text
			}{
				{"keyed-keyed", prepareKeyed(p.stored), prepareKeyed(p.cand)},
				{"keyed-prepared", prepareKeyed(p.stored), Prepare(p.cand)},
				{"prepared-keyed", Prepare(p.stored), prepareKeyed(p.cand)},
			} {
				if got := mix.a.Same(mix.b); got != wantSame {
					fails.errorf(t, p, "%s: Same %v, prepared texts %v", mix.name, got, wantSame)
				}
				if got := mix.a.Compare(mix.b); fmt.Sprint(got) != fmt.Sprint(want) {
					fails.errorf(t, p, "%s: Compare %v, prepared texts %v", mix.name, got, want)
				}
			}
		})
	}
	fails.report(t)
}
