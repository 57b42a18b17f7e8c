package similar

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
)

// TestChangeSignatureIsConservative holds mayChangeOnce to what it stands
// in for: wherever oneChange says one thing changed, the signatures must
// let the pair through. It reads every pair of the test sets both ways
// round, and pairs made from their texts by the edits an update and a
// sibling make (a value replaced, words added, dropped or swapped, numbers
// changed, "instead of" added, code spans, negations), so that a new rule
// in oneChange or a new word in the tables that the signature does not
// follow fails here.
func TestChangeSignatureIsConservative(t *testing.T) {
	var pairs []pair
	for _, path := range everyPairSet(t) {
		pairs = append(pairs, loadPairsFrom(t, path)...)
	}
	if len(pairs) < 200 {
		t.Fatalf("read %d pairs, want the test sets", len(pairs))
	}
	// Changes oneChange takes as one however long: numbers only, words
	// in another order, a command in a long learning, a passive.
	for _, p := range [][2]string{
		{"Ports 8080, 8081, 8082, 8083 and 8084 are reserved for the dev stack.", "Ports 9090, 9091, 9092, 9093 and 9094 are reserved for the dev stack."},
		{"Timeouts: connect 5 s, read 30 s, write 30 s, idle 90 s, total 120 s.", "Timeouts: connect 2 s, read 10 s, write 15 s, idle 60 s, total 300 s."},
		{"Deploy the api, the worker, the scheduler and the web app in that order.", "Deploy the web app, the scheduler, the worker and the api in that order."},
		{"Before every release of the billing service to the staging cluster in the EU region, run `make migrate check lint test bundle` first.",
			"Before every release of the billing service to the staging cluster in the EU region, run `docker compose up --build -d db cache` first."},
		{"Use pnpm instead of npm for the monorepo and its workspace packages and scripts.", "Use pnpm for the monorepo and its workspace packages and scripts."},
		{"Use yarn rather than npm in CI.", "Use npm in CI."},
		// The old value named after "not", and a command changed
		// inside one code span, however long.
		{"The CI job now lints the Python code with ruff, not flake8.", "The CI job lints the Python code with flake8."},
		{"The docs site is built with mkdocs, not the old sphinx setup.", "The docs site is built with the old sphinx setup."},
		{"Flash the board with `openocd -f board.cfg -c \"program build/app.elf verify reset exit\"`.", "Flash the board with `probe-rs download build/app.elf`."},
		// The same tokens, other words around them: keys equal.
		{"The release is signed by the build bot on every push to the main branch of the repo in the cloud.", "Build bot signs release every push main branch repo cloud."},
	} {
		pairs = append(pairs, pair{kind: "long", stored: p[0], cand: p[1]})
	}
	rng := rand.New(rand.NewPCG(24, 1))
	checked, ones, ruledOut := 0, 0, 0
	var fails pairFailures
	check := func(t *testing.T, p pair, a, b string) {
		t.Helper()
		ta, tb := Prepare(a), Prepare(b)
		one := oneChange(ta, tb)
		may := mayChangeOnce(signatureOf(ta), signatureOf(tb), ta.analysisKey() == tb.analysisKey())
		checked++
		if one {
			ones++
		} else if !may {
			ruledOut++
		}
		if one && !may {
			fails.errorf(t, p, "oneChange says one change, the signatures rule it out:\n  a: %s\n  b: %s", a, b)
		}
	}
	for _, p := range pairs {
		fails.run(t, p, func(t *testing.T) {
			check(t, p, p.stored, p.cand)
			check(t, p, p.cand, p.stored)
			for _, s := range []string{p.stored, p.cand} {
				for range 6 {
					e := edited(rng, s)
					check(t, p, s, e)
					check(t, p, e, s)
				}
			}
		})
	}
	fails.report(t)
	t.Logf("%d pairs: %d one change, %d ruled out", checked, ones, ruledOut)
	// The test must see both answers often, or it proves nothing.
	if ones < 300 || ruledOut < 300 {
		t.Errorf("of %d pairs, oneChange said one change for %d and the signatures ruled out %d: want at least 300 of each", checked, ones, ruledOut)
	}
}

