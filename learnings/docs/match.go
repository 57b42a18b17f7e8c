package docs

import (
	"fmt"
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/learnings/similar"
)

// coveredThreshold is the CoveredBy score at or above which a passage
// already documents a learning.
//
// Why 0.85: the score is mostly the weighted share of the learning's content
// words that the passage contains. A passage that states the learning in
// another order or with more around it keeps all of them and scores 0.95 or
// more; one that shares the topic but not the whole fact ("needs cgo and gcc"
// against a doc that says only "needs cgo") lacks one specific word in five
// and scores about 0.8; a passage that lacks one of the learning's numbers,
// uses it about something else, or negates what the learning asks for is
// halved. Saying "already documented" wrongly hides a learning from the user,
// so the bar sits high; the table in docs_test.go holds it.
const coveredThreshold = 0.85

// Match is the passage that best documents a learning.
type Match struct {
	Path string
	// Line is the passage's first line, 1-based.
	Line int
	// Heading is the enclosing heading trail, "Testing > Race detector".
	Heading string
	Score   float64
	// Excerpt is the start of the passage on one line, for display.
	Excerpt string
}

// Covered reports the passage that best documents text, and whether it
// reaches coveredThreshold. The Match is zero when no passage may reach the
// threshold.
func (c *Corpus) Covered(text string) (Match, bool) {
	return c.CoveredProfile(similar.NewProfile(text))
}

// MayCoverShare reports whether a passage may cover a text whose share of
// word weight in that passage is at most share: when 0.7 times it (the
// word part of CoveredBy's score) and the most the trigram part adds
// cannot reach coveredThreshold, Covered is false.
func (c *Corpus) MayCoverShare(share float64) bool {
	// The slack covers rounding: CoveredProfile's bound divides in
	// another order.
	return 0.7*share+0.3 >= coveredThreshold-1e-9
}

// HasTerm reports a term some passage of the docs holds.
func (c *Corpus) HasTerm(term string) bool {
	_, ok := c.postings[term]
	return ok
}

// PassageShare narrows share, the share of a text's word weight its
// terms the docs hold (held, each once, with its weight) give, to the
// share the passage that holds most of that weight gives: what
// CoveredProfile's bound for each passage reads of a text's terms, told
// before the text is profiled. A learning that shares one word with a
// passage and another with the next is far from covered by either,
// though the docs hold both: on the 10 MB memories of bench/, against
// their README, the learnings a passage may cover by the share of all the
// docs' terms are default 15560, sparse 11771, paths 10176, intl 3543,
// long 829, agent 347, zipf 26, prose 3, and by this share 791, 630, 354,
// 186, 1, 3, 13 and 0; profiling them was a sixth of improve-docs' CPU on
// default. A share too small to cover (MayCoverShare) is returned as
// it is: reading the passages of every learning's terms cost more than
// it saved on long and agent.
func (c *Corpus) PassageShare(share float64, held []similar.HeldTerm) float64 {
	if len(held) < 2 || !c.MayCoverShare(share) {
		// A single term is all in each passage that holds it.
		return share
	}
	sc := c.tallies()
	defer c.scratch.Put(sc)
	var in float64
	for _, h := range held {
		in += h.Weight
		sc.add(c.postings[h.Term], h.Weight)
	}
	var most float64
	for _, n := range sc.passages {
		most = max(most, sc.shared[n])
		sc.shared[n], sc.touched[n] = 0, false
	}
	sc.passages = sc.passages[:0]
	return share * (most / in)
}

// CoveredProfile is Covered for a text already profiled, so that a caller
// matching many learnings profiles each once.
func (c *Corpus) CoveredProfile(p similar.Profile) (Match, bool) {
	sc := c.tallies()
	defer c.scratch.Put(sc)
	// Each term's weight is looked up once, for the learning's own weight
	// and its share of each passage's: the second lookup of each (a map's)
	// was about a quarter of matching every learning of a 10 MB memory
	// against the docs, in improve-docs' profiles.
	var own float64
	weights := sc.weights[:0]
	for _, t := range p.Terms() {
		w := similar.TermWeight(t)
		weights = append(weights, w)
		own += w
	}
	sc.weights = weights
	if own == 0 {
		return Match{}, false
	}
	for i, t := range p.Terms() {
		sc.add(c.postings[t], weights[i])
	}
	var score float64
	best := int32(-1)
	for _, n := range sc.passages {
		sh := sc.shared[n]
		sc.shared[n], sc.touched[n] = 0, false
		// The word part is exact; the trigram part is at most 1. A
		// passage that cannot reach the threshold is not scored: the
		// learnings of a large file each share a common word or two with
		// most passages, and only those that may cover one count. Ties
		// go to the earlier passage, whatever the order they come in.
		if bound := 0.7*sh/own + 0.3; bound < score || bound < coveredThreshold {
			continue
		}
		if s := p.CoveredBy(c.passages[n].profile); s > score || s == score && best >= 0 && n < best {
			best, score = n, s
		}
	}
	sc.passages = sc.passages[:0]
	if best < 0 {
		return Match{}, false
	}
	ps := c.passages[best]
	m := Match{Path: c.Docs[ps.doc].Path, Line: ps.Line, Heading: ps.Heading, Score: score, Excerpt: excerpt(ps.Text)}
	return m, score >= coveredThreshold
}

