package relevance

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/terms"
)

// Weights of the context's words: what the user wrote about the task says
// most, the branch name nearly as much (people name branches after the
// work), the words of the paths at hand less (a path names the place, not
// the problem).
const (
	weightTask   = 1.0
	weightBranch = 0.9
	weightPath   = 0.6
)

// query is a Context turned into the words a Matcher looks for and the
// paths to compare.
type query struct {
	words   []string  // terms as terms.Tokenize emits them
	weights []float64 // 0 for a word that only makes a learning worth comparing paths with
	shown   []string  // each word as the context wrote it, lower case
	pathly  []bool    // the word comes from a path: a hit on it means comparing paths
	told    []bool    // the word is in the task or the branch name, not only in a path
	paths   []ctxPath
	joins   []join
	// splits are the words the task writes as two (see split).
	splits []split
	// phrasal are the words made of a verb and its particle, two request
	// words, that the task writes apart ("check out", "set up"): they
	// count only where the memory writes them as one word (see
	// oneWords).
	phrasal []int
	// syns are the synonyms of its words (see addSynonyms).
	syns []join
	// acronyms are the task's abbreviations, capitals its phrases that
	// a learning may write by their initials (see addAbbreviations).
	acronyms []acronym
	capitals []join
	// mods are, by word, the task's modifiers of it (see modifiersOf).
	mods [][]string
	// base is, for a word that stands for another form of a word of the
	// context (see addFamilies), the index of that word, or -1.
	base []int
	// standIn marks, up to the last one, the words found only through
	// the aliases addStandIn gives them: a synonym, an everyday word or a
	// mechanism of a task word, not the word or another form of it.
	standIn []bool
	// roots are the family roots of the words that have one, forms
	// their forms (see terms.FamilyOf).
	roots []string
	forms []terms.Form
	// oneWith is, for a word the task writes only as a part of a word
	// it splits, the word that counts for both parts (see oneWords), or
	// -1; nil where there is none.
	oneWith []int
	// wholes are, for a camelCase piece the context writes nowhere on
	// its own ("gc" and "ps" of "GCPs", "upload" of "uploadFile"), the
	// words it is a piece of; nil for any other word, and missing for
	// the words added after the context's own (see signal).
	wholes [][]int
}

// join is a word the task writes as two ("front end", "e-paper"), read in
// a learning that writes it as one ("frontend", "epaper") as the task's
// words it is made of.
type join struct {
	term  string // the two words run together, folded and stemmed
	words []int  // the task's words among the two
}

// split is a word the task writes as two, with a hyphen or a space: its
// term, as join's, and parts, the words of the task that count as it
// once it is one word (see oneWords): the word itself where the task
// also writes it joined, then those of the two that the task writes
// nowhere else. sure is set where the two are one word whatever the
// memory holds: the task hyphenates them or writes them joined too.
type split struct {
	term  string
	parts []int
	sure  bool
}

// matcher returns a Matcher for the query's words that reads a word
// written two ways as one term: a task's joined word in a learning's
// hyphenated one ("epaper" in "e-paper") and a task's two words in a
// learning's joined one (see joinsOf).
func (q *query) matcher() *terms.Matcher {
	m := terms.NewMatcher(q.words)
	for _, j := range q.joins {
		m.Alias(j.term, j.words...)
	}
	for _, j := range q.syns {
		m.Alias(j.term, j.words...)
	}
	for i, r := range q.roots {
		if r != "" {
			m.Family(r, q.forms[i], i)
		}
	}
	for _, a := range q.acronyms {
		m.Initials(a.letters, a.k)
	}
	for _, c := range q.capitals {
		m.Capitals(c.term, c.words...)
	}
	m.JoinHyphens()
	for i, w := range q.shown {
		if q.told[i] && q.weights[i] > 0 && q.base[i] < 0 && q.words[i] != "" {
			m.JoinSplit(strings.NewReplacer("-", "", " ", "").Replace(w), i)
		}
	}
	return m
}

