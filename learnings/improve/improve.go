// Package improve turns stored learnings into documentation suggestions, the
// spec's /learning-improve-docs: which docs the sessions read most, which
// learnings those docs already cover, and where each remaining learning
// belongs, most valuable first.
package improve

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/docs"
	"github.com/learn-memory/learn/learnings/secrets"
	"github.com/learn-memory/learn/learnings/similar"
)

// Corpus is the project's documentation as the docs package loads it.
// AnalyseTop calls it from several goroutines at once.
type Corpus interface {
	Covered(text string) (docs.Match, bool)
	Suggest(text string, seenDocs []string) docs.Suggestion
}

// profiledCorpus is a Corpus that also takes a learning already profiled
// (as *docs.Corpus does), so that each learning is profiled once, and
// tells the learnings it cannot cover without profiling them.
type profiledCorpus interface {
	CoveredProfile(p similar.Profile) (docs.Match, bool)
	SuggestProfile(p similar.Profile, seenDocs []string) docs.Suggestion
	HasTerm(term string) bool
	PassageShare(share float64, held []similar.HeldTerm) float64
	MayCoverShare(share float64) bool
}

// DocRank is one documentation file and how often sessions saw it.
type DocRank struct {
	Path string `json:"path"`
	// Seen counts sessions that listed the file, compacted ones included.
	Seen int `json:"seen"`
	// Refs are the references as written (anchors, lines) that map here.
	Refs []string `json:"refs"`
	// Learnings counts learnings from sessions that saw the file.
	Learnings int `json:"learnings"`
}

// Item is one learning with what the docs say about it.
type Item struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Text     string `json:"text"`
	// Session is the learning's session ID; empty for Consolidated.
	Session string `json:"session,omitempty"`
	Stamp   string `json:"stamp,omitempty"`
	// Seen are the docs the session read when the learning was made.
	Seen       []string   `json:"docs_seen"`
	Covered    *Coverage  `json:"covered_by,omitempty"`
	Suggestion *Placement `json:"suggestion,omitempty"`
	Example    string     `json:"example,omitempty"`
	DocFreq    int        `json:"doc_frequency"`
}

// Coverage is the doc passage that already says a learning.
type Coverage struct {
	Path    string  `json:"path"`
	Line    int     `json:"line"`
	Heading string  `json:"heading,omitempty"`
	Score   float64 `json:"score"`
	Excerpt string  `json:"excerpt,omitempty"`
}

