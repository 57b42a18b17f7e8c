package compact

import (
	"cmp"
	"slices"
	"strings"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/similar"
)

// folder merges learnings fed newest first: the first wording of a learning
// is kept and later (older) wordings of the same learning are counted and
// dropped. Only the same learning merges (similar.SameIndex): an older
// learning that differs in a value is another fact, and stays.
type folder struct {
	// entries are held by value in a list sized for every learning
	// folded: one allocation rather than one per entry and a list grown
	// a dozen times (about 20 of the 175 MB a compact of the default
	// generator's 10 MB memory allocated).
	entries []entry
	// exact holds, by entry number, the learnings with no words
	// (punctuation, symbols), which merge only when equal; index holds
	// the rest.
	exact  map[string]int
	index  *similar.SameIndex
	merged int
	// into maps the key of each learning dropped as a duplicate to the key
	// of the one kept, so Apply can check that nothing else went.
	into map[string]string
	// customOrder ranks custom categories by first appearance, so each
	// stays grouped after the spec's five.
	customOrder map[string]int
	// labels memoises category normalisation and ranking: a file has
	// thousands of learnings but only a handful of category labels.
	labels map[string]label
}

// label is a category as the fold files it: its name normalised and its
// rank. It is worked out once for each category of a session and carried
// with its learnings and entries, not looked up again in a map for each
// learning (normalised once and ranked up to four times a learning, and
// each entry's group in result again): a compact of the default
// generator's 10 MB memory read 1,557.9 -> 1,531.0 M instructions
// (callgrind, GOMAXPROCS=1).
type label struct {
	name string
	rank int
}

type entry struct {
	label
	text string
	key  string
	seq  int
}

// folding is one learning to fold: its category and its text.
type folding struct {
	category label
	text     string
	l        *learnings.Learning
}

// newFolder returns a folder for n learnings.
func newFolder(n int) *folder {
	// The index holds only the texts that may repeat another: it is not
	// sized for all.
	return &folder{entries: make([]entry, 0, n), exact: make(map[string]int), index: similar.NewSameIndex(), customOrder: make(map[string]int),
		labels: make(map[string]label), into: make(map[string]string)}
}

// labelOf is the category a category label, as written, files under.
func (f *folder) labelOf(written string) label {
	c, ok := f.labels[written]
	if !ok {
		c.name = written
		if n, known := learnings.NormalizeCategory(written); known {
			c.name = n
		}
		c.rank = learnings.CategoryRank(c.name)
		f.labels[written] = c
	}
	return c
}

// add folds text, prepared as t, filed under category, and returns the
// entry that keeps it (a new one, or the one it duplicates), -1 for a text
// with nothing to keep. A nil t is a text with words that no other text
// folded may repeat (similar.PrepareRepeatsInOrder): it gets an entry of
// its own, whose key no duplicate names.
func (f *folder) add(category label, text string, t *similar.Text) int {
	if t == nil {
		return f.newEntry(category, text, "")
	}
	canon := keyOf(t.Canonical(), text)
	if canon == "" {
		return -1
	}
	var dup *entry
	if t.Empty() {
		if i, ok := f.exact[canon]; ok {
			dup = &f.entries[i]
		}
	} else if i, ok := f.index.Find(t); ok {
		dup = &f.entries[i]
	}
	if dup != nil {
		f.merged++
		if canon != dup.key {
			f.into[canon] = dup.key
		}
		// A duplicate filed under a more important category (a User
		// Correction repeated as a discovery) moves the kept wording up,
		// so no correction is demoted by the merge.
		if category.rank < dup.rank {
			dup.label = category
		}
		return dup.seq
	}
	seq := f.newEntry(category, text, canon)
	if t.Empty() {
		f.exact[canon] = seq
		return seq
	}
	f.index.Add(seq, t)
	return seq
}

// again folds a word for word copy, filed under category, of a learning
// add folded into entry n (-1: one with nothing to keep), as add would
// fold it, and returns n: the copy is the same learning as the text it
// repeats (similar.PrepareCopiesInOrder).
func (f *folder) again(category label, n int) int {
	if n < 0 {
		return -1
	}
	dup := &f.entries[n]
	f.merged++
	if category.rank < dup.rank {
		dup.label = category
	}
	return dup.seq
}

// newEntry adds the entry of text, filed under category, with key canon,
// and returns its number.
func (f *folder) newEntry(category label, text, canon string) int {
	if category.rank == len(learnings.Priority) {
		if _, ok := f.customOrder[category.name]; !ok {
			f.customOrder[category.name] = len(f.customOrder)
		}
	}
	seq := len(f.entries)
	f.entries = append(f.entries, entry{label: category, text: text, key: canon, seq: seq})
	return seq
}

// keyOf is how compact tells learnings apart: their canonical text, or for
// one with none (punctuation, symbols only) the text itself, so that no
// learning is dropped for having no words.
func keyOf(canon, text string) string {
	if canon != "" {
		return canon
	}
	if t := strings.TrimSpace(text); t != "" {
		return "\x00" + t
	}
	return ""
}

// result is the folded learnings in the order Consolidated lists them,
// and the entry each is.
func (f *folder) result() ([]learnings.NewLearning, []int32) {
	// The entries are in order (seq) already: a stable sort by category
	// is a grouping. Each entry's group, its category's rank and then its
	// custom category's first appearance, is read once, and the few groups
	// are sorted, rather than two map lookups for each of a sort's
	// comparisons (about 30 ms of the 900 ms of CPU of a compact of the
	// default generator's 10 MB memory, in its profile).
	type group struct{ rank, custom int }
	index := map[group]int{}
	var groups []group
	var count []int
	of := make([]int32, len(f.entries))
	for i, e := range f.entries {
		g := group{e.rank, 0}
		if e.rank == len(learnings.Priority) {
			g.custom = f.customOrder[e.name]
		}
		n, ok := index[g]
		if !ok {
			n = len(groups)
			index[g] = n
			groups = append(groups, g)
			count = append(count, 0)
		}
		of[i] = int32(n)
		count[n]++
	}
	order := make([]int, len(groups))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(groups[a].rank, groups[b].rank), cmp.Compare(groups[a].custom, groups[b].custom))
	})
	start := make([]int, len(groups))
	at := 0
	for _, n := range order {
		start[n] = at
		at += count[n]
	}
	out := make([]learnings.NewLearning, len(f.entries))
	seqs := make([]int32, len(f.entries))
	for i, e := range f.entries {
		g := of[i]
		out[start[g]] = learnings.NewLearning{Category: e.name, Text: e.text}
		seqs[start[g]] = int32(e.seq)
		start[g]++
	}
	return out, seqs
}