func (q *query) add(term, shown string, weight float64, fromPath bool) int {
	for i, w := range q.words {
		if w == term {
			q.weights[i] = max(q.weights[i], weight)
			q.pathly[i] = q.pathly[i] || fromPath
			q.told[i] = q.told[i] || !fromPath
			return i
		}
	}
	q.words = append(q.words, term)
	q.weights = append(q.weights, weight)
	q.shown = append(q.shown, shown)
	q.pathly = append(q.pathly, fromPath)
	q.told = append(q.told, !fromPath)
	q.base = append(q.base, -1)
	q.wholes = append(q.wholes, nil)
	return len(q.words) - 1
}

// addWord adds w, a word of the context, noting the word it is a
// camelCase piece of while the context writes it nowhere on its own (see
// wholes).
func (q *query) addWord(w word, weight float64, fromPath bool) {
	n := len(q.words)
	i := q.add(w.term, w.shown, weight, fromPath)
	k := slices.Index(q.words, w.whole)
	switch {
	case !w.piece() || k < 0 || k == i:
		q.wholes[i] = nil
	case i == n:
		q.wholes[i] = []int{k}
	case q.wholes[i] != nil && !slices.Contains(q.wholes[i], k):
		q.wholes[i] = append(q.wholes[i], k)
	}
}

// weightFamily is what another form of a word of the context counts for,
// against the word itself: "deployments" in a learning for a task's
// "deploy", "payouts" for "paid", "anaesthesia" for "anaesthetic".
// People write a task with whatever form comes to mind, and a learning
// in another form is as much about the thing; but a derived word can
// drift ("general" and "generate"), so it counts for less. Measured on
// the development sets: 0.5 to 0.7 find one more wanted learning on dev7
// and two on dev9 (three once a doer joins the other derived words:
// "insurer" and "insurance"), losing none; 0.6 and 0.7 also hold one more
// of dev8's traps. At 0.35 dev7's is lost again, at 1 eval and dev8 each
// lose one.
const weightFamily = 0.6

// addFamilies adds, for each word of the context that counts, a word that
// stands for the other forms of it (see terms.Family): a Matcher reports
// it where a learning holds one of them and not the word's own forms.
func (q *query) addFamilies() {
	n := len(q.words)
	q.roots = make([]string, n, 2*n)
	q.forms = make([]terms.Form, n, 2*n)
	for i := range n {
		if q.weights[i] == 0 {
			continue
		}
		root, form := terms.FamilyOf(q.shown[i])
		if len(root) < 3 || slices.Contains(q.roots, root) {
			continue
		}
		q.words = append(q.words, "") // found only through the family
		q.weights = append(q.weights, weightFamily*q.weights[i])
		q.shown = append(q.shown, q.shown[i])
		q.pathly = append(q.pathly, q.pathly[i])
		q.told = append(q.told, q.told[i])
		q.base = append(q.base, i)
		q.roots = append(q.roots, root)
		q.forms = append(q.forms, form)
		q.mods = append(q.mods, nil)
	}
}

// Word weights inside a source: a piece of a camelCase word in the task
// (`MacBook`: mac, book) may be a syllable of a name, and a number matches
// by accident more often than a word.
const (
	weightPiece  = 0.5
	weightNumber = 0.5
)

// signals is how many separate pieces of evidence the context offers: its
// words that count on their own, a word with its camelCase pieces once
// (see signal), and its paths.
func (q *query) signals() int {
	n := len(q.paths)
	counted := make([]bool, len(q.words))
	for w, wt := range q.weights {
		if g := q.signal(w, nil); wt > 0 && !counted[g] {
			counted[g] = true
			n++
		}
	}
	return n
}

