package search

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
	"github.com/learn-memory/learn/learnings/terms"
	"golang.org/x/text/unicode/norm"
)

// Search answers one query without building an index: it reads every
// learning once, counting lengths for BM25 and keeping the postings of the
// query's terms only. The ranking is the same as Build(doc).Query(q, opts);
// a single query, as "learn search" runs, costs a fraction of the index.
// It also returns how many learnings matched before opts.Limit applied.
func Search(doc *learnings.Document, q string, opts Options) ([]Hit, int) {
	hits, matched, weights := search(doc, q, opts)
	snippets(hits, weights)
	return hits, matched
}

// search is Search without the snippets, and the weights of the terms they
// are centred on.
func search(doc *learnings.Document, q string, opts Options) ([]Hit, int, map[string]float64) {
	ix := &Index{}
	if doc != nil {
		ix.docs = learnings.Live(doc.Learnings())
	}
	exact, prefixes := parseQuery(q, opts.Prefix)
	if len(exact) == 0 {
		return nil, 0, nil
	}
	gate := newGate(exact, prefixes)
	if !gate.anyHolds(ix.docs) {
		return nil, 0, nil
	}
	// The categories are read only to keep one (see score).
	if opts.Category != "" {
		ix.cats = make([]string, len(ix.docs))
		canon := categoryCache()
		for i, l := range ix.docs {
			ix.cats[i] = canon(l.Category)
		}
	}
	ix.lens = make([]float32, len(ix.docs))

	// slot numbers every term seen so far that the query wants: the exact
	// terms first, then any term that completes the last word.
	slot := map[string]int{}
	var names []string
	var postings [][]posting
	for _, t := range exact {
		slot[t] = len(names)
		names = append(names, t)
		postings = append(postings, nil)
	}
	var tf []float32
	var used []int
	var total float64
	// A session's focus and project are the same for each of its
	// learnings: they are read once per session, and what they add is
	// replayed, in the same order, so that the sums come out the same to
	// the last bit. "search retry" on a generated 10 MB memory of short
	// learnings took 856-878 ms of CPU, now 732-801 ms.
	var session *learnings.Session
	var replay []step
	recording := false
	for i, l := range ix.docs {
		used = used[:0]
		var length, w float32
		apply := func(st step) {
			if recording {
				replay = append(replay, st)
			}
			if st.words > 0 {
				length = addWords(length, st.words, st.w)
				return
			}
			for len(tf) <= st.k {
				tf = append(tf, 0)
			}
			if tf[st.k] == 0 {
				used = append(used, st.k)
			}
			tf[st.k] += st.w
		}
		add := func(t token) {
			k := -1
			for j, e := range exact {
				if e == t.term {
					k = j
					break
				}
			}
			if k < 0 && len(prefixes) > 0 && hasAnyPrefix(t.term, prefixes) {
				var ok bool
				if k, ok = slot[t.term]; !ok {
					k = len(names)
					slot[t.term] = k
					names = append(names, t.term)
					postings = append(postings, nil)
				}
			}
			if k >= 0 {
				apply(step{k: k, w: w})
			}
		}
		// read tokenises the words of text that may hold a query term
		// and counts them all: each adds its weight to the length once, as
		// its one token Tokenize emits with Part unset would.
		read := func(text string, weight float32) {
			w = weight
			words := gate.words(text, func(word string) { tokenize(word, add) })
			if words > 0 {
				apply(step{words: words, w: w})
			}
		}
		read(l.Text, weightText)
		if l.Session != nil && l.Session == session {
			for _, st := range replay {
				apply(st)
			}
		} else {
			session, replay = l.Session, replay[:0]
			recording = true
			sessionFields(l.Session, read)
			recording = false
		}
		for _, k := range used {
			postings[k] = append(postings[k], posting{doc: int32(i), tf: tf[k]})
			tf[k] = 0
		}
		ix.lens[i] = length
		total += float64(length)
	}
	if len(ix.docs) > 0 {
		ix.avgLen = total / float64(len(ix.docs))
	}

	weights := map[int]float64{}
	for k := range exact {
		if len(postings[k]) > 0 {
			weights[k] = 1
		}
	}
	var completing []int
	for k, t := range names {
		if len(postings[k]) > 0 && hasAnyPrefix(t, prefixes) {
			completing = append(completing, k)
		}
	}
	for _, k := range mostFrequent(completing, func(k int) (string, int) { return names[k], len(postings[k]) }) {
		weights[k] = max(weights[k], weightPrefix)
	}
	ws := make([]wanted, 0, len(weights))
	for k, w := range weights {
		ws = append(ws, wanted{term: names[k], weight: w, postings: postings[k]})
	}
	return ix.score(ws, opts)
}

