package similar

// The meaning rules: when two analyses say the same thing. See the package
// comment (doc.go) for the rule in plain words.

import (
	"slices"
	"strings"
)

// analysis is a text as the same-learning test reads it: the words that
// carry meaning, in clauses, with every value still next to what it is
// about.
//
// The text is folded like Canonical and cut into clauses at sentence
// punctuation, commas and conjunctions. Each word is reduced to what its
// meaning needs: stop words and filler ("use", "make sure", "the project")
// go, contractions are expanded, plurals and tenses stemmed, number words
// written as digits ("two" is "2"), units spelt one way ("30s", "30 sec"
// and "30 seconds" are "30 s"). A negation ("not", "never", "avoid") is
// glued to the word it negates ("!npm"). Words that relate the things a
// clause names keep their place ("over", "than", "then", "below"); "to"
// and "from" are stop words, which a rewording moves or drops, and a
// direction turned round is told by directionClash instead; and the
// subordinating words that open a clause ("before", "after",
// "when", "if", "unless", "because", "instead") stay as its first word, so
// "run make gen before go test" and "before go test, run make gen" read
// alike while "run go test before make gen" does not.
//
// A list of single words ("Go, Rust and Python") is sorted in place: its
// order says nothing.
type analysis struct {
	items [][]string
	// gapped is items with the words a clause shares with the one before
	// it written out ("store uploads in S3 and metadata in Postgres" has
	// "store" in both), nil when no clause leaves any out.
	gapped [][]string
	// raw is the clauses before lists were sorted: a comma before "not"
	// may or may not start a list, so both readings are compared.
	raw [][]string
	// active is items with every passive clause read as an instruction
	// ("tests are run with X" as "run tests with X"), nil when there is
	// none: people write both, and "tests run with X" too.
	active [][]string
	// or counts the "or" conjunctions: "X or Y" is a choice, "X and Y" is
	// both, and nothing else in the tokens tells them apart.
	or int
	// pronoun is set when the text has a pronoun ("it", "they"): the
	// noun it stands for may be named in another clause (see movedRun).
	pronoun bool
	// joins has bit i set when raw clause i is joined to the one before
	// it by a comma, "and" or "or", and conjs when by "and" or "or" (see
	// coordinated); none past the 64th clause.
	joins, conjs uint64
	// marks are the "of"s and possessives of each raw clause, nil when
	// the text has none (see ofSwapped).
	marks []clauseMarks
	// key is the multiset of every token, hashed (see key): two texts can
	// only be the same learning when their keys are equal.
	key string
}

// normaliseLists sorts the elements of every list of single words and
// joins each list into the clause around it, so that "use Go, Rust and
// Python" and "use Python, Go and Rust" give the same clause. A run of
// clauses joined by commas and "and"/"or" is such a list when every clause
// inside it is one word, an end clause is one word too (or there are three
// or more elements), and a conjunction or three elements say it is a list
// rather than a clause opened with a comma.
//
// A run that is no such list but whose later clauses are all shorter than
// the first by the same number of words leaves those words out ("store
// uploads in S3 and metadata in Postgres"); gapped has them written out.
func normaliseLists(out [][]string, items []item) (_, gapped [][]string) {
	for i := 0; i < len(items); {
		j := i + 1
		for j < len(items) && items[j].sep == sepList {
			j++
		}
		// items[i:j] are joined by list separators.
		if merged, ok := asList(items[i:j]); ok {
			out = append(out, merged)
			if gapped != nil {
				gapped = append(gapped, merged)
			}
		} else {
			head := gapHead(items[i:j])
			if len(head) > 0 && gapped == nil {
				// The first gap: the clauses before it read the same.
				gapped = append(make([][]string, 0, len(items)), out...)
			}
			for k, it := range items[i:j] {
				out = append(out, it.toks)
				switch {
				case gapped == nil:
				case k > 0 && len(head) > 0:
					gapped = append(gapped, slices.Concat(head, it.toks))
				default:
					gapped = append(gapped, it.toks)
				}
			}
		}
		i = j
	}
	return out, gapped
}

// gapHead is the words the later clauses of run leave out: the first d
// words of the first clause, when every later clause is d words shorter
// and the first is not a subordinate clause.
func gapHead(run []item) []string {
	if len(run) < 2 || len(run[0].toks) > 0 && opensClause(run[0].toks[0]) {
		// "when the build fails, check the logs": a condition and
		// its clause, not a gapped list.
		return nil
	}
	d := len(run[0].toks) - len(run[1].toks)
	if d < 1 {
		return nil
	}
	for _, it := range run[2:] {
		if len(run[0].toks)-len(it.toks) != d {
			return nil
		}
	}
	return run[0].toks[:d]
}

func asList(run []item) ([]string, bool) {
	k := len(run)
	if k < 2 {
		return nil, false
	}
	conj := false
	for _, it := range run[1:] {
		conj = conj || it.conj
	}
	for _, it := range run[1 : k-1] {
		if len(it.toks) != 1 {
			return nil, false
		}
	}
	first, last := run[0].toks, run[k-1].toks
	if k == 2 && len(first) != 1 && len(last) != 1 {
		return nil, false
	}
	if !conj && k < 3 {
		return nil, false
	}
	merged := make([]string, 0, len(first)+k-2+len(last))
	merged = append(merged, first...)
	for _, it := range run[1 : k-1] {
		merged = append(merged, it.toks[0])
	}
	merged = append(merged, last[0])
	slices.Sort(merged[len(first)-1:])
	return append(merged, last[1:]...), true
}

