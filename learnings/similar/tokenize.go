package similar

// The tokenizer: how one clause's words become the tokens the meaning rules
// compare (stems, digits for number words, one spelling per unit,
// negations glued to what they negate, participles read as instructions).

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokenizer struct {
	// lex is the lexicon, fetched once for the text (see
	// lexTable.lookup).
	lex     *lexTable
	items   []item
	cur     []string
	nextSep sepKind
	conj    bool
	negate  int // pending negations
	or      int
	prev    string // the previous kept word, before normalisation, for "make sure"
	rather  bool   // "rather" was the last word: the "than" after it is not a relation
	// be is 1 + the position in cur of the word after a form of "to be"
	// (0 when none), and by 1 + the position after "by" following that
	// word: "X is owned by Y" is "Y owns X".
	be, by int
	// byEnd is 1 + the position in cur where the agent after "by" ends,
	// at the first preposition after it (0 while none): "X is migrated
	// by Y in batches" is "Y migrates X in batches", with "in batches"
	// still last.
	byEnd int
	// participle is set when the word after "to be" is a past participle.
	participle bool
	// verbParts is the number of tokens the participle holds after its
	// first: one for "health-checked", read part by part (hyphenated).
	verbParts int
	// reading is the word being read, before stemming.
	reading string
	// get is set after a form of "get", which is "to be" before a
	// participle ("logs get shipped") and a verb otherwise.
	get bool
	// literal is set while the parts of a hyphenated word of code are
	// read: they keep their own words (see one). code is set while the
	// words of a flag or of a chunk in backticks are read.
	literal, code bool
	// pronoun is set once the text says "it", "they" or "them": it may
	// stand for a noun another text names (see movedRun).
	pronoun bool
	// prefers is the length of cur after a verb of the group of "want"
	// and "prefer", 0 when the clause has none; pendingOver is set by an
	// "over" after its object, kept only before a number.
	prefers     int
	pendingOver bool
	// phrases finds the runs of phrases ("out of date", "set up") among
	// the words read, with the state before each word to go back to.
	phrases phraseReader[clauseState]
	// split follows a phrasal verb split by its object ("logs users
	// out"), see one; restores counts the runs of phrases read, which
	// move the tokens split points at.
	split    splitState
	restores int
	// ofs and poss mark where in cur an "of" and a possessive "'s"
	// stand, for the clause's item (see item).
	ofs, poss uint64
	// andHeld is set while an "and" inside a run of phrases waits for
	// the word after it ("by and large"): the run takes it, or it ends
	// the clause as any "and" does.
	andHeld bool
}

// splitState is a verb of a phrasal verb of phrases ("log" of "log out")
// followed through its object to the particle.
type splitState struct {
	verb  *lexEntry // the verb's base form, nil when none is followed
	at    int       // where the verb's token is in cur
	words int       // the object's words with a token of their own
	run   *phrase   // the run its particle ends, while the word after it is awaited
	p     int       // where the particle's tokens begin in cur
}

// clauseState is what reading a word changes of the tokenizer within a
// clause: a run of phrases goes back to the state before its first word
// and reads the word it stands for instead.
type clauseState struct {
	n, negate, be, by, byEnd, verbParts int
	prev, reading                       string
	rather, participle, get             bool
}

func (t *tokenizer) state() clauseState {
	return clauseState{n: len(t.cur), negate: t.negate, be: t.be, by: t.by, byEnd: t.byEnd, verbParts: t.verbParts,
		prev: t.prev, reading: t.reading, rather: t.rather, participle: t.participle, get: t.get}
}

func (t *tokenizer) restore(s clauseState) {
	t.restores++
	t.ofs, t.poss = keepMarks(t.ofs, s.n), keepMarks(t.poss, s.n)
	t.cur = t.cur[:s.n]
	t.negate, t.be, t.by, t.byEnd, t.verbParts = s.negate, s.be, s.by, s.byEnd, s.verbParts
	t.prev, t.reading = s.prev, s.reading
	t.rather, t.participle, t.get = s.rather, s.participle, s.get
}