// step is what a text adds to a learning's sums: w to its length once for
// each of words, or, when words is 0, w to the frequency of query term k.
// The length is a sum of float32, added to one word at a time so that it
// comes out as the index's to the last bit.
type step struct {
	words int
	k     int
	w     float32
}

// addWords is length with w added to it once for each of words, as the
// index adds it, one word at a time, in float32. A whole length below 2^24
// plus 1 for each word (a learning's text, read first) is exact however
// it is added, so that sum is one addition, not one a word: on the 10 MB
// memory of long learnings the additions cost "learn search retry
// timeout" 11 M instructions (callgrind).
func addWords(length float32, words int, w float32) float32 {
	if w == 1 && words < 1<<24 && length == float32(int32(length)) && length+float32(words) <= 1<<24 {
		return length + float32(words)
	}
	for range words {
		length += w
	}
	return length
}

func hasAnyPrefix(term string, prefixes []string) bool {
	return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(term, p) })
}

// gate tells by a word's bytes whether Tokenize may read one of a query's
// terms in it, so that Search tokenises only those words of a text and
// counts the others: most words of a file, for most queries. Reading
// every learning this way, rather than tokenising every learning that
// holds a query term somewhere (most of them on a file of long learnings),
// took "search retry" on a generated 10 MB memory of long learnings from
// 137-195 to 49-53 ms of CPU past the parse (BenchmarkSearchScan, machine
// busy), and the learn process from 1.29x recall's CPU to 1.0x.
//
// Every term Tokenize reads in a word starts where the word does, after a
// joiner in it, or at a capital (a camelCase piece), with the lower case of
// the byte there. A plain word (terms.NextWord) has one term,
// Stem(lower(word)), and stemming keeps all but the end: the word, lower-
// cased, starts with the term less a final y ("retries" gives "retry").
// Beyond ASCII, folding applies NFKC, which can turn a rune into ASCII
// letters ("ﬁ", "Ｒ", the Kelvin sign) or a letter and a mark into a rune
// beyond ASCII: a word with such a rune where a term may start, or any
// word beyond ASCII when a term starts beyond it, is always tokenised.
type gate struct {
	// first is set for the first byte of every term; roots holds, by first
	// byte, the terms less a final y.
	first [256]bool
	roots [256][]string
	// all is set when a root is empty: every word may be one. wide is set
	// when a term starts beyond ASCII, with that rune in firstRunes.
	all, wide  bool
	firstRunes map[rune]bool
	// plain caches, by rune beyond ASCII, whether folding it yields no
	// ASCII byte.
	plain map[rune]bool
	// class sorts the bytes for skim; starts is set for the bytes a root
	// starts with, in either case, and pairs (a bit set) for the pairs of
	// bytes one starts with, or a root of one letter.
	class  [256]uint8
	starts [256]bool
	pairs  [1 << 16 / 64]uint64
	// spell holds, by first byte, the roots' ASCII beginnings (up to a
	// byte beyond ASCII), which skim spells; runes holds the kinds of the
	// runes skim met, by rune.
	spell [256][]string
	runes []uint8
	// steps, by state and byte, is ascii's table, made when every term
	// starts in ASCII (stepped set).
	steps   [stateMask | 0xff + 1]uint64
	stepped bool
	// lanes is the table's flags by byte, for eight bytes at a time.
	lanes [256]uint8
	// firsts is the roots' first bytes, which holds looks for (see
	// firstLetters).
	firsts []uint64
}

// The classes of a byte that skim tells apart.
const (
	classWord   = 1 << iota // an ASCII letter or digit
	classJoiner             // an ASCII byte terms.IsJoiner accepts
	classWide               // a byte beyond ASCII
	classUpper              // an ASCII capital
)