// Placement is where in the docs a learning belongs (docs.Suggestion).
type Placement struct {
	Path string `json:"path"`
	// Heading is the section to extend, "" when a new one is advised.
	Heading string `json:"heading,omitempty"`
	// Line is the heading's line, 0 for a new section.
	Line int `json:"line,omitempty"`
	// InsertAfter is the line after which the example goes.
	InsertAfter int `json:"insert_after"`
	// NewSection titles the section to create when Heading is "".
	NewSection string `json:"new_section,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

// Report is the whole analysis.
type Report struct {
	Docs        []DocRank `json:"docs"`
	Covered     []Item    `json:"covered"`
	Suggestions []Item    `json:"suggestions"`
	// Learnings counts distinct learnings considered; Duplicates those
	// skipped as near duplicates of a newer one.
	Learnings  int `json:"learnings"`
	Duplicates int `json:"duplicates"`
	// Omitted counts the suggestions AnalyseTop left out (its limit).
	Omitted int `json:"more_suggestions"`
}

// AnalyseTop sorts each distinct live learning of doc into covered or
// suggested, against docs, the docs doc's sessions saw (RankDocs(doc),
// which a caller ranks first to know which docs to load into corpus),
// keeping only the limit most valuable suggestions (all of them when
// limit is 0) and counting the others in Omitted. Learnings are taken newest first (sessions in file
// order, then Consolidated) and near duplicates keep the newest.
//
// Only finding the duplicates depends on the learnings before: preparing
// the texts and matching each distinct learning against the docs, most of
// the work on a large memory, run on every CPU, so the corpus is called
// from several goroutines at once. Only the suggestions kept have their
// text redacted and made an Example, so that a report of twenty does not
// do it for the tens of thousands of a large memory.
func AnalyseTop(doc *learnings.Document, docs []DocRank, corpus Corpus, limit int) *Report {
	rep := &Report{Docs: docs}
	freq := make(map[string]int, len(rep.Docs))
	for _, d := range rep.Docs {
		freq[d.Path] = d.Seen
	}
	all := entries(doc, freq)
	index := similar.NewSameIndex()
	kept := make([]int, 0, len(all))
	// Only the learnings another may repeat are keyed; the others are
	// distinct as they come. PrepareRepeatsSharesInOrder does not visit
	// a learning that repeats an earlier one word for word: it is a
	// duplicate, left out of kept as if found in the index.
	text := func(i int) string { return all[i].l.Text }
	fold := func(n int, t *similar.Text) {
		// Whether a learning counts depends on every one before it.
		if t == nil {
			kept = append(kept, n)
			return
		}
		if _, dup := index.Find(t); !dup {
			index.Add(len(kept), t)
			kept = append(kept, n)
		}
	}
	// A learning is profiled only when a doc may cover it or it is
	// placed: most share too few words with any one passage of the docs
	// to be covered. The share of its words the passage holding most of
	// them holds is read with its anchors.
	match := matcher(corpus)
	if match.mayCover != nil {
		shares := similar.PrepareRepeatsSharesInOrder(len(all), text, match.hasTerm, match.passageShare, fold)
		match.mayCover = func(n int) bool { return match.mayCoverShare(shares[n]) }
	} else {
		similar.PrepareRepeatsInOrder(len(all), text, fold)
	}
	rep.Learnings, rep.Duplicates = len(kept), len(all)-len(kept)

	// Only the items reported are made Items: what ranks the others is
	// a standing each (an Item for each of the 67,000 learnings of the
	// default generator's 10 MB memory was 7 MB of fresh memory a run).
	standings := make([]standing, len(kept))
	profiles := make([]similar.Profile, len(kept))
	profiled := make([]bool, len(kept))
	profile := func(i int) similar.Profile {
		if !profiled[i] {
			profiles[i], profiled[i] = similar.NewProfile(all[kept[i]].l.Text), true
		}
		return profiles[i]
	}
	similar.Parallel(len(kept), func(i int) {
		may := match.mayCover == nil || match.mayCover(kept[i])
		standings[i] = newStanding(all[kept[i]], func() similar.Profile { return profile(i) }, may, match)
	})
	suggest := func(i int) { place(&standings[i], all[kept[i]], profile(i), match, freq) }
	// The learnings of a session are consecutive in kept: each session's
	// files are counted once for all of its learnings, not once for each
	// (a map update per learning and file: agent's sessions list up to
	// fifteen).
	linked := make(map[string]int)
	for i := 0; i < len(kept); {
		s, j := all[kept[i]].s, i+1
		for j < len(kept) && all[kept[j]].s == s {
			j++
		}
		if s != nil {
			for _, p := range s.paths {
				linked[p] += j - i
			}
		}
		i = j
	}
	for i := range rep.Docs {
		rep.Docs[i].Learnings = linked[rep.Docs[i].Path]
	}
	covered, suggestions, omitted := sortItems(standings, limit, suggest, maxDocFreq(corpus, freq))
	// Only the items reported show their session's references, so only
	// their sessions' are redacted, each distinct reference once, not
	// every session's (callgrind, improve-docs on the 1 MB memories of
	// bench/: agent 414.7 -> 405.4 M instructions, default 501.1 ->
	// 499.0, prose 399.7 -> 397.8, long 451.1 -> 450.0).
	redacted := make(map[string]string)
	rep.Covered, rep.Suggestions, rep.Omitted = reported(all, kept, standings, covered, redacted), reported(all, kept, standings, suggestions, redacted), omitted
	similar.Parallel(len(rep.Covered), func(i int) { rep.Covered[i].Text = secrets.Redact(rep.Covered[i].Text) })
	similar.Parallel(len(rep.Suggestions), func(i int) { finish(&rep.Suggestions[i]) })
	// A Documentation Seen reference can hold a credential (a URL with a
	// token): the report is read by people and agents, so it shows them
	// redacted, as recall does. (The items' references are redacted once
	// per reported session, above.)
	for i := range rep.Docs {
		rep.Docs[i].Path = secrets.Redact(rep.Docs[i].Path)
		for j, ref := range rep.Docs[i].Refs {
			rep.Docs[i].Refs[j] = secrets.Redact(ref)
		}
	}
	return rep
}

// sortItems parts the items into the covered ones, in order, and the
// suggestions, most valuable first (byValue), of which it keeps the first
// limit (0: all) and counts the others, by their places in items.
//
// An item not covered gets its place in the docs from suggest, which sets
// its standing's suggestion and freq (its Item's Suggestion and DocFreq):
// that takes a search of the docs, so with a limit only the items that
// may rank among the first limit get one. An item's DocFreq is at least
// its session's (set by newStanding) and at most top, so the items are
// tried by category, then that bound, then age, and the search stops once
// no item left can rank before the limit-th found (placing all the
// 24,000-63,000 learnings of a generated 10 MB memory against one README
// took 115-120 ms of CPU; the limit of 20 places a single batch of 64 on
// each generator).
func sortItems(items []standing, limit int, suggest func(i int), top int) (covered, suggestions []int32, omitted int) {
	var sug []int32
	for i := range items {
		if items[i].covered != nil {
			covered = append(covered, int32(i))
		} else {
			sug = append(sug, int32(i))
		}
	}
	sug = placeTop(items, sug, limit, suggest, top)
	if limit > 0 && len(sug) > limit {
		sug, omitted = sug[:limit], len(sug)-limit
	}
	return covered, sug, omitted
}

// reported makes the Items of the standings the list names, in its order,
// with their sessions' references redacted through the memo redacted; nil
// for an empty list. The text of a covered item is left to redact.
func reported(all []entry, kept []int, standings []standing, list []int32, redacted map[string]string) []Item {
	if len(list) == 0 {
		return nil
	}
	out := make([]Item, len(list))
	for i, n := range list {
		e, st := all[kept[n]], &standings[n]
		it := &out[i]
		*it = Item{ID: e.l.ID, Category: e.category, Text: e.l.Text, Seen: []string{}, Covered: st.covered,
			Suggestion: st.suggestion, DocFreq: st.freq}
		if e.s != nil {
			it.Session, it.Stamp, it.Seen = e.s.ID, e.s.Stamp, e.s.redactedDocs(redacted)
		}
	}
	return out
}

// placeTop places the items sug lists (all of them with no limit) and
// returns sug sorted by byValue, the first limit of them placed and in
// their final order; the rest are only counted.
func placeTop(items []standing, sug []int32, limit int, suggest func(i int), top int) []int32 {
	byPlace := func(a, b int32) int { return byValue(&items[a], &items[b], a, b) }
	if limit == 0 || len(sug) <= limit {
		similar.Parallel(len(sug), func(i int) { suggest(int(sug[i])) })
		// The places are unique, so this sort is stable.
		slices.SortFunc(sug, byPlace)
		return sug
	}
	// An item's bound is its standing with DocFreq raised to top. The
	// bounds are held as small copies, in byValue's order: building
	// two Items for each comparison made sorting 60,000 suggestions about
	// ten times slower (180-240 ms against 20-48 in a benchmark on a busy
	// machine; 25-30 ms of CPU of a 10 MB improve-docs run in profiles).
	// They are a heap, from which only the bounds of the items placed are
	// taken in order, a batch or two: sorting all of them was 5 % of
	// improve-docs' instructions on the long 1 MB memory.
	keys := make(boundHeap, len(sug))
	for i, n := range sug {
		keys[i] = boundKey{items[n].rank, max(items[n].freq, top), n}
	}
	keys.init()
	// Every item ends in placed: sized once, it is not grown by append
	// (1.1 MB of fresh memory on the default generator's 10 MB memory,
	// against 0.26 MB; BenchmarkImproveDocsOp, pprof alloc_space).
	placed := make([]int32, 0, len(sug))
	for len(keys) > 0 {
		if len(placed) >= limit {
			// No item left can rank before the limit-th placed.
			b, n := keys[0], placed[limit-1]
			if byValue(&standing{freq: b.freq, rank: b.rank}, &items[n], b.n, n) > 0 {
				break
			}
		}
		batch := make([]int32, 0, min(len(keys), max(limit, 64)))
		for len(keys) > 0 && len(batch) < cap(batch) {
			batch = append(batch, keys.pop().n)
		}
		similar.Parallel(len(batch), func(i int) { suggest(int(batch[i])) })
		placed = append(placed, batch...)
		slices.SortFunc(placed, byPlace)
	}
	// The items past the limit are only counted: their order does not
	// matter.
	for _, k := range keys {
		placed = append(placed, k.n)
	}
	return placed
}

// boundKey is what byValue reads of an item's bound: its category's
// rank, its DocFreq, and the item's place (n).
type boundKey struct {
	rank, freq int
	n          int32
}

// before is byValue's order of the bounds a and b.
func (a *boundKey) before(b *boundKey) bool {
	return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(b.freq, a.freq), cmp.Compare(a.n, b.n)) < 0
}

// boundHeap is a binary min-heap of bounds in byValue's order.
type boundHeap []boundKey

// init orders h as a heap.
func (h boundHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// pop takes the first bound out of h.
func (h *boundHeap) pop() boundKey {
	old := *h
	top := old[0]
	last := len(old) - 1
	old[0] = old[last]
	*h = old[:last]
	h.down(0)
	return top
}

// down moves the bound at i down to its place.
func (h boundHeap) down(i int) {
	for {
		least := i
		for _, c := range [2]int{2*i + 1, 2*i + 2} {
			if c < len(h) && h[c].before(&h[least]) {
				least = c
			}
		}
		if least == i {
			return
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
}

// maxDocFreq is the most often seen of the docs a suggestion may name: the
// corpus's docs and AGENTS.md (what docs.Corpus.Suggest names), or any
// doc for another Corpus.
func maxDocFreq(corpus Corpus, freq map[string]int) int {
	top := 0
	dc, ok := corpus.(*docs.Corpus)
	if !ok {
		for _, f := range freq {
			top = max(top, f)
		}
		return top
	}
	top = freq[docPath("AGENTS.md")]
	for _, d := range dc.Docs {
		top = max(top, freq[docPath(d.Path)])
	}
	return top
}

// entry is one learning of the file with what AnalyseTop needs of its
// category and session, worked out once per category and per session
// rather than once per learning.
type entry struct {
	l        *learnings.Learning
	category string
	rank     int // learnings.CategoryRank(category)
	s        *session
}

// session is what every learning of a session shares: the docs it saw as
// written (for Suggest) and redacted (for the report, once a reported item
// asks: redactedDocs), the files they name, and how often the most read of
// those files was seen.
type session struct {
	*learnings.Session
	redacted []string
	paths    []string
	freq     int
}

// redactedDocs is the docs s saw, redacted, worked out on the first call;
// memo holds the references already redacted, by their text. It is called
// from one goroutine only.
func (s *session) redactedDocs(memo map[string]string) []string {
	if s.redacted != nil {
		return s.redacted
	}
	s.redacted = make([]string, len(s.Docs))
	for i, ref := range s.Docs {
		r, ok := memo[ref]
		if !ok {
			r = secrets.Redact(ref)
			memo[ref] = r
		}
		s.redacted[i] = r
	}
	return s.redacted
}

// entries lists doc's live learnings, newest first: sessions in file order,
// then Consolidated. A superseded learning is left out: a newer one replaced
// it, and offering it for the docs would document the old, wrong fact.
func entries(doc *learnings.Document, freq map[string]int) []entry {
	// Sessions name the same few docs again and again: each reference,
	// as written, has its file and how often the sessions saw that file
	// worked out once (on the sparse generator's 10 MB memory, 27,588
	// sessions: entries 74.8 -> 62.0 M instructions, callgrind), and the
	// sessions are read in one pass that looks each reference up once:
	// a pass that found the files first and then, in parallel, looked the
	// references up again and each file's frequency (10 MB memories,
	// entries: agent, 44,453 references, 430 distinct, 42.8 -> 26.6 M
	// instructions; default 29.0 -> 20.1, intl 25.5 -> 18.0, long 11.1 ->
	// 7.8).
	files := make(map[string]*refFile)
	// One allocation for all the sessions, not one each.
	sessions := make([]session, len(doc.Sessions))
	for i, s := range doc.Sessions {
		ss := &sessions[i]
		ss.Session = s
		for _, ref := range s.Docs {
			f := files[ref]
			if f == nil {
				p := docPath(ref)
				f = &refFile{path: p, freq: freq[p]}
				files[ref] = f
			}
			if f.path != "" && !slices.Contains(ss.paths, f.path) {
				ss.paths = append(ss.paths, f.path)
				ss.freq = max(ss.freq, f.freq)
			}
		}
	}
	all := make([]entry, 0, doc.NumLearnings())
	// A category's rank is worked out once for each name as written, not
	// once for each session's category: normalising the name cost about
	// 1,000 instructions a call, 31,000 calls on the default generator's
	// 10 MB memory (callgrind: 33 M of improve-docs' 2,215 M).
	ranks := make(map[string]int)
	rankOf := func(name string) int {
		r, ok := ranks[name]
		if !ok {
			r = learnings.CategoryRank(name)
			ranks[name] = r
		}
		return r
	}
	for i, s := range doc.Sessions {
		for _, c := range s.Categories {
			rank := rankOf(c.Name)
			for _, l := range c.Learnings {
				if l.Superseded == nil {
					all = append(all, entry{l, c.Name, rank, &sessions[i]})
				}
			}
		}
	}
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			rank := rankOf(c.Name)
			for _, l := range c.Learnings {
				if l.Superseded == nil {
					all = append(all, entry{l, c.Name, rank, nil})
				}
			}
		}
	}
	return all
}

// refFile is the file a Documentation Seen reference names (docPath) and
// how often the sessions saw it.
type refFile struct {
	path string
	freq int
}

// matchFuncs are a Corpus's Covered and Suggest, given the learning both as
// text and profiled, and when the corpus has them its HasTerm, PassageShare
// and MayCoverShare, and mayCover, whether a doc may cover the n-th
// learning: one it rules out is not covered, and needs no profile to
// say so.
type matchFuncs struct {
	covered       func(text string, p similar.Profile) (docs.Match, bool)
	suggest       func(text string, p similar.Profile, seen []string) docs.Suggestion
	hasTerm       func(term string) bool
	passageShare  func(share float64, held []similar.HeldTerm) float64
	mayCoverShare func(share float64) bool
	mayCover      func(n int) bool
}

// matcher uses the profiled forms when corpus has them, so that each
// learning is profiled once.
func matcher(corpus Corpus) matchFuncs {
	if pc, ok := corpus.(profiledCorpus); ok {
		return matchFuncs{
			covered:       func(_ string, p similar.Profile) (docs.Match, bool) { return pc.CoveredProfile(p) },
			suggest:       func(_ string, p similar.Profile, seen []string) docs.Suggestion { return pc.SuggestProfile(p, seen) },
			hasTerm:       pc.HasTerm,
			passageShare:  pc.PassageShare,
			mayCoverShare: pc.MayCoverShare,
			mayCover:      func(int) bool { return true },
		}
	}
	return matchFuncs{
		covered: func(text string, _ similar.Profile) (docs.Match, bool) { return corpus.Covered(text) },
		suggest: func(text string, _ similar.Profile, seen []string) docs.Suggestion { return corpus.Suggest(text, seen) },
	}
}

// standing is what AnalyseTop keeps of a distinct learning while it sorts
// them: the doc that covers it or where it belongs, how often the sessions
// saw that doc or those its session read (an Item's DocFreq), and its
// category's rank.
type standing struct {
	covered    *Coverage
	suggestion *Placement
	freq, rank int
}

// newStanding is the standing of the distinct learning e, with the doc
// that covers it, if any; profile is e's profile, asked for only when a
// doc may cover it (may). It reads only e, its profile and what no
// goroutine writes, so that AnalyseTop makes them in parallel. A learning
// not covered has its session's DocFreq until place finds where it
// belongs.
func newStanding(e entry, profile func() similar.Profile, may bool, match matchFuncs) standing {
	st := standing{rank: e.rank}
	if e.s != nil {
		st.freq = e.s.freq
	}
	if !may {
		return st
	}
	if m, ok := match.covered(e.l.Text, profile()); ok {
		st.covered = &Coverage{Path: m.Path, Line: m.Line, Heading: m.Heading, Score: m.Score, Excerpt: m.Excerpt}
		st.freq = 0
	}
	return st
}

// place says where in the docs the learning of it, e, belongs, and how
// often the sessions saw that doc or those e's session read.
func place(it *standing, e entry, p similar.Profile, match matchFuncs, freq map[string]int) {
	var seen []string
	if e.s != nil {
		seen = e.s.Docs
	}
	sg := match.suggest(e.l.Text, p, seen)
	it.suggestion = &Placement{Path: sg.Path, Heading: sg.Heading, Line: sg.Line,
		InsertAfter: sg.InsertAfter, NewSection: sg.NewSection, Reason: sg.Reason}
	it.freq = freq[docPath(sg.Path)]
	if e.s != nil {
		it.freq = max(it.freq, e.s.freq)
	}
}

// finish redacts a suggestion's text and makes its Example.
func finish(it *Item) {
	it.Text = secrets.Redact(it.Text)
	it.Example = example(it.Text)
}

// byValue puts the most valuable suggestion first: the spec's category
// priority, then how often sessions read the doc it belongs in, then newest
// (the first among the distinct learnings: na and nb are a's and b's
// places).
func byValue(a, b *standing, na, nb int32) int {
	if c := cmp.Compare(a.rank, b.rank); c != 0 {
		return c
	}
	if c := cmp.Compare(b.freq, a.freq); c != 0 {
		return c
	}
	return cmp.Compare(na, nb)
}

// RankDocs counts, per documentation file, the sessions that saw it: each
// session's Documentation Seen plus the tally left by compact. Most seen
// first, then by path.
func RankDocs(doc *learnings.Document) []DocRank {
	byPath := make(map[string]*DocRank)
	var order []*DocRank
	bump := func(ref, p string, n int) {
		if p == "" || n <= 0 {
			return
		}
		d := byPath[p]
		if d == nil {
			d = &DocRank{Path: p, Refs: []string{}}
			byPath[p] = d
			order = append(order, d)
		}
		d.Seen += n
		if !slices.Contains(d.Refs, ref) {
			d.Refs = append(d.Refs, ref)
		}
	}
	// The files a session saw, a short list read again for each session
	// rather than a map made for each (sparse's 10 MB memory has 27,000
	// sessions).
	var seen []string
	// Sessions name the same few references again and again (agent's
	// 10 MB memory: 44,453 of them, 430 distinct): each, as written, is
	// cleaned and reduced to its file once, and looked for among its
	// file's Refs only the first time it comes (callgrind, improve-docs
	// at 10 MB, RankDocs: agent 65.3 -> 14.2 M instructions, default
	// 22.7 -> 5.2, intl 18.9 -> 4.3, long 8.1 -> 1.9; with entries' pass
	// below, the run: agent 1,662.9 -> 1,593.5, default 2,131.5 ->
	// 2,106.0, intl 1,746.4 -> 1,723.1, long 1,410.3 -> 1,401.8).
	refs := make(map[string]*refRank)
	for _, s := range doc.Sessions {
		seen = seen[:0]
		for _, raw := range s.Docs {
			r := refs[raw]
			if r == nil {
				r = &refRank{ref: cleanRef(raw)}
				r.path = docPath(r.ref)
				refs[raw] = r
			}
			// A session that lists README.md and README.md#usage saw the
			// file once.
			p := r.path
			if !slices.Contains(seen, p) {
				seen = append(seen, p)
				if p == "" {
					continue
				}
				if r.doc == nil {
					r.doc = byPath[p]
				}
				if r.doc == nil {
					r.doc = &DocRank{Path: p, Refs: []string{}}
					byPath[p] = r.doc
					order = append(order, r.doc)
				}
				r.doc.Seen++
			} else if r.doc == nil {
				// Another reference of the session named the file first.
				if r.doc = byPath[p]; r.doc == nil {
					continue
				}
			}
			if !r.listed {
				r.listed = true
				if !slices.Contains(r.doc.Refs, r.ref) {
					r.doc.Refs = append(r.doc.Refs, r.ref)
				}
			}
		}
	}
	if doc.Consolidated != nil {
		for _, t := range doc.Consolidated.Tally {
			ref := cleanRef(t.Ref)
			bump(ref, docPath(ref), t.Count)
		}
	}
	out := make([]DocRank, len(order))
	for i, d := range order {
		out[i] = *d
	}
	slices.SortStableFunc(out, func(a, b DocRank) int {
		if c := cmp.Compare(b.Seen, a.Seen); c != 0 {
			return c
		}
		return cmp.Compare(a.Path, b.Path)
	})
	return out
}

// refRank is what RankDocs works out once for each reference as written:
// the reference cleaned (ref), the file it names (path), that file's rank
// (doc, once a session counted the file), and whether ref is among the
// rank's Refs (listed).
type refRank struct {
	ref, path string
	doc       *DocRank
	listed    bool
}

func cleanRef(ref string) string {
	return strings.TrimFunc(ref, func(r rune) bool { return r == '`' || unicode.IsSpace(r) })
}