// flush closes the current clause; the next one starts after sep.
func (t *tokenizer) flush(sep sepKind, conj bool) {
	if to, from, ok := t.phrases.settle("", nil); ok {
		t.restore(from) // a run held at the clause's end: "... log in."
		t.one(to, nil)
	}
	if t.andHeld {
		t.andHeld = false
		t.flush(sepList, true)
	}
	if t.split.run != nil {
		t.joinSplit() // the particle ends the clause: "logs users out."
	}
	t.split = splitState{}
	t.phrases.reset()
	t.endGet()
	if t.negate > 0 {
		t.cur = append(t.cur, "!")
		t.negate = 0
	}
	ofs, poss := t.ofs, t.poss
	t.ofs, t.poss = 0, 0
	if t.by > 0 && t.by-1 < len(t.cur) {
		// Passive: subject, participle, agent becomes agent,
		// participle, subject.
		v, end := t.be-1, len(t.cur)
		if t.byEnd > t.by {
			end = t.byEnd - 1
		}
		order := make([]int, 0, len(t.cur)) // where each word of the active clause was
		subj, agent := [2]int{0, v}, [2]int{t.by - 1, end}
		if v > 0 && opensClause(t.cur[0]) {
			// "If half the sky is covered by cloud" is "if cloud
			// covers half the sky": the clause still opens with
			// "if".
			order, subj[0] = append(order, 0), 1
		}
		// "Can only be changed by the head brewer" and "changed by
		// the head brewer only" say "only the head brewer changes":
		// the "only" limits the agent.
		if subj[1] > subj[0] && t.cur[subj[1]-1] == "only" {
			order, subj[1] = append(order, subj[1]-1), subj[1]-1
		} else if agent[1]-agent[0] > 1 && t.cur[agent[1]-1] == "only" {
			order, agent[1] = append(order, agent[1]-1), agent[1]-1
		}
		for _, r := range [][2]int{agent, {v, v + 1 + t.verbParts}, subj, {end, len(t.cur)}} {
			for i := r[0]; i < r[1]; i++ {
				order = append(order, i)
			}
		}
		active := make([]string, len(order))
		for i, o := range order {
			active[i] = t.cur[o]
		}
		ofs, poss = movedMarks(ofs, order), movedMarks(poss, order)
		t.cur = active
	}
	part := 0
	if t.by == 0 && t.be > 1 && t.participle {
		part = t.be
	}
	t.be, t.by, t.byEnd, t.participle, t.verbParts, t.prefers, t.pendingOver = 0, 0, 0, false, 0, 0, false
	if len(t.cur) > 0 {
		// The next clause goes on in the same block.
		t.items = append(t.items, item{toks: slices.Clip(t.cur), sep: t.nextSep, conj: t.conj, participle: part, ofs: ofs, poss: poss})
		t.cur = t.cur[len(t.cur):]
		t.nextSep, t.conj = sep, conj
		return
	}
	// Two separators in a row: the stronger wins.
	if sep == sepStrong || len(t.items) == 0 {
		t.nextSep = sepStrong
	} else if t.nextSep == sepList {
		t.conj = t.conj || conj
	}
}

// movedMarks is the marks m of a clause (see item.ofs) once its words are
// put in the given order (order[i] is where word i was): a mark stays
// where the two words around it stay next to each other in the order
// they were, as "the audio of each episode" does when "the audio of each
// episode is checked by the producer" reads as "the producer checks the
// audio of each episode".
func movedMarks(m uint64, order []int) uint64 {
	var out uint64
	for i := 1; m != 0 && i < len(order); i++ {
		if p := order[i]; p < 64 && m&(1<<p) != 0 && order[i-1] == p-1 {
			out = mark(out, i)
		}
	}
	return out
}