// signal is the word of the context whose evidence word w gives: w, or
// for a camelCase piece the context writes nowhere on its own, the word
// it is a piece of (the first of them hs, a learning's hits, holds). A
// word and its pieces are one piece of evidence: a learning that writes
// "GCPs" holds "gcps", "gc" and "ps", one that writes "uploadFile"
// "uploadfile", "upload" and "file", and each says one thing the task
// says. A piece found alone ("Dynamo streams" for a task's "DynamoDB")
// stands for its word, and so does another form or a stand-in of a piece.
func (q *query) signal(w int, hs []hit) int {
	w = q.whole(w, hs)
	if w < len(q.oneWith) && q.oneWith[w] >= 0 {
		return q.oneWith[w]
	}
	return w
}

// whole is w, or for a camelCase piece the context writes nowhere on its
// own, the word it is a piece of (see signal).
func (q *query) whole(w int, hs []hit) int {
	if b := q.base[w]; b >= 0 && b < len(q.wholes) && q.wholes[b] != nil {
		w = b
	}
	if w >= len(q.wholes) || q.wholes[w] == nil {
		return w
	}
	for _, k := range q.wholes[w] {
		if slices.ContainsFunc(hs, func(h hit) bool { return h.word == k }) {
			return k
		}
	}
	return q.wholes[w][0]
}

// oneWords makes the words of each join that is one word one signal:
// where the task hyphenates it ("front-end"), writes it joined as well
// ("frontend" beside "front end"), or the memory writes it as one word
// (seen) ("frontend", "front-end" or "FrontEnd" for a task's "front end").
// A learning that writes "front end" says one thing the task says, not
// two. Two words the task writes side by side that the memory never
// joins ("cache timeout") stay two: counting every such pair once lost
// wanted learnings and traps on the development sets (issue 24's round
// 17). A part the task also writes on its own stays a signal of its own.
func (q *query) oneWords(seen func(term string) bool) {
	// A verb and its particle are a word of the task ("check out" the
	// checkout) only where the memory writes the word joined: most are
	// no noun ("show up", "come out"), and read as a word of the task
	// they made a match on the task's other word alone need a second
	// signal (TestCommonWordDetail, TestAnotherKind).
	for _, i := range q.phrasal {
		if !seen(q.words[i]) {
			for w, b := range q.base {
				if w == i || b == i {
					q.weights[w] = 0
				}
			}
		}
	}
	for _, j := range q.splits {
		if len(j.parts) < 2 || !j.sure && !seen(j.term) {
			continue
		}
		if q.oneWith == nil {
			q.oneWith = make([]int, len(q.words))
			for i := range q.oneWith {
				q.oneWith[i] = -1
			}
		}
		for _, p := range j.parts[1:] {
			q.oneWith[p] = j.parts[0]
		}
	}
}

// one is the word of the context whose evidence word w or another form
// of it gives in a learning with hits hs (see signal and root): the rules
// that ask how many of the task's words a learning holds, or whether it
// holds another, count a word and its camelCase pieces once, as a match's
// signals do.
func (q *query) one(w int, hs []hit) int {
	return q.signal(q.root(w), hs)
}

// root is the word of the context that word w stands for: w itself, or
// the word w is another form of (base).
func (q *query) root(w int) int {
	if b := q.base[w]; b >= 0 {
		return b
	}
	return w
}

