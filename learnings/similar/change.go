package similar

// What makes an update: one thing changed. See the package comment.

import (
	"iter"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// oneChange reports whether b reads as a with one thing changed: the same
// tokens in another order (two values trading places), or words that
// differ in one place only (a value, a name, a command, a path, a word or
// a run of them of up to maxChangedWords; a negation added or dropped, as
// in "no longer" or "never", is such a place), or in numbers only. Two
// learnings built on one pattern about different things ("also in the
// search index (PR #3628)" and "also in the sync client (PR #3252)")
// differ in two places or more: they are siblings, not one learning
// changed, and asking the user which is true would ask about a change
// that is not one. Nor is a learning that differs only in the ticket it
// cites (see compareWords).
//
// The places are counted on the words as written, so that words in
// between part two changes as a reader sees them ("`task lint` in the
// HTTP router" and "`just check` in the CSV exporter" are two), with each
// word read the way the same-learning reading does (American spelling,
// stem, synonyms, number words as digits, contractions expanded, "never"
// as "not") and articles, filler, modal verbs and "do" dropped ("you need
// to", "must", "does not"), so that a rewording around the change does
// not count as another place.
//
// One place: once the words both texts start and end with are set aside,
// the rest of one shares no word with the rest of the other.
func oneChange(ta, tb *Text) bool {
	ca, cb := ta.changeWords(), tb.changeWords()
	if ca.insteadOf != cb.insteadOf || ca.not != cb.not {
		// "Use X instead of Y" of "Use Y" announces that X replaces
		// Y, as "now" does: the change is X alone, whether the old
		// value is read as a word of the change ("use X instead of
		// Y" of "use Y") or as a note after it ("ship to X from every
		// pod instead of Y", "now uses X for search, not Y"). Where
		// both say "instead", the words stand between two places
		// ("use X instead of Y" and "use Z instead of W").
		if da, db := ca.dropOldValue(cb), cb.dropOldValue(ca); (da != ca || db != cb) && onePlace(ta, tb, da, db) {
			return true
		}
		ca, cb = ca.dropReplaces(), cb.dropReplaces()
	}
	return onePlace(ta, tb, ca, cb)
}

// sharedEnds is how many words a and b start with alike (pre) and, of
// those left after them, how many they end with alike (suf).
func sharedEnds(a, b []string) (pre, suf int) {
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	return pre, suf
}

// onePlace is oneChange of the words ca and cb of ta and tb, as read.
func onePlace(ta, tb *Text, ca, cb *changeText) bool {
	a, b := ca.words, cb.words
	// The words both start and end with stay; what is left between is
	// where the texts differ. It is one place when the two middles share
	// no word: a word in common would stand between two changes.
	pre, suf := sharedEnds(a, b)
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	common, onlyNumbers, onlyRefs, paired := compareWords(ma, mb)
	switch {
	case onlyRefs:
		// Checked first: the same-learning reading drops the
		// tickets, so the two keys may be equal.
		return false
	case ta.sameKey(tb):
		return true // the same tokens in another order
	case onlyNumbers && sameNames(ma, mb), common == len(ma) && common == len(mb):
		return true // numbers changed, or the same words in another order
	case oneSpan(ca.span[pre:len(a)-suf]) && oneSpan(cb.span[pre:len(b)-suf]) &&
		prose(ca.span[:pre])+prose(ca.span[len(a)-suf:]) >= minCommandProse:
		// A command is one value, even when the new one keeps a word
		// of the old (`terraform fmt -recursive` for `tofu fmt`,
		// `uv venv` for `python -m venv .venv`): the texts differ
		// inside one code span each, and the words around it, the
		// same in both, say what the command is for.
		return true
	}
	// The one place is a value or a phrase, not a clause: a learning
	// that keeps one clause of another and says something else in the
	// rest ("The template engine must use at most 272 workers; old
	// clients still send the v1 payload" and "Use `just check` for the
	// billing worker; old clients ...") is another learning. The longest
	// change among the updates in testdata is three words ("we no
	// longer"). A command is one value however many words it has
	// (`docker compose up -d` for `go test ./...`), so a change inside
	// code spans may be longer in a long learning; a longer change in
	// prose ("must cap at 94 s" and "must keep payloads below 169 KB")
	// says another thing.
	most := maxChangedWords
	if allCode(ca.span[pre:len(a)-suf]) && allCode(cb.span[pre:len(b)-suf]) {
		most = max(most, (pre+suf)/2)
	}
	if common == 0 {
		return placeWords(ma) <= most && placeWords(mb) <= most
	}
	// The words the middles share stand between changes, unless the
	// texts are worded apart around one change. Each text's surplus is
	// its middle's words the other's lacks: at most maxChangedWords, or
	// it is no one place however worded (most pairs of siblings that
	// get here stop at this test).
	if len(ma)-common > maxChangedWords || len(mb)-common > maxChangedWords || len(ma) > 64 || len(mb) > 64 ||
		ca != ta.changeWords() || cb != tb.changeWords() {
		return false
	}
	return rewordedPlace(ta, tb, ma, mb, paired, pre)
}

// rewordedPlace reports a change of one place in texts worded apart
// around it: a passive for an active clause ("the reminders are sent by
// the scheduler at 8 am", "the scheduler sends the reminders at 9 am"),
// "B's A" for "A of B", a clause moved ("For the museum app, use `yarn`",
// "Use `pnpm` for the museum app"), or a word swapped for one the
// same-learning reading takes as the same beside the change ("the page
// gets refreshed every five minutes", "the page is refreshed every ten
// minutes"). The words one text holds more often than the other, leaving
// out function words ("are", "by", "of"), sit in one run in each text
// with no shared word between, or in two in one text or both; with one
// run of each text read as one same word in both, the two are the same
// learning: the rest is no second change. The words each text holds over
// the other are at most maxChangedWords, as for one place (mayChangeOnce
// counts them so).
//
// ma and mb are the middles of the texts' words onePlace found, from word
// pre on, at most 64 each, and pairedB marks the words of mb that ma holds
// (see compareWords): the words both texts start and end with are shared,
// so every surplus word is in the middles.
func rewordedPlace(ta, tb *Text, ma, mb []string, pairedB uint64, pre int) bool {
	rb, nb := surplusRuns(mb, pairedB)
	if nb == 0 || nb > 2 || nb == 2 && !valueBesideSwap(tb.changeWords().span, mb, rb, pre) {
		return false // most siblings: two places in b, not a value and a swap
	}
	_, _, _, pairedA := compareWords(mb, ma)
	ra, na := surplusRuns(ma, pairedA)
	if na == 2 && nb == 2 {
		return swapBesideValue(ta.changeWords().span, tb.changeWords().span, ma, mb, ra, rb, pre)
	}
	if na == 0 || na+nb > 3 {
		return false
	}
	for i := range 2 {
		// The runs of the change: the first or the last of a text
		// that has two, beside the one of a text that has one.
		ia, ib := min(i, na-1), min(i, nb-1)
		if i == 1 && na == 1 && nb == 1 {
			break
		}
		if na+nb > 2 && !(valueRun(ta.changeWords().span, ma, ra[ia], pre) && valueRun(tb.changeWords().span, mb, rb[ib], pre)) ||
			na == 2 && !tableWord(ma, ra[1-ia]) || nb == 2 && !tableWord(mb, rb[1-ib]) {
			continue
		}
		x, y := ra[ia], rb[ib]
		for j := range 2 {
			x[j], y[j] = x[j]+pre, y[j]+pre
		}
		sa, sb := withPlaceholder(ta.src, x), withPlaceholder(tb.src, y)
		if sa != "" && sb != "" && Prepare(sa).sameAnyDirection(Prepare(sb)) {
			return true
		}
	}
	return false
}

// valueRun reports a run of the middle ws of a text's words (from word
// pre on; span are their code spans, see changeText) that is a value: a
// number (readWords writes number words as digits) or words in code. A
// change of value beside a second run is tried as one change only then,
// and only beside a one-word swap (tableWord): trying every pair of runs
// took lint's instructions on the default generator's 1 MB memory from
// 1.54 to 1.68 G, these tests to 1.57 G (callgrind).
func valueRun(span []int, ws []string, run [2]int, pre int) bool {
	for i := run[0]; i <= run[1]; i++ {
		if span[pre+i] == 0 && !strings.ContainsAny(ws[i], "0123456789") && !functionStem(ws[i]) {
			return false
		}
	}
	return true
}

// valueBesideSwap reports two runs of the middle ws of a text's words of
// which one is a value (valueRun) and the other a swap (tableWord).
func valueBesideSwap(span []int, ws []string, runs [2][2]int, pre int) bool {
	// The cheap tests first: most pairs of siblings with two places hold
	// no value in either.
	for i := range 2 {
		if runs[1-i][1] == runs[1-i][0] && valueRun(span, ws, runs[i], pre) && tableWord(ws, runs[1-i]) {
			return true
		}
	}
	return false
}

// swapBesideValue reports a number changed beside a swap of one common
// word for another in the same place: the number runs of the two texts
// (numberRun) stand in the same order to the one-word swap of each
// (commonSwap), as in "each bus can carry at most 52 pupils" and "each
// bus can take at most 48 pupils". ma and mb are the texts' middles from
// word pre on, ra and rb their two surplus runs, spanA and spanB their
// code spans. A number run is a value run and commonSwap's word a table
// word, so rewordedPlace's cheap test of b (valueBesideSwap) lets every
// such pair through.
func swapBesideValue(spanA, spanB []int, ma, mb []string, ra, rb [2][2]int, pre int) bool {
	for i := range 2 {
		if numberRun(spanA, ma, ra[i], pre) && numberRun(spanB, mb, rb[i], pre) && commonSwap(ma, ra[1-i], mb, rb[1-i]) {
			return true
		}
	}
	return false
}

// numberRun reports a run of the middle ws of a text's words (from word
// pre on; span are their code spans) that is a number in prose: a word
// with a digit, and function words beside it. Not a unit: valueRun, which
// rewordedPlace asks of the second text first, takes none, so "for 5
// days" against "for 7" was an update one way round and not the other.
// Not a name in code
// nor a ticket ("#8596"): two learnings built on one pattern differ in
// those and a word ("Name missing helpers `withStore`", "Name misleading
// helpers `newLoad`"; "... needs to validate emails (ticket #8596)", "...
// should reject emails (ticket #2649)"), which lint on the generated
// memories reported as updates when any value counted.
func numberRun(span []int, ws []string, run [2]int, pre int) bool {
	digit := false
	for i := run[0]; i <= run[1]; i++ {
		w := ws[i]
		switch {
		case span[pre+i] != 0 || isReference(w):
			return false
		case strings.ContainsAny(w, "0123456789"):
			digit = true
		case !functionStem(w):
			return false
		}
	}
	return digit
}

// commonSwap reports a run of one word in each text, both words the
// tables know (tableWord) and not opposites (swapOpposites): words with
// synonyms, which an agent swaps when it writes a learning again ("carry"
// and "take", "keeps" and "holds"), not the names of the things a
// learning is about ("dogs" and "cats", "lint" and "test"), nor the other
// end of a thing ("opens" and "closes", "slow" and "fast"), nor a verb
// that undoes an act (undoWords). Measured in issue 24's round 12 with
// the tables of a4b9fb9, any value beside the swap: of the 248 new pairs
// of the rewordings sets and heldout9, asking both words be known called
// none an update, asking one 2 ("Agents can read `AGENTS.md` to find the
// test command", "... `Makefile` to find the lint command"; "appeals are
// lodged within 28 days", "... decided within 56 days"), asking neither
// 6, for 9 and 12 more of valueswaps' 63 updates.
func commonSwap(ma []string, ra [2]int, mb []string, rb [2]int) bool {
	if !tableWord(ma, ra) || !tableWord(mb, rb) {
		return false
	}
	return !reversal(ma[ra[0]], mb[rb[0]])
}

// reversal reports whether a and b, words as oneChange reads them, are
// the two ends of one thing (swapOpposites) or one of them undoes an act
// (undoWords): a swap of them states another fact, or takes the
// instruction back.
func reversal(a, b string) bool {
	undo := undoReadings()
	return oppositeReadings()[[2]string{a, b}] || undo[a] || undo[b]
}

// swapOpposites are pairs of common words that name the two ends of one
// thing: a learning that swaps one for the other beside a changed value
// ("the export gets slow above 5000 rows", "... fast above 9000 rows";
// "the pontoon opens at 8 am", "... closes at 6 pm") states another
// fact, not the same one updated. commonSwap asks only of two words the
// tables know, neither an undo word, so most pairs here weigh nothing
// with the tables of 001fa92 (19 of 74 do): those with a word no table
// knows ("hot cold", "upload download") keep a word added to a table
// from reading as a swap for its opposite, and those with an undo word
// once read ("open close": "close" reads as "stop") are undoWords' too.
var swapOpposites = []string{
	"open close", "start stop", "start end", "start finish", "begin end", "enable disable",
	"before after", "min max", "minimum maximum", "least most", "first last", "fast slow",
	"big small", "large small", "high low", "upper lower", "early late", "earlier later",
	"old new", "increase decrease", "raise lower", "rise fall", "grow shrink", "add remove",
	"include exclude", "allow deny", "allow block", "accept reject", "show hide", "lock unlock",
	"upload download", "send receive", "push pull", "import export", "read write",
	"input output", "buy sell", "pause resume", "connect disconnect", "attach detach",
	"enter exit", "enter leave", "arrive leave", "arrive depart", "load unload", "pass fail",
	"succeed fail", "win lose", "hot cold", "warm cool", "long short", "light heavy",
	"cheap expensive", "always never", "sync async", "success failure", "on off", "up down",
	"inbound outbound", "incoming outgoing", "lend borrow", "charge refund", "pay refund",
	"create delete", "install uninstall", "mount unmount", "encrypt decrypt", "compress decompress",
	"expand collapse", "join leave", "hire fire", "book cancel", "open shut", "wake sleep",
}

// undoWords are verbs that undo, refuse or leave out an act: swapped for
// any other verb beside a changed value ("clients can move a session up
// to 24 hours before it", "clients can cancel a session up to 48 hours
// before it") they state another fact, whatever the other verb is.
var undoWords = []string{
	"cancel", "skip", "ignore", "disable", "delete", "block", "reject", "refuse", "deny",
	"forbid", "abort", "revoke", "suspend", "pause", "stop", "undo", "revert", "exclude",
	// A refund undoes a payment or a sale ("orders are dispatched within
	// 2 days", "orders are refunded within 14 days").
	"refund",
	// To avoid an act refuses it ("Prefer early returns", "Avoid early
	// returns").
	"avoid",
}

// undoReadings are undoWords read as oneChange reads a word.
var undoReadings = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, len(undoWords))
	for _, w := range undoWords {
		m[changeReading1(w)] = true
	}
	return m
})