func newGate(exact, prefixes []string) *gate {
	g := &gate{plain: map[rune]bool{}, firstRunes: map[rune]bool{}}
	for _, t := range slices.Concat(exact, prefixes) {
		if t == "" {
			continue
		}
		root := strings.TrimSuffix(t, "y")
		g.all = g.all || root == ""
		if t[0] >= utf8.RuneSelf {
			g.wide = true
			r, _ := utf8.DecodeRuneInString(t)
			g.firstRunes[r] = true
		}
		g.first[t[0]] = true
		if root != "" && !slices.Contains(g.roots[t[0]], root) {
			g.roots[t[0]] = append(g.roots[t[0]], root)
		}
		if ascii := asciiBeginning(root); ascii != "" && !slices.Contains(g.spell[t[0]], ascii) {
			g.spell[t[0]] = append(g.spell[t[0]], ascii)
		}
	}
	for c := range 256 {
		b := byte(c)
		switch {
		case b >= utf8.RuneSelf:
			g.class[c] = classWide
		case 'a' <= b && b <= 'z' || '0' <= b && b <= '9':
			g.class[c] = classWord
		case 'A' <= b && b <= 'Z':
			g.class[c] = classWord | classUpper
		case terms.IsJoiner(rune(b)):
			g.class[c] = classJoiner
		}
		g.starts[c] = b < utf8.RuneSelf && len(g.spell[lower(b)]) > 0
		// What follows a letter may compose with it (see composes).
		if g.wide && g.class[c]&classWord != 0 {
			g.starts[c] = true
			for second := utf8.RuneSelf; second < 256; second++ {
				g.setPair(b, byte(second))
			}
		}
	}
	for _, roots := range g.spell {
		for _, root := range roots {
			for _, first := range bothCases(root[0]) {
				if len(root) == 1 {
					for second := range 256 {
						g.setPair(first, byte(second))
					}
					continue
				}
				g.setPair(first, '-')
				for _, second := range bothCases(root[1]) {
					g.setPair(first, second)
				}
			}
		}
	}
	if g.stepped = !g.all && !g.wide; g.stepped {
		g.newSteps()
		g.firsts = g.firstLetters()
	}
	return g
}

func (g *gate) setPair(first, second byte) {
	p := uint16(first)<<8 | uint16(second)
	g.pairs[p/64] |= 1 << (p % 64)
}

// bothCases is an ASCII letter in lower and upper case, or another byte.
func bothCases(c byte) []byte {
	if 'a' <= c && c <= 'z' {
		return []byte{c, c - 'a' + 'A'}
	}
	return []byte{c}
}

// words hands visit each word of text that may hold one of the terms, as
// terms.NextWord finds it, and returns how many words text has. skim
// passes over the runs of words that cannot; may is asked about the rest.
func (g *gate) words(text string, visit func(word string)) int {
	n := 0
	for j := 0; ; {
		at := j
		if !g.all {
			var skipped int
			skipped, at = g.skim(text, j)
			n += skipped
		}
		start, end, plain := terms.NextWord(text, at)
		if start == len(text) {
			return n
		}
		n++
		if g.may(text[start:end], plain) {
			visit(text[start:end])
		}
		j = end
	}
}

// skim reads text from byte j on, as terms.NextWord splits it, up to the
// first word that may hold one of the terms, and returns how many words
// it passed and where that word starts (len(text) when there is none).
// terms.NextWord's words are runs of letters, digits and marks, any two
// joined by one ASCII joiner, and each ideograph; a term starts at a
// word's start, past a joiner or at a capital (see gate). A word may hold
// a term only if the term's root starts at such a place, its letters
// lower-cased, or, for a word written hyphenated ("e-Paper" for "epaper"),
// with one hyphen left out. Beyond ASCII, skim passes over the runes that
// folding leaves beyond ASCII (see plainRune): folding keeps the ASCII
// letters before such a rune as they are (a mark may join the last into a
// rune beyond ASCII, never the reverse), so a term starts where it is
// folded from only if the ASCII beginning of its root is spelt there. When
// a term starts beyond ASCII, skim stops too where a rune whose lower case
// starts one may start a term, or where what follows a term's first rune
// is beyond ASCII (see composes). It stops at a word with any other rune
// beyond ASCII and leaves it to may.
//
// One pass over the bytes with a table, instead of a call of NextWord, of
// may and of a closure for each word: "learn search retry" on the 10 MB
// memory of long learnings went from 1068 to 886 M instructions (recall:
// 778 M), "search zyzzyvaquux" from 991 to 849 M (callgrind). Passing over
// runes too took "search retry" on the 10 MB memory in several languages
// from 2297 to 1590 M (recall: 1575 M), "search über" from 2549 to 1738 M.
// When every term starts in ASCII, ascii reads text with a table instead
// of these branches.
func (g *gate) skim(text string, j int) (n, at int) {
	if g.stepped {
		return g.ascii(text, j)
	}
	return g.skimBytes(text, j)
}

