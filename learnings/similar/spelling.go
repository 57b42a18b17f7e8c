package similar

// Words people use for one another: the synonyms and the British and
// American spellings that a rewording changes without changing the fact.
// Both readings (the features behind Score and the same-learning analysis)
// write each word of these tables one way, so "Begin the dev server" and
// "Start the dev server" hold the same tokens, and so do "colour" and
// "color". A word not in a table keeps its own meaning: a tool, a value or
// a name that differs is still a change.

import (
	"slices"
	"strings"
	"sync"
)

// sameWords are groups of words a learning uses interchangeably; the first
// word of each group is the one they are all read as. A word is matched by
// its stem, so each group covers its inflections ("began" and "begun" are
// listed: stemming does not reach them). Keep a group to words that mean
// the same in a learning about software whatever the sentence: "fetch" is
// also an API, so it is not here.
//
// Besides synonyms proper, a group may hold the words that play one role
// in how a learning is worded rather than in what it is about: the verbs a
// learning states a wish, a showing, an end or a failure with ("wants" and
// "prefers", "shows" and "displays", "finishes" and "completes", "fails"
// and "breaks"). A learning names its subject with the rarer words it
// keeps (the tool, the command, the path, the number), and a rewording
// swaps these common ones freely. Never group opposites ("pass" and
// "fail", "show" and "hide") nor verbs that name an action a learning is
// about ("run", "skip", "build", "merge"): those are the value an update
// changes.
var sameWords = []string{
	"start begin began begun startup launch commence initiate",
	"stop halt cease discontinue",
	"remove delete erase eliminate",
	"fast quick quickly rapid rapidly speedy swiftly",
	"faster quicker",
	"slow sluggish laggy slowly sluggishly",
	"big large huge enormous massive immense giant vast",
	"bigger larger",
	"small tiny minuscule",
	"smaller tinier",
	"often frequently",
	"allow permit let",
	"forbid forbade forbidden prohibit ban disallow",
	"modify alter change adjust tweak edit amend revise modification alteration adjustment",
	"verify confirm check inspect examine validate investigate",
	"wrong incorrect erroneous",
	// The roles of wording (see above).
	"want prefer like wish favor love enjoy desire",
	"show shown display print reveal demonstrate exhibit illustrate",
	"finish complete end conclude finalize",
	"fail break broke broken crash malfunction faulty defective",
	"hang freeze stall froze frozen stuck hung unresponsive jam",
	"help assist aid facilitate assistance",
	"try attempt endeavor",
	"choose chose chosen pick select opt decide",
	"usually normally commonly typically generally",
	"easy simple straightforward trivial",
	"hard difficult tricky challenging tough",
	"explain describe",
	"happen occur arise arose arisen",
	"seem appear",
	"keep kept retain preserve",
	"fix repair resolve rectify remediate solve solution",
	"say mention said",
}

// sameStems maps the stem of each word of sameWords, and of the
// inflections stemming leaves apart from it ("verified" stems to "verifi",
// "verify" to "verify"), to the stem of its group's first word. The
// lexicon holds it (lexEntry.same), and the store filter reads its groups
// from there (groupStems): newLexicon alone reads it, when TestLexiconData
// writes lexicon_data.go, so no run of learn reads it.
var sameStems = sync.OnceValue(readSameStems)

func readSameStems() map[string]string {
	m := map[string]string{}
	for _, g := range decisionTables() {
		ws := strings.Fields(g)
		head := stem(ws[0])
		for _, w := range ws {
			for _, form := range inflections(w) {
				m[stem(form)] = head
			}
		}
	}
	joinGroups(m)
	addNominals(m)
	return m
}

// inflections are w and the forms of it whose stem may differ from w's:
// "-ied" and "-ies" for a final "y", "-ing" and "-d" for a final "e".
func inflections(w string) []string {
	switch base := w[:len(w)-1]; w[len(w)-1] {
	case 'y':
		return []string{w, base + "ied", base + "ies"}
	case 'e':
		return []string{w, base + "ing", w + "d"}
	}
	return []string{w}
}