// chunk reads one whitespace-separated piece of the folded text, whose
// canonical tokens (with "%" spelt out) are words; read is what
// features.fill read of each of them, or nil.
func (t *tokenizer) chunk(c string, words []string, read []wordReading) {
	if len(words) > 1 {
		// A comparison glued between a word and a number
		// ("latency>800ms", "status>=500", "count!=0") reads as it does
		// spaced: set aside as punctuation inside the chunk, "latency>800ms"
		// and "latency<800ms" were the same learning (direction21.txt).
		if p := gluedComparison(c); p > 0 {
			k := len(canonicalTokens(strings.ReplaceAll(c[:p], "%", " percent ")))
			if 0 < k && k < len(words) {
				var before, after []wordReading
				if read != nil {
					before, after = read[:k], read[k:]
				}
				t.chunk(c[:p], words[:k], before)
				t.chunk(c[p:], words[k:], after)
				return
			}
		}
	}
	trimmed := trimMarksRight(trimMarksLeft(c), true)
	if strings.HasPrefix(trimmed, "(") {
		t.flush(sepStrong, false)
	}
	switch trimmed {
	case "-", "–", "—", "--":
		t.flush(sepStrong, false)
		return
	case "&":
		t.flush(sepList, true)
		return
	case "->", "→", "=>":
		t.word("to", nil)
		return
	}
	// A comparison or a sign in brackets opens the chunk after the
	// bracket: "(> 5%)", "(€15)".
	if op, rest := comparisonOf(strings.TrimLeft(trimmed, "(")); op != "" {
		if op == ">" {
			t.word("over", nil)
		} else {
			t.emit(op)
		}
		trimmed = rest
	}
	if sign := currencyOf(trimmed); sign != "" {
		t.emit(sign)
	}
	if len(words) == 0 {
		// A path or pattern made of marks only ("./...", "."), which
		// the word scan drops but which changes a command.
		p := strings.Trim(strings.Map(dropMarks, trimmed), "(),;!?")
		if strings.HasSuffix(p, "....") {
			p = p[:len(p)-1] // a sentence's period after "./..."
		}
		if p != "" && strings.Trim(p, "./") == "" && strings.ContainsAny(p, "./") {
			t.emit(p)
		}
		return
	}
	t.code = strings.HasPrefix(trimmed, "-") || strings.ContainsRune(c, '`')
	for i, w := range words {
		var r *wordReading
		if read != nil {
			r = &read[i]
		}
		t.word(w, r)
	}
	t.code = false
	end := trimMarksRight(c, false)
	if end == "" {
		return
	}
	switch end[len(end)-1] {
	case ',':
		t.flush(sepList, false)
	case ';', '!', '?', ')':
		t.flush(sepStrong, false)
	case '.':
		if !strings.HasSuffix(end, "..") {
			t.flush(sepStrong, false)
		}
	}
	// A colon ("Supported: Go, Rust") labels what follows: the label stays
	// attached to its values.
}

// comparisons are the operators a chunk may open with, and the token each
// reads as: ">" is the word "over" ("> 200ms" says what "over 200ms" and
// "above 200ms" say), the others a token of marks of their own, which no
// text of words holds. Set aside as punctuation, a threshold turned round
// ("< 200ms", "<= 5%", "== done") read as the same learning. The tokens
// hold no letter nor digit, so they are never anchors (see marked), as
// the words of a text read one by one are not.
var comparisons = [...]struct{ op, token string }{
	{">=", ">="}, {"≥", ">="}, {"<=", "<="}, {"≤", "<="},
	{"!=", "<>"}, {"≠", "<>"}, {"==", "="},
	{">", ">"}, {"<", "<"},
}

// gluedComparison is the index in c of a comparison written between a
// word and a number with no space ("latency>800ms", "p99<=250",
// "latency≥800ms"), 0 when there is none.
func gluedComparison(c string) int {
	for i := 1; i < len(c); i++ {
		j := strings.IndexAny(c[i:], "<>=!≥≤≠")
		if j < 0 {
			return 0
		}
		i += j
		if isWordByte(c[i-1]) {
			if op, rest := comparisonOf(c[i:]); op != "" && rest != "" {
				return i
			}
		}
	}
	return 0
}

// comparisonOf is the token of the comparison c opens with and what
// follows it, when c is the operator alone or the operator before a
// number, a sign or a currency (">200ms", "<=-5", ">£50"); "" otherwise,
// so that "<id>" or "<-" is no comparison.
func comparisonOf(c string) (token, rest string) {
	for _, cmp := range comparisons {
		rest, ok := strings.CutPrefix(c, cmp.op)
		if !ok {
			continue
		}
		if next, _ := utf8.DecodeRuneInString(rest); rest == "" || unicode.IsDigit(next) || next == '-' || next == '.' || isCurrency(next) {
			return cmp.token, rest
		}
		return "", c
	}
	return "", c
}

// isCurrency reports the currency signs a number may open with: "$5" is
// not "€5".
func isCurrency(r rune) bool {
	switch r {
	case '$', '£', '€', '¥', '₹':
		return true
	}
	return false
}