// skimBytes is skim reading text a byte at a time.
func (g *gate) skimBytes(text string, j int) (n, at int) {
	i := j
	for {
		for i < len(text) && g.class[text[i]]&(classWord|classWide) == 0 {
			i++
		}
		if i == len(text) {
			return n, i
		}
		start := i
		if g.class[text[i]] == classWide {
			k, size := g.rune(text, i)
			switch {
			case k&runeStop != 0:
				return n, i
			case k&runeWord == 0:
				i += size
				continue
			case k&runeIdeograph != 0:
				n++
				i += size
				continue
			}
			i += size
			if g.composes(text, i) {
				return n, start
			}
		} else {
			if g.mayStart(text, i) && g.rootAt(text, i) {
				return n, start
			}
			i++
		}
		// A word started at start.
		n++
		for ; ; i++ {
			for i < len(text) && g.class[text[i]] == classWord {
				i++
			}
			if i == len(text) {
				return n, i
			}
			switch g.class[text[i]] {
			case classWord | classUpper:
				if g.mayStart(text, i) && g.rootAt(text, i) {
					return n - 1, start
				}
				continue
			case classWide:
				k, size := g.rune(text, i)
				if k&runeStop != 0 {
					return n - 1, start
				}
				if k&(runeWord|runeIdeograph) == runeWord {
					i += size - 1
					continue
				}
			case classJoiner:
				if i+1 == len(text) {
					return n, i + 1
				}
				switch g.class[text[i+1]] {
				case classWide:
					k, size := g.rune(text, i+1)
					if k&runeStop != 0 {
						return n - 1, start
					}
					if k&(runeWord|runeIdeograph) == runeWord {
						if g.composes(text, i+1+size) {
							return n - 1, start
						}
						i += size
						continue
					}
				case classWord, classWord | classUpper:
					i++
					if g.mayStart(text, i) && g.rootAt(text, i) {
						return n - 1, start
					}
					continue
				}
			}
			break
		}
	}
}

// The kinds of a rune beyond ASCII that skim tells apart.
const (
	runeKnown     = 1 << iota
	runeWord      // part of a word (terms.WordRune)
	runeIdeograph // a word of its own
	runeStop      // a rune of a word that folding may turn into ASCII, or that starts a term
)

// rune returns the kind of the rune that starts at text[i] and its size.
// The kinds of the runes below U+10000 are kept once found, in a table
// made on the first rune beyond ASCII.
func (g *gate) rune(text string, i int) (uint8, int) {
	r, size := decodeShort(text[i:])
	if size == 0 {
		r, size = utf8.DecodeRuneInString(text[i:])
	}
	if r >= 0x10000 {
		return runeStop, size
	}
	if g.runes == nil {
		g.runes = make([]uint8, 0x10000)
	}
	k := g.runes[r]
	if k == 0 {
		k = runeKnown
		word, ideograph := terms.WordRune(r)
		if word {
			k |= runeWord
			if ideograph {
				k |= runeIdeograph
			}
			if !g.plainRune(r) || g.wide && g.firstRunes[unicode.ToLower(r)] {
				k |= runeStop
			}
		}
		g.runes[r] = k
	}
	return k, size
}

// decodeShort decodes the valid three-byte UTF-8 sequence s starts with
// (kana, CJK and most other letters of U+0800 to U+FFFF), as
// utf8.DecodeRuneInString does; size is 0 for anything else, which that
// then reads. The utf8 package reads these runes out of line, and the
// compiler inlines this only with the two-byte ones left to it: on the
// intl 10 MB memory (German and Japanese) "learn search retry" went from
// 1,176 to 1,156 M instructions (callgrind).
func decodeShort(s string) (r rune, size int) {
	if len(s) > 2 && s[0]&0xF0 == 0xE0 && s[1]&0xC0 == 0x80 && s[2]&0xC0 == 0x80 {
		// Not a rune two bytes spell, nor a surrogate.
		r = rune(s[0]&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F)
		if r >= 0x800 && uint32(r-0xD800) >= 0x800 {
			return r, 3
		}
	}
	return 0, 0
}