// edited is s with one or two of the edits an update or a sibling makes.
func edited(rng *rand.Rand, s string) string {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return "new"
	}
	values := []string{"vitest", "`pnpm install --frozen-lockfile`", "42", "v2", "#3628", "docs/api.md:144", "never", "no longer",
		"EU-West-1", "retries", "colour", "two", "30s", "instead of npm", "rather than yarn", "`go test ./...`", "the", "must", "see"}
	for range 1 + rng.IntN(2) {
		i := rng.IntN(len(ws))
		switch rng.IntN(7) {
		case 0: // a value replaced
			ws[i] = values[rng.IntN(len(values))]
		case 1: // a run of words replaced
			n := min(len(ws)-i, 1+rng.IntN(4))
			ws = append(ws[:i], append([]string{values[rng.IntN(len(values))], values[rng.IntN(len(values))]}, ws[i+n:]...)...)
		case 2: // a word added
			ws = append(ws[:i], append([]string{values[rng.IntN(len(values))]}, ws[i:]...)...)
		case 3: // a word dropped
			if len(ws) > 1 {
				ws = append(ws[:i], ws[i+1:]...)
			}
		case 4: // two words trading places
			j := rng.IntN(len(ws))
			ws[i], ws[j] = ws[j], ws[i]
		case 5: // a number changed
			for k, w := range ws {
				if strings.ContainsAny(w, "0123456789") {
					ws[k] = fmt.Sprint(rng.IntN(1000))
				}
			}
		case 6: // a word put in a code span
			ws[i] = "`" + ws[i] + "`"
		}
		if len(ws) == 0 {
			ws = []string{"new"}
		}
	}
	return strings.Join(ws, " ")
}

// TestSignaturesKeepEveryUpdate holds BestBefore's shortcuts (the change
// signatures before oneChange, placesApart among them, the share test
// without the common masks, the masks' count of the unread terms an entry
// has) to the search without them on whole memories: on generated
// memories of each of bench/'s generators (two seeds, two sizes) and on
// one made of the development pair sets, lint's search finds the same
// update of every learning, with the same score, with the shortcuts as
// without.
func TestSignaturesKeepEveryUpdate(t *testing.T) {
	memories := map[string][]string{}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		for _, gen := range []struct {
			seed int64
			size int
		}{{3, 1 << 20}, {11, 320 << 10}} {
			var texts []string
			src := memgen.GenerateWith(memgen.Options{Seed: gen.seed, Size: gen.size, Mode: mode})
			for line := range strings.Lines(string(src)) {
				if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
					texts = append(texts, text)
				}
			}
			memories[fmt.Sprintf("%s/seed%d", cmp.Or(mode, "default"), gen.seed)] = texts
		}
	}
	// The development pair sets, each pair's texts one after the other,
	// as a memory whose learnings are updates, rewordings and strangers.
	var sets []string
	for _, pattern := range []string{"testdata/*.txt", "testdata/heldout9/pairs.txt", "testdata/heldout12/pairs.txt", "testdata/heldout13/pairs.txt", "testdata/heldout14/pairs.txt"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, m...)
	}
	var paired []string
	for _, path := range sets {
		for _, p := range loadPairsFrom(t, path) {
			paired = append(paired, p.stored, p.cand)
		}
	}
	memories["pairsets"] = paired
	for name, texts := range memories {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			signed, unsigned := NewIndex(), NewIndex()
			unsigned.reference = true
			for _, ix := range []*Index{signed, unsigned} {
				ix.Common = max(100, len(texts)/1000) // as lint sets it
				ix.PrepareInOrder(len(texts), func(i int) string { return texts[i] }, func(int, *Text) {})
			}
			updates := 0
			for i := range texts {
				j, v, ok := signed.BestBefore(i)
				wantJ, want, wantOK := unsigned.BestBefore(i)
				if ok != wantOK || j != wantJ || v.Kind != want.Kind || v.Score != want.Score {
					t.Errorf("learning %d: with the shortcuts %d %+v %v, without %d %+v %v:\n  %s", i, j, v, ok, wantJ, want, wantOK, texts[i])
				}
				if wantOK {
					updates++
				}
			}
			// A memory without updates would prove nothing. The
			// small ones of the second seed may hold none (paths at
			// 320 KB, once a learning said of another scope or of
			// another helper was no update, otherScope and
			// otherInstance); the 1 MB ones each hold some.
			if updates == 0 && !strings.HasPrefix(name, "long/") && !strings.HasPrefix(name, "zipf/") && !strings.HasSuffix(name, "/seed11") {
				t.Errorf("no updates among %d learnings", len(texts))
			}
			t.Logf("%d learnings, %d updates", len(texts), updates)
		})
	}
}