// currencyOf is the currency sign of the chunk c, as a token: one that
// opens it before a digit ("$5", "£1.50", "(€15)"), with a negative
// amount's dash ("-$20" is not "$20"), or one that closes it after a
// digit ("20€", "15$)."); "" when there is none.
func currencyOf(c string) string {
	c = strings.TrimLeft(c, "(")
	signed := strings.TrimPrefix(c, "-")
	r, size := utf8.DecodeRuneInString(signed)
	if isCurrency(r) {
		if next, _ := utf8.DecodeRuneInString(signed[size:]); unicode.IsDigit(next) {
			return c[:len(c)-len(signed)+size]
		}
		return ""
	}
	c = strings.TrimRight(c, ".,;:!?)")
	r, size = utf8.DecodeLastRuneInString(c)
	if isCurrency(r) {
		if prev, _ := utf8.DecodeLastRuneInString(c[:len(c)-size]); unicode.IsDigit(prev) {
			return c[len(c)-size:]
		}
	}
	return ""
}

// trimMarksLeft is strings.TrimLeft(s, "*_~`\"'“”‘’[]") without the
// search of the cutset for every rune.
func trimMarksLeft(s string) string {
	for len(s) > 0 {
		r, size := rune(s[0]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s)
		}
		if !isMark(r, true) {
			break
		}
		s = s[size:]
	}
	return s
}

// trimMarksRight is strings.TrimRight(s, "*_~`\"'“”‘’]"), with "[" in the
// cutset when bracket is set.
func trimMarksRight(s string, bracket bool) string {
	for len(s) > 0 {
		r, size := rune(s[len(s)-1]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeLastRuneInString(s)
		}
		if !isMark(r, bracket) {
			break
		}
		s = s[:len(s)-size]
	}
	return s
}

// isMark reports emphasis, quotes and a closing bracket, the marks a chunk
// is read without; an opening bracket too when bracket is set.
func isMark(r rune, bracket bool) bool {
	switch r {
	case '*', '_', '~', '`', '"', '\'', '“', '”', '‘', '’', ']':
		return true
	case '[':
		return bracket
	}
	return false
}

func dropMarks(r rune) rune {
	if strings.ContainsRune("*_~`\"'“”‘’", r) {
		return -1
	}
	return r
}

// word handles one canonical token; r, when not nil, is what
// features.fill read of it.
func (t *tokenizer) word(w string, r *wordReading) {
	base, not := expandContraction(w)
	if base != "" {
		n := len(t.cur)
		t.one(base, r)
		if len(t.cur) > n && strings.HasSuffix(w, "'s") && !isPronoun(base) {
			t.poss = mark(t.poss, len(t.cur))
		}
	}
	if not != "" {
		t.one(not, nil)
	}
}

// wordReading is what features.fill read of the first word of a token
// (the base of a contraction), which the tokenizer reads next in the same
// way: the word's lexicon entry and, for a word fill did not drop, the
// word without its leading dashes, the stem of its American spelling and
// the stem's entry (stem "" when fill dropped it). The tokenizer takes
// the stem when it reaches the same word, so that Prepare looks each word
// up and stems it once, not once for the features and again for the key
// (what it buys, with readText's one scan: see readText).
type wordReading struct {
	lx         *lexEntry
	word, stem string
	stemEntry  *lexEntry
}

// entry is lex.lookup(w) for the word r was read from, nil or not.
func (r *wordReading) entry(lex *lexTable, w string) *lexEntry {
	if r != nil && r.lx != nil {
		return r.lx
	}
	return lex.lookup(w)
}

