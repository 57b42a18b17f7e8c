package similar

import (
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Filter checks a few candidates against every learning of a file, for
// store and summarise. Preparing thousands of stored learnings costs more
// than parsing the file, while a substring test against the candidates'
// words costs little, so most stored learnings are ruled out, cheaply and
// for certain, before anything else.
//
// The bound looks at the stored text folded as Canonical folds it
// (lower-cased, for ASCII text), of which every word of the stored text is
// a substring. A related text (an update, or the same learning) shares at
// least minSharedShare of the candidate's word weight, so a stored text that
// holds too few of the candidate's words is neither. A term is looked for
// as a root, the prefix of a word of the folded stored text, that every
// word read as the term starts with: stems start where a word starts, and
// stemming only shortens a word, except "-ies" to "-y", so a trailing "y"
// is dropped from the root; a British spelling differs from the American
// one the term holds from the first letter a spelling rule changes, so the
// root stops before it ("colo" for "color", which "colour" also starts
// with). A term a lexicon group reads several words as ("start" for
// "begin" and "launch") is present when any of its words' roots is. Words
// the same-learning test reads another way than the features do ("two"
// and "2", "folder" and "dir", "use") count as present.
//
// A new way of reading a stored word as a term (a phrase the lexicon reads
// as one word, another spelling rule) must give the term a root of that
// spelling here too, in spellingsOf or searchRoot, or the filter would
// rule out a pair Compare keeps: TestFilterFindsEverySpelling and
// FuzzFilter check it. A phrase's root is its first word's, since a root
// is looked for within one word ("kick" for "kick off" read as "start").
//
// The one path of Compare the bound does not hold for is a compound
// written two ways, closed in one text and open or hyphenated in the other
// ("banneris", "banner is"): joined, the texts may be the same learning at
// a Score of joinedFloor and with little word weight shared as written. So
// the filter also looks in each stored text for the closed forms of the
// candidates' words and compounds written another way (filterjoin.go), and
// a pair with one is held only to the joined path's floor.
type Filter struct {
	cands []filterCandidate
	// byFirst lists the roots of every candidate's terms by their first
	// byte.
	byFirst [256][]rootRef
	// seconds has, for each first byte, a bit for the second byte of each
	// of its roots, and every bit for a root of one byte: a word whose
	// second byte has no bit starts with none of them.
	seconds [256][4]uint64
	// byPair lists byFirst's roots again by their second byte (see
	// rootPairs), so that a word start tries only the roots that may
	// start it.
	byPair [256]*rootPairs
	// asciiRoots is set when every root is ASCII, and rootMarks has the
	// bytes other than letters and digits the roots hold (see readsRaw).
	asciiRoots bool
	rootMarks  [utf8.RuneSelf]bool
	// holders lists, for each term of a candidate, the candidates that
	// have it (see related).
	holders map[string][]int32
	// keys lists the candidates' keys (filterjoin.go) by their first two
	// bytes and keyHolders by their closed form, keySeconds has a bit for
	// each pair of bytes where keysAt may find one, and upper for the
	// first two bytes of each non-ASCII letter whose lower case starts a
	// key.
	keys       [256]*keyPairs
	keyHolders map[string][]filterKey
	keySeconds [256][4]uint64
	upper      [256][4]uint64
	// either is seconds and keySeconds together, the one test at most
	// places a word starts; starts is set for the bytes either has a bit
	// for, the bytes a root or key may start with.
	either  [256][4]uint64
	starts  [256]bool
	scratch sync.Pool
}

type filterCandidate struct {
	t *Text
	// need is the least weight of its terms a stored text must hold to
	// be related.
	need float64
	// grams is how many distinct trigrams its words have, and gramSet
	// the set of them.
	grams   int
	gramSet gramTable
}

// filterRoot is what a stored word read as a term starts with. whole is
// set for a root that is its whole spelling, which a stored word holds only
// followed by what stemming strips (see stemTail); a root cut short may be
// followed by more.
type filterRoot struct {
	s     string
	whole bool
}

// NewFilter prepares the filter for candidates.
func NewFilter(candidates []string) *Filter {
	f := &Filter{cands: make([]filterCandidate, len(candidates)), asciiRoots: true, holders: map[string][]int32{}, keyHolders: map[string][]filterKey{}}
	bits := int32(0)
	var keys [256][]filterKey
	for i, c := range candidates {
		t := Prepare(c)
		addKeys(i, t, &keys, f.keyHolders)
		t.trigrams() // now, not lazily in Matches' goroutines
		fc := filterCandidate{t: t}
		fc.grams = t.trigrams().len()
		fc.gramSet = newGramTable(t.trigrams())
		for _, term := range t.f.terms {
			f.holders[term] = append(f.holders[term], int32(i))
		}
		fc.need = minSharedShare*t.f.weight - boundSlack
		loose := looseTerms(t.f)
		for _, term := range t.f.terms {
			roots := rootsOf(term)
			if loose[term] || term == "will" || term == "shall" || roots == nil {
				// Read another way by the same-learning test,
				// expanded from "won't" and "shan't", which do not
				// contain them, or with a root so short that every
				// text holds it: count as always present.
				fc.need -= termWeight(term)
				continue
			}
			for _, r := range roots {
				f.byFirst[r.s[0]] = append(f.byFirst[r.s[0]], rootRef{filterRoot: r, cand: int32(i), bit: bits, weight: termWeight(term)})
				f.markSecond(r.s)
				for _, c := range []byte(r.s) {
					if c >= utf8.RuneSelf {
						f.asciiRoots = false
					} else if !alnumByte(c) {
						f.rootMarks[c] = true
					}
				}
			}
			bits++
		}
		f.cands[i] = fc
	}
	f.pairRoots()
	f.pairKeys(&keys)
	for c := range f.either {
		for k := range f.either[c] {
			f.either[c][k] = f.seconds[c][k] | f.keySeconds[c][k]
			f.starts[c] = f.starts[c] || f.either[c][k] != 0
		}
	}
	f.scratch.New = func() any {
		return &filterScratch{
			have: make([]float64, len(candidates)), found: make([]uint64, (bits+63)/64), past: map[rune]bool{}, folds: map[rune]runeFold{},
			shared: make([]float64, len(candidates)), joined: make([]bool, len(candidates)), numbers: map[string]int32{}, memo: newFieldTable[filterWord](maxMemoWords),
		}
	}
	return f
}

// markSecond sets the bit of root's second byte among its first byte's
// seconds, or all of them for a root of one byte.
func (f *Filter) markSecond(root string) {
	m := &f.seconds[root[0]]
	if len(root) == 1 {
		*m = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		return
	}
	m[root[1]/64] |= 1 << (root[1] % 64)
}

// rootPairs are the roots of one first byte by the byte after it: for a
// byte n, lists[at[n]] holds in byFirst's order the roots of one byte and
// those whose second byte is n, the only ones hasRoot may find where a word
// starts with the first byte and n; lists[0] holds only the roots of one
// byte.
type rootPairs struct {
	at    [256]uint16
	lists [][]rootRef
}

// pairRoots sets byPair from byFirst.
func (f *Filter) pairRoots() {
	for c, roots := range f.byFirst {
		if len(roots) == 0 {
			continue
		}
		p := &rootPairs{lists: [][]rootRef{nil}}
		for _, r := range roots {
			if len(r.s) > 1 && p.at[r.s[1]] == 0 {
				p.at[r.s[1]] = uint16(len(p.lists))
				p.lists = append(p.lists, nil)
			}
		}
		for _, r := range roots {
			if len(r.s) > 1 {
				k := p.at[r.s[1]]
				p.lists[k] = append(p.lists[k], r)
				continue
			}
			for k := range p.lists {
				p.lists[k] = append(p.lists[k], r)
			}
		}
		f.byPair[c] = p
	}
}

// rootsOf are the roots of every spelling of term, each once, without a
// root whose words another one finds too; nil when a root is empty, which
// every text holds.
func rootsOf(term string) []filterRoot {
	var roots []filterRoot
	for _, sp := range spellingsOf(term) {
		r := searchRoot(sp)
		if r.s == "" {
			return nil
		}
		roots = append(roots, r)
	}
	var kept []filterRoot
	for i, r := range roots {
		covered := false
		for j, o := range roots {
			if j != i && o.covers(r) && (!r.covers(o) || j < i) {
				covered = true
				break
			}
		}
		if !covered {
			kept = append(kept, r)
		}
	}
	return kept
}

// covers reports whether every word r finds starts with o.
func (o filterRoot) covers(r filterRoot) bool {
	return strings.HasPrefix(r.s, o.s) && (!o.whole || r.whole && r.s == o.s)
}

// spellingsOf are the stems a stored word may have and be read as term:
// the term itself, and for a term a lexicon group reads other words as
// (sameStems), the stems of all of them.
func spellingsOf(term string) []string {
	if sp := groupStems()[term]; sp != nil {
		return sp
	}
	return []string{term}
}

// groupStems maps the head of each lexicon group to the stems sameStems
// reads as it, the head first; built on first use, from the lexicon's
// entries, which hold sameStems (lexEntry.same): reading the groups and
// stemming their words again cost store 2.0 M instructions (callgrind,
// store on the default 1 MB memory: 132.1 -> 129.9 M).
var groupStems = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, e := range lexicon().slots {
		if e != nil && e.same != "" && e.same != e.word {
			m[e.same] = append(m[e.same], e.word)
		}
	}
	for head, sts := range m {
		slices.Sort(sts)
		m[head] = append([]string{head}, sts...)
	}
	return m
})