// TestKindBitsAgreeWithMerge holds the kind bits of mayChangeOnce to the
// merge they stand in for: wherever they say no, the merge says no too.
// It pairs each learning of a generated memory of every generator with
// the learnings just before it, siblings and strangers alike.
func TestKindBitsAgreeWithMerge(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		t.Run(cmp.Or(mode, "default"), func(t *testing.T) {
			var sigs []*changeSig
			src := memgen.GenerateWith(memgen.Options{Seed: 5, Size: 256 << 10, Mode: mode})
			for line := range strings.Lines(string(src)) {
				if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
					sigs = append(sigs, signatureOf(Prepare(text)))
				}
			}
			bitsSay, mergeSays := 0, 0
			for i, a := range sigs {
				for _, b := range sigs[max(0, i-30):i] {
					if a.insteadOf != b.insteadOf || a.not != b.not {
						continue
					}
					merged, _ := mergeKinds(a, b)
					if !merged {
						mergeSays++
					}
					if onlyIn(a, b) > maxChangedWords || onlyIn(b, a) > maxChangedWords {
						bitsSay++
						if merged {
							t.Fatalf("pair %d: the kind bits rule out a pair the merge lets through", i)
						}
					}
				}
			}
			// Both must be seen often, or the test proves nothing.
			if bitsSay < 100 || mergeSays < 100 {
				t.Errorf("the bits ruled out %d pairs, the merge %d: want at least 100 of each", bitsSay, mergeSays)
			}
			t.Logf("the bits ruled out %d of the %d pairs the merge did", bitsSay, mergeSays)
		})
	}
}

// TestMergeKindsStopsExactly holds mergeKinds, which stops once the
// surpluses say no and marks kinds with bits shifted along the merge, to
// a merge read to the end with every kind's bit taken from its index: the
// same answer, and the same marks wherever it lets a pair through. It
// pairs each learning of a generated memory of every generator with the
// learnings just before it.
func TestMergeKindsStopsExactly(t *testing.T) {
	yes, no, long := 0, 0, 0
	for _, mode := range append([]string{""}, memgen.Modes...) {
		t.Run(cmp.Or(mode, "default"), func(t *testing.T) {
			var sigs []*changeSig
			src := memgen.GenerateWith(memgen.Options{Seed: 7, Size: 256 << 10, Mode: mode})
			for line := range strings.Lines(string(src)) {
				if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
					sigs = append(sigs, signatureOf(Prepare(text)))
				}
			}
			for i, a := range sigs {
				if len(a.kinds) > 64 {
					long++
				}
				for _, b := range sigs[max(0, i-30):i] {
					ok, marks := mergeKinds(a, b)
					wantOK, wantMarks := mergeKindsToTheEnd(a, b)
					if ok != wantOK {
						t.Fatalf("pair %d: mergeKinds says %v, the whole merge %v", i, ok, wantOK)
					}
					if !ok {
						no++
						continue
					}
					yes++
					if marks != wantMarks {
						t.Fatalf("pair %d: marks %+v, the whole merge's %+v", i, marks, wantMarks)
					}
				}
			}
		})
	}
	// Both answers and texts of more than 64 kinds must be seen, or the
	// test proves nothing.
	if yes < 100 || no < 100 || long == 0 {
		t.Errorf("the merge let %d pairs through and ruled out %d, %d texts of more than 64 kinds: want at least 100 pairs of each and a text", yes, no, long)
	}
	t.Logf("the merge let %d pairs through and ruled out %d; %d texts of more than 64 kinds", yes, no, long)
}