// scratch is what one learning's matching tallies per passage and per
// section of a Corpus, allocated once per goroutine rather than as maps
// per learning, and left zeroed after use.
type scratch struct {
	// shared is the learning's word weight each passage holds, for the
	// passages listed in passages (touched marks them).
	shared   []float64
	touched  []bool
	passages []int32
	// slot is, by section, 1 + its place in scores (0: not scored yet);
	// term the 1-based number of the last of the learning's terms that
	// counted one of its passages.
	slot   []int32
	term   []int32
	scores []section
	// weights holds the learning's term weights, in the order of its
	// terms.
	weights []float64
}

// add adds w to the word weight each of the passages ns holds.
func (sc *scratch) add(ns []int32, w float64) {
	for _, n := range ns {
		if !sc.touched[n] {
			sc.touched[n] = true
			sc.passages = append(sc.passages, n)
		}
		sc.shared[n] += w
	}
}

// tallies takes a zeroed scratch sized for c.
func (c *Corpus) tallies() *scratch {
	if sc, ok := c.scratch.Get().(*scratch); ok {
		return sc
	}
	return &scratch{
		shared: make([]float64, len(c.passages)), touched: make([]bool, len(c.passages)),
		slot: make([]int32, len(c.sections)), term: make([]int32, len(c.sections)),
	}
}

// excerpt is the passage on one line, cut at a word near 120 bytes.
func excerpt(text string) string {
	s := strings.Join(strings.Fields(text), " ")
	const max = 120
	if len(s) <= max {
		return s
	}
	cut := strings.LastIndexByte(s[:max], ' ')
	if cut < max/2 {
		cut = max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut-- // do not split a UTF-8 sequence
		}
	}
	return s[:cut] + "…"
}

// Suggestion says where an undocumented learning belongs.
type Suggestion struct {
	Path string
	// Heading is the trail of the section to extend; "" when a new section
	// is advised, named by NewSection.
	Heading string
	// Line is the heading's line; 0 for a new section.
	Line int
	// InsertAfter is the line after which new text goes: the end of the
	// section, or the end of the file for a new section (0 for a new file).
	InsertAfter int
	// NewSection is the title of the section to create when Heading is "".
	NewSection string
	// Reason explains the choice to a person.
	Reason string
}

// minSectionScore is the least weighted count of shared words for a
// section to count as the learning's topic: two specific words, or one that
// is in the section's heading too.
const minSectionScore = 2

// conventionsHeading names the sections that collect project rules, where a
// learning without a better home goes.
var conventionsHeading = lazyregexp.New(`(?i)\b(conventions?|guidelines?|rules|gotchas|notes|tips|development|contributing)\b`)

// agentDocs are where learnings without a better home go, best first.
var agentDocs = []string{"AGENTS.md", "CLAUDE.md", "README.md"}

// Suggest says where an undocumented learning belongs. It prefers a section
// of the docs that were seen when the learning was learnt (seenDocs holds
// Documentation Seen references), because a learning is often the gap in the
// doc the agent was reading; then the section of any doc sharing the most
// words with it; then an existing conventions-style section of a seen doc;
// then one of AGENTS.md, CLAUDE.md or README.md, advising a new "Conventions"
// section there when it has none; and without any of those, a new AGENTS.md.
// A seen doc whose sections share nothing with the learning gets no new
// section: the learning is off its topic ("prefer squash merges" does not
// belong in docs/api.md because the agent read it that session).
func (c *Corpus) Suggest(text string, seenDocs []string) Suggestion {
	return c.SuggestProfile(similar.NewProfile(text), seenDocs)
}