// searchRoot is the root a stored word whose stem is st, after the
// American spelling, starts with as written: st without a final "y" (from
// "-ies"), cut before the first letter a spelling rule may change.
func searchRoot(st string) filterRoot {
	r := filterRoot{s: st, whole: true}
	if strings.HasSuffix(r.s, "y") {
		r = filterRoot{s: r.s[:len(r.s)-1]}
	}
	if n, respelled := spelledAlike(r.s); respelled {
		r = filterRoot{s: r.s[:n]}
	}
	return r
}

// spelledAlike is how many leading letters of w, an American spelling or a
// stem of one, every British spelling american reads as it shares with it
// (spelling.go): up to the "o" of "-or" ("colo", "colour"), the "t" or
// "b" of "-ter" and "-ber" ("cent", "centre"), the "el" of "-eled"
// ("label", "labelled"), before the "z" of "-ize" ("organi", "organise"),
// the "s" of "skep-" ("sceptic"), and for a word of britishRoots, what the
// two spellings share ("judg", "judgement"). respelled is set when a rule
// may apply, even past those letters ("program", "programme", "prolog",
// "prologue"): what
// follows them in a British spelling is then not only what stemming
// strips. It errs short: a root cut too early only lets more texts
// through.
func spelledAlike(w string) (n int, respelled bool) {
	n = len(w)
	cut := func(i int) { n, respelled = min(n, i), true }
	if strings.HasPrefix(w, "skep") {
		cut(1)
	}
	if strings.HasSuffix(w, "og") {
		cut(len(w)) // "prologue"
	}
	for i := 0; i+1 < len(w); i++ {
		switch a, b := w[i], w[i+1]; {
		case a == 'o' && b == 'r' && i >= 2:
			cut(i + 1)
		case (a == 'i' || a == 'y') && b == 'z':
			cut(i + 1)
		case a == 'e' && b == 'l' && i >= 3:
			cut(i + 2)
		case a == 'e' && b == 'r' && i >= 3 && (w[i-1] == 't' || w[i-1] == 'b'):
			cut(i)
		}
	}
	for gb, us := range britishRoots() {
		// Every stem of a word of us is at least as long as the part
		// the two spellings share.
		p := commonPrefix(gb, us)
		if m := min(len(w), len(us)); len(w) >= p && w[:m] == us[:m] {
			cut(p)
		}
	}
	return n, respelled
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// looseTerms are the terms of f the same-learning test may meet written
// another way in a text that is the same learning.
func looseTerms(f *features) map[string]bool {
	loose := map[string]bool{}
	for _, w := range f.words {
		_, num := numberWords[w]
		_, syn := synonyms[w]
		_, unit := units[w]
		_, opener := clauseOpeners[w]
		_, rel := relationWords[w]
		_, _, qty := splitQuantity(w)
		// A word of a run of phrases, or one a run is read as, may be
		// written as the run or the word in the other text.
		if num || syn || unit || opener || rel || qty || fillerWords[w] || synonymTargets[w] || w == "make" || w == "sure" || numberValues[w] || phraseWord(w) {
			loose[stem(w)] = true
			// The term of a word of sameWords is its group's
			// first word ("prefers" is "want"), which the other
			// text need not hold either.
			if same := lookup(stem(w)).same; same != "" {
				loose[same] = true
			}
		}
	}
	return loose
}

var synonymTargets = valueSet(synonyms)

// numberValues are the digits a number word is written as ("2" for
// "two"): a text with "2" may be the same as one with "two". Other
// numbers are only ever written in digits.
var numberValues = valueSet(numberWords)

// Matches calls found for each candidate, by position, that stored is the
// same learning as or an update of, with the Verdict (no word diff). It
// may be called from several goroutines at once.
func (f *Filter) Matches(stored string, found func(candidate int, v Verdict)) {
	sc := f.scratch.Get().(*filterScratch)
	defer f.scratch.Put(sc)
	f.weigh(stored, sc)
	if f.weightCheck(sc); len(sc.live) == 0 {
		return
	}
	// The cheap reads below read the text as Prepare does, without a
	// lead-in ("Again:"), so that their bound is Compare's; it is taken
	// off once a candidate passes the weight check, and only then.
	read := withoutLeadIn(stored)
	if !sc.readTerms(read, f, sc.live) {
		return
	}
	var st *Text
	grams := -1 // how many trigrams st has, once counted
	sc.keyRead = false
	for _, i := range sc.live {
		c := &f.cands[i]
		switch f.mayBeRelated(int(i), sc) {
		case unrelated:
			continue
		case sameOnly:
			// Only the same learning is left, which has the
			// candidate's canonical text or analysis key: its key is
			// read without the features, which most such stored
			// texts never need.
			if !sc.keyRead {
				sc.canon, sc.key = canonAndKey(read)
				sc.keyRead = true
			}
			if sc.canon != c.t.f.canon && sc.key != c.t.analysisKey() {
				continue
			}
		}
		if st == nil {
			st = prepareLazy(read)
			if sc.keyRead {
				st.key, st.hasKey = sc.key, true
			}
		}
		if !mayRelate(st, c.t, &grams, sc.joined[i]) {
			continue
		}
		if v := st.Compare(c.t); v.Kind != Distinct {
			found(int(i), v)
		}
	}
}

// weightCheck sets sc.live to the candidates that pass the weight check
// on the stored text weigh read last, and sc.liveGrams and sc.liveWeight
// to what readTerms asks of them before it tries outOfReach.
func (f *Filter) weightCheck(sc *filterScratch) {
	sc.live, sc.liveGrams, sc.liveWeight = sc.live[:0], 0, 0
	for i := range f.cands {
		if c := &f.cands[i]; c.need <= 0 || sc.have[i] >= c.need || sc.joined[i] {
			sc.live = append(sc.live, int32(i))
			sc.liveGrams = max(sc.liveGrams, c.grams)
			sc.liveWeight = max(sc.liveWeight, wordWeight*c.t.f.weight/sc.floor(i))
		}
	}
}

// What mayBeRelated tells of a pair: unrelated, related only if the same
// learning, or possibly either.
const (
	unrelated = iota
	sameOnly
	mayBeEither
)

// mayBeRelated tells whether candidate i may be the same learning as
// the stored text readTerms read last into sc or an update of it
// (mayBeEither), only the same learning (sameOnly) or neither
// (unrelated), asking mayRelate's questions (can the Score reach
// sameFloor, can it reach UpdateThreshold with the shared weight
// mayUpdate asks for) of what costs a fraction of preparing the stored
// text: the terms of its words, each read through a memo, and their
// distinct trigrams.
//
// Lemma. Matches reports a pair only where Compare does, and Compare
// only where the texts' canonical forms are equal or the Score reaches
// sameFloor, and then an update only where it reaches UpdateThreshold
// and the texts share minSharedShare of the larger one's word weight;
// otherwise only equal analysis keys or canonical forms. Equal canonical
// forms have equal terms and words, for which the Score is 1 unless
// neither has a term (stop words only), which is left to mayRelate. The
// Score reads the texts' terms (their weighted Jaccard overlap) and the
// distinct trigrams their words have (their Dice overlap), and readTerms
// reads both as prepareLazy's fill does, from the same canonical tokens
// through lexTable.term: the Score here is the one Compare would work
// out, to the last bit (weights are halves and ones, whose sums are
// exact), so the test rules out nothing Compare keeps, whatever the word
// tables say. TestFilterAsCompareOnMemories and
// TestFilterAsCompareOnPairSets hold Matches to Compare on the generated
// memories and the development pair sets, FuzzFilter on any pair, and
// TestFilterKeepsPhrases on short texts a phrase rewords, the same
// learning with few terms in common that only the key finds.
//
// A pair whose stored text writes a key of the candidate another way
// (sc.joined) may also be the same once its compounds are joined, which
// asks for neither key nor shared weight, only a Score of joinedFloor:
// it is held to that floor alone. TestFilterMarksEveryCompoundToJoin
// holds the keys to compoundsToJoin, TestFilterAsCompareOnCompounds holds
// Matches to Compare on compounds written each way.
//
// The weight check before it lets through the stored texts that hold half
// of a candidate's words, which a long learning of several sentences
// often does though the candidate is a fraction of it; each was prepared
// (its canonical text written, its terms sorted) only to fail the bound,
// and a text that passed it had its features read before its key ruled
// it out. Store on the 1 MB memories of bench/ with its four-learning
// session (callgrind, M instructions): long 154.6 -> 142.9, agent 122.3
// -> 116.0, default 149.7 -> 146.2, paths 137.8 -> 134.7, sparse 147.3 ->
// 145.8, intl 152.7 -> 152.4; zipf and prose, whose texts the weight
// check rules out, unchanged (+0.1 %).
//
// The trigrams the texts share are counted (in the candidate's
// gramTable) only where the bound with as many as the smaller text has,
// which costs nothing more, does not rule the pair out. Ruling out with
// the Score rather than that bound left of the pairs of the bench's
// four-learning session at 1 MB whose key was read (canonAndKey) or whose
// text was prepared default 349 and 232 -> 40 and 199, sparse 1114 and
// 190 -> 41 and 159, paths 209 and 210 -> 81 and 137, long 15 and 47 -> 1
// and 3, and took store (callgrind, M instructions) default 225.3 ->
// 211.8, long 206.3 -> 194.2, sparse 271.6 -> 227.5, paths 214.9 ->
// 201.2, intl 377.4 -> 322.4, agent 177.4 -> 157.5; zipf and prose about
// the same (165.2, 168.0).
func (f *Filter) mayBeRelated(i int, sc *filterScratch) int {
	c := &f.cands[i]
	shared := sc.shared[i]
	union := sc.weight + c.t.f.weight - shared
	if union == 0 {
		return mayBeEither // no terms: the canonical texts may be equal
	}
	j := shared / union
	dice, grams := 0.0, len(sc.gramList)
	if n := grams + c.grams; n > 0 {
		dice = 2 * float64(min(grams, c.grams)) / float64(n)
	}
	floor := sc.floor(i)
	bound := wordWeight*j + trigramWeight*dice
	if bound < floor-boundSlack {
		return unrelated
	}
	if n := grams + c.grams; n > 0 {
		// The Score itself: the trigrams the texts share, not as
		// many as the smaller has.
		dice = 2 * float64(c.gramSet.count(sc.gramList)) / float64(n)
		bound = wordWeight*j + trigramWeight*dice
	}
	switch {
	case bound < floor-boundSlack:
		return unrelated
	case sc.joined[i]:
		return mayBeEither // the same once joined, with neither key
	case bound < UpdateThreshold-boundSlack || shared < minSharedShare*max(sc.weight, c.t.f.weight)-boundSlack:
		return sameOnly
	}
	return mayBeEither
}

// readTerms sets sc.weight to the summed termWeight of the terms of s,
// sc.shared to the weight of the terms each candidate shares with it
// (holders lists the candidates that have each term) and sc.gramList to
// the distinct trigrams its words have. The terms and words are those
// of fill, read from the same canonical tokens, an ASCII text's in place,
// with no canonical text written. It reports true, or false when what it
// has read of s rules out every candidate of live (outOfReach): it then
// stops reading terms, and sc's reads are of a part of s only. live is
// nil for a read of the whole text.
func (sc *filterScratch) readTerms(s string, f *Filter, live []int32) bool {
	sc.weight = 0
	clear(sc.shared)
	sc.text++
	sc.words = sc.words[:0]
	// sc.gs holds the trigrams of the first counted words once their
	// bytes, at least as many as their trigrams, reach sc.liveGrams and
	// the weight of their terms passes sc.liveWeight (counted is -1
	// before): a text with fewer trigrams or less weight is never
	// outOfReach, and its trigrams are gathered at the end, at once.
	counted, size := -1, 0
	lex := lexicon()
	out := false
	visit := func(tok string) (more bool) {
		base, not := expandContraction(tok)
		for _, w := range [2]string{base, not} {
			r := sc.read(lex, f, w)
			if !r.ok {
				continue
			}
			sc.words = append(sc.words, r.word)
			size += len(r.word)
			if sc.termRead[r.number] == sc.text {
				continue
			}
			sc.termRead[r.number] = sc.text
			weight := 1.0
			if r.generic {
				weight = 0.5
			}
			sc.weight += weight
			for _, c := range r.holders {
				sc.shared[c] += weight
			}
		}
		if live == nil || size < sc.liveGrams || sc.weight <= sc.liveWeight {
			return true
		}
		if counted < 0 {
			sc.gs.start(min(len(s), longGramText))
			counted = 0
		}
		for _, w := range sc.words[counted:] {
			sc.gs.add(w)
		}
		counted = len(sc.words)
		out = f.outOfReach(live, sc)
		return !out
	}
	eachTokenWhile(s, visit)
	if counted < 0 {
		sc.gramList = sc.gs.distinct(sc.words)
	} else if !out {
		// Once begun, sc.gs took each word as it was read: size and
		// weight only grow, so every visit after the first adds its own.
		sc.gramList = sc.gs.all
	}
	clear(sc.words)
	return !out
}

// outOfReach reports whether a stored text of which readTerms has read
// the terms of weight sc.weight and sc.gs's distinct trigrams is sure to
// fall under mayBeRelated's first bound for every candidate of live,
// whatever the rest of it holds. The rest only adds terms and trigrams:
// the text's whole weight w is at least sc.weight, and the weight it
// shares with a candidate at most the candidate's, cw, so that the Jaccard
// overlap shared/(w+cw-shared) is at most cw/sc.weight; with at least as
// many trigrams as the candidate, g, the bound's Dice overlap 2g/(n+g)
// falls as the text's n grows. Both are computed as mayBeRelated does, of
// exact sums (halves and ones, counts), so that rounding keeps the order.
//
// A long stored text that holds half of a candidate's words passes the
// weight check but is ruled out by this bound, since its own terms and
// trigrams far outnumber the candidate's; reading it to its end was most
// of store's filter on the long and agent memories. Of the texts the
// weight check let through with bench/'s four-learning session at 1 MB,
// long 474 of 544 stop early and agent 203 of 274, reading 22425 of 37332
// and 10153 of 14361 tokens' terms; on the others none does. Store at 1
// MB (callgrind, M instructions): long 138.9 -> 125.9, agent 106.1 ->
// 103.3; default 129.6 -> 130.4, paths 117.4 -> 118.1, sparse 124.6 ->
// 125.0, the others within 0.2, the cost of counting a text's trigrams a
// word at a time once it may stop (readTerms).
func (f *Filter) outOfReach(live []int32, sc *filterScratch) bool {
	n := len(sc.gs.all)
	if sc.weight == 0 || n == 0 {
		return false
	}
	for _, i := range live {
		c := &f.cands[i]
		dice := 1.0
		if n >= c.grams {
			dice = 2 * float64(c.grams) / float64(n+c.grams)
		}
		if wordWeight*min(1, c.t.f.weight/sc.weight)+trigramWeight*dice >= sc.floor(int(i))-boundSlack {
			return false
		}
	}
	return true
}

// floor is the Score candidate i must reach to be the same learning as
// the stored text weigh read last: sameFloor, or joinedFloor where the
// candidate shares words with it only once they are joined.
func (sc *filterScratch) floor(i int) float64 {
	if sc.joined[i] {
		return joinedFloor
	}
	return sameFloor
}

// gramTable is a set of trigrams as gramSet.distinct packs them, open
// addressing of trigram+1 (0 is a free slot) in a table at least twice
// their number.
type gramTable struct {
	slots []uint64
	shift uint
}

// newGramTable is the set of the trigrams g.
func newGramTable(g *grams) gramTable {
	n := g.len()
	shift := uint(64 - bits.Len(uint(2*n)))
	t := gramTable{slots: make([]uint64, 1<<(64-shift)), shift: shift}
	for _, x := range g.narrow {
		t.add(widen(x))
	}
	for _, x := range g.wide {
		t.add(x)
	}
	return t
}

// add puts the trigram g in the set.
func (t gramTable) add(g uint64) {
	mask := uint64(len(t.slots) - 1)
	h := g * 0x9E3779B97F4A7C15 >> t.shift
	for t.slots[h] != 0 && t.slots[h] != g+1 {
		h = (h + 1) & mask
	}
	t.slots[h] = g + 1
}

// count is how many of gs, distinct trigrams, the set holds.
func (t gramTable) count(gs []uint64) int {
	mask := uint64(len(t.slots) - 1)
	n := 0
	for _, g := range gs {
		h := g * 0x9E3779B97F4A7C15 >> t.shift
		for t.slots[h] != 0 {
			if t.slots[h] == g+1 {
				n++
				break
			}
			h = (h + 1) & mask
		}
	}
	return n
}

// mayRelate reports whether st.Compare(c) may find the texts related,
// asking what each verdict needs from the cheapest test on: a Score that
// can reach sameFloor (scoreBound), then for the same learning an equal
// analysis key, and for an update what mayUpdate asks. Most stored texts
// the bound lets through fail it before their trigrams are sorted or their
// analysis read. grams is how many trigrams st has, counted on first use;
// joined is set when the texts may have a compound to join, which asks for
// a Score of joinedFloor only (see judge).
func mayRelate(st, c *Text, grams *int, joined bool) bool {
	if st.f.canon == "" || c.f.canon == "" {
		return false
	}
	if st.f.canon == c.f.canon {
		return true
	}
	if *grams < 0 {
		*grams = st.f.gramCount()
	}
	bound := scoreBound(st.f, *grams, c.f, c.trigrams().len())
	if joined {
		return bound >= joinedFloor-boundSlack
	}
	if bound < sameFloor-boundSlack {
		return false
	}
	if !st.hasKey {
		// The key alone, not the analysis Compare would read for it.
		_, st.key = canonAndKey(st.src)
		st.hasKey = true
	}
	if st.key == c.analysisKey() {
		return true
	}
	_, shared := weightedJaccard(st.f.terms, c.f.terms)
	return bound >= UpdateThreshold-boundSlack && st.mayUpdate(c, shared)
}

// scoreBound is the most a Score of texts with features a and b and na
// and nb distinct trigrams can be: their trigram overlap is at most what
// the smaller has. Most stored texts the filter lets through are ruled out
// by it before their trigrams are sorted and compared, since they share
// with the candidate only some of the words of a longer text.
func scoreBound(a *features, na int, b *features, nb int) float64 {
	j, _ := weightedJaccard(a.terms, b.terms)
	dice := 0.0
	if na+nb > 0 {
		dice = 2 * float64(min(na, nb)) / float64(na+nb)
	}
	return wordWeight*j + trigramWeight*dice
}

// gramCount is how many distinct trigrams f's words have, counted without
// sorting or keeping them.
func (f *features) gramCount() int {
	sc := scratches.Get().(*scratch)
	n := len(sc.grams.distinct(f.words))
	scratches.Put(sc)
	return n
}

// rootRef is a root of a term of a candidate, as the filter's table lists
// it.
type rootRef struct {
	filterRoot
	cand int32
	// bit numbers the term among every candidate's terms.
	bit    int32
	weight float64
}

// filterScratch is what weighing one stored text needs, reused from text
// to text.
type filterScratch struct {
	// have is the weight of each candidate's terms found.
	have []float64
	// found has a bit for each term found (rootRef.bit), so that a term
	// with several roots or found twice counts once.
	found []uint64
	// past caches readsPast for the runes outside ASCII met, folds
	// foldAlone, and foldBuf holds a text as fold writes it.
	past    map[rune]bool
	folds   map[rune]runeFold
	foldBuf []byte
	// live lists the candidates the weight check lets through;
	// liveGrams is the most trigrams one of them has and liveWeight the
	// most of wordWeight times its terms' weight over its floor: a
	// stored text with fewer trigrams, or terms of no more weight, is
	// never outOfReach.
	live       []int32
	liveGrams  int
	liveWeight float64
	// What readTerms read of the stored text: the weight of its terms,
	// the weight of each candidate's it has (shared), and the distinct
	// trigrams its words have (gramList, in gs's memory).
	// joined is set for each candidate one of whose keys the text
	// writes another way (keysAt): the pair may be the same once joined.
	weight   float64
	shared   []float64
	gramList []uint64
	joined   []bool
	// canon and key are the stored text's canonical text and analysis
	// key, once keyRead is set.
	keyRead    bool
	canon, key string
	// termRead holds, for each term by its number, the text (counted by
	// text) readTerms last met it in; words holds the stored text's words
	// as fill keeps them, memo the reading of each word met before.
	termRead []uint32
	text     uint32
	numbers  map[string]int32
	words    []string
	memo     *fieldTable[filterWord]
	gs       gramSet
	// keyBuf holds a key as markWritten reads it from the text.
	keyBuf []byte
}

// filterWord is what readTerms reads of a word: its term as fill reads
// it (wordTerm), the term's number among those the scratch met, and the
// candidates that hold the term (Filter.holders).
type filterWord struct {
	wordTerm
	number  int32
	holders []int32
}

// read is what readTerms reads of the word w, through sc.memo, which keeps
// it while it holds fewer than maxMemoWords words (see termMemo.read). A
// term is looked up, numbered and its holders found once per word, not at
// each of its places: with a map of the terms met in a text, and holders
// looked up at each, store at 1 MB read (callgrind, M instructions)
// default 127.8 -> 125.6, long 122.5 -> 119.0, sparse 123.6 -> 122.1,
// paths 115.7 -> 114.3, agent 100.6 -> 98.8; zipf, intl and prose, whose
// texts the weight check rules out, within 0.4.
func (sc *filterScratch) read(lex *lexTable, f *Filter, w string) filterWord {
	if r := sc.memo.ref(w); r != nil {
		return *r
	}
	keep := sc.memo.n < sc.memo.limit
	if keep {
		w = strings.Clone(w)
	}
	var r filterWord
	r.word, r.term, r.generic, r.ok = lex.termWord(w)
	if r.ok {
		n, ok := sc.numbers[r.term]
		if !ok {
			n = int32(len(sc.numbers))
			sc.numbers[r.term] = n
			sc.termRead = append(sc.termRead, 0)
		}
		r.number, r.holders = n, f.holders[r.term]
	}
	if keep {
		sc.memo.put(w, r)
	}
	return r
}

// weigh sets sc.have to the weight of each candidate's terms stored holds,
// as its roots show, and sc.joined for each candidate one of whose keys it
// writes another way (keysAt), in one pass over the text: at every place
// a word starts, the roots that may start with its first two bytes are
// compared (weighAt), when one of them may have its second byte there
// (seconds), and so are the keys (keySeconds). Against a lower-cased copy
// of each text searched once per root, this took the CPU of
// BenchmarkFilter/*/session (a 1 MB file against four learnings) from 18.5
// to 12.5 ms on default, 19.7 to 13.1 on agent, 27.0 to 21.1 on intl, 36.2
// to 31.8 on long (median of three, interleaved).
func (f *Filter) weigh(stored string, sc *filterScratch) {
	clear(sc.joined)
	if f.weighIn(stored, true, sc) {
		return
	}
	f.weighIn(sc.fold(stored), false, sc)
}

// fold is foldNonASCII(s), written from the fold of each rune, read once
// per rune through sc.folds, when every rune outside ASCII starts a
// segment of its own (foldAlone): NFKC and case folding then fold each
// rune alone, and the text folds to their folds. Otherwise it is
// foldNonASCII(s).
func (sc *filterScratch) fold(s string) string {
	b := sc.foldBuf[:0]
	for i := 0; i < len(s); {
		j := asciiPrefix(s, i)
		for ; i < j; i++ {
			b = append(b, lower(s[i]))
		}
		if j == len(s) {
			break
		}
		r, size := utf8.DecodeRuneInString(s[j:])
		rf, ok := sc.folds[r]
		if !ok {
			rf = foldAlone(s[j : j+size])
			sc.folds[r] = rf
		}
		if !rf.ok {
			return foldNonASCII(s)
		}
		b = append(b, rf.s...)
		i = j + size
	}
	sc.foldBuf = b
	return string(b)
}

// runeFold is a rune's fold, with ok set when the rune folds alone.
type runeFold struct {
	s  string
	ok bool
}

// foldAlone is the fold of the rune r, one outside ASCII, when it folds
// alone wherever it stands: a valid rune that starts a segment of its own
// for NFKC, so never combines with the rune before it (a combining accent
// does), while case folding reads one rune at a time; an en dash, which
// signDashes writes as "-" before a digit only, does not.
func foldAlone(r string) runeFold {
	if !standsAlone(r) || signedInContext(r) {
		return runeFold{}
	}
	return runeFold{s: fold(r), ok: true}
}

// weighIn is weigh's pass over text: stored as written when raw is set,
// lower-casing ASCII letters as they are compared, or stored folded as
// Canonical folds it. The roots may be looked for in the text as written
// when it is ASCII, or when its other runes fold apart from what the
// roots hold (foldsApart) and every root is ASCII: folding then leaves
// every run of ASCII letters and digits as it is but for case, and each
// root starts a word of one or the other alike. When a root is not ASCII
// they may be where folding leaves each other rune as it is
// (foldsAsItIs): the folded text is then the raw one lower-cased, and the
// raw pass weighs at the places the folded one does, not at a rune right
// after a word (wordEnd), which it reads. The session of bench/ has a
// candidate outside ASCII ("josé"), for which every text with "é", "—" or
// "日" was folded; reading them raw took store at 1 MB (callgrind, M
// instructions) default 248.9 -> 226.8, long 272.4 -> 208.7, sparse 286.4
// -> 272.9, paths 229.7 -> 216.1, intl 470.4 -> 440.1, agent 204.5 ->
// 178.4 (zipf and prose have no text outside ASCII). A pass over the raw
// text reads each rune outside ASCII as it comes to it, and at one it may
// not read past (readsPast) gives up weighing, reporting false, for a pass
// over the folded text; it goes on looking for keys in the rest of the raw text,
// since the folded text has none to look for (compoundFormsOf reads the
// text as written), and weigh clears sc.joined, not the passes. Going on,
// rather than looking for keys again from the start of the text, took
// store's four-learning session at 1 MB (callgrind, M instructions)
// default 250.8 -> 247.7, zipf 163.8 -> 163.5, long 276.7 -> 270.4, sparse
// 287.8 -> 285.4, paths 231.1 -> 229.0, intl 469.6 -> 465.0, agent 205.8
// -> 203.6, prose 169.1 -> 168.9. Folding cost more than the rest of the
// filter's look at a text: without it for most texts, the CPU of BenchmarkFilter/*/session went
// from 26.7 to 7.2 ms on intl, 14.0 to 7.5 on agent and 13.9 to 12.3 on
// default (median of three, interleaved). Reading the runes in the pass,
// rather than in a pass of their own before it (readsRaw, kept in the
// tests), took store at 1 MB (callgrind, M instructions) from 149.4 to
// 148.4 on default, 101.0 to 100.3 on zipf, 159.5 to 158.1 on intl.
// Skipping the byte after a byte no root or key starts with, and reading
// bytes through tables (wordByte, lowerByte), took store at 1 MB
// (callgrind, M instructions) default 130.1 -> 127.8, zipf 92.8 -> 91.2,
// long 124.6 -> 122.5, sparse 124.9 -> 123.6, paths 117.9 -> 115.7, intl
// 124.5 -> 120.6, agent 102.8 -> 100.6, prose 80.2 -> 78.6.
func (f *Filter) weighIn(text string, raw bool, sc *filterScratch) bool {
	clear(sc.have)
	clear(sc.found)
	read := 0     // the runes outside ASCII before it are read
	wordEnd := -1 // where the last word ended, when a rune outside ASCII follows it
	weighing := true
	for i := 0; i < len(text); i++ {
		b := text[i]
		if b >= utf8.RuneSelf {
			if weighing && raw && i >= read {
				r, size := utf8.DecodeRuneInString(text[i:])
				rawOK, ok := sc.past[r]
				if !ok {
					rawOK = f.readsPast(text[i : i+size])
					sc.past[r] = rawOK
				}
				weighing = rawOK
				read = i + size
			}
			if !f.starts[b] {
				// It starts no root or key, nor a word of ASCII
				// letters: most bytes of a text in other letters,
				// whose places cost store at 1 MB 17.0 M
				// instructions on intl, 0.1 to 0.3 M on the other
				// generators (callgrind).
				continue
			}
		}
		end := i // of the word, a run of ASCII letters and digits
		if wordByte[b] {
			for end++; end < len(text) && wordByte[text[end]]; end++ {
			}
		}
		// A byte no root or key starts with (white space, most marks,
		// some letters) needs no look at the byte after it.
		if c := lowerByte[b]; f.starts[c] {
			next := byte(0)
			if i+1 < len(text) {
				next = lowerByte[text[i+1]]
			}
			if f.either[c][next/64]&(1<<(next%64)) != 0 {
				if weighing && i != wordEnd && f.seconds[c][next/64]&(1<<(next%64)) != 0 {
					f.weighAt(text, i, next, sc)
				}
				if raw && f.keySeconds[c][next/64]&(1<<(next%64)) != 0 {
					f.keysAt(text, i, end, c, next, sc)
				}
			}
		}
		if end > i {
			// The rest of the word, and the byte after it, start no
			// word; a rune outside ASCII after it is read all the
			// same.
			i = end
			if raw && end < len(text) && text[end] >= utf8.RuneSelf {
				i--
				wordEnd = end
			}
		}
	}
	return weighing
}

// weighAt adds the weight of the roots that start the word at text[i],
// whose next byte, lower-cased, is next (0 at the end of the text). It
// tries only the roots of the two bytes (byPair), not every root of the
// first, which halved weighAt's and hasRoot's instructions: store at 1 MB
// (callgrind, M instructions) default 153.6 -> 147.9, zipf 112.1 -> 105.2,
// long 145.0 -> 136.1, sparse 150.5 -> 146.6, paths 140.2 -> 133.6, intl
// 158.6 -> 155.1, agent 120.5 -> 113.6, prose 90.6 -> 84.4.
func (f *Filter) weighAt(text string, i int, next byte, sc *filterScratch) {
	p := f.byPair[lower(text[i])]
	for _, r := range p.lists[p.at[next]] {
		if sc.found[r.bit/64]&(1<<(r.bit%64)) != 0 || !hasRoot(text[i:], r.filterRoot) {
			continue
		}
		sc.found[r.bit/64] |= 1 << (r.bit % 64)
		sc.have[r.cand] += r.weight
	}
}

// readsPast reports whether weighIn's raw pass may read on past the rune
// r, one outside ASCII: where r folds apart (foldsApart) when every root
// is ASCII, or else where folding leaves r as it is (foldsAsItIs), since a
// root outside ASCII is compared with the raw text byte for byte.
func (f *Filter) readsPast(r string) bool {
	if f.asciiRoots {
		return f.foldsApart(r)
	}
	return foldsAsItIs(r)
}

// foldsAsItIs reports whether Canonical's folding leaves the rune r, one
// outside ASCII, as it is wherever it stands: it is in NFKC on its own,
// never combines with the rune before it, and folds to itself ("é", "日",
// "—", but not "É", "ß", "’", a combining accent or a dash signDashes
// may write as "-"). A text whose runes outside ASCII all do folds to
// itself lower-cased.
func foldsAsItIs(r string) bool {
	return standsAlone(r) && foldsToItself(r) && r != "\u2212" && !signedInContext(r)
}

// standsAlone reports whether r, one rune outside ASCII, is a valid rune
// that starts a segment of its own for NFKC: it never combines with the
// rune before it, so it folds the same wherever it stands.
func standsAlone(r string) bool {
	c, _ := utf8.DecodeRuneInString(r)
	return c != utf8.RuneError && norm.NFKC.PropertiesString(r).BoundaryBefore()
}

// foldsApart reports whether the rune r, a non-ASCII one, folds as
// Canonical folds it into runes that are no ASCII letter or digit nor
// another byte a root holds ("（" into "(", but not "ß" into "ss" or "ﬁ"
// into "fi"), and never combines with the rune before it ("e" and an acute
// accent fold into "é"). An invalid byte does not, nor an en dash, whose
// fold hangs on its neighbours (signDashes).
func (f *Filter) foldsApart(r string) bool {
	if !standsAlone(r) || signedInContext(r) {
		return false
	}
	folded := fold(r)
	for i := 0; i < len(folded); i++ {
		if c := folded[i]; c < utf8.RuneSelf && (alnumByte(c) || f.rootMarks[c]) {
			return false
		}
	}
	return true
}

// hasRoot reports whether s, folded or ASCII text of any case, starts with
// the word r finds: the root, and when the root is whole, only what
// stemming strips after it up to the end of the word.
func hasRoot(s string, r filterRoot) bool {
	if len(s) < len(r.s) {
		return false
	}
	for i := 1; i < len(r.s); i++ {
		if lower(s[i]) != r.s[i] {
			return false
		}
	}
	return !r.whole || stemTail(s[len(r.s):], r.s)
}

// wordByte is alnumByte and lowerByte lower as tables, one load a byte
// in weighIn's pass over every stored text.
var wordByte, lowerByte = func() (w [256]bool, l [256]byte) {
	for c := range 256 {
		w[c], l[c] = alnumByte(byte(c)), lower(byte(c))
	}
	return w, l
}()

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// foldNonASCII is fold for text with a non-ASCII byte, skipping the NFKC
// transform (which changes nothing) for text already in NFKC, the common
// case.
func foldNonASCII(s string) string {
	if !norm.NFKC.IsNormalString(s) {
		return fold(s)
	}
	return signDashes(strings.ReplaceAll(cases.Fold().String(s), "\u2019", "'"))
}

// stemTail reports whether the letters after a root, up to the end of the
// word, are what stem may have cut from a word to leave the root: an "e",
// the root's last letter doubled, "ing" or "ed", and an "s" ("make",
// "making", "running", "tested", "classes"). The word ends at a byte that
// is not an ASCII letter or digit, so a word with other letters passes.
// rest may be in any case.
func stemTail(rest, root string) bool {
	n := 0
	for n < len(rest) && alnumByte(rest[n]) {
		n++
	}
	if n > len("eeings") {
		return false
	}
	var buf [len("eeings")]byte
	for i := range n {
		buf[i] = lower(rest[i])
	}
	t := string(buf[:n])
	if t == "" {
		return true
	}
	t = strings.TrimSuffix(t, "s")
	t = strings.TrimPrefix(t, "e")
	if t == "" {
		return true
	}
	if len(root) > 0 && t[0] == root[len(root)-1] {
		if u := t[1:]; u == "ing" || u == "ed" {
			return true
		}
	}
	switch t {
	case "ing", "ed", "d", "e":
		return true
	}
	return strings.HasPrefix(t, "e") && (t[1:] == "ing" || t[1:] == "ed")
}

func alnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