func newQuery(ctx Context) *query {
	q := &query{}
	read, framePaths := readPaste(ctx.Task)
	paths := slices.Concat(ctx.Paths, framePaths)
	// A path written in the task is a path at hand: its words count as a
	// path's, not as the task's, or a session that only read the file
	// would match the task twice. A line reference ("gate.go:147") is no
	// part of the file's name.
	task := []byte(read)
	// A library's file ("panicked at /root/.cargo/registry/...") is
	// neither: it is noise, as its frames are (see readPaste). Nor is a
	// count or a date ("12/31").
	var written []string
	terms.Tokenize(read, func(t terms.Token) {
		w := trimLineRef(read[t.Start:t.End])
		if t.Part || !looksLikePath(w) || !strings.ContainsFunc(w, unicode.IsLetter) {
			return
		}
		if !vendorFile(w) {
			written = append(written, w)
		}
		for i := t.Start; i < t.End; i++ {
			task[i] = ' '
		}
	})
	// A path written in the task that a path at hand, or a longer path
	// written beside it, already names ("prepare.py" beside
	// proc/odm/prepare.py) is that path, not a second one: a learning
	// that names the file would match two paths at hand for one file. A
	// path equal to one before it is dropped with the others below.
	given := len(paths)
	for _, w := range written {
		if !namedBy(w, paths[:given]) && !namedBy(w, written) {
			paths = append(paths, w)
		}
	}
	// Every sentence of a long request counts alike. Its background is
	// mostly the subject's own words ("lesson", "teacher", "charge"), and
	// the ask often has none ("Can I get it back?"). In issue 24's round
	// 15, on the development sets' 37 single-line tasks of more than 25
	// words 77% of the wanted learnings were found against 91% on tasks
	// of up to 12, the misses resting on words the learnings lack; the
	// words only before the last sentence, where that sentence holds one
	// of the subject's, weighed at 0.85, 0.7 and 0.5 found 0, 2 and 5
	// fewer.
	words := wordsOf(string(task))
	for i, w := range words {
		if !requestWord(w) || nounUse(words, i) {
			q.addWord(w, weightTask*w.weight(), false)
		}
	}
	q.joinsOf(string(task))
	mods := modifiersOf(string(task))
	for _, w := range wordsOf(ctx.Branch) {
		if !branchStopWord(w.term) || ownNouns[w.shown] {
			q.addWord(w, weightBranch*w.weight(), false)
		}
	}
	seen := map[string]bool{}
	for _, p := range paths {
		cp, ok := newCtxPath(p)
		if !ok || seen[cp.file] {
			continue
		}
		seen[cp.file] = true
		q.paths = append(q.paths, cp)
		for _, w := range wordsOf(cp.trimmed) {
			switch {
			case knownExt()[w.term] || isNumber(w.term):
			case genericPathWord()[w.term] || taskStopWord(w.term):
				q.addWord(w, 0, true)
			default:
				q.addWord(w, weightPath*w.weight(), true)
			}
		}
	}
	q.mods = make([][]string, len(q.words))
	for i, w := range q.words {
		q.mods[i] = mods[w]
	}
	q.addSpellings()
	q.addShortForms(string(task))
	q.addFamilies()
	q.addSynonyms()
	q.addSymptoms()
	q.addEveryday(string(task))
	q.addAbbreviations(string(task))
	return q
}

// namedBy reports whether one of ps names the file w names with more of
// its directories: ends with it after a slash.
func namedBy(w string, ps []string) bool {
	cw, ok := newCtxPath(w)
	if !ok {
		return false
	}
	return slices.ContainsFunc(ps, func(p string) bool {
		cp, ok := newCtxPath(p)
		return ok && suffixAt(cp.file, cw.file)
	})
}

type word struct {
	term, shown string
	whole       string // for a camelCase piece, the term of the word it is a piece of
}

// piece reports whether w is a camelCase piece of a word (see wordsOf).
func (w word) piece() bool { return w.whole != "" }

func (w word) weight() float64 {
	switch {
	case isNumber(w.term):
		return weightNumber
	case w.piece():
		return weightPiece
	}
	return 1
}

// wordsOf is terms.Words with each word as written, but for the tails of
// contractions ("what's", "don't") and the camelCase pieces that are no
// words (see wordPiece).
func wordsOf(s string) []word {
	var out []word
	var whole, wholeTerm string
	terms.Tokenize(s, func(t terms.Token) {
		w := s[t.Start:t.End]
		if !t.Piece {
			whole, wholeTerm = w, t.Term
		} else if !wordPiece(whole, w) {
			return
		}
		if (t.Part || !strings.ContainsFunc(w, notWordRune)) && !contractionTail(s, t) {
			ow := word{term: t.Term, shown: strings.ToLower(w)}
			if t.Piece {
				ow.whole = wholeTerm
			}
			out = append(out, ow)
		}
	})
	return out
}