// composes reports, for a query with a term that starts beyond ASCII,
// whether text[i], right after the first rune of a place a term may start,
// is beyond ASCII: folding may join the two into that term's first rune
// ("u" and a diaeresis into "ü").
func (g *gate) composes(text string, i int) bool {
	return g.wide && i < len(text) && text[i] >= utf8.RuneSelf
}

// rootAt reports whether a root starts at text[i], or a term may (see
// composes); skim asks mayStart first, inlined, and rootAt only about the
// few places it lets through.
func (g *gate) rootAt(text string, i int) bool {
	if g.composes(text, i+1) {
		return true
	}
	for _, root := range g.spell[lower(text[i])] {
		if spells(text[i:], root) {
			return true
		}
	}
	return false
}

// mayStart reports whether a root may start at text[i], by its first byte
// and then the pair of bytes there, which rules out most words that start
// with a root's letter ("the", "to", "that" for "timeout"): "learn search
// retry timeout" on the eight generated 1 MB memories took 0.8-2.6 M
// instructions fewer (long 106.4 -> 103.9 M, intl 145.8 -> 144.9), "learn
// search retry" within 0.3 M either way (callgrind).
func (g *gate) mayStart(text string, i int) bool {
	if !g.starts[text[i]] || i+1 == len(text) {
		return g.starts[text[i]]
	}
	p := uint16(text[i])<<8 | uint16(text[i+1])
	return g.pairs[p/64]&(1<<(p%64)) != 0
}

// spells reports whether s starts with root once its ASCII letters are
// lower-cased and at most one hyphen is left out.
func spells(s, root string) bool {
	hyphen := false
	j := 0
	for i := 0; j < len(root); i++ {
		if i == len(s) {
			return false
		}
		switch c := lower(s[i]); {
		case c == root[j]:
			j++
		case c == '-' && !hyphen:
			hyphen = true
		default:
			return false
		}
	}
	return true
}

// may reports whether word, as terms.NextWord finds it, may hold one of the
// terms.
func (g *gate) may(word string, plain bool) bool {
	if g.all {
		return true
	}
	if plain {
		for _, root := range g.roots[lower(word[0])] {
			if len(root) <= len(word) && hasPrefixFold(word, root) {
				return true
			}
		}
		return false
	}
	// start is set where a term may start: at the word's start and past a
	// joiner (any ASCII byte inside a word that is no letter or digit).
	// When a term starts beyond ASCII, a rune there starts one if its
	// lower case is a term's first rune, unless what follows it is beyond
	// ASCII too (a mark NFKC may compose it with): a Japanese or German
	// text is not tokenised whole for "über" or "東京": on a generated 10 MB
	// memory in several languages, "search über" cost 1.8x "search retry"
	// past the parse, now 0.9x (BenchmarkSearchScan).
	start := true
	for i := 0; i < len(word); {
		c := word[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(word[i:])
			if start && (!g.plainRune(r) || g.wide && (g.firstRunes[unicode.ToLower(r)] || beyondASCII(word, i+size))) {
				return true
			}
			start = false
			i += size
			continue
		}
		if (start || 'A' <= c && c <= 'Z') && (g.first[lower(c)] || g.wide && beyondASCII(word, i+1)) {
			return true
		}
		start = !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9')
		i++
	}
	return false
}

// asciiBeginning is s up to its first byte beyond ASCII.
func asciiBeginning(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return s[:i]
		}
	}
	return s
}

// beyondASCII reports whether word[i] is a byte beyond ASCII.
func beyondASCII(word string, i int) bool { return i < len(word) && word[i] >= utf8.RuneSelf }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFold reports whether s, its ASCII letters lower-cased, starts
// with prefix (lower case).
func hasPrefixFold(s, prefix string) bool {
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// plainRune reports whether folding r, alone or beside others, yields no
// ASCII byte: NFKC leaves it as it is (composing it with its neighbours
// gives a rune beyond ASCII too) and its lower case is beyond ASCII.
func (g *gate) plainRune(r rune) bool {
	ok, seen := g.plain[r]
	if !seen {
		s := string(r)
		ok = norm.NFKC.IsNormalString(s) && unicode.ToLower(r) >= utf8.RuneSelf
		g.plain[r] = ok
	}
	return ok
}