// changeReading1 is the one word oneChange reads w as, or w when it reads
// it as none or several.
func changeReading1(w string) string {
	ws := readWords(w, nil).words
	if len(ws) != 1 {
		return w
	}
	return ws[0]
}

// oppositeReadings are swapOpposites read as oneChange reads a word, both
// ways round.
var oppositeReadings = sync.OnceValue(func() map[[2]string]bool {
	m := make(map[[2]string]bool, 2*len(swapOpposites))
	for _, p := range swapOpposites {
		a, b, _ := strings.Cut(p, " ")
		ra, rb := changeReading1(a), changeReading1(b)
		m[[2]string{ra, rb}], m[[2]string{rb, ra}] = true, true
	}
	return m
})

// tableWord reports a run of one word (as readWords reads it) that the
// word tables know: only such a word can be a swap the same-learning
// reading takes as no change ("gets refreshed" and "is refreshed").
func tableWord(ws []string, run [2]int) bool {
	return run[0] == run[1] && lexicon().lookup(ws[run[0]]).known()
}

// surplusRuns are the runs of ws (at most 64 words) that hold its content
// words the other text lacks (bit i of paired is set for each word it
// holds), as [first, last] indexes, and how many there are: the first two
// runs are given, and n is 3 for three or more.
func surplusRuns(ws []string, paired uint64) (runs [2][2]int, n int) {
	gap := false
	for i, w := range ws {
		switch {
		case paired&(1<<i) != 0:
			gap = n > 0
		case functionStem(w):
		case n == 0 || gap:
			if n == 2 {
				return runs, 3
			}
			runs[n] = [2]int{i, i}
			n++
			gap = false
		default:
			runs[n-1][1] = i
		}
	}
	return runs, n
}