// wordPiece reports whether piece, a camelCase piece of the word whole
// (see terms.Tokenize), reads as a word of its own: "upload" of
// "uploadFile", "Stripe" of "privateStripeFrame". A unit or a short
// mixed-case name of up to three letters is one word, not letters: "kW"
// is no "k" and "w", nor "kWh" "wh", "2.4GHz" "g" and "hz", "iOS" "os",
// "3D" "3" and "d", "IDs" "ds"; and a letter alone is no word ("i" of
// "iPad").
//
// A longer plural of capitals ("GCPs", "DTOs", "URLs") keeps its pieces,
// though "gc" and "ps" are no words either: when each piece the context's
// word matched counted as a signal of its own, on the development sets
// (issue 24's round 17) "Use at least 5 GCPs for a survey under 10 ha"
// for "How many GCPs should I put out for a 22 hectare site" was chosen
// only on the three signals "GCPs" made, one word, and left out once the
// pieces went (eval17 54 -> 53 found). A word and its pieces are one
// signal now (see query.signal), and the learning is chosen as the best
// match, on one signal; dropping the pieces was not measured again since.
// The units' pieces moved no found learning or trap, but lifted three
// wanted learnings of eval16's tasks that write "kWh", "22 kW" and "IDs"
// (ranks 16, 8 and 10 to 8, 6 and 9) past matches on "w" and "k" alone.
func wordPiece(whole, piece string) bool {
	if len(piece) < 2 {
		return false
	}
	letters := 0
	for i := 0; i < len(whole); i++ {
		if c := whole[i] | 0x20; 'a' <= c && c <= 'z' {
			letters++
		}
	}
	return letters > 3
}

