// Package recall chooses and renders the learnings an agent sees at the start
// of a session: the most important first, duplicates collapsed, within a
// character budget, and byte-for-byte the same for the same file so that the
// text can sit in a cached prompt.
//
// Order. Categories follow learnings.Priority (User Corrections first);
// custom categories come after, alphabetically. Inside a category the newest
// learning comes first: session learnings by their session's time (ties and
// unreadable stamps by file order, undated sessions after dated ones), then
// Consolidated Learnings, which aggregate sessions older than any session
// still in the file.
//
// Duplicates. A learning that is the same learning as one already shown
// (similar.SameIndex: what store would skip, never one that differs in a
// value) is folded into it; inside a category the newest comes first, so
// its wording wins. With a
// budget only learnings that would fit are compared, and only against the
// shown ones, so the cost follows the output, not the file; the closing
// line counts the rest as left out, duplicates among them included. With no
// budget every learning is compared with every one kept, through an index
// (similar.SameIndex) whose cost per learning does not grow with the file.
//
// Budget. The whole output, header, closing line and the note on what the
// file holds that is not read included, stays within Options.MaxChars
// characters (runes). A learning either fits whole or is left
// out; smaller learnings after it may still fit. With a task, when the
// budget cannot hold every learning whole, a learning after the chosen
// ones that the task touches nothing of is cut to its first clause (see
// briefly). The closing line counts what
// the budget left out, per category from shortBelow characters up.
package recall

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/relevance"
	"github.com/learn-memory/learn/learnings/sanitize"
	"github.com/learn-memory/learn/learnings/similar"
)

// DefaultMaxChars is the default budget: about 1,500 tokens, which holds
// 40-60 typical learnings, the most an agent usefully reads up front, and
// costs little on every session start whatever the file's size. The rest is
// one `learn search` away.
const DefaultMaxChars = 6000

// MinMaxChars is the smallest budget accepted: the header and the closing
// line take about 235 characters in their short forms (see shortBelow),
// and a budget must leave room for a few learnings besides.
const MinMaxChars = 1000

// Options selects what to recall.
type Options struct {
	// MaxChars bounds the output in characters; 0 or less means no budget.
	MaxChars int
	// Category keeps only one category (any spelling NormalizeCategory
	// accepts); empty keeps all.
	Category string
	// Ranked, when not nil, replaces the file's learnings with these (a
	// search's hits, best first): they are shown in this order, not grouped
	// by category.
	Ranked []*learnings.Learning
	// Query is the search that produced Ranked, named in the header.
	Query string
	// Context, when not empty and Ranked is nil, puts the learnings most
	// relevant to it (relevance.Rank, at or above its floor) first,
	// under their own heading, in up to half the budget (two thirds
	// for those that say in their own words what the task is about, see
	// statedShare); the usual priority fill follows with what is left,
	// no learning shown twice, and with a Task those the context touches
	// nothing of cut to their first clause when not all fit whole (see
	// briefly).
	// An empty Context gives exactly the output without one.
	Context relevance.Context
	// Reserve is how many characters of the budget the caller prints
	// besides Text (a note naming damaged lines): the learnings fit in
	// what is left, and the closing line still names MaxChars.
	Reserve int
}

// Item is one learning chosen for the output.
type Item struct {
	Learning *learnings.Learning
	// Category is the canonical category name.
	Category string
	// Collapsed counts the older duplicates folded into this learning.
	Collapsed int
	// Chosen is true for a learning shown under the heading of those
	// chosen for the task (Options.Context).
	Chosen bool
	// Match is the learning's relevance to Options.Context and why; nil
	// when it matched nothing of it.
	Match *relevance.Match
	// brief, for a learning cut short, is what its bullet prints before
	// its tag: the first clause of its shown text (shownText) and an
	// ellipsis, the rest a `learn show ID` away (see briefly); empty
	// prints it whole. It is kept so that a cut learning is redacted once,
	// not again for its cost and for its bullet.
	brief string
}