// functionStem reports a stem of a stop word, as readWords writes it
// ("are" is "ar"): a word a rewording adds or drops around a change ("are
// sent by", "the backup of the database"). TestFunctionStems holds it to
// stopwords. A switch, not a set: onePlace asks it of the surplus words of
// every pair of siblings that gets to it (a map was 5 % of lint's
// instructions on the default generator's 1 MB memory).
func functionStem(w string) bool {
	switch w {
	case "a", "about", "also", "alway", "am", "an", "and", "ar", "as", "at", "b", "be", "becaus", "els",
		"been", "but", "by", "can", "could", "did", "do", "don", "e.g", "etc", "for", "from", "h",
		"had", "has", "hav", "her", "how", "i", "i.e", "if", "in", "instead", "into", "is", "it",
		"its", "just", "m", "may", "might", "must", "my", "of", "on", "onto", "or", "our", "over",
		"per", "pleas", "sh", "shall", "should", "sinc", "so", "th", "than", "that", "their",
		"them", "then", "ther", "thes", "they", "this", "thos", "to", "too", "us", "very", "via",
		"w", "was", "wer", "what", "when", "which", "whil", "who", "whom", "why", "will", "with",
		"would", "you", "your":
		return true
	}
	return false
}

// placeholder stands for the changed run of both texts of a pair in
// rewordedPlace: a word no learning holds and no table knows.
const placeholder = "qqchangedqq"