// joinsOf finds the words the task writes as two, with a hyphen or a
// space between ("e-paper", "front end", "log in", "Wi-Fi"), that a learning
// may write as one ("epaper", "frontend", "login", "wifi"): people and
// agents write them every way. Where one of the two is a word of the
// query, the joined word is an alias of it (of both, where both are);
// where neither is (both are request words: "set-up", "check-in"), a
// hyphenated one is a task word of its own, as if written joined. The
// Matcher finds the hyphenated form of any query word itself, so "epaper"
// in a task finds "e-paper"; a learning's "log in" is not read as a task's
// "login", since two words a space apart are seldom one ("the log in
// /var/log"). Nor is a pair whose first word is a request word ("the
// sync", "in-app"), or a word's tail after an apostrophe ("Sophie's
// badge": see apostropheTail), nor two words a space apart whose second
// is a request word other than a particle ("button is", "teacher can").
func (q *query) joinsOf(task string) {
	var ts []terms.Token
	terms.Tokenize(task, func(t terms.Token) {
		if !t.Piece && (t.Part || !strings.ContainsFunc(task[t.Start:t.End], notWordRune)) {
			ts = append(ts, t)
		}
	})
	type pair struct {
		n              int // ts[n-1] and ts[n]
		joined, shown  string
		hyphen, inTask bool
	}
	var pairs []pair
	for n := 1; n < len(ts); n++ {
		p, t := ts[n-1], ts[n]
		if apostropheTail(task, p) || apostropheTail(task, t) {
			continue
		}
		w := task[t.Start:t.End]
		between := task[p.End:t.Start]
		if between != "-" && between != " " || between == " " && taskStopWord(t.Term) && !terms.Particle(strings.ToLower(w)) {
			continue
		}
		a, b := strings.ToLower(task[p.Start:p.End]), strings.ToLower(w)
		if between == " " && !terms.SplitJoins(a, b, terms.WordAfterSpace(task, t.End)) {
			// "in" or "on" opening a noun phrase, a number or a path is
			// a preposition ("readings are logged in the tank sheet",
			// "check in 2 weeks", "the log in /var/log"), as a memory's
			// is (see terms.Matcher.JoinSplit).
			continue
		}
		joined, letters := terms.JoinedTerm(a, b)
		if !letters || len(a+b) < 4 {
			continue
		}
		pairs = append(pairs, pair{n, joined, a + between + b, between == "-", slices.Contains(q.words, joined)})
	}
	// parts are the words of a pair that the task writes only in pairs
	// that make the same word (see split.parts).
	count := map[string]int{}
	for _, t := range ts {
		count[t.Term]++
	}
	// covered counts, for each word the pairs make, the tokens of each
	// term among those pairs, each token once. Counted anew for each pair
	// instead, a task writing "data base" 3000 times took 5.9 s to recall
	// from a 1 MB memory, 1.1 s before the split words and 0.6 s now.
	type made struct{ joined, term string }
	type token struct {
		joined string
		at     int
	}
	covered, counted := map[made]int{}, map[token]bool{}
	hyphenated := map[string]bool{} // the words the task writes with a hyphen
	for _, pr := range pairs {
		hyphenated[pr.joined] = hyphenated[pr.joined] || pr.hyphen
		for _, at := range []int{pr.n - 1, pr.n} {
			if tk := (token{pr.joined, at}); !counted[tk] {
				counted[tk] = true
				covered[made{pr.joined, ts[at].Term}]++
			}
		}
	}
	parts := func(pr pair, ws []int) []int {
		var out []int
		for _, i := range ws {
			if covered[made{pr.joined, q.words[i]}] == count[q.words[i]] {
				out = append(out, i)
			}
		}
		return out
	}
	for _, pr := range pairs {
		p, t := ts[pr.n-1], ts[pr.n]
		var ws []int
		for _, term := range []string{p.Term, t.Term} {
			if i := slices.Index(q.words, term); i >= 0 && q.weights[i] > 0 && !slices.Contains(ws, i) {
				ws = append(ws, i)
			}
		}
		switch {
		case pr.inTask:
			// The task writes the word joined too ("frontend" beside
			// "front end"): its parts count as it does.
			if k := slices.Index(q.words, pr.joined); len(ws) > 0 && q.weights[k] > 0 {
				q.splits = append(q.splits, split{pr.joined, append([]int{k}, parts(pr, ws)...), true})
			}
		case len(ws) > 0 && taskStopWord(p.Term):
			// "the sync", "on gateway": never one word, and an alias
			// starting "th" or "on" would make the scan look up every
			// "the" and "only" of the memory (Rank's CPU +10%).
		case len(ws) > 0:
			q.joins = append(q.joins, join{pr.joined, ws})
			q.splits = append(q.splits, split{pr.joined, parts(pr, ws), pr.hyphen})
		case (pr.hyphen || terms.Particle(strings.ToLower(task[t.Start:t.End]))) && !taskStopWord(pr.joined):
			// Two request words, hyphenated or a verb and its particle
			// ("set-up", "check out"): a word of the task of their own,
			// phrasal only where the task never hyphenates it ("the
			// set-up fails when I set up" still finds "Set up needs
			// Homebrew").
			i := q.add(pr.joined, pr.shown, weightTask, false)
			if !hyphenated[pr.joined] {
				q.phrasal = append(q.phrasal, i)
			}
		}
	}
}

// nounUse reports whether words[i], a request word, is the noun of the
// same spelling: "update" asks for work in "please update the docs" but is
// the subject in "firmware update takes forever", "after the OTA update" or
// "an update of the app". It is a noun after a determiner or after a word
// of the subject (the noun it is a kind of: firmware, OTA, app); first, or
// after another request word ("we need to update"), it is the request's
// verb. "update" is the only such word the development sets needed: every
// task in them that says "update" means the noun. The verbs that say how a
// problem shows ("takes forever", "keeps failing") stay request words.
func nounUse(words []word, i int) bool {
	if !requestNouns[words[i].shown] || i == 0 {
		return false
	}
	prev := words[i-1]
	return determiners[prev.shown] || !taskStopWord(prev.term) && !isNumber(prev.term)
}