// sameContent reports whether two analysed texts say the same thing: the
// same tokens, in the same clauses up to their order and up to a rotation
// inside each clause ("unit tests use jest", "use jest for unit tests"), or
// the same sequence up to a rotation as a whole ("run make gen before go
// test", "before go test, run make gen"). A value that moved to another
// clause or changed places with another inside one is not the same.
func sameContent(a, b *analysis) bool {
	if a.key != b.key || a.key == "" {
		return false
	}
	if ofReversed(a, b) || ofReversed(b, a) {
		return false
	}
	if sameItems(a.items, b.items) {
		return true
	}
	if (a.gapped != nil || b.gapped != nil) && sameItems(a.clauses(), b.clauses()) {
		return true
	}
	if sameItems(a.raw, b.raw) || rotationOf(flatten(a.raw), flatten(b.raw)) {
		return true
	}
	if rotationOf(flatten(a.items), flatten(b.items)) {
		return true
	}
	if (a.pronoun || b.pronoun) && movedRun(a.items, b.items) {
		return true
	}
	if afterSwapped(a, b) {
		return true
	}
	if leadJoined(a.items, b.items) || leadJoined(b.items, a.items) {
		return true
	}
	if a.conjs != 0 && b.conjs != 0 && coordinated(a, b) {
		return true
	}
	if ofSwapped(a, b) || ofSwapped(b, a) {
		return true
	}
	if la, ok := adverbsLast(a.items); ok {
		if lb, ok := adverbsLast(b.items); ok && sameItems(la, lb) {
			return true
		}
	}
	if a.active == nil && b.active == nil {
		return false
	}
	for _, pa := range [2][][]string{a.items, a.active} {
		for _, pb := range [2][][]string{b.items, b.active} {
			if pa != nil && pb != nil && (sameItems(pa, pb) || rotationOf(flatten(pa), flatten(pb))) {
				return true
			}
		}
	}
	return false
}

// leadJoined reports whether a reads as b once its first clause, set off
// by a comma, is read as the end of the next: "for the heavy pallets, use
// the large forklifts, not the hand trucks" and "use the large forklifts
// for the heavy pallets, not the hand trucks". The whole text read as a
// rotation of the other covers a text of two clauses; here the clauses
// after them stay as they are, and the joined clause must be a rotation
// of the other's (a value never trades places). Only texts whose keys
// agree are asked.
func leadJoined(a, b [][]string) bool {
	if len(a) < 3 || len(a) != len(b)+1 || len(a[0]) == 0 || opensClause(a[0][0]) || len(a[1]) == 0 || opensClause(a[1][0]) {
		return false
	}
	joined := make([][]string, 0, len(b))
	joined = append(joined, slices.Concat(a[0], a[1]))
	return sameItems(append(joined, a[2:]...), b)
}

// movedRun reports whether two readings with the same tokens differ only
// in which clause names a noun phrase of up to three words: "when a
// webhook fails, the sender retries it" and "the sender retries a webhook
// when it fails" name the webhook in the condition in one and in the main
// clause in the other, with a pronoun standing for it where it is not
// named. The phrase must move between a main clause and a subordinate
// one: moved inside a clause or between two main clauses ("migrate A to
// B", "lint the api and test the web") it changes what is said. Only
// texts with a pronoun are asked, and only when their keys agree, so this
// runs rarely.
func movedRun(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i, ca := range a {
		for start := range ca {
			for n := 1; n <= 3 && start+n <= len(ca); n++ {
				run := ca[start : start+n]
				if opensClause(run[0]) {
					continue
				}
				for j, cb := range b {
					if len(cb) == 0 || opensClause(ca[0]) == opensClause(cb[0]) {
						continue
					}
					at := indexRun(cb, run)
					if at < 0 {
						continue
					}
					ra, rb := slices.Clone(a), slices.Clone(b)
					ra[i] = slices.Delete(slices.Clone(ca), start, start+n)
					rb[j] = slices.Delete(slices.Clone(cb), at, at+n)
					if sameItems(ra, rb) {
						return true
					}
				}
			}
		}
	}
	return false
}

// indexRun is where run starts in toks, -1 when it is not there.
func indexRun(toks, run []string) int {
	for i := 0; i+len(run) <= len(toks); i++ {
		if slices.Equal(toks[i:i+len(run)], run) {
			return i
		}
	}
	return -1
}

// clauses are the clauses with what gapping left out written out.
func (a *analysis) clauses() [][]string {
	if a.gapped != nil {
		return a.gapped
	}
	return a.items
}

func flatten(items [][]string) []string {
	var out []string
	for _, it := range items {
		out = append(out, it...)
	}
	return out
}