// withPlaceholder is s with the words readWords read as its words
// run[0] to run[1] written as placeholder, the marks around them kept;
// "" when the run cannot be found again.
func withPlaceholder(s string, run [2]int) string {
	fields := slices.Collect(wordFields(s))
	first, last := changeFields(fields)
	if run[1] >= len(first) {
		return ""
	}
	from, to := first[run[0]], last[run[1]]
	head, tail := fields[from], fields[to]
	var b strings.Builder
	for i, f := range fields {
		switch {
		case i < from || i > to:
			b.WriteString(f)
		case i == from:
			t := trimWord(head)
			b.WriteString(head[:strings.Index(head, t)])
			b.WriteString(placeholder)
			if to == from {
				b.WriteString(head[strings.Index(head, t)+len(t):])
			}
		case i == to:
			t := trimWord(tail)
			b.WriteString(tail[strings.Index(tail, t)+len(t):])
		}
		if i < from || i >= to {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// changeFields reads the fields of s as readWords does and gives, for each
// word it reads, the first and the last field it was read from (a run of
// phrases is read from several).
func changeFields(fields []string) (first, last []int) {
	r := changeReader{lex: lexicon()}
	for i, f := range fields {
		before := len(r.out.words)
		r.field(f)
		n := len(r.out.words)
		if n <= before && n > 0 && n <= len(first) {
			// A run of phrases ended here and was read as one word
			// in place of the words read from its first fields.
			first, last = first[:n], last[:n]
			last[n-1] = i
			continue
		}
		for len(first) < n {
			first, last = append(first, i), append(last, i)
		}
	}
	return first, last
}

// placeWords is how many words ws hold, a word of a script written
// without spaces counted as one for every two of its letters: oneChange
// reads such a text's clauses as words (wordSpace), and a clause changed
// ("テストでは本番の API を呼ばないこと" for "ログは英語で") says another thing,
// where a name changed ("東京" for "大阪") is a value. Lint on the intl
// generator's 1 MB memory reported 19 pairs whose Japanese sentence
// changed as updates.
func placeWords(ws []string) int {
	n := 0
	for _, w := range ws {
		k := 0
		if asciiPrefix(w, 0) < len(w) {
			for _, r := range w {
				if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai) {
					k++
				}
			}
		}
		n += max(1, k/2)
	}
	return n
}

// minCommandProse is how many words of prose a learning whose command
// changed keeps around it: "Use `just check`" and "Use `task lint`" say
// nothing of what the command is for, and may be two facts.
const minCommandProse = 3

func allCode(span []int) bool {
	for _, s := range span {
		if s == 0 {
			return false
		}
	}
	return true
}

// oneSpan reports words that all sit in one code span.
func oneSpan(span []int) bool {
	return len(span) > 0 && span[0] > 0 && allCode(span) && span[0] == span[len(span)-1]
}

// prose counts the words outside code spans.
func prose(span []int) int {
	n := 0
	for _, s := range span {
		if s == 0 {
			n++
		}
	}
	return n
}

// maxChangedWords is how many words the one place of an update may hold
// on either side, in a learning of up to twice as many unchanged words.
const maxChangedWords = 3

// compareWords compares a and b as multisets of words: how many they have
// in common, whether every word one holds more often than the other is a
// number ("#123", "v2" and "1.5" count), a unit, or a word holding a
// number ("numpy<2", "node18", "python3.12": a version written into a
// name; onePlace asks sameNames whether the other text has a name of its
// letters, for "NRGBA64" and "RGBA64", "BroadcastUint32x16" and
// "BroadcastInt8x32" name other things: lint on the prose generator's 1
// MB memory reported 14 such pairs as updates), and whether every such
// word is a reference to an issue, a pull request or a ticket ("#3628"):
// where a learning was learnt, not what it says. Two learnings that
// differ only there are not one learning updated, and asking the user
// which ticket is true asks about a change that is not one. The two are
// the few words where two learnings differ: pairing them costs less than
// a map. Bit j of paired is set when b[j], one of the first 64 words of
// b, is paired with a word of a (marked after the pairing: marking a's
// words in the loop that pairs them cost that loop 12 % more instructions).
func compareWords(a, b []string) (common int, onlyNumbers, onlyRefs bool, paired uint64) {
	var stack [64]bool
	used := stack[:0]
	if len(b) > len(stack) {
		used = make([]bool, 0, len(b))
	}
	used = used[:len(b)]
	onlyNumbers, onlyRefs = true, true
	differ := func(t string) {
		onlyRefs = onlyRefs && isReference(t)
		onlyNumbers = onlyNumbers && numberLike(t)
	}
	for _, t := range a {
		j := 0
		for j < len(b) && (used[j] || b[j] != t) {
			j++
		}
		if j < len(b) {
			used[j] = true
			common++
			continue
		}
		differ(t)
	}
	for j, t := range b {
		if !used[j] {
			differ(t)
		} else {
			paired |= 1 << (j & 63)
		}
	}
	differs := common < len(a) || common < len(b)
	return common, onlyNumbers && differs, onlyRefs && differs, paired
}

// numberedName reports a word with a letter and a digit in it, besides a
// "#" or a "v" it opens with ("node18", "python3.12", "Int8x16", "8gb"),
// not a unit.
func numberedName(t string) bool {
	t = strings.TrimLeft(t, "#v")
	return units[t] == "" && strings.ContainsFunc(t, unicode.IsLetter) && strings.ContainsFunc(t, unicode.IsDigit)
}

// sameNames reports whether each name with a number (numberedName)
// among the words a and b hold apart has a name of the other with the
// same letters once their digits are set aside: the same name with
// another number ("node18", "node20"; "python3.11", "python3.12"), a
// version changed. Names whose letters differ ("BroadcastUint32x16",
// "BroadcastInt8x32"; "NRGBA64", "RGBA64") name other things. onePlace
// asks it only of the few pairs compareWords finds changing numbers
// only, so their words are paired again here rather than in
// compareWords, which every pair runs.
func sameNames(a, b []string) bool {
	var stackA, stackB [64]bool
	usedA, usedB := stackA[:0], stackB[:0]
	if len(a) > len(stackA) || len(b) > len(stackB) {
		usedA, usedB = make([]bool, 0, len(a)), make([]bool, 0, len(b))
	}
	usedA, usedB = usedA[:len(a)], usedB[:len(b)]
	for i, t := range a {
		for j := range b {
			if !usedB[j] && b[j] == t {
				usedA[i], usedB[j] = true, true
				break
			}
		}
	}
	has := func(ws []string, used []bool, x string) bool {
		for i, w := range ws {
			if !used[i] && numberedName(w) && letters(w) == letters(x) {
				return true
			}
		}
		return false
	}
	for i, x := range a {
		if !usedA[i] && numberedName(x) && !has(b, usedB, x) {
			return false
		}
	}
	for j, y := range b {
		if !usedB[j] && numberedName(y) && !has(a, usedA, y) {
			return false
		}
	}
	return true
}

// letters is t without its digits.
func letters(t string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return -1
		}
		return r
	}, strings.TrimLeft(t, "#v"))
}