// mergeKindsToTheEnd is mergeKinds read plainly: the surplus of each text
// over the other, kind by kind, every kind marked with bit i of its index
// (none past the 64th), and the answer asked at the end.
func mergeKindsToTheEnd(a, b *changeSig) (bool, kindMarks) {
	var m kindMarks
	var sa, sb surplus
	mark := func(bits *uint64, i int) {
		if i < 64 {
			*bits |= 1 << i
		}
	}
	// seen holds, for each kind, its count and index in a (0) and b (1).
	type place struct {
		count int32
		index int
	}
	seen := map[uint64][2]place{}
	for s, ks := range [2][]sigWord{a.kinds, b.kinds} {
		for i, k := range ks {
			x := seen[k.hash]
			x[s] = place{k.count, i}
			seen[k.hash] = x
		}
	}
	for i, k := range a.kinds {
		x, y := seen[k.hash][0], seen[k.hash][1]
		switch {
		case y.count == 0:
			mark(&m.lacks[0], i)
			sa.add(&a.kinds[i], x.count)
		case x.count > y.count:
			sa.add(&a.kinds[i], x.count-y.count)
			mark(&m.holds[1], y.index)
		default:
			mark(&m.holds[0], i)
		}
	}
	for j, k := range b.kinds {
		x, y := seen[k.hash][0], seen[k.hash][1]
		switch {
		case x.count == 0:
			mark(&m.lacks[1], j)
			sb.add(&b.kinds[j], y.count)
		case y.count > x.count:
			sb.add(&b.kinds[j], y.count-x.count)
		case y.count == x.count:
			mark(&m.holds[1], j)
		}
	}
	if !sa.nonNumber && !sb.nonNumber || !sa.prose && !sb.prose {
		return true, m
	}
	return sa.more <= maxChangedWords && sb.more <= maxChangedWords, m
}

// TestPlacesApartIsConservative holds placesApart to oneChange on whole
// memories: wherever it rules a pair out, oneChange says no. It pairs each
// learning of generated memories of every generator (two seeds) with the
// learnings just before it and with edits of itself (a value replaced,
// words added, dropped, swapped, put in code), both ways round.
func TestPlacesApartIsConservative(t *testing.T) {
	for _, mode := range append([]string{""}, memgen.Modes...) {
		t.Run(cmp.Or(mode, "default"), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(12, 7))
			ruledOut, ones := 0, 0
			check := func(ta, tb *Text) {
				sa, sb := signatureOf(ta), signatureOf(tb)
				if sa.insteadOf != sb.insteadOf || sa.not != sb.not || ta.analysisKey() == tb.analysisKey() {
					return
				}
				ok, marks := mergeKinds(sa, sb)
				if !ok {
					return
				}
				one := oneChange(ta, tb)
				if one {
					ones++
				}
				if placesApart(sa, sb, &marks) {
					ruledOut++
					if one {
						t.Errorf("placesApart rules out a pair oneChange takes as one change:\n  a: %s\n  b: %s", ta.src, tb.src)
					}
				}
			}
			for _, seed := range []int64{3, 8} {
				var texts []*Text
				src := memgen.GenerateWith(memgen.Options{Seed: seed, Size: 192 << 10, Mode: mode})
				for line := range strings.Lines(string(src)) {
					if text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "- "); ok {
						texts = append(texts, Prepare(text))
					}
				}
				for i, b := range texts {
					for _, a := range texts[max(0, i-20):i] {
						check(a, b)
						check(b, a)
					}
					e := Prepare(edited(rng, b.src))
					check(b, e)
					check(e, b)
				}
			}
			t.Logf("%d pairs ruled out, %d one change", ruledOut, ones)
			if ruledOut == 0 && mode != "long" {
				t.Errorf("no pair ruled out: the test proves nothing")
			}
		})
	}
}

// FuzzMayChangeOnce holds the change signatures to oneChange: a pair they
// rule out is never one change.
func FuzzMayChangeOnce(f *testing.F) {
	for _, p := range [][2]string{
		{"The session store must expire after 83 minutes; the queue redelivers after 30 s without an ack.", "The i18n loader must expire after 74 minutes; the queue redelivers after 30 s without an ack."},
		{"The websocket hub should reject a request ID on every line (ticket #2768).", "The plugin host should reject a request ID on every line (ticket #7944)."},
		{"The session store must use at most 87 workers; the cache key ignores the locale.", "The session store must use at most 35 workers; the cache key ignores the locale."},
		{"Tests run with jest in the web app.", "Tests are run with vitest in the web app."},
		{"For the museum app, use `yarn` to install.", "Use `pnpm` to install for the museum app."},
		{"The reminders are sent by the scheduler at 8 am.", "The scheduler sends the reminders at 9 am."},
		{"Use pnpm instead of npm for the monorepo.", "Use npm for the monorepo."},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			return
		}
		ta, tb := Prepare(a), Prepare(b)
		if ta.Empty() || tb.Empty() {
			return
		}
		if !mayChangeOnce(signatureOf(ta), signatureOf(tb), ta.analysisKey() == tb.analysisKey()) && oneChange(ta, tb) {
			t.Errorf("the signatures rule out a pair oneChange takes as one change:\n  a: %q\n  b: %q", a, b)
		}
	})
}
