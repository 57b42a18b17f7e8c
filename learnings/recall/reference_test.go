package recall

import (
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
	"github.com/learn-memory/learn/learnings/similar"
)

// referenceFit is fit and fitChosen the plain way: every item's whole text
// counted before the secret scan (a brief one's first clause looked for in
// the shown text only), every count of what is left out kept in
// a map, every compared text prepared in full. Select's shortcuts
// (rawCostOver and runesOver's bound, the length of the heading kept for
// its category, the running count of the category last left out,
// PrepareKeyed) must choose exactly what it does.
func referenceFit(r *Result, items []Item, names categoryNames) {
	ranked := r.opts.Ranked != nil
	budget := r.MaxChars - runes(r.header()) - runes(r.worstFooter(items)) - runes(r.Notice()) - max(r.opts.Reserve, 0)
	shown := similar.NewSameIndex()
	done := map[*learnings.Learning]bool{}
	// show shows it, or folds it into the near duplicate already shown
	// and reports false: Result.show with every text prepared in full
	// (similar.Prepare), not PrepareKeyed, which this holds it to.
	show := func(it Item) bool {
		t := similar.Prepare(it.Learning.Text)
		if i, dup := shown.Find(t); dup {
			r.Shown[i].Collapsed++
			r.Duplicates++
			return false
		}
		shown.Add(len(r.Shown), t)
		r.Shown = append(r.Shown, it)
		return true
	}
	if len(r.chosen) > 0 {
		limit := min(int(float64(r.MaxChars)*chosenShare), budget)
		stated := min(int(float64(r.MaxChars)*statedShare), budget)
		spent := runes(chosenHeading)
		for _, it := range r.chosen {
			lim := limit
			if it.Match.Stated() {
				lim = stated
			}
			tag := r.chosenTag(it)
			cost := rawCost(it, tag)
			if spent+cost <= lim {
				cost = bulletCost(it, tag)
			}
			if spent+cost > lim {
				continue
			}
			done[it.Learning] = true
			if !show(it) {
				continue
			}
			spent += cost
			r.Chosen++
		}
		if r.Chosen > 0 {
			budget -= spent
		}
	}
	current := ""
	omitted := map[string]int{}
	var order []string
	for _, it := range items {
		if done[it.Learning] {
			continue
		}
		heading := 0
		if !ranked && it.Category != current {
			heading = runes(categoryHeading(it.Category))
		}
		if r.briefly(it) {
			it.cut(math.MaxInt)
		}
		cost := heading + rawCost(it, ranked)
		if cost <= budget || it.CutShort() {
			cost = heading + bulletCost(it, ranked)
		}
		if cost > budget {
			if omitted[it.Category] == 0 {
				order = append(order, it.Category)
			}
			omitted[it.Category]++
			r.OmittedTotal++
			continue
		}
		if !show(it) {
			continue
		}
		budget -= cost
		current = it.Category
	}
	if !ranked {
		slices.SortStableFunc(order, names.compare)
	}
	for _, c := range order {
		r.Omitted = append(r.Omitted, CategoryCount{c, omitted[c]})
	}
}

// developmentSet names the recall eval sets open to development; the
// held-out ones are never read here.
var developmentSet = regexp.MustCompile(`^(eval[2-5]?|eval1[2-7]|dev[0-9]+)$`)