// numberLike reports a word compareWords counts as a number: a number
// ("#123", "v2", "1.5"), a unit, or a word holding a digit.
func numberLike(t string) bool {
	// As strings.TrimLeft(t, "#v") and strings.ContainsAny(t,
	// "0123456789"), without making a set of their cutsets for every
	// word: signatureOf asked this of every word it read (TrimLeft was
	// 0.11 s of numberLike's 0.27 s in lint's profile on the 10 MB
	// memories of default, long and prose); now readWords asks it of
	// every word it reads afresh (changeText.number).
	for len(t) > 0 && (t[0] == '#' || t[0] == 'v') {
		t = t[1:]
	}
	for i := 0; i < len(t); i++ {
		if '0' <= t[i] && t[i] <= '9' {
			return true
		}
	}
	return isNumber(t) || units[t] != ""
}

// wordSpace is what separates words for oneChange: white space, and the
// punctuation of scripts written without spaces ("。", "、", "（"), so that
// a Japanese sentence is not one word whose change is one place.
func wordSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= utf8.RuneSelf && unicode.IsPunct(r)
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// replaces reports words that say "instead of" or "rather than".
func replaces(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if replacing(ws, i-1) {
			return true
		}
	}
	return false
}

// replacing reports "instead of" or "rather than" at ws[i:].
func replacing(ws []string, i int) bool {
	return i+1 < len(ws) && (ws[i] == "instead" && ws[i+1] == "of" || ws[i] == "rather" && ws[i+1] == "than")
}

// dropReplaces is c without its "instead of" and "rather than".
func (c *changeText) dropReplaces() *changeText {
	if !c.insteadOf {
		return c
	}
	out := &changeText{words: make([]string, 0, len(c.words)), span: make([]int, 0, len(c.words))}
	for i := 0; i < len(c.words); i++ {
		if replacing(c.words, i) {
			i++
			continue
		}
		out.add(c.words[i], c.span[i])
	}
	return out
}