// one reads one word; r, when not nil, is what features.fill read of it.
//
// It also reads a phrasal verb of phrases split by its object as the run
// it is ("logs users out" as "logs out users", "sets the proxy up before
// the tests" as "sets up the proxy ..."): after the verb, an object of one
// to three words with a token each, and the particle, the word after the
// particle decides. One that opens a clause or a phrase of its own, or the
// clause's end, makes it the particle (splitEnd); any other is the
// particle's object ("logs errors in Sentry"), and the words stay as
// they are.
func (t *tokenizer) one(w string, r *wordReading) {
	lx := r.entry(t.lex, w)
	if t.literal || t.split.verb == nil && lx.phrase == nil {
		// Most words: no phrasal verb is followed, and none starts.
		t.readWord(w, lx, r)
		return
	}
	if t.split.run != nil {
		// "Let the museum know the group size" tells it the size:
		// "know" after "let" is never a preposition.
		if splitEnd(w, lx) || t.split.run.words[1].word == "know" {
			t.joinSplit()
		}
		t.split = splitState{}
	}
	var run *phrase
	if t.split.verb != nil && lx.phrase != nil && t.split.words > 0 {
		run = t.split.verb.splitRun(lx.phrase)
	}
	n, items, restores := len(t.cur), len(t.items), t.restores
	t.readWord(w, lx, r)
	switch {
	case len(t.items) != items || t.restores != restores || len(t.cur) < n || t.phrases.held != nil:
		// A clause ended, or a run of phrases replaced words split
		// points at or waits to ("writes cuts down on" cuts down).
		t.split = splitState{}
	case run != nil:
		t.split.run, t.split.p = run, n
		if run.words[1].word == "into" {
			// "turn X into Y": the object of "into" follows.
			t.joinSplit()
			t.split = splitState{}
		}
	case t.split.verb != nil && (lx.relation != "" || lx.negation):
		t.split = splitState{}
	case lx.phrase != nil && lx.phrase.splits != nil && len(t.cur) == n+1 && (t.split.verb == nil || t.split.words > 0):
		t.split = splitState{verb: lx.phrase, at: n}
	case t.split.verb != nil && len(t.cur) > n:
		if t.split.words++; t.split.words > maxSplitObject {
			t.split = splitState{}
		}
	}
}

// A verb followed is kept through the first word of its object, which
// may be a verb of another phrasal verb ("gives the lock back", "lock
// up"); a later one is followed instead ("the test harness cleans the
// folder up", "test out").
//
// maxSplitObject is the most words with a token of their own between the
// verb and the particle of a split phrasal verb: an object is a noun
// phrase ("the idle workers", "new members"), and a verb further back is
// another clause's.
const maxSplitObject = 3

// joinSplit reads the split phrasal verb t.split found as its run: the
// verb's token is replaced by what the run is read as, and the particle's
// tokens are dropped. A passive clause ("X is set up") keeps its words,
// whose positions the passive reading holds.
func (t *tokenizer) joinSplit() {
	s := t.split
	if t.be != 0 || t.by != 0 || s.at >= s.p || s.p > len(t.cur) {
		return
	}
	t.ofs, t.poss = 0, 0 // the words move
	object := slices.Clone(t.cur[s.at+1 : s.p])
	negated := strings.HasPrefix(t.cur[s.at], "!")
	t.cur = t.cur[:s.at]
	t.split = splitState{}
	if negated {
		t.negate++
	}
	t.readWord(s.run.to, t.lex.lookup(s.run.to), nil)
	t.cur = append(t.cur, object...)
}

