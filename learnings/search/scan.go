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
	ix.cats = make([]string, len(ix.docs))
	ix.lens = make([]float32, len(ix.docs))
	canon := categoryCache()

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
	gate := newGate(exact, prefixes)
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
		ix.cats[i] = canon(l.Category)
		used = used[:0]
		var length, w float32
		apply := func(st step) {
			if recording {
				replay = append(replay, st)
			}
			if st.counts {
				length += st.w
			}
			if st.k < 0 {
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
			if !t.part || k >= 0 {
				apply(step{counts: !t.part, k: k, w: w})
			}
		}
		// read tokenises the words of text the gate lets through; each
		// other word adds one to the length, as its one whole token would.
		read := func(text string, weight float32) {
			w = weight
			for j := 0; ; {
				start, end, plain := terms.NextWord(text, j)
				if start == len(text) {
					return
				}
				if gate.may(text[start:end], plain) {
					tokenize(text[start:end], add)
				} else {
					apply(step{counts: true, k: -1, w: w})
				}
				j = end
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

// step is what one word of a text adds to a learning's sums: counts, to
// its length, and w to the frequency of query term k (none when k < 0).
type step struct {
	counts bool
	k      int
	w      float32
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
}

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
	}
	return g
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