// saysNot reports a text that ends in "not" and the words it rejects
// ("now uses X, not Y").
func saysNot(ws []string) bool {
	for i := max(0, len(ws)-1-maxChangedWords); i < len(ws)-1; i++ {
		if ws[i] == "not" {
			return true
		}
	}
	return false
}

// dropOldValue is c without the old value it names, where other holds
// that value: "instead of Y" or "rather than Y" anywhere, "not Y" at the
// end, with Y the longest run of words after it (up to the end for "not")
// found in other as written. c itself when it names none.
func (c *changeText) dropOldValue(other *changeText) *changeText {
	ws := c.words
	for i := range ws {
		from, toEnd := 0, false
		switch {
		case replacing(ws, i):
			from = i + 2
		case ws[i] == "not" && len(ws)-1-i <= maxChangedWords:
			from, toEnd = i+1, true
		default:
			continue
		}
		for end := len(ws); end > from; end-- {
			if indexRun(other.words, ws[from:end]) < 0 {
				if toEnd {
					break
				}
				continue
			}
			out := &changeText{words: slices.Concat(ws[:i], ws[end:]), span: slices.Concat(c.span[:i], c.span[end:])}
			return out
		}
	}
	return c
}

// isReference reports a word that cites where a learning was learnt
// rather than what it says: an issue or a ticket ("#3628"), a file and
// line ("docs/api.md:144", "Makefile:41"), or the "see" that introduces
// one. A file is a name with a dot or a slash, or one of the files a
// repository names without either (bareFile): "localhost:8080" is a
// host and port, a value.
func isReference(w string) bool {
	if w == "see" {
		return true
	}
	if len(w) > 1 && w[0] == '#' {
		return strings.Trim(w[1:], "0123456789") == ""
	}
	file, line, ok := strings.Cut(w, ":")
	return ok && (strings.ContainsAny(file, "./") || bareFile(file)) && line != "" && strings.Trim(line, "0123456789") == ""
}

// bareFile reports the files of a repository whose names, folded, have no
// extension: a learning found in `Makefile:41` cites a file and line as
// one found in `src/adc.c:212` does, and two learnings that differ only
// there are one fact cited twice, not one changed (lint on the generated
// memories of bench/ reported such pairs as updates).
func bareFile(name string) bool {
	switch name {
	case "makefile", "gnumakefile", "dockerfile", "containerfile", "jenkinsfile", "gemfile", "rakefile",
		"procfile", "vagrantfile", "justfile", "brewfile", "podfile", "pipfile", "earthfile", "tiltfile",
		"caddyfile", "snakefile", "license", "codeowners", "build", "workspace":
		return true
	}
	return false
}

// changeText is a text's words as oneChange compares them, and the code
// span each is in: 1 + the span's index, 0 for a word of prose.
type changeText struct {
	words []string
	span  []int
	// insteadOf and not are replaces and saysNot of the words, asked
	// once here rather than by oneChange for every pair (a third of
	// oneChange's CPU time in lint's profile on the 10 MB memories of
	// default and intl, where 176 k and 229 k pairs get to it); set by
	// readWords only: the words dropOldValue and dropReplaces leave are
	// not asked.
	insteadOf, not bool
	// number[i] is numberLike(words[i]), read with the word's field and
	// kept with it in changeMemo, so that signatureOf does not ask it
	// again of every word of every learning it reads (two map look-ups
	// for a word without a digit: 3.5 % of lint's instructions on the
	// prose generator's 10 MB memory); set by readWords only.
	number []bool
}

// changeWords is readWords of the text, read on first use and kept: lint
// compares one learning with several.
func (t *Text) changeWords() *changeText { return t.changeWordsWith(nil) }

// changeWordsWith is changeWords, the first reading reading each field
// through memo (nil reads every field afresh).
func (t *Text) changeWordsWith(memo *changeMemo) *changeText {
	if w := t.words.Load(); w != nil {
		return w
	}
	t.words.CompareAndSwap(nil, readWords(t.src, memo))
	return t.words.Load()
}

// changeReader reads a text's fields (wordFields) into the words
// oneChange compares, one field at a time.
type changeReader struct {
	out    changeText
	inCode bool
	// afterGet is set when the field read last was a form of "get" in
	// prose.
	afterGet bool
	spans    int
	lex      *lexTable
	runs     phraseReader[int]
	memo     *changeMemo
}

// field reads the next field f of the text.
func (r *changeReader) field(f string) {
	// A word is in code when a backtick opens before it, or at its
	// start; one that closes the span is in it too.
	code := 0
	if !r.inCode && strings.HasPrefix(f, "`") {
		r.spans++
	}
	if r.inCode || strings.HasPrefix(f, "`") {
		code = r.spans
	}
	var fr fieldReading
	if r.memo == nil {
		fr = readField(f, code == 0, r.lex)
	} else {
		fr = r.memo.field(f, code == 0, r.lex)
	}
	if fr.oddTicks {
		r.inCode = !r.inCode
	}
	if n := len(r.out.words); r.afterGet && code == 0 && n > 0 && r.out.words[n-1] == getReading && isParticiple(fold(trimWord(f))) {
		// "Get" before a participle is the "be" of a passive, as the
		// same-learning reading has it: "staff get told a week ahead"
		// and "staff are told two weeks ahead" change one thing. Asked
		// after a form of "get" only, not of every field read.
		r.out.words[n-1] = beReading
	}
	r.afterGet = fr.get && code == 0 // a command's get (`go get`) is no passive
	for _, w := range fr.words[:fr.n] {
		r.out.read(w, code, r.lex, &r.runs)
	}
}