// requestNouns are request words that are also nouns a task is about, as
// written.
var requestNouns = map[string]bool{"update": true, "updates": true}

var determiners = map[string]bool{"a": true, "an": true, "the": true, "this": true, "that": true,
	"each": true, "every": true, "my": true, "our": true, "your": true, "its": true, "their": true,
	"last": true, "next": true, "latest": true, "new": true, "first": true}

// contractionTail reports whether t is what follows the apostrophe of a
// contraction: the "s" of "what's" would otherwise match every "30 s" and
// "creator's" of the memory and count as a signal. The "s" of a
// possessive ("a customer's valve") is kept, as before: only after the
// words a request is made of ("what's", "it's", "there's") is it known
// to be a contraction.
//
// Reading a possessive as its owner ("night's" as "night", no "s") was
// measured in issue 24's round 15 on the development sets (eval to eval5,
// eval12 to eval15, dev5 to dev23): 3 fewer found (5 lost, 2 gained) and
// as many traps held, but 2 sets lost one and the floors of dev10, dev14,
// dev17 and eval5 fell. What it lost rested on the "s": a one-word match
// that a possessive in both texts made a second signal ("a customer's
// valve" and "the valve's NVS dump", "a teammate's new role" and "the
// staff member's next login"), one wanted learning found on the "s" alone,
// and two decoys left out because the "s" gave another learning a second
// word that led ("a patient's name" for "Dr Okafor's name on the brass
// plaque"). Over the tasks with an apostrophe the "s" shows 139 chosen
// learnings that the owner's reading leaves out (4 wanted, 2 decoys, 133
// neither, as "took 40 s" for "last week's data") and keeps out 56 (2
// wanted, 3 decoys). Counting the "s" at 0.3 or 0.5 of a word, or letting
// it match only a learning's possessive (not "40 s": 2 more found, but
// dev16 lost a trap as the rarer "s" weighed more), lowered a floor too.
func contractionTail(s string, t terms.Token) bool {
	before, ok := beforeApostrophe(s, t)
	if !ok {
		return false
	}
	switch strings.ToLower(s[t.Start:t.End]) {
	case "t", "d", "ll", "re", "ve", "m":
		return true
	case "s":
		start := strings.LastIndexFunc(before, notWordRune) + 1
		return taskStopWord(terms.Stem(strings.ToLower(before[start:])))
	}
	return false
}

// apostropheTail reports whether t goes on the word before it across an
// apostrophe: the "s" of "night's", the "t" of "don't", the "clock" of
// "o'clock". Such a tail starts no phrase: "Sophie's badge" is no
// "sbadge" (see joinsOf), and the "s" says whose badge, not which kind of
// badge (see modifiersOf). An apostrophe after a space or at the start
// opens a quotation ("the 'log in' button"): the word after it is a word
// of its own.
func apostropheTail(s string, t terms.Token) bool {
	before, ok := beforeApostrophe(s, t)
	r, _ := utf8.DecodeLastRuneInString(before)
	return ok && before != "" && !notWordRune(r)
}

// beforeApostrophe returns what s has before t, without the apostrophe
// (straight or curly) right before t, and whether there is one.
func beforeApostrophe(s string, t terms.Token) (string, bool) {
	before := s[:t.Start]
	if b, ok := strings.CutSuffix(before, "'"); ok {
		return b, true
	}
	return strings.CutSuffix(before, "\u2019")
}

func notWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// requestWord reports whether w, as the task wrote it, is a word of the
// request rather than of its subject (see taskStopWord). The stop lists
// hold stems, and the stem of a noun may be a vague word: "fines" stems
// to "fine", "news" to "new", "goods" to "good". A vague word is vague in
// the form the task wrote, so those nouns (ownNouns) stay task words: "a
// member says her fines are too high" is about the library's fines.
func requestWord(w word) bool { return taskStopWord(w.term) && !ownNouns[w.shown] }