// sameItems reports whether two readings have the same units: each main
// clause with the subordinate clauses attached to it ("run lint before
// commit"), in any order.
func sameItems(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	return slices.Equal(clauseUnits(a), clauseUnits(b))
}

// clauseUnits groups clauses into a main clause and the subordinate clauses
// ("before push", "when tests fail") that belong to it, and returns each
// group as one sorted key. A subordinate clause belongs to the main
// clause before it unless that one already has one ("run lint before
// commit and tests before push"); then, or at the start, to the next main
// clause ("when the build fails, rerun the tests; when ..."). Which clause
// a condition or an order is attached to is what it says, so "run lint
// before push and tests before commit" is another learning.
func clauseUnits(items [][]string) []string {
	type unit struct {
		main string
		subs []string
	}
	var out []*unit
	var pending []string // subordinate clauses waiting for their main clause
	var last *unit       // the unit of the previous clause, when it was a main clause with no sub yet
	for _, it := range items {
		key := minRotation(quantityLast(it))
		if len(it) == 0 || !opensClause(it[0]) {
			u := &unit{main: key, subs: pending}
			pending = nil
			out = append(out, u)
			last = u
			if len(u.subs) > 0 {
				last = nil
			}
			continue
		}
		if last != nil {
			last.subs = append(last.subs, key)
			last = nil
			continue
		}
		pending = append(pending, key)
	}
	if len(pending) > 0 {
		if len(out) == 0 {
			out = append(out, &unit{})
		}
		u := out[len(out)-1]
		u.subs = append(u.subs, pending...)
	}
	keys := make([]string, len(out))
	for i, u := range out {
		slices.Sort(u.subs)
		keys[i] = u.main + "\x01" + strings.Join(u.subs, "\x01")
	}
	slices.Sort(keys)
	return keys
}

func opensClause(tok string) bool {
	_, ok := openerTokens[strings.TrimPrefix(tok, "!")]
	return ok
}

// quantityLast moves the one quantity of a clause, a number with its unit
// ("5 min"), to its end: "cache responses for 5 minutes in Redis" and
// "cache responses in Redis for 5 minutes" say the same, and with no other
// number in the clause there is nothing it could change places with.
func quantityLast(toks []string) []string {
	at := -1
	for i, tok := range toks {
		if !isNumber(strings.TrimPrefix(tok, "!")) {
			continue
		}
		if at >= 0 || i+1 == len(toks) || !unitTokens[toks[i+1]] {
			return toks
		}
		at = i
	}
	if at < 0 || at+2 == len(toks) {
		return toks
	}
	out := slices.Concat(toks[:at], toks[at+2:], toks[at:at+2])
	return out
}

// minRotation is the least rotation of a clause, joined, so that two
// rotations of one clause compare equal. Every rotation is joined alike,
// the tokens with one separator between each two: the rotation that
// starts at the first token used to end in a separator the others lack,
// so "use `uv` for installing Python packages" and "for installing Python
// packages use `uv`" compared unequal whenever the least rotation of one
// started at its first token and the other's did not.
func minRotation(toks []string) string {
	toks = onlyGlued(toks)
	best := ""
	for i := range toks {
		s := strings.Join(toks[i:], "\x00")
		if i > 0 {
			s += "\x00" + strings.Join(toks[:i], "\x00")
		}
		if i == 0 || s < best {
			best = s
		}
	}
	return best
}