// fieldReading is what a field of a text reads as, whatever the fields
// around it: up to two words (a contraction's base and "not"), each with
// its lexicon entry and the word it adds unless a run of phrases takes it,
// whether the field holds an odd number of backticks (opening or closing
// a code span), and whether it is a form of "get".
type fieldReading struct {
	words         [2]changeWord
	n             int
	oddTicks, get bool
}

// changeWord is one word of a fieldReading: its entry lx, and out, the
// word read adds for it when no run of phrases ends at it (none unless
// keep), and whether out is numberLike.
type changeWord struct {
	lx           *lexEntry
	out          string
	keep, number bool
}

// readField reads the field f, in prose or in code.
func readField(f string, prose bool, lex *lexTable) fieldReading {
	fr := fieldReading{oddTicks: strings.Count(f, "`")%2 == 1}
	w := fold(trimWord(f))
	if prose {
		// A contraction is read as its words and a negation as "not",
		// as the same-learning reading does: "doesn't show", "does not
		// display" and "never shows" hold one negation and no other
		// change.
		if base, not := changeNegation(w); not != "" {
			fr.add(base, lex)
			w = not
		} else {
			w = base
		}
	}
	fr.add(w, lex)
	switch w {
	case "get", "gets", "got", "gotten", "getting":
		fr.get = true
	}
	return fr
}

// add adds the word w to fr; an empty word is no word.
func (fr *fieldReading) add(w string, lex *lexTable) {
	if w == "" {
		return
	}
	lx := lex.lookup(w)
	out, keep := wordOf(w, lx, lex)
	fr.words[fr.n] = changeWord{lx: lx, out: out, keep: keep, number: keep && numberLike(out)}
	fr.n++
}

// changeMemo keeps the reading of each field readWords met, in prose and
// in code, for one caller's goroutine: a field's reading depends on the
// field alone, and the words of a memory follow Zipf's law, so most
// fields were read before (10.4 k of the 84.5 k fields lint reads on the
// prose generator's 1 MB memory are new). Folding, looking words up and
// stemming each field once took lint on the 1 MB memories from 920 to
// 888 M instructions on prose, 1645 to 1566 M on default, and on the 10
// MB prose memory from 13.41 to 12.60 G (callgrind).
//
// The fields are held in fieldTables, not maps: most are short, and a
// short field is found by its bytes packed in one number (see
// fieldTable).
type changeMemo struct {
	prose, code *fieldTable[fieldReading]
}

// maxChangeFields bounds each table of a changeMemo: past it, a field is
// read afresh every time. The prose generator's 10 MB memory has fewer
// than a tenth as many distinct fields.
const maxChangeFields = 1 << 18

// field is readField(f, prose, lex), read once.
func (m *changeMemo) field(f string, prose bool, lex *lexTable) fieldReading {
	seen := &m.code
	if prose {
		seen = &m.prose
	}
	if *seen == nil {
		*seen = newFieldTable[fieldReading](maxChangeFields)
	} else if fr := (*seen).ref(f); fr != nil {
		return *fr
	}
	fr := readField(f, prose, lex)
	(*seen).put(f, fr) // which keys a long field by a copy of its own
	return fr
}

// readWords is a text's words as oneChange compares them.
// Each field is read through memo when it is not nil.
func readWords(s string, memo *changeMemo) *changeText {
	// The words are gathered in pooled lists and kept in lists of their
	// own size: lint reads the words of most learnings of a memory, and
	// growing two lists a word at a time was a third of readWords' CPU on
	// the prose generator's 10 MB memory.
	sc := changeScratches.Get().(*changeText)
	r := changeReader{out: changeText{words: sc.words[:0], span: sc.span[:0], number: sc.number[:0]}, lex: lexicon(), memo: memo}
	for f := range wordFields(s) {
		r.field(f)
	}
	out := r.out
	kept := new(changeText)
	if len(out.words) > 0 {
		kept.words, kept.span, kept.number = slices.Clone(out.words), slices.Clone(out.span), slices.Clone(out.number)
		kept.insteadOf, kept.not = replaces(kept.words), saysNot(kept.words)
	}
	clear(out.words)
	sc.words, sc.span, sc.number = out.words[:0], out.span[:0], out.number[:0]
	changeScratches.Put(sc)
	return kept
}

// read adds the word wr of code span code (0 for prose) as oneChange
// compares it, runs of phrases read by runs.
func (out *changeText) read(wr changeWord, code int, lex *lexTable, runs *phraseReader[int]) {
	// A run of phrases ("out of date") is read as the word it stands
	// for, as the same-learning reading does: the one part of a word's
	// reading that depends on the words before it.
	// The phrase reader tells a phrasal verb from a noun by the words
	// before it (nounPlace): the word of a known entry ("a", "the",
	// "pass"), else the word read ("season"), which saves keeping each
	// field's text.
	w := wr.lx.word
	if w == "" {
		w = wr.out
	}
	if to, from, ok := runs.read(wr.lx, w, len(out.words)); ok {
		out.words, out.span, out.number = out.words[:from], out.span[:from], out.number[:from]
		wr.out, wr.keep = wordOf(to, lex.lookup(to), lex)
		wr.number = wr.keep && numberLike(wr.out)
	}
	if wr.keep {
		if code == 0 && asksWhether(wr.out) {
			// readAskedWord may read the word before as another too.
			wr.out = readAskedWord(out.words, wr.out)
			wr.number = numberLike(wr.out)
			if n := len(out.words); n > 0 {
				out.number[n-1] = numberLike(out.words[n-1])
			}
		}
		out.add(wr.out, code)
		out.number = append(out.number, wr.number)
	}
}