// ownNouns are nouns, as written, whose stem is a request word of another
// meaning (a vague adjective, a modal verb, a particle): a library's
// fines, a shop's goods, a site's news, a brewery's cans, a law firm's
// wills, a driller's wells, a joiner's saws, a publisher's rights.
var ownNouns = map[string]bool{"fines": true, "goods": true, "news": true, "cans": true,
	"wills": true, "wells": true, "saws": true, "rights": true}

// taskStopWord is a word of a request that says nothing about its subject:
// "please fix the bug in ..." is about what follows.
func taskStopWord(term string) bool { return terms.StopWord(term) || requestWords()[term] }

// requestWords are the words of a request besides terms.StopWord's.
var requestWords = stemmed(`i me my mine we us our ours you your yours it its itself this these
	those there here they them their theirs he him his she her hers who whom whose what which
	not no nor yes do does did doing done be been being am is are was were have has had having
	will would shall should can could may might must ought let lets please need needs want
	wants wanted try tried get gets got getting gotten make makes made making add adds added
	fix fixes fixed fixing change changes changed changing update updates updated updating
	implement implementing work works worked working look looks looking check checks see seen
	saw seem seems keep keeps kept take takes took taken give gave given go goes went gone
	going come comes came know knows knew think thinks thought say says said tell told find
	found show shows showed shown put puts set sets use used uses using start started stop
	stopped happen happens happened some any all each every both either neither also just so
	then than but if else into onto about above below after before again now still yet already
	ever never always often sometimes usually new old bug bugs issue issues problem problems
	task tasks thing things stuff way ways why how up down out over under via per one two
	three first last next very really quite rather like same other another more most less
	least only own much many few lot lots bit little big small good bad better worse best
	wrong right fine ok okay sure actually anymore anyway somehow something anything
	everything nothing someone anyone everyone somewhere while since until because though
	where wherever whenever whatever whoever whichever however nowhere anywhere everywhere
	although whether during without within across around through between among against
	toward towards upon off too even back well maybe perhaps instead forever
	hi hello hey thanks thank cheers regards dear
	don doesn didn isn aren wasn weren won wouldn couldn shouldn hasn haven hadn`)

// branchStopWord is a word branch names carry for their kind or owner, not
// their subject: feat/, fix/, chore/ and the like.
func branchStopWord(term string) bool {
	return taskStopWord(term) || branchWords()[term] || isNumber(term)
}

var branchWords = stemmed(`feat feature features fix bugfix hotfix chore refactor refactoring
	wip release releases main master develop dev head trunk docs doc test tests ci build
	revert deps dependabot renovate patch minor major draft tmp temp`)

// genericPathWord names a directory or file every project has: alone it
// says nothing about the subject, though the path it is part of may.
var genericPathWord = stemmed(`src lib libs internal pkg pkgs app apps cmd test tests spec
	specs main index util utils common core mod init source sources include inc public
	private vendor module modules package packages bin build dist out target tmp doc docs`)

// knownExt lists file extensions: a word after the last dot of a name that
// has one of these makes a token a file name, and the extension alone is
// never a subject.
var knownExt = stemmed(`go mod sum ts tsx js jsx mjs cjs py pyi rb rs swift kt kts java scala
	c h cc cpp hpp cs fs m mm php ex exs erl hs ml lua dart r jl pl sh bash zsh fish ps1 bat
	md mdx rst txt adoc json jsonc yaml yml toml ini cfg conf env xml html htm css scss sass
	less vue svelte sql graphql gql proto tf hcl lock gradle plist storyboard xib ipynb csv
	tsv dockerfile makefile mk cmake nix`)

// stemmed returns the set of the words of list and their stems, built on
// first use: stemming the lists when the package loaded cost every run of
// learn (each recall, each hook event) about 0.3 ms of start-up, though only
// context-aware recall reads them.
func stemmed(list string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for w := range strings.FieldsSeq(list) {
			m[w] = true
			m[terms.Stem(w)] = true
		}
		return m
	})
}