// SuggestProfile is Suggest for a text already profiled.
func (c *Corpus) SuggestProfile(p similar.Profile, seenDocs []string) Suggestion {
	seen := c.seen(seenDocs)
	sc := c.tallies()
	defer c.scratch.Put(sc)
	scores := c.sectionScores(p, sc)
	if s, ok := bestSection(scores, func(di int) bool { return seen[di] }); ok {
		return c.suggestSection(s, "it was seen when this was learnt and this section shares its topic")
	}
	if s, ok := bestSection(scores, func(int) bool { return true }); ok {
		return c.suggestSection(s, "this section shares the most words with it")
	}
	for di, d := range c.Docs {
		if h, ok := conventionsOf(d); ok && seen[di] {
			return suggestHeading(d, h, fmt.Sprintf("it was seen when this was learnt; no section covers this topic, and %q collects the project's rules", h.Title))
		}
	}
	for _, name := range agentDocs {
		for _, d := range c.Docs {
			if !strings.EqualFold(d.Path, name) {
				continue
			}
			if h, ok := conventionsOf(d); ok {
				return suggestHeading(d, h, fmt.Sprintf("no doc covers this topic; %q collects the project's rules", h.Title))
			}
			return Suggestion{
				Path: d.Path, InsertAfter: d.Lines, NewSection: "Conventions",
				Reason: fmt.Sprintf(`%s: no doc covers this topic; add a "## Conventions" section at its end`, d.Path),
			}
		}
	}
	return Suggestion{
		Path:       "AGENTS.md",
		NewSection: "Conventions",
		Reason:     `no doc covers this topic and the project has no AGENTS.md yet: create it with a "## Conventions" section`,
	}
}

// seen marks, by doc, the docs that Documentation Seen references name.
func (c *Corpus) seen(refs []string) []bool {
	m := make([]bool, len(c.Docs))
	for _, ref := range refs {
		p := RefPath(ref)
		if p == "" {
			continue
		}
		for di, dp := range c.refPaths {
			if dp == p {
				m[di] = true
			}
		}
	}
	return m
}

type section struct {
	doc, heading int
	score        float64
	n            int32 // in Corpus.sections
}

// sectionScores weighs, for every section sharing a word with the
// learning, the learning's words found in the section's passages, and again
// those in its heading trail. The result lives in sc until its next use.
func (c *Corpus) sectionScores(p similar.Profile, sc *scratch) []section {
	out := sc.scores[:0]
	add := func(n int32, w float64) {
		i := sc.slot[n]
		if i == 0 {
			s := c.sections[n]
			out = append(out, section{doc: int(s.doc), heading: int(s.heading), n: n})
			i = int32(len(out))
			sc.slot[n] = i
		}
		out[i-1].score += w
	}
	for ti, t := range p.Terms() {
		w := similar.TermWeight(t)
		for _, n := range c.postings[t] {
			// A section counts a term once, however many of its
			// passages hold it.
			if sec := c.passages[n].section; sec >= 0 && sc.term[sec] != int32(ti+1) {
				sc.term[sec] = int32(ti + 1)
				add(sec, w)
			}
		}
		for _, h := range c.headingPostings[t] {
			add(h, w)
		}
	}
	for _, s := range out {
		sc.slot[s.n], sc.term[s.n] = 0, 0
	}
	sc.scores = out
	return out
}

// bestSection picks the highest-scoring section of the docs ok accepts,
// ties going to the earlier doc and heading.
func bestSection(ss []section, ok func(doc int) bool) (section, bool) {
	var best section
	found := false
	for _, s := range ss {
		if !ok(s.doc) || s.score < minSectionScore {
			continue
		}
		if !found || s.score > best.score || s.score == best.score &&
			(s.doc < best.doc || s.doc == best.doc && s.heading < best.heading) {
			best, found = s, true
		}
	}
	return best, found
}

func (c *Corpus) suggestSection(s section, why string) Suggestion {
	d := c.Docs[s.doc]
	return suggestHeading(d, d.Headings[s.heading], why)
}

func suggestHeading(d *Doc, h Heading, why string) Suggestion {
	return Suggestion{
		Path: d.Path, Heading: h.Trail, Line: h.Line, InsertAfter: h.End,
		Reason: fmt.Sprintf("%s: %s", d.Path, why),
	}
}

// conventionsOf finds d's conventions-style section.
func conventionsOf(d *Doc) (Heading, bool) {
	for _, h := range d.Headings {
		if conventionsHeading().MatchString(h.Title) {
			return h, true
		}
	}
	return Heading{}, false
}