// CutShort reports whether the output shows only the learning's first
// clause, an ellipsis and its ID.
func (it Item) CutShort() bool { return it.brief != "" }

// cut cuts it to the first clause of its shown text that fits room
// (firstClauseEnd); it stays whole when none does.
func (it *Item) cut(room int) {
	text := shownText(*it)
	if end := firstClauseEnd(text, room); end > 0 {
		it.brief = text[:end] + cutMark
	}
}

// CategoryCount is how many learnings of one category something applies to.
type CategoryCount struct {
	Category string
	Count    int
}

// Result is what Select chose and the text it renders to.
type Result struct {
	// Shown are the learnings in the output, in output order.
	Shown []Item
	// Omitted counts, per category in output order, the learnings the budget
	// left out.
	Omitted      []CategoryCount
	OmittedTotal int
	// Total is the number of learnings in scope (after --category or the
	// query), duplicates included: Shown, Duplicates and OmittedTotal add up
	// to it.
	Total int
	// Duplicates is how many learnings were folded into a shown one.
	Duplicates int
	// Stored is the number of learnings in the file, duplicates included;
	// Sessions the number of sessions.
	Stored   int
	Sessions int
	MaxChars int
	// Chosen is how many of Shown, at its start, were chosen for the task;
	// Floor is the least relevance score that could be chosen.
	Chosen int
	Floor  float64
	// Unread are the file's runs of lines not read as learnings; the
	// closing note counts them.
	Unread []learnings.Unread
	opts   Options
	// terse leaves the category counts out of the closing line.
	terse  bool
	chosen []Item
}

// Select picks the learnings to show from doc.
//
// With a budget, only learnings that would fit are compared for duplicates,
// and only against those already shown: the work is bounded by the output,
// not the file, so a 1 MB file costs little more than its parse. Learnings
// that do not fit are counted as left out without comparing them. With no
// budget every learning is compared against every one kept.
func Select(doc *learnings.Document, opts Options) *Result {
	r, items, names := gather(doc, opts)
	if r.MaxChars == 0 {
		r.Shown = collapse(chosenAll(r.chosen, items), &r.Duplicates)
		for _, it := range r.Shown {
			if it.Chosen {
				r.Chosen++
			}
		}
		return r
	}
	r.fit(items, names)
	return r
}

// gather is Select up to the showing: the items in scope in output order,
// with their matches and the chosen ones when there is a context.
func gather(doc *learnings.Document, opts Options) (*Result, []Item, categoryNames) {
	r := &Result{MaxChars: max(opts.MaxChars, 0), Sessions: len(doc.Sessions), opts: opts, Unread: doc.Unread()}
	ordered := newestFirst(doc)
	r.Stored = len(ordered)
	ranked := opts.Ranked != nil
	if ranked {
		ordered = opts.Ranked
	}
	// The ranking runs while the items are grouped and measured: on a
	// machine with more than one CPU, context adds little to the wall time.
	ranking := startRank(ordered, opts.Context, !ranked)
	names := categoryNames{}
	items := make([]Item, 0, len(ordered))
	want := ""
	if opts.Category != "" {
		want = strings.ToLower(names.canonical(opts.Category))
	}
	for _, l := range ordered {
		if l.Superseded != nil {
			r.Stored-- // history: a newer learning replaced it
			continue
		}
		c := names.canonical(l.Category)
		if want == "" || strings.ToLower(c) == want {
			items = append(items, Item{Learning: l, Category: c})
		}
	}
	if !ranked {
		items = groupByCategory(items, names)
	}
	if !ranked {
		r.chosen = r.relevant(ranking(), items)
	}
	r.Total = len(items)
	return r, items, names
}