// docPath reduces a Documentation Seen reference to the file it names:
// "docs/api.md#retries" and "lib/auth.ex:45" name docs/api.md and
// lib/auth.ex, and "docstrings in lib/auth.ex" names lib/auth.ex.
func docPath(ref string) string {
	ref = cleanRef(ref)
	if last := lastField(ref); len(last) < len(ref) {
		ref = strings.Trim(last, "`()")
	}
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndexByte(ref, ':'); i > 0 && isDigits(ref[i+1:]) {
		ref = ref[:i]
	}
	return strings.TrimPrefix(ref, "./")
}

// lastField is the last of the fields of s, which has no white space
// around it, as strings.Fields cuts them, found in place: Fields listed
// all of them for every reference of every session, twice a run
// (RankDocs, entries). An ASCII tail is read byte by byte, as
// Fields reads ASCII; past a byte outside ASCII unicode says what a space
// is.
func lastField(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		switch c := s[i]; {
		case c >= utf8.RuneSelf:
			if j := strings.LastIndexFunc(s, unicode.IsSpace); j >= 0 {
				_, size := utf8.DecodeRuneInString(s[j:])
				return s[j+size:]
			}
			return s
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return s[i+1:]
		}
	}
	return s
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// example turns a learning into a Markdown bullet ready to paste into a doc:
// first letter capitalised, a full stop when the text ends without
// punctuation, continuation lines (code blocks) indented under the bullet.
// Lines holding only spaces come out empty.
func example(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	first, rest, multi := strings.Cut(text, "\n")
	first = capitalise(first)
	var b strings.Builder
	b.Grow(len(text) + 3 + 2*strings.Count(rest, "\n"))
	b.WriteString("- ")
	b.WriteString(first)
	if !multi {
		if !strings.ContainsAny(first[len(first)-1:], ".!?:`)") {
			b.WriteByte('.')
		}
		return b.String()
	}
	for l := range strings.SplitSeq(rest, "\n") {
		b.WriteByte('\n')
		if strings.TrimSpace(l) != "" {
			b.WriteString("  ")
			b.WriteString(l)
		}
	}
	return b.String()
}

// capitalise upper-cases an ASCII first letter. Like a conversion to runes
// and back, it turns invalid UTF-8 into U+FFFD, but copies valid text (the
// common case) only when it changes a letter.
func capitalise(s string) string {
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-('a'-'A')) + s[1:]
	}
	return s
}
