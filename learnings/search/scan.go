package search

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings"
	"golang.org/x/text/unicode/norm"
)

// Search answers one query without building an index: it reads every
// learning once, counting lengths for BM25 and keeping the postings of the
// query's terms only. The ranking is the same as Build(doc).Query(q, opts);
// a single query, as "learn search" runs, costs a fraction of the index.
// It also returns how many learnings matched before opts.Limit applied.
func Search(doc *learnings.Document, q string, opts Options) ([]Hit, int) {
	ix := &Index{}
	if doc != nil {
		ix.docs = learnings.Live(doc.Learnings())
	}
	exact, prefixes := parseQuery(q, opts.Prefix)
	if len(exact) == 0 {
		return nil, 0
	}
	ix.cats = make([]string, len(ix.docs))
	ix.lens = make([]float32, len(ix.docs))
	canon := categoryCache()

	// slot numbers every term seen so far that the query wants: the exact
	// terms first, then any term that completes the last word.
	slot := map[string]int{}
	var terms []string
	var postings [][]posting
	for _, t := range exact {
		slot[t] = len(terms)
		terms = append(terms, t)
		postings = append(postings, nil)
	}
	filter := newFilter(exact, prefixes)
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
					k = len(terms)
					slot[t.term] = k
					terms = append(terms, t.term)
					postings = append(postings, nil)
				}
			}
			st := step{counts: !t.part, k: k, w: w}
			if recording && (st.counts || k >= 0) {
				replay = append(replay, st)
			}
			apply(st)
		}
		read := func(text string, weight float32) {
			w = weight
			tokenize(text, add)
		}
		if filter.may(l.Text) {
			read(l.Text, weightText)
		} else {
			// None of the query's terms is in the text: only its
			// length counts, the same sum of ones read does.
			length = float32(countWords(l.Text))
		}
		if l.Session != nil && l.Session == session {
			for _, st := range replay {
				apply(st)
			}
		} else {
			session, replay, recording = l.Session, replay[:0], true
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
	for k, t := range terms {
		if len(postings[k]) > 0 && hasAnyPrefix(t, prefixes) {
			completing = append(completing, k)
		}
	}
	for _, k := range mostFrequent(completing, func(k int) (string, int) { return terms[k], len(postings[k]) }) {
		weights[k] = max(weights[k], weightPrefix)
	}
	ws := make([]wanted, 0, len(weights))
	for k, w := range weights {
		ws = append(ws, wanted{term: terms[k], weight: w, postings: postings[k]})
	}
	return ix.rank(ws, opts)
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

// filter tells by a byte check whether a text may hold one of a query's
// terms, so that Search tokenises only the learnings that may match and
// counts the words of the others (most of a large file, for most queries:
// "search zyzzyvaquux" on a generated 10 MB memory went from 182 to 46 ms
// of CPU past the parse).
//
// A term comes from a word that holds it whole once folded, except that a
// stem ending in y ("retry") comes from "retries" and "retried" too: the
// root looked for is the term without that y. Folding lower-cases ASCII
// letters, which the check does too; beyond ASCII it applies NFKC, which can
// turn a rune into ASCII letters ("ﬁ", "Ｒ", the Kelvin sign): a text with
// such a rune, or any text beyond ASCII when a root is, is always
// tokenised.
type filter struct {
	roots [][]byte
	// all is set when a root is empty: every text may match. wide is set
	// when a root is not ASCII.
	all, wide bool
	buf       []byte
	// plain caches, by rune beyond ASCII, whether folding it yields no
	// ASCII byte.
	plain map[rune]bool
}

func newFilter(exact, prefixes []string) *filter {
	f := &filter{plain: map[rune]bool{}}
	for _, t := range slices.Concat(exact, prefixes) {
		// Hyphens are not compared: "epaper" is the term of "e-paper".
		root := strings.ReplaceAll(strings.TrimSuffix(t, "y"), "-", "")
		f.all = f.all || root == ""
		f.wide = f.wide || hasWide(root)
		f.roots = append(f.roots, []byte(root))
	}
	return f
}

// may reports whether text may hold one of the terms.
func (f *filter) may(text string) bool {
	if f.all {
		return true
	}
	f.buf = f.buf[:0]
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != '-' {
				f.buf = append(f.buf, c)
			}
			i++
			continue
		}
		if f.wide {
			return true
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if !f.plainRune(r) {
			return true
		}
		// A byte no root holds keeps the ASCII on either side apart.
		f.buf = append(f.buf, 0x80)
		i += size
	}
	for _, r := range f.roots {
		if bytes.Contains(f.buf, r) {
			return true
		}
	}
	return false
}

// plainRune reports whether folding r, alone or beside others, yields no
// ASCII byte: NFKC leaves it as it is (composing it with its neighbours
// gives a rune beyond ASCII too) and its lower case is beyond ASCII.
func (f *filter) plainRune(r rune) bool {
	ok, seen := f.plain[r]
	if !seen {
		s := string(r)
		ok = norm.NFKC.IsNormalString(s) && unicode.ToLower(r) >= utf8.RuneSelf
		f.plain[r] = ok
	}
	return ok
}

func hasWide(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