// getReading and beReading are how readWords reads "get" and "are".
const getReading, beReading = "get", "ar"

// wordOf is the word oneChange compares for the word w, whose entry is lx,
// and whether it compares one.
func wordOf(w string, lx *lexEntry, lex *lexTable) (string, bool) {
	if lx.synonym != nil {
		w, lx = lx.synonym.word, lx.synonym
	}
	if w == "" || lx.filler || changeFiller(w) || !strings.ContainsFunc(w, isLetterOrDigit) {
		return "", false // a filler word, or a mark or an emoji ("⚠️" holds a mark)
	}
	if lx.number != "" {
		return lx.number, true
	}
	if w == "otherwise" {
		return "or", true // as the same-learning reading has it
	}
	if isReference(w) {
		return w, true // as cited: "see" is no stem
	}
	st := stem(americanOf(w, lx))
	if st != w {
		// lx is w's entry: a word that is its own stem is not
		// looked up again (lint on the 10 MB memories of
		// bench/: 182 k of 239 k words on default, 271 k of 324 k
		// on intl, 703 k of 1.05 M on prose).
		lx = lex.lookup(st)
	}
	if lx.change != "" {
		st = lx.change // a swap of words the same in some sentences
	} else if lx.same != "" {
		st = lx.same
	}
	return st, true
}

// changeNegation is w as oneChange reads it when it holds a negation or
// a clitic: "doesn't" is "does" and "not", "cannot" is "can" and "not",
// "never" is "not", and "gym's" or "it's" is its base (the same-learning
// reading drops the clitic too). Other words come back as they are, with
// not empty.
func changeNegation(w string) (base, not string) {
	switch w {
	case "never":
		return "", "not"
	case "cannot":
		return "can", "not"
	}
	return expandContraction(w)
}

// wordFields is strings.FieldsFuncSeq(s, wordSpace), cut without
// calling wordSpace for each byte: an ASCII text, most learnings, is cut
// at ASCII white space without decoding a rune (wordSpace parts ASCII
// text at white space only), and another is cut by nextWordField, which
// decodes only the runes outside ASCII.
func wordFields(s string) iter.Seq[string] {
	if asciiPrefix(s, 0) < len(s) {
		return func(yield func(string) bool) {
			for i := 0; ; {
				start, end := nextWordField(s, i)
				if start == end || !yield(s[start:end]) {
					return
				}
				i = end
			}
		}
	}
	return func(yield func(string) bool) {
		for i := 0; ; {
			start, end := nextASCIIField(s, i)
			if start == end || !yield(s[start:end]) {
				return
			}
			i = end
		}
	}
}

// nextWordField is the next field of s from i on as
// strings.FieldsFuncSeq(s, wordSpace) cuts it, [start, end); start == end
// when there is none. FieldsFuncSeq calls wordSpace through a func value
// for every byte, ASCII too, and decodes each: reading the change words
// of every learning lint compares (readWords) took on the intl
// generator's 10 MB memory 552.7 M instructions, 488.6 M cut this way
// (default at 1 MB 109.6 -> 103.3 M; callgrind, GOMAXPROCS=1).
func nextWordField(s string, i int) (start, end int) {
	for i < len(s) {
		space, size := wordSpaceAt(s, i)
		if !space {
			break
		}
		i += size
	}
	start = i
	for i < len(s) {
		if b := s[i]; b < utf8.RuneSelf && !asciiSpace(b) {
			i++
			continue
		}
		space, size := wordSpaceAt(s, i)
		if space {
			break
		}
		i += size
	}
	return start, i
}

// wordSpaceAt reports whether the rune at s[i] is wordSpace, and its
// size; a byte that is no rune of UTF-8 is utf8.RuneError, one byte long,
// as FieldsFuncSeq reads it.
func wordSpaceAt(s string, i int) (bool, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return asciiSpace(b), 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return wordSpace(r), size
}

var changeScratches = sync.Pool{New: func() any { return new(changeText) }}

func (c *changeText) add(w string, span int) {
	c.words = append(c.words, w)
	c.span = append(c.span, span)
}

// changeFiller are words a rewording adds or drops around a change
// without changing what the learning says, and the words that announce a
// change ("tests now run with vitest", "not anymore"), which are no
// change of their own.
//
// A switch, not a map: readWords asks it of every word of every learning
// lint compares.
func changeFiller(w string) bool {
	switch w {
	case "a", "an", "the", "must", "should", "shall", "has", "have", "to",
		"now", "anymore", "nowadays",
		// A rate is "15 cents a minute", "... per minute" or "... each
		// minute" ("each" is a filler of the tables).
		"per",
		// "Or else" is "or" (wordOf reads "otherwise" as "or").
		"else",
		// "Do" before "not" ("does not accept") or in stress ("does
		// accept") is no word of what is said.
		"do", "does", "did":
		return true
	}
	return false
}