// readWord is one without the split phrasal verbs; lx is w's lexicon
// entry.
func (t *tokenizer) readWord(w string, lx *lexEntry, r *wordReading) {
	if to, from, ok := t.phrases.settle(w, lx); ok {
		// The run held for this word is read, then the word.
		t.restore(from)
		t.one(to, nil)
	}
	if t.get {
		// Before the runs of phrases: the word after "get" decides,
		// though a run starts at it ("users get logged out" is "users
		// are logged out", "logged out" a run).
		t.get = false
		if !isParticiple(w) {
			t.emit(stem("get"))
		} else if t.be == 0 {
			t.be = -(len(t.cur) + 1)
		}
	}
	if lx.phrase == nil || t.literal {
		// Most words: no run of phrases goes on through them, nor
		// through the parts of a hyphenated word ("--set-up-only").
		t.phrases.skip(w)
	} else if to, from, ok := t.phrases.read(lx, w, t.state()); ok {
		t.andHeld = false
		t.restore(from)
		t.one(to, nil)
		return
	}
	if t.andHeld {
		// The run did not go on: the "and" ends the clause, and w
		// may start a run of its own.
		t.andHeld = false
		t.flush(sepList, true)
		if lx.phrase != nil && !t.literal {
			t.phrases.read(lx, w, t.state())
		}
	}
	switch w {
	case "get", "gets", "got", "gotten", "getting":
		if t.be == 0 {
			t.get = true
			return
		}
	}
	t.reading = w
	switch w {
	case "and", "but", "so", "yet", "plus":
		if w == "and" && lx.phrase != nil && t.phrases.n > 1 {
			t.andHeld = true // a run of phrases may go on: "by and large"
			return
		}
		t.flush(sepList, true)
		return
	case "because", "since", "therefore", "hence":
		// A reason is a clause of its own; the link itself states
		// nothing the clauses do not.
		t.flush(sepStrong, false)
		return
	case "or", "otherwise":
		// "Pin the digest, otherwise a rebuild pulls another image"
		// and "..., or a rebuild pulls ..." give the same
		// alternative, and so does "or else" ("else" is a stop word).
		t.or++
		t.flush(sepList, true)
		return
	case "nor":
		t.flush(sepList, true)
		t.negate++
		return
	case "instead", "rather":
		// "use X instead of Y" and "use X rather than Y" say "use X,
		// not Y".
		t.flush(sepList, true)
		t.negate++
		t.rather = w == "rather"
		return
	case "than":
		if t.rather {
			t.rather = false
			return
		}
	}
	t.rather = false
	if lx.negation {
		t.negate++
		return
	}
	switch w {
	case "is", "are", "was", "were", "be", "been", "being":
		if t.be == 0 {
			t.be = -(len(t.cur) + 1) // armed: the next word is the participle
		}
		return
	case "by":
		if t.be > 0 && len(t.cur) == t.be+t.verbParts {
			t.by = len(t.cur) + 1
		}
		return
	}
	if lx.opener != "" {
		readAsked(t.cur, w)
		t.flush(sepStrong, false)
		if lx.phrase != nil && !t.literal {
			// The flush forgot the word, which may start a run
			// that is no clause ("once a week" is "weekly"): the
			// run, when it ends, goes back to here, and a clause
			// of an adverb alone is read with the one before it
			// (foldAdverbClauses).
			t.phrases.read(lx, w, t.state())
		}
		t.emit(lx.opener)
		return
	}
	if w == "sure" && t.prev == "make" && len(t.cur) > 0 && t.cur[len(t.cur)-1] == stem("make") {
		t.cur = t.cur[:len(t.cur)-1]
		t.prev = ""
		return
	}
	prev := t.prev
	t.prev = w
	if n, unit, ok := splitQuantity(w); ok {
		t.emit(n)
		t.emit(unit)
		return
	}
	if lx.relation != "" {
		t.agentEnds(w) // "uploaded by the gateway over LoRa"
		if lx.relation == "over" && t.prefers > 0 && len(t.cur) > t.prefers {
			// "Wants X over Y" is "prefers X to Y" (a stop word)
			// and "likes X more than Y": after the object of a
			// wish, "over" says which, unless a number follows
			// ("wants more than 2 reviewers", see emit).
			t.pendingOver = true
			return
		}
		t.emit(lx.relation)
		return
	}
	if trimmed := withoutFlagDashes(w); len(trimmed) != len(w) {
		w, lx = trimmed, t.lex.lookup(trimmed)
	}
	if lx.synonym != nil {
		w, lx = lx.synonym.word, lx.synonym
	}
	if w == "" || lx.stop || lx.filler {
		if w == "of" {
			t.ofs = mark(t.ofs, len(t.cur))
		}
		t.pronoun = t.pronoun || isPronoun(w)
		t.agentEnds(w)
		return
	}
	if lx.number != "" {
		t.emit(lx.number)
		return
	}
	if lx.unit != "" && prev != "" && isNumber(prev) {
		t.emit(lx.unit)
		return
	}
	if hyphenated(w) {
		// The parts of a flag or of a compound in code
		// ("--frozen-lockfile", "--prefer-offline", "`fast-path`") name
		// it as written: no synonym of a part is the same flag. A
		// compound in prose reads as its words written apart, synonyms
		// and phrases included, as people write it either way: "the
		// quick-start guide" is "the quick start guide" and "the fast
		// start guide".
		// A participle read so is the verb of its passive with all
		// its parts: "the load balancer is health-checked by the app
		// servers" is "the app servers health-check the load
		// balancer", not "... check the load balancer health".
		literal := t.literal
		t.literal = t.literal || t.code
		armed, n := t.be < 0 && -t.be-1 == len(t.cur), len(t.cur)
		last := ""
		for p := range strings.SplitSeq(w, "-") {
			t.one(p, nil)
			last = p
		}
		t.literal = literal
		if armed && t.be == n+1 && len(t.cur) > n+1 && isParticiple(last) {
			t.participle, t.verbParts = true, len(t.cur)-n-1
		}
		return
	}
	var st string
	if r != nil && r.stem != "" && w == r.word {
		// fill read this word from here on alike.
		st, lx = r.stem, r.stemEntry
	} else {
		if us := americanOf(w, lx); us != w {
			w, lx = us, t.lex.lookup(us)
		}
		st = stem(w)
		if st != w {
			lx = t.lex.lookup(st)
		}
	}
	if lx.fillerStem {
		return
	}
	if lx.same != "" && !t.literal {
		st = lx.same
	}
	t.agentEnds(w) // "picked by the producer during the show"
	t.emit(st)
	if st == wantStem {
		t.prefers = len(t.cur)
	}
}