// britishRoots are British spellings with an American one that differs
// inside the word, with the inflections stemming leaves apart: "colour",
// "colours", "coloured" are read as "color", "colors", "colored". Built on
// first use: a map literal is built at package init, whose allocations
// cmd/learn's TestInitAllocations caps.
var britishRoots = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"tyre": "tire", "kerb": "curb", "storey": "story", "draught": "draft", "plough": "plow",
		"practise": "practice", "pretence": "pretense", "jewellery": "jewelry", "instalment": "installment",
		"enrolment": "enrollment", "skilful": "skillful", "wilful": "willful", "cosy": "cozy",
		"colour": "color", "behaviour": "behavior", "favour": "favor", "honour": "honor",
		"flavour": "flavor", "labour": "labor", "neighbour": "neighbor", "humour": "humor",
		"rumour": "rumor", "armour": "armor", "harbour": "harbor", "vapour": "vapor",
		"endeavour": "endeavor", "savour": "savor", "odour": "odor",
		"centre": "center", "metre": "meter", "litre": "liter", "fibre": "fiber", "theatre": "theater",
		"licence": "license", "defence": "defense", "offence": "offense",
		"catalogue": "catalog", "dialogue": "dialog", "analogue": "analog",
		"cancelled": "canceled", "cancelling": "canceling", "travelled": "traveled",
		"travelling": "traveling", "modelled": "modeled", "modelling": "modeling",
		"labelled": "labeled", "labelling": "labeling", "levelled": "leveled",
		"signalled": "signaled", "signalling": "signaling", "totalled": "totaled",
		"fuelled": "fueled", "marshalled": "marshaled", "marshalling": "marshaling",
		"channelled": "channeled", "tunnelling": "tunneling", "dialled": "dialed",
		"grey": "gray", "programme": "program", "programmes": "programs",
		"judgement": "judgment", "acknowledgement": "acknowledgment", "ageing": "aging",
		"enrol": "enroll", "fulfil": "fulfill", "artefact": "artifact", "artefacts": "artifacts",
		"focussed": "focused", "focussing": "focusing", "disc": "disk", "mould": "mold",
		"aluminium": "aluminum", "enquiry": "inquiry", "enquire": "inquire",
	}
})

// britishSuffixes are the endings a British root takes that stemming does
// not strip.
var britishSuffixes = []string{"", "s", "ed", "ing", "ful", "ite", "ites", "able", "less", "d"}

// americanWords holds every British spelling britishRoots gives with its
// suffixes, read the American way.
func americanWords() map[string]string {
	m := make(map[string]string, len(britishRoots())*len(britishSuffixes))
	for gb, us := range britishRoots() {
		for _, s := range britishSuffixes {
			m[gb+s] = us + s
		}
	}
	return m
}

// notIse reports a common word ending in "ise" that has no "ize"
// spelling. Reading one with a "z" is harmless when both texts hold it,
// but it would make it look like a spelling variant and keep it from its
// lexicon group ("imprecise"). A switch, not a set: a map would be built
// at package init (see isPronoun).
func notIse(w string) bool {
	switch w {
	case "promise", "precise", "imprecise", "concise", "exercise", "otherwise", "likewise",
		"clockwise", "raise", "noise", "wise", "rise", "arise", "advise", "revise", "devise",
		"supervise", "enterprise", "surprise", "expertise", "compromise", "premise", "franchise",
		"merchandise", "disguise", "paradise", "praise", "cruise", "poise", "improvise", "treatise",
		"demise", "excise", "televise", "bruise", "chemise", "incise", "despise", "reprise", "mise",
		"anise", "guise", "vise", "apprise", "comprise":
		return true
	}
	return false
}

// american writes a British spelling of a lower-case word the American
// way: "colour" as "color", "optimise", "optimised" and "optimisation" as
// "optimize", "optimized" and "optimization", "analyse" as "analyze".
// Other words come back as they are.
func american(w string) string { return americanOf(w, lookup(w)) }

// americanOf is american given w's lexicon entry, which holds the
// spellings of britishRoots.
func americanOf(w string, lx *lexEntry) string {
	if lx.american != "" {
		return lx.american
	}
	if len(w) < 6 {
		return w
	}
	if ruleTrigger(w) {
		if us, ok := americanByRule(w); ok {
			return us
		}
	}
	if !iseTail(w) {
		return w
	}
	for _, suf := range iseSuffixes {
		base, ok := strings.CutSuffix(w, suf)
		if !ok || len(base) < 3 {
			continue
		}
		if c := base[len(base)-1]; c != 'i' && c != 'y' {
			continue
		}
		if notIse(base + "se") {
			return w
		}
		return base + "z" + suf[1:]
	}
	return w
}