// fit shows the items that fit the budget, in order, folding duplicates of
// shown ones into them, and counts the rest. When the brief fill (see
// briefly) cut a learning yet left none out, every learning fits whole,
// and is shown so: cutting is for room, and where the budget holds all
// (a small memory, or a session start's `learn recall --git` whose branch
// matched one learning), a cut only hid what a correction asks.
func (r *Result) fit(items []Item, names categoryNames) {
	r.fill(items, names, true)
	if r.OmittedTotal > 0 || !slices.ContainsFunc(r.Shown, Item.CutShort) {
		return
	}
	brief := *r
	r.Shown, r.Omitted, r.OmittedTotal, r.Duplicates, r.Chosen = nil, nil, 0, 0, 0
	r.fill(items, names, false)
	if r.OmittedTotal > 0 {
		*r = brief
	}
}

// fill is fit in one pass, cutting brief learnings when brief is set.
func (r *Result) fill(items []Item, names categoryNames, brief bool) {
	ranked := r.opts.Ranked != nil
	budget := r.MaxChars - runes(r.header()) - runes(r.worstFooter(items)) - runes(r.Notice()) - max(r.opts.Reserve, 0)
	shown := similar.NewSameIndex()
	current := ""
	// The items come grouped by category (but for a search's ranking),
	// so the count of the category last left out is kept at hand: a map
	// update for each of the thousands of learnings that do not fit was
	// 1.5% of a 1 MB recall's instructions.
	omitted := map[string]*int{}
	var order []string
	omittedCat, omittedN := "", (*int)(nil)
	budget, done := r.fitChosen(r.chosen, budget, shown)
	// The items come grouped by category: a heading's length is counted
	// once a group, not once an item.
	headed, headedRunes := "", 0
	for _, it := range items {
		if done[it.Learning] {
			continue
		}
		heading := 0
		if !ranked && it.Category != current {
			if it.Category != headed || headedRunes == 0 {
				headed, headedRunes = it.Category, runes(categoryHeading(it.Category))
			}
			heading = headedRunes
		}
		cost := budget + 1
		if brief && r.briefly(it) {
			// The clause is looked for in the text as written first, so
			// that a learning whose clause cannot fit is not redacted.
			room := budget - heading - briefTag(it)
			if firstClauseEnd(it.Learning.Text, room) > 0 {
				it.cut(room)
			}
		}
		if it.CutShort() || !rawCostOver(it, ranked, budget-heading) {
			cost = heading + bulletCost(it, ranked)
		}
		if cost > budget {
			if omittedN == nil || it.Category != omittedCat {
				omittedN = omitted[it.Category]
				if omittedN == nil {
					omittedN = new(int)
					omitted[it.Category] = omittedN
					order = append(order, it.Category)
				}
				omittedCat = it.Category
			}
			*omittedN++
			r.OmittedTotal++
			continue
		}
		if !r.show(it, shown) {
			continue
		}
		budget -= cost
		current = it.Category
	}
	if !ranked {
		slices.SortStableFunc(order, names.compare)
	}
	for _, c := range order {
		r.Omitted = append(r.Omitted, CategoryCount{c, *omitted[c]})
	}
}

// show appends it to r.Shown, unless it is the same learning as one shown
// (shown indexes those), which it is then folded into; it reports whether
// it was appended.
func (r *Result) show(it Item, shown *similar.SameIndex) bool {
	t := similar.PrepareKeyed(it.Learning.Text)
	if i, dup := shown.Find(t); dup {
		r.Shown[i].Collapsed++
		r.Duplicates++
		return false
	}
	shown.Add(len(r.Shown), t)
	r.Shown = append(r.Shown, it)
	return true
}

// worstFooter is the longest closing line the selection could end with: every
// category listed with its full count, so the real one is never longer.
func (r *Result) worstFooter(items []Item) string {
	// The categories in the order first met; an item in the category of
	// the one before it (most, as items come grouped) is not looked up.
	seen := map[string]bool{}
	var order []string
	for i, it := range items {
		if i > 0 && it.Category == items[i-1].Category || seen[it.Category] {
			continue
		}
		seen[it.Category] = true
		order = append(order, it.Category)
	}
	worst := &Result{Total: len(items), OmittedTotal: len(items), Duplicates: len(items), MaxChars: r.MaxChars, opts: r.opts}
	// The closing line names only the first few categories: the worst
	// names the longest, each with the largest count.
	slices.SortStableFunc(order, func(a, b string) int {
		return cmp.Compare(runes(shortName(sanitize.Text(b))), runes(shortName(sanitize.Text(a))))
	})
	for _, c := range order {
		worst.Omitted = append(worst.Omitted, CategoryCount{c, len(items)})
	}
	return worst.footer()
}