// wantStem is the stem the group of "want", "prefer" and "like" is read as
// (sameWords).
const wantStem = "want"

// isPronoun reports a word that stands for a noun phrase named elsewhere
// in the text. It and the tables below are switches, not maps: a map
// would be built at package init, whose allocations are capped
// (cmd/learn's TestInitAllocations).
func isPronoun(w string) bool {
	switch w {
	case "it", "its", "they", "them", "their":
		return true
	}
	return false
}

// agentEnds ends the agent of a passive clause (byEnd) at w, the word
// being read, when w is the first after "by" that ends it (endsAgent),
// whichever way w is read: a relation ("over"), a stop word or a word of
// content ("during").
func (t *tokenizer) agentEnds(w string) {
	if t.by > 0 && t.byEnd == 0 && len(t.cur) >= t.by && endsAgent(w) {
		t.byEnd = len(t.cur) + 1
	}
}

// endsAgent reports a word that ends the agent of a passive clause ("by
// the data team every morning", "by the platform team in small batches"):
// what follows it is said of the whole clause, not of the agent.
func endsAgent(w string) bool {
	switch w {
	case "in", "on", "at", "for", "with", "from", "into", "onto", "to", "via", "over", "every", "each", "during":
		return true
	}
	return false
}

// endGet emits a pending "get" that no participle followed.
func (t *tokenizer) endGet() {
	if t.get {
		t.get = false
		t.emit(stem("get"))
	}
}

// isParticiple reports a word that reads as a past participle after "to
// be" or "get": a regular one, or a common irregular one.
func isParticiple(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") || irregularParticiples[w]
}

// emit adds a token to the current clause, negated when a negation is
// pending.
func (t *tokenizer) emit(tok string) {
	if t.pendingOver {
		t.pendingOver = false
		if isNumber(strings.TrimPrefix(tok, "!")) {
			t.emit("over")
		}
	}
	if t.negate > 0 {
		tok = "!" + tok
		t.negate = 0
	}
	if t.be < 0 {
		if -t.be-1 == len(t.cur) && len(t.cur) > 0 {
			t.be = len(t.cur) + 1
			t.participle = isParticiple(t.reading)
		} else {
			t.be = 0
		}
	}
	t.cur = append(t.cur, tok)
}

// hyphenated reports a word of letters joined by hyphens ("squash-merged",
// "table-driven"), which people write with a space as often, and which is
// read part by part; an identifier with digits or other marks
// ("eu-west-1") stays whole.
func hyphenated(w string) bool {
	if !strings.Contains(w, "-") {
		return false
	}
	for p := range strings.SplitSeq(w, "-") {
		if p == "" {
			return false
		}
		for _, r := range p {
			if !unicode.IsLetter(r) {
				return false
			}
		}
	}
	return true
}

// splitQuantity splits a number glued to its unit ("30s", "512mb", "80%").
func splitQuantity(w string) (n, unit string, ok bool) {
	i := 0
	for i < len(w) && (w[i] >= '0' && w[i] <= '9' || w[i] == '.' && i > 0) {
		i++
	}
	if i == 0 || i == len(w) {
		return "", "", false
	}
	u, known := units[w[i:]]
	if !known {
		return "", "", false
	}
	return strings.TrimRight(w[:i], "."), u, true
}

func isNumber(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsDigit(r) || numberWords[w] != ""
}