func rotationOf(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = onlyGlued(a), onlyGlued(b)
	if len(a) != len(b) {
		return false
	}
	for shift := range a {
		ok := true
		for i := range a {
			if a[i] != b[(i+shift)%len(b)] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// onlyGlued is toks with each "only" joined to the word it limits, the
// next one or, at the end, the one before, so that no rotation parts
// them: "only the head brewer changes the recipe on weekdays" and "the
// head brewer changes the recipe on weekdays only" limit two things, and
// as a rotation they read alike. toks itself when it has no "only".
func onlyGlued(toks []string) []string {
	if !slices.Contains(toks, "only") || len(toks) < 2 {
		return toks
	}
	out := make([]string, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		switch {
		case toks[i] != "only":
			out = append(out, toks[i])
		case i+1 < len(toks):
			out = append(out, "only\x03"+toks[i+1])
			i++
		default:
			out[len(out)-1] += "\x03only"
		}
	}
	return out
}

// afterSwapped reports whether two texts say the same once a clause with
// "after" is read as the one with "before" it stands for: "run the
// reindex after you stop the workers" is "stop the workers before you run
// the reindex", and "run go build after make proto" is "run make proto
// before go build", the verb of the main clause said once for both. The
// order of the two events is what such a learning says, so only the
// reading that keeps it is tried: "run the smoke tests after the canary"
// stays apart from "run the smoke tests before the canary". The key reads
// "after" as "before" (see joinKey), so such texts get here.
func afterSwapped(a, b *analysis) bool {
	va, vb := afterReadings(a.items), afterReadings(b.items)
	if len(va) == 1 && len(vb) == 1 {
		return false // neither says "after"
	}
	for _, pa := range va {
		for _, pb := range vb {
			if sameItems(pa, pb) || rotationOf(flatten(pa), flatten(pb)) ||
				(a.pronoun || b.pronoun) && movedRun(pa, pb) {
				return true
			}
		}
	}
	return false
}

// afterReadings are items as written and, for its first main clause M
// next to a clause "after S", the readings "S before M" and, when M has a
// verb and its object ("run go build"), "run S before go build".
func afterReadings(items [][]string) [][][]string {
	out := [][][]string{items}
	for i, it := range items {
		if len(it) < 2 || it[0] != "after" {
			continue
		}
		m := -1
		switch {
		case i > 0 && !opensClause(firstOf(items[i-1])):
			m = i - 1
		case i+1 < len(items) && !opensClause(firstOf(items[i+1])):
			m = i + 1
		}
		if m < 0 || len(items[m]) == 0 {
			continue
		}
		main, sub := items[m], it[1:]
		full := slices.Clone(items)
		full[m], full[i] = slices.Clone(sub), slices.Concat([]string{"before"}, main)
		out = append(out, full)
		if len(main) >= 2 {
			carried := slices.Clone(items)
			carried[m] = slices.Concat(main[:1], sub)
			carried[i] = slices.Concat([]string{"before"}, main[1:])
			out = append(out, carried)
		}
		return out
	}
	return out
}

func firstOf(toks []string) string {
	if len(toks) == 0 {
		return ""
	}
	return toks[0]
}

// adverbsLast is items with the adverbs of each clause moved to its end,
// and whether there were any: "the server immediately stops the match"
// and "the server stops the match immediately" say the same, and so do
// "deleted the bucket by accident" and "accidentally deleted the bucket"
// (phrases reads "by accident" as "accidentally"). An adverb is a word
// of at least five letters ending in "-ly" (not "apply", "reply",
// "supply") or a short one of time ("often", "sometimes", "soon",
// "again"). The keys are equal when this is asked, so the same words are
// on both sides and only where one of them stands differs.
func adverbsLast(items [][]string) ([][]string, bool) {
	items, folded := foldAdverbClauses(items)
	var out [][]string
	if folded {
		out = items
	}
	for i, it := range items {
		n := 0
		for _, tok := range it {
			if isAdverb(tok) {
				n++
			}
		}
		if n == 0 {
			continue
		}
		if out == nil {
			out = slices.Clone(items)
		}
		moved := make([]string, 0, len(it))
		for _, tok := range it {
			if !isAdverb(tok) {
				moved = append(moved, tok)
			}
		}
		for _, tok := range it {
			if isAdverb(tok) {
				moved = append(moved, tok)
			}
		}
		out[i] = moved
	}
	return out, out != nil
}

// foldAdverbClauses puts a clause of adverbs alone, which a comma sets
// apart ("Usually, the job fails"; "As a rule, ..." is read as "usually"),
// into the clause after it, or before it when it comes last: it says how
// that clause's statement holds. folded reports whether there was one.
func foldAdverbClauses(items [][]string) (_ [][]string, folded bool) {
	var out [][]string
	var pending []string
	for _, it := range items {
		if len(it) > 0 && !slices.ContainsFunc(it, func(tok string) bool { return !isAdverb(tok) }) {
			pending, folded = append(pending, it...), true
			continue
		}
		out = append(out, slices.Concat(pending, it))
		pending = nil
	}
	if !folded {
		return items, false
	}
	if len(pending) > 0 {
		if len(out) == 0 {
			return items, false
		}
		out[len(out)-1] = slices.Concat(out[len(out)-1], pending)
	}
	return out, true
}

func isAdverb(tok string) bool {
	switch strings.TrimPrefix(tok, "!") {
	case "often", "sometim", "soon", "again":
		return true
	case "apply", "reply", "supply", "family", "assembly", "anomaly", "butterfly", "monopoly":
		return false
	}
	return len(tok) >= 5 && strings.HasSuffix(tok, "ly")
}

// joinsOf is the joins and conjs of an analysis (see analysis) read from
// the clauses the tokenizer found.
func joinsOf(items []item) (joins, conjs uint64) {
	for i, it := range items[:min(len(items), 64)] {
		if i > 0 && it.sep == sepList {
			joins |= 1 << i
			if it.conj {
				conjs |= 1 << i
			}
		}
	}
	return joins, conjs
}

// coordinated reports whether two texts say the same once a list of
// things joined by "and" or "or" under one verb or one predicate is read
// in any order: "runs the linter and the unit tests before tagging" and
// "runs the unit tests and the linter before tagging", "the inverter logs
// and the weather data are kept for two years" and "the weather data and
// the inverter logs are kept ...". The tokenizer cuts such a list into
// clauses at the conjunction, the shared words staying with the first
// thing ("run linter" | "unit test") or the last ("weather data keep 2
// year"), so the clauses differ when the things trade places. See
// coordinations for how a list is read; the keys are equal when this is
// asked, and a text has at most a few such readings.
func coordinated(a, b *analysis) bool {
	ra, rb := coordinations(a.raw, a.joins, a.conjs), coordinations(b.raw, b.joins, b.conjs)
	for _, x := range ra {
		for _, y := range rb {
			if sameItems(x, y) || rotationOf(flatten(x), flatten(y)) {
				return true
			}
		}
	}
	return false
}

// maxElement is the most tokens a thing of a list read by coordinations
// holds: a noun phrase ("the weekly plan", "integration tests"), not a
// clause of its own.
const maxElement = 3

// coordinations are the readings of clauses (joined as joins and conjs
// say) with one run of clauses joined by commas and at least one "and" or
// "or" read as a list: its first clause is a head and the first thing, its
// last the last thing and a tail, each thing of one to maxElement tokens,
// and the clauses between are things. The run becomes one clause, the
// head, the things sorted and the tail, each thing one token, so that a
// thing never reads as part of another and a list whose things trade
// words ("the api tests and the web lint", "the web tests and the api
// lint") stays another list. Every split of head, things and tail is a
// reading: which words are shared is not marked in the text.
func coordinations(clauses [][]string, joins, conjs uint64) [][][]string {
	var out [][][]string
	for i := range clauses {
		for j := i + 1; j < len(clauses) && j < 64 && joins&(1<<j) != 0; j++ {
			if conjs&(uint64(1)<<(j+1)-uint64(1)<<(i+1)) == 0 {
				continue // no "and" or "or" inside the run
			}
			middle := clauses[i+1 : j]
			if slices.ContainsFunc(middle, func(c []string) bool { return len(c) > maxElement }) {
				break // a clause of its own, and so every longer run
			}
			first, last := clauses[i], clauses[j]
			for n := 1; n <= min(maxElement, len(first)); n++ {
				for m := 1; m <= min(maxElement, len(last)); m++ {
					things := make([]string, 0, j-i+1)
					things = append(things, element(first[len(first)-n:]))
					for _, c := range middle {
						things = append(things, element(c))
					}
					things = append(things, element(last[:m]))
					slices.Sort(things)
					merged := slices.Concat(first[:len(first)-n], things, last[m:])
					out = append(out, slices.Concat(clauses[:i], [][]string{merged}, clauses[j+1:]))
				}
			}
		}
	}
	return out
}

// element is the one token a thing of a list is read as: its tokens
// joined, marked so that it never equals a token of a text.
func element(toks []string) string { return "\x02" + strings.Join(toks, "\x00") }

// clauseMarks are item.ofs and item.poss of one clause.
type clauseMarks struct{ ofs, poss uint64 }

// marksOf is the marks of an analysis read from the clauses the tokenizer
// found, nil when there are none.
func marksOf(items []item) []clauseMarks {
	if !slices.ContainsFunc(items, func(it item) bool { return it.ofs|it.poss != 0 }) {
		return nil
	}
	out := make([]clauseMarks, len(items))
	for i, it := range items {
		out[i] = clauseMarks{it.ofs, it.poss}
	}
	return out
}

// mark sets bit p of m, for a position in a clause (none past the 64th).
func mark(m uint64, p int) uint64 {
	if p < 64 {
		m |= 1 << p
	}
	return m
}

// keepMarks is m without the marks at or after position n, when a clause
// goes back to its first n tokens.
func keepMarks(m uint64, n int) uint64 {
	if n >= 64 {
		return m
	}
	return m & (1<<n - 1)
}

// ofSwapped reports whether b says what a says with a noun phrase "A of
// B" in a written the other way round: "the nightly backup of the lending
// database" as "the lending database's nightly backup", "the price list of
// the bakery" as "the bakery's price list", and with A one word and B
// one or two, as a compound: "the schedule of the ferry" as "the ferry
// schedule", "the registration of new members" as "new member
// registration" (an A of two would take in a verb: "run the tests of the
// API" as "the API runs tests"). The other clauses must read the same (as
// sameItems or a rotation reads them). A and B hold one to three tokens,
// none a number, a negation or a word that relates or opens clauses; a
// longer B or A would take in the verb too, and the possessive, where A
// and B are longer than a word, marks where B ends. b must not say "of"
// there: "the owner of the boat" and "the boat of the owner" are two
// things.
func ofSwapped(a, b *analysis) bool {
	if a.marks == nil {
		return false
	}
	for i, ca := range a.raw {
		ofs := a.marks[i].ofs
		for k := 1; k < min(len(ca), 64); k++ {
			if ofs&(1<<k) == 0 {
				continue
			}
			for s := max(0, k-maxElement); s < k; s++ {
				for e := k + 1; e <= min(len(ca), k+maxElement); e++ {
					if !plainRun(ca[s:e]) {
						break
					}
					swapped := slices.Concat(ca[:s], ca[k:e], ca[s:k], ca[e:])
					if swappedIn(b, swapped[s:e], e-k, k-s == 1 && e-k <= 2) && sameReading(a.raw, i, swapped, b.raw) {
						return true
					}
				}
			}
		}
	}
	return false
}

// ofReversed reports whether a says "A of B" where b says "A's B", the
// same two words next to each other: "the owner of the boat" and "the
// owner's boat" name two things, though both read as the tokens "owner
// boat" (the possessive and "of" are marks, not tokens). B of A, A's B
// the other way round ("the backup of the database", "the database's
// backup") is ofSwapped's, and a compound ("the repo owner") holds no
// mark.
func ofReversed(a, b *analysis) bool {
	if a.marks == nil || b.marks == nil {
		return false
	}
	for i, ca := range a.raw {
		ofs := a.marks[i].ofs
		for k := 1; ofs != 0 && k < min(len(ca), 64); k++ {
			if ofs&(1<<k) == 0 {
				continue
			}
			for j, cb := range b.raw {
				poss := b.marks[j].poss
				for p := 1; poss != 0 && p < min(len(cb), 64); p++ {
					if poss&(1<<p) != 0 && cb[p-1] == ca[k-1] && cb[p] == ca[k] {
						return true
					}
				}
			}
		}
	}
	return false
}

// plainRun reports tokens a noun phrase of ofSwapped may hold.
func plainRun(toks []string) bool {
	for _, tok := range toks {
		if strings.HasPrefix(tok, "!") || isNumber(tok) || opensClause(tok) || isRelation(tok) {
			return false
		}
	}
	return true
}

// swappedIn reports whether a clause of b holds run, B then A, with B
// ending after its first n tokens, marked there by a possessive, or by
// nothing when compound allows it (see ofSwapped) and the clause has no
// "of" at all: a phrase after "of" may be longer than its one word that
// moved ("the backup of the staging database", "the staging backup of the
// database"). Never by an "of". The run may stand anywhere in the clause,
// and the clause may hold more or less than the clause of a: whether the
// rest reads the same is sameReading's to say, so that "use the staging
// bucket for the test uploads of the museum" and "for the museum's test
// uploads, use the staging bucket" (the phrase swapped and the clause
// read from another word) are one learning.
func swappedIn(b *analysis, run []string, n int, compound bool) bool {
	for j, cb := range b.raw {
		var m clauseMarks
		if b.marks != nil {
			m = b.marks[j]
		}
		for p := 0; p+len(run) <= len(cb); p++ {
			at := p + n
			if at < 64 && m.ofs&(1<<at) == 0 && (m.poss&(1<<at) != 0 || compound && m.ofs == 0) &&
				slices.Equal(cb[p:p+len(run)], run) {
				return true
			}
		}
	}
	return false
}

// sameReading reports whether clauses with clause i replaced by c read as
// other does: as sameItems reads them, as a rotation of the whole, or
// with their adverbs moved to the end of each clause ("deletes the old
// logs of the gateway immediately", "immediately removes the gateway's
// old logs"), the rules sameContent asks of texts with no "of" swapped.
func sameReading(clauses [][]string, i int, c []string, other [][]string) bool {
	r := slices.Clone(clauses)
	r[i] = c
	if sameItems(r, other) || rotationOf(flatten(r), flatten(other)) {
		return true
	}
	if la, ok := adverbsLast(r); ok {
		if lb, ok := adverbsLast(other); ok && sameItems(la, lb) {
			return true
		}
	}
	return false
}

// isRelation reports a token relationWords reads a word as (a switch: a
// map would be built at package init, see isPronoun).
func isRelation(tok string) bool {
	switch tok {
	case "over", "then", "vs", "per", "without", "below":
		return true
	}
	return false
}

// Modal classes of a text: what its modal verbs ask of the reader.
const (
	modalNone       = 0
	modalObligation = 1 // "must", "should", "has to", "needs to"
	modalPermission = 2 // "may", "might", "can"
)

// modalClash reports whether one text asks what the other only allows:
// "the app must refund a crossing" and "the app may refund a crossing".
// The reading drops the modal verbs as stop words, so "has to", "needs
// to" and "must" read alike, and so do "can" and "may"; a text that asks
// and one that allows are never the same learning, though their tokens
// agree. A text with no modal verb, or with both kinds, clashes with
// none: "run X" restates "you must run X". Only pairs the reading already
// took for the same learning are asked, so it costs nothing elsewhere.
func modalClash(a, b string) bool {
	ma, mb := modalOf(a), modalOf(b)
	return ma != mb && ma|mb == modalObligation|modalPermission
}

// modalOf is the modal class of s: obligation, permission, none, or both
// (the two bits).
func modalOf(s string) int {
	m, prev := modalNone, ""
	for f := range strings.FieldsSeq(s) {
		w := strings.ToLower(strings.Trim(f, ".,;:!?()\"'*_`"))
		switch w {
		case "must", "should", "shall", "ought":
			m |= modalObligation
		case "may", "might", "can":
			m |= modalPermission
		case "to":
			switch prev {
			case "has", "have", "had", "need", "needs", "required":
				m |= modalObligation
			}
		}
		prev = w
	}
	return m
}

// senseClash reports whether one text writes a word the tables read as
// another only in one of its senses where the other text does not write
// it, in a sentence that gives it another sense. "Place" is "put" where a
// thing goes somewhere ("place the banners on the second printer", "put
// the profiles in config/"), but an order, a bid or a call placed is not
// put anywhere: "place the stationery order before noon" and "put the
// stationery order before noon" are two instructions (wordnet_traps.txt).
// So "place" reads as "put" only with a word of where after it in its
// sentence. Like modalClash it is asked only of texts the reading took
// for the same learning.
func senseClash(a, b string) bool {
	return placedNowhere(a, b) || placedNowhere(b, a) || middleNotAPlace(a, b) || middleNotAPlace(b, a) ||
		givenThings(a) != givenThings(b)
}

// givenThings counts the passive clauses of s whose subject is given
// something: a form of "be" or "get", a past participle and an object
// opened by "a", "an", "the" or a possessive ("drivers are charged a fee",
// "volunteers get paid their expenses", "members are sent a receipt",
// "customers get told the delivery date").
// The reading drops "are", and reads "get" before a participle as it, so
// "drivers are charged a fee" and "drivers charge a fee" hold the same
// tokens; but the one pays the fee and the other asks it (swaps18.txt).
// A passive with no such object reads as its active ("tests are run with
// jest", "tests run with jest"), and so does one with a span or a count
// after it ("orders are shipped a day later", "orders are shipped the
// next day", "jobs are retried a few times": spanAhead). A text with
// more such clauses than the other is never the same learning: "a fee is
// charged to drivers" goes with the active, which errs towards two
// learnings.
func givenThings(s string) int {
	var ws []clauseToken
	for f := range strings.FieldsSeq(fold(s)) {
		w, end := clauseWord(f)
		ws = append(ws, clauseToken{w, end})
	}
	n := 0
	for i, x := range ws {
		if x.end || !beOrGet(x.w) {
			continue
		}
		j := i + 1
		if j < len(ws) && !ws[j].end && passiveAdverb(ws[j].w) {
			j++ // "are also charged a fee"
		}
		if j+2 < len(ws) && !ws[j].end && !ws[j+1].end && isParticiple(ws[j].w) && givenOpener(ws[j+1].w) &&
			!countWord(ws[j+2].w) && !spanAhead(ws[j+2:]) {
			n++
		}
	}
	return n
}

// clauseToken is a word as clauseWord reads it, and whether its clause
// ends after it.
type clauseToken struct {
	w   string
	end bool
}

// spanPhraseWords is how many words after the opener of a passive's object
// spanAhead reads: enough for "the following Monday" and "the same
// working day", not so many that it runs into the next phrase.
const spanPhraseWords = 3

// spanAhead reports whether the phrase that opens ws, up to its clause's
// end, a preposition, a determiner or spanPhraseWords words, names a span
// of time or a day: "orders are shipped the next day", "reports are run
// the night before", "jobs are retried the following Monday", where "the"
// opens no thing given ("drivers are charged the parking fee"). A
// determiner opens the next phrase: in "staff are paid their wages every
// week" the span follows the thing given.
func spanAhead(ws []clauseToken) bool {
	for i, x := range ws {
		if i == spanPhraseWords || i > 0 && (phraseStop(x.w) || givenOpener(x.w) || spanDeterminer(x.w)) {
			return false
		}
		if spanWord(ws, i) {
			return true
		}
		if x.end {
			return false
		}
	}
	return false
}

// spanWord reports whether ws[i] names a time in a passive's object: a
// word of isTimeWord, but a number only as a time of day or a date
// ("17:00", "5pm", "2026-03-01") or before a word of time in its clause
// ("2 days later"), so that "drivers are charged the 5 pound fee" gives
// them a fee and is not read as "drivers charge the 5 pound fee".
func spanWord(ws []clauseToken, i int) bool {
	w := ws[i].w
	if w == "" || w[0] < '0' || '9' < w[0] {
		return isTimeWord(w)
	}
	if strings.ContainsAny(w, ":-/") || strings.HasSuffix(w, "am") || strings.HasSuffix(w, "pm") {
		return true
	}
	if ws[i].end || i+1 == len(ws) {
		return false
	}
	next := ws[i+1].w
	return next != "" && (next[0] < '0' || '9' < next[0]) && isTimeWord(next)
}

// phraseStop reports a word that closes the object of a passive: a
// preposition or a word that opens a clause.
func phraseStop(w string) bool {
	switch w {
	case "by", "at", "on", "in", "for", "to", "from", "with", "of", "after", "before", "and", "or", "if", "when", "so", "until", "via", "over":
		return true
	}
	return false
}

// spanDeterminer reports a determiner, other than givenOpener's, that
// opens a phrase after a passive's object ("every week", "each month").
func spanDeterminer(w string) bool {
	switch w {
	case "every", "each", "per", "this", "that", "these", "those":
		return true
	}
	return false
}

// beOrGet, passiveAdverb, givenOpener and countWord are switches, not
// maps: a map would be built at package init (see isPronoun).
func beOrGet(w string) bool {
	switch w {
	case "is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "gotten", "getting":
		return true
	}
	return false
}

// passiveAdverb reports a word that may stand between "be" and its
// participle.
func passiveAdverb(w string) bool {
	switch w {
	case "also", "always", "still", "not", "never", "only", "then", "now", "usually", "often":
		return true
	}
	return strings.HasSuffix(w, "ly")
}

// givenOpener reports a word that opens the object of a passive whose
// subject is given it.
func givenOpener(w string) bool {
	switch w {
	case "a", "an", "the", "their", "his", "her", "its", "our", "your", "my":
		return true
	}
	return false
}

// countWord reports a word that makes "a" a count or a span, not an
// object: "a few times", "a second time", "a maximum of".
func countWord(w string) bool {
	switch w {
	case "few", "couple", "little", "bit", "lot", "second", "maximum", "minimum", "total", "number", "fortnight", "quarter":
		return true
	}
	return false
}

// middleNotAPlace reports whether a writes "middle", "centre" or "center",
// which b does not write, other than as the place "the middle of" a
// thing, or "the middle" closing a clause: the middle of a loaf or a car
// park is its centre (decisionGroups), but a setting's value is written
// one way ("set align-items to center"; "middle" is no value of it), a
// "middle locker" or a "cost centre" is a name, and "vertical-align:
// middle" is not "text-align: center".
func middleNotAPlace(a, b string) bool {
	fa, fb := fold(a), fold(b)
	if !anyWord(fa, isMiddleForm) {
		return false
	}
	prev, at := "", ""
	for f := range strings.FieldsSeq(fa) {
		w, end := clauseWord(f)
		if at != "" {
			if w != "of" {
				return true
			}
			at = ""
		}
		if isMiddleForm(w) && !anyWord(fb, func(f string) bool { return f == w }) {
			if prev != "the" {
				return true
			}
			if !end {
				at = w
			}
		}
		prev = w
		if end {
			prev = ""
		}
	}
	return at != ""
}

// anyWord reports whether a word of the folded text is one that is
// reports.
func anyWord(folded string, is func(string) bool) bool {
	for f := range strings.FieldsFuncSeq(folded, notWordRune) {
		if is(f) {
			return true
		}
	}
	return false
}

func isMiddleForm(w string) bool {
	switch w {
	case "middle", "centre", "center":
		return true
	}
	return false
}

// clauseWord is the word of a whitespace-separated piece f of a folded
// text without the marks around it, and whether a mark that ends a
// sentence or a clause follows it.
func clauseWord(f string) (w string, end bool) {
	w = strings.Trim(f, "*_`\"'()[]")
	t := strings.TrimRight(w, ".,;:!?")
	return t, t != w
}

// placedNowhere reports whether a form of "place" in a, which b does not
// write, has no word of where after it in its sentence or clause: a word
// of place ("on", "into", "behind") not followed by a time ("in March",
// "on Fridays", "in the morning").
func placedNowhere(a, b string) bool {
	fa := fold(a)
	if !placesThing(fa) || placesThing(fold(b)) {
		return false
	}
	placed, where, pending := false, false, false
	prev := ""
	for f := range strings.FieldsSeq(fa) {
		w, end := clauseWord(f)
		takes := isTakeForm(prev)
		prev = w
		switch {
		case isPlaceForm(w) && !takes:
			if placed && !where {
				return true
			}
			placed, where, pending = true, false, false
		case !placed || where:
		case pending && isArticle(w):
		case pending:
			where, pending = !isTimeWord(w), false
		case isWhereWord(w):
			pending = true
		}
		if end && placed {
			if !where {
				return true
			}
			placed, pending = false, false
		}
	}
	return placed && !where
}

// isPlaceForm, isWhereWord, isArticle and isTimeWord are switches, not
// maps: a map would be built at package init (see isPronoun).
// placesThing reports whether the folded text writes a form of "place"
// that may put a thing somewhere: not the noun of "takes place", which
// says an event is held (phrases.go).
func placesThing(folded string) bool {
	prev := ""
	for f := range strings.FieldsFuncSeq(folded, notWordRune) {
		if isPlaceForm(f) && !isTakeForm(prev) {
			return true
		}
		prev = f
	}
	return false
}

func isTakeForm(w string) bool {
	switch w {
	case "take", "takes", "took", "taken", "taking":
		return true
	}
	return false
}

func isPlaceForm(w string) bool {
	switch w {
	case "place", "places", "placed", "placing":
		return true
	}
	return false
}

// isWhereWord reports a word that says where a thing placed goes, when no
// time follows it.
func isWhereWord(w string) bool {
	switch w {
	case "in", "on", "into", "onto", "under", "inside", "behind", "beside", "next", "near", "over", "above",
		"below", "between", "within", "among", "outside", "underneath", "beneath":
		return true
	}
	return false
}

func isArticle(w string) bool {
	switch w {
	case "the", "a", "an", "each", "every", "this", "that", "its", "their", "our", "your":
		return true
	}
	return false
}

// isTimeWord reports a word that names a time after "in" or "on" ("in
// March", "on Fridays", "in 2 weeks", "in the morning"); a number counts
// as one, which errs towards two instructions.
func isTimeWord(w string) bool {
	if w == "" || '0' <= w[0] && w[0] <= '9' {
		return true
	}
	switch strings.TrimSuffix(w, "s") {
	case "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekday", "weekend",
		"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
		"november", "december", "morning", "afternoon", "evening", "night", "day", "week", "month", "year",
		"time", "advance", "future", "past", "summer", "winter", "spring", "autumn", "fall", "season",
		"term", "holiday", "hour", "minute", "moment", "noon", "midday", "midnight":
		return true
	}
	return false
}