// TestSelectAsReference holds Select with a budget to referenceFit on
// generated memories at many seeds (genMemory, and memgen's generators,
// bench/'s), the corpus files, and the development sets' memories, with
// each of their tasks and with a search's ranking of their learnings: the
// same learnings shown in the same order, the same counts, the same text.
func TestSelectAsReference(t *testing.T) {
	type input struct {
		name string
		doc  *learnings.Document
		ctxs []relevance.Context
	}
	var inputs []input
	r := rand.New(rand.NewPCG(16, 39))
	for i := range 40 {
		inputs = append(inputs, input{name: fmt.Sprintf("gen%d", i), doc: learnings.Parse([]byte(genMemory(r))),
			ctxs: []relevance.Context{{}, {Task: "run make gen before the tests"}, {Task: "the cache was stale after the migration", Paths: []string{"internal/cache/store.go"}}}})
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		for _, seed := range []int64{1, 2, 3} {
			src := memgen.GenerateWith(memgen.Options{Seed: seed, Size: 150 << 10, Mode: mode})
			inputs = append(inputs, input{name: fmt.Sprintf("memgen-%s-%d", mode, seed), doc: learnings.Parse(src),
				ctxs: []relevance.Context{{}, {Task: "retry the sync client on gateway timeouts", Paths: []string{"internal/sync/client.go", "docs/api.md"}, Branch: "fix/sync-retry"},
					{Task: "webhook signature verification keeps failing since we added request logging"}, {Task: "ログインのタイムアウト 東京 café résumé"}}})
		}
	}
	for _, dir := range []string{"../foreign/testdata/corpus", "../testdata/corpus"} {
		filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				if src, err := os.ReadFile(p); err == nil {
					inputs = append(inputs, input{name: p, doc: learnings.Parse(src), ctxs: []relevance.Context{{}}})
				}
			}
			return nil
		})
	}
	sets, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	nsets := 0
	for _, e := range sets {
		if !e.IsDir() || !developmentSet.MatchString(e.Name()) {
			continue
		}
		dir := filepath.Join("testdata", e.Name())
		src, err := os.ReadFile(filepath.Join(dir, "memory.md"))
		if err != nil {
			t.Fatal(err)
		}
		in := input{name: e.Name(), doc: learnings.Parse(src), ctxs: []relevance.Context{{}}}
		for _, tk := range loadTasks(t, filepath.Join(dir, "tasks.txt")) {
			in.ctxs = append(in.ctxs, tk.ctx)
		}
		inputs = append(inputs, in)
		nsets++
	}
	if nsets < 20 {
		t.Fatalf("read %d development sets, want them all", nsets)
	}
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			// A search's ranking, as learn search passes it: the
			// categories interleave, so the count of the category last
			// left out is not the next one's.
			ranked := slices.Clone(in.doc.Learnings())
			rand.New(rand.NewPCG(uint64(len(ranked)), 7)).Shuffle(len(ranked), func(i, j int) { ranked[i], ranked[j] = ranked[j], ranked[i] })
			var opts []Options
			for _, ctx := range in.ctxs {
				opts = append(opts, Options{Context: ctx})
			}
			opts = append(opts, Options{Ranked: ranked, Query: "retries"})
			for oi, o := range opts {
				for _, budget := range []int{MinMaxChars, 2000, 4000, DefaultMaxChars} {
					for _, cat := range []string{"", "Gotchas"} {
						o.MaxChars, o.Category = budget, cat
						got := Select(in.doc, o)
						want, items, names := gather(in.doc, o)
						referenceFit(want, items, names)
						if g, w := describe(got), describe(want); g != w {
							t.Fatalf("options %d, budget %d, category %q:\nSelect    %s\nreference %s", oi, budget, cat, g, w)
						}
						if g, w := got.Text(), want.Text(); g != w {
							t.Fatalf("options %d, budget %d, category %q: texts differ\nSelect:\n%s\nreference:\n%s", oi, budget, cat, g, w)
						}
					}
				}
			}
		})
	}
}

// describe is what a Result chose, for comparing two.
func describe(r *Result) string {
	s := fmt.Sprintf("total %d duplicates %d omitted %d %v chosen %d floor %v shown", r.Total, r.Duplicates, r.OmittedTotal, r.Omitted, r.Chosen, r.Floor)
	for _, it := range r.Shown {
		s += fmt.Sprintf(" %s/%s/%d/%v", it.Learning.ID, it.Category, it.Collapsed, it.Chosen)
	}
	return s
}