// newestFirst lists every learning of doc from newest to oldest: sessions by
// time, then Consolidated.
func newestFirst(doc *learnings.Document) []*learnings.Learning {
	sessions := learnings.NewestFirst(doc.Sessions)
	n := 0
	for _, s := range sessions {
		for _, c := range s.Categories {
			n += len(c.Learnings)
		}
	}
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			n += len(c.Learnings)
		}
	}
	out := make([]*learnings.Learning, 0, n)
	for _, s := range sessions {
		for _, c := range s.Categories {
			out = append(out, c.Learnings...)
		}
	}
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			out = append(out, c.Learnings...)
		}
	}
	return out
}

// groupByCategory orders items by category, keeping their order inside
// each: it counts each category's items, then places every item once at its
// category's next slot, since a file has thousands of learnings but a
// handful of categories. (Growing a bucket per category copied every item
// two or three times and was 7% of a 1 MB recall process's CPU, most of it
// page faults on the growing buckets.)
func groupByCategory(items []Item, names categoryNames) []Item {
	index := map[string]int{}
	var order []string
	var count []int
	for _, it := range items {
		i, ok := index[it.Category]
		if !ok {
			i = len(order)
			index[it.Category] = i
			order = append(order, it.Category)
			count = append(count, 0)
		}
		count[i]++
	}
	slices.SortFunc(order, names.compare)
	next := make([]int, len(order))
	at := 0
	for _, c := range order {
		next[index[c]] = at
		at += count[index[c]]
	}
	out := make([]Item, len(items))
	for _, it := range items {
		i := index[it.Category]
		out[next[i]] = it
		next[i]++
	}
	return out
}

// collapse keeps the first of every group of duplicates, counting the rest.
// It only tells the same learning, so it reads the keys of the few texts
// that may repeat another (PrepareRepeatsInOrder): stats and recall --all
// collapse every learning of the file.
func collapse(items []Item, dups *int) []Item {
	kept := make([]Item, 0, len(items))
	idx := similar.NewSameIndex()
	similar.PrepareRepeatsInOrder(len(items), func(i int) string { return items[i].Learning.Text }, func(n int, t *similar.Text) {
		if t == nil {
			kept = append(kept, items[n]) // no other item is its repeat
			return
		}
		if i, ok := idx.Find(t); ok {
			kept[i].Collapsed++
			*dups++
			return
		}
		idx.Add(len(kept), t)
		kept = append(kept, items[n])
	})
	return kept
}

// categoryNames memoises category normalisation: a file has thousands of
// learnings but only a handful of category labels.
type categoryNames map[string]categoryKey

type categoryKey struct {
	name string
	rank int
}

func (m categoryNames) key(label string) categoryKey {
	k, ok := m[label]
	if !ok {
		name, _ := learnings.NormalizeCategory(label)
		k = categoryKey{name, learnings.CategoryRank(name)}
		m[label] = k
	}
	return k
}

func (m categoryNames) canonical(label string) string { return m.key(label).name }

func (m categoryNames) compare(a, b string) int {
	ka, kb := m.key(a), m.key(b)
	if c := cmp.Compare(ka.rank, kb.rank); c != 0 {
		return c
	}
	return cmp.Or(cmp.Compare(strings.ToLower(a), strings.ToLower(b)), cmp.Compare(a, b))
}

func canonicalCategory(name string) string {
	c, _ := learnings.NormalizeCategory(name)
	return c
}

func runes(s string) int { return utf8.RuneCountInString(s) }