// iseTail reports whether "is" or "ys" is among the last eight bytes of
// w, where every ending of iseSuffixes starts: most words have neither,
// and reading every word of a large memory looks them up.
func iseTail(w string) bool {
	for i := max(1, len(w)-8); i < len(w); i++ {
		if w[i] == 's' && (w[i-1] == 'i' || w[i-1] == 'y') {
			return true
		}
	}
	return false
}

// iseSuffixes are the endings of the "-ise" and "-yse" family after the
// vowel: "optimise", "optimised", "optimisation".
var iseSuffixes = []string{"se", "sed", "ses", "sing", "ser", "sers", "sation", "sations", "sable"}

// americanByRule writes the British spellings that follow a suffix rule
// the American way, for the words no table lists: "-our" as "-or"
// ("odours", "savoury"), "-tre" and "-bre" as "-ter" and "-ber" ("lustre",
// "sombre"), "-ogue" as "-og" ("prologue"), "-elled" and "-elling" with
// one "l" ("marvelled"), and "scep-" as "skep-" ("sceptical"). ok is false
// when no rule applies. Both texts are read through it, so a word a rule
// wrongly respells still meets itself; the exceptions are words whose
// American spelling is the British one, which would otherwise no longer
// meet it.
func americanByRule(w string) (us string, ok bool) {
	if strings.HasPrefix(w, "scep") {
		return "skep" + w[4:], true
	}
	if i := strings.Index(w, "our"); i >= 2 {
		if root, rest := w[:i+3], w[i+3:]; !notOur(root) && slices.Contains(britishSuffixes, rest) {
			return w[:i] + "or" + rest, true
		}
	}
	for _, end := range [...]string{"tre", "bre"} {
		if i := strings.LastIndex(w, end); i >= 2 {
			switch rest := w[i+3:]; rest {
			case "", "s":
				return w[:i+1] + "er" + rest, true
			case "d":
				return w[:i+1] + "ered", true
			}
		}
	}
	if base, ok := strings.CutSuffix(w, "ogue"); ok && len(w) >= 8 {
		return base + "og", true
	}
	if base, ok := strings.CutSuffix(w, "ogues"); ok && len(w) >= 9 {
		return base + "ogs", true
	}
	if i := strings.LastIndex(w, "ell"); i >= 3 && i+3 >= 6 && !doubleL(w[:i+3]) {
		switch rest := w[i+3:]; rest {
		case "ed", "ing", "er", "ers":
			return w[:i+2] + rest, true
		}
	}
	return w, false
}

// ruleTrigger reports whether w holds a trigram some rule of
// americanByRule starts from ("our", "tre", "bre", "gue", "ell", "sce"):
// one pass over the last bytes, so that few words try the rules
// (BenchmarkAmericanOf, best of 6 on a shared machine: 8 ns a word without
// the rules, 20-39 ns with every word trying them, 16-17 ns behind this
// test; BenchmarkPrepare on the default, long and agent 10 MB memories
// costs the same within noise).
func ruleTrigger(w string) bool {
	if w[0] == 's' && w[1] == 'c' && w[2] == 'e' {
		return true
	}
	// Every other trigram ends within the last five bytes: the longest
	// ending after one is four ("-ourable", "-ourites").
	for i := max(2, len(w)-5); i < len(w); i++ {
		a, b, c := w[i-2], w[i-1], w[i]
		switch {
		case a == 'o' && b == 'u' && c == 'r',
			c == 'e' && b == 'r' && (a == 't' || a == 'b'),
			c == 'e' && b == 'u' && a == 'g',
			c == 'l' && b == 'l' && a == 'e':
			return true
		}
	}
	return false
}

// notOur reports a word ending in "our" that American English spells
// alike (a switch: see isPronoun).
func notOur(w string) bool {
	switch w {
	case "flour", "scour", "detour", "contour", "devour", "amour", "paramour", "troubadour", "velour", "yours":
		return true
	}
	return false
}

// doubleL reports a root ending in "ell" that keeps both "l"s in American
// English ("compelled", "excelling"), among them the compounds of a
// one-syllable verb ("misspelled", "upselling", "retelling").
func doubleL(root string) bool {
	switch root {
	case "excell", "compell", "propell", "repell", "dispell", "expell", "rebell", "impell":
		return true
	}
	for _, verb := range [...]string{"spell", "sell", "tell", "dwell", "smell", "swell", "shell", "quell", "yell"} {
		if strings.HasSuffix(root, verb) {
			return true
		}
	}
	return false
}
