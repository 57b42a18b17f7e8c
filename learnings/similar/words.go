package similar

// The word tables: what the same-learning analysis knows of English words.
// Each table is a plain list a reader can extend; the lexicon folds them
// into one entry per word so that reading a text looks each word up once.

import "sync"

// lexEntry is what the word tables say of one word, so that reading a
// word takes one look-up (lexTable) rather than one per table.
type lexEntry struct {
	word string
	// negation is negationWords, negationTerm the negations features
	// count.
	negation, negationTerm            bool
	stop, filler, fillerStem, generic bool
	// opener, relation, number and unit are the values of those tables,
	// "" when the word is not in them (no value is empty).
	opener, relation, number, unit string
	// synonym is the entry of the word this one is a spelling of.
	synonym *lexEntry
	// american is the American spelling of a British one (americanWords),
	// same the stem a stem is read as (sameStems); "" for none.
	american, same string
	// change is what oneChange reads the stem as when a group of
	// looseGroups holds it or the head of its lexicon group ("" for
	// none): it takes the place of same there.
	change string
	// phrase is the entry of the base form of a word of phrases
	// (phrases.go), nil for a word of none; ends are the runs of
	// phrases a base form ends, longest first; phraseReading marks the
	// forms of a word some run is read as.
	phrase        *lexEntry
	ends          []*phrase
	phraseReading bool
	// mayLack marks the base form of a word of a run that a text saying
	// the same may not hold: every word of a run but the one it is read
	// as ("main" of "main reason", read as "reason"), which phraseWord
	// counts as possibly present.
	mayLack bool
	// splits are the phrasal verbs of phrases whose verb this base form
	// is ("log out", "set up"), which a text may split with an object
	// ("logs users out"; see tokenizer.split).
	splits []*phrase
	// stopOnly marks an entry of anchorStops that is no word of the
	// tables, only a token one of them may give.
	stopOnly bool
}

// known reports an entry of a word of the tables.
func (e *lexEntry) known() bool { return e != noEntry && !e.stopOnly }

var (
	// lexicon is loaded on first use, from lexicon_data.go (see
	// loadLexicon: 1.5 M instructions, 1.3 MB in six allocations,
	// BenchmarkLoadLexicon): a run of learn that reads no text this way
	// (learn --version, most hook events) does not pay for it at
	// start-up.
	lexicon = sync.OnceValue(loadLexicon)
	noEntry = new(lexEntry)
)

// lexTable is an open-addressing hash table of the lexicon: reading a text
// looks up every word, most of them in no table, and a small hash over
// short keys beats a map's.
type lexTable struct {
	slots  []*lexEntry
	maxLen int
}

func newLexTable(m map[string]*lexEntry) lexTable {
	t := emptyLexTable(len(m))
	for _, e := range m {
		t.put(e)
	}
	return t
}

// emptyLexTable is a lexTable with room for n entries: at least 1024
// slots, and four for each entry.
func emptyLexTable(n int) lexTable {
	t := lexTable{slots: make([]*lexEntry, 1024)}
	for len(t.slots) < 4*n {
		t.slots = make([]*lexEntry, 2*len(t.slots))
	}
	return t
}

// put adds e, whose word the table does not hold, at the first free slot
// of its search.
func (t *lexTable) put(e *lexEntry) {
	i := t.slot(e.word)
	for t.slots[i] != nil {
		i = (i + 1) & (len(t.slots) - 1)
	}
	t.slots[i] = e
	t.maxLen = max(t.maxLen, len(e.word))
}

// slot is where w's search starts: a hash of its length and its first
// two, middle and last two bytes, cheap for the many words in no table
// (lookup compares whole words). The second and second-to-last bytes tell
// apart the inflections phrases adds ("stops", "stopped"): with the
// lexicon's 4674 words in 32768 slots, the average search over the words
// of testdata/pairs.txt is 1.13 slots, against 1.34 on the first, middle
// and last bytes alone.
func (t lexTable) slot(w string) int {
	n := len(w)
	if n == 0 {
		return 0
	}
	h := uint32(n)*0x9e3779b1 ^ uint32(w[0])*0x85ebca6b ^ uint32(w[min(1, n-1)])*0xd3a2646c ^
		uint32(w[n/2])*0xc2b2ae35 ^ uint32(w[max(0, n-2)])*0x165667b1 ^ uint32(w[n-1])*0x27d4eb2f
	h ^= h >> 15
	return int(h) & (len(t.slots) - 1)
}

// lookup is the lexicon entry of w, an empty one for a word no table has.
func lookup(w string) *lexEntry { return lexicon().lookup(w) }

// lookup is the entry of w in the table. A reader that looks up every
// word of a text fetches the table once for the text and asks it, rather
// than going through lexicon's sync.OnceValue for every word.
func (lex *lexTable) lookup(w string) *lexEntry {
	if len(w) > lex.maxLen {
		return noEntry
	}
	for i := lex.slot(w); ; i = (i + 1) & (len(lex.slots) - 1) {
		e := lex.slots[i]
		if e == nil {
			return noEntry
		}
		if e.word == w {
			return e
		}
	}
}

// lexEntries are the lexicon's entries by word, as newLexicon gathers
// them before it puts them in the table.
type lexEntries map[string]*lexEntry

// entry is the entry of w, made when the tables have not named it yet.
func (m lexEntries) entry(w string) *lexEntry {
	e := m[w]
	if e == nil {
		e = &lexEntry{word: w}
		m[w] = e
	}
	return e
}

// newLexicon builds the lexicon from the word tables: TestLexiconData
// writes what it builds to lexicon_data.go, which every run loads
// (loadLexicon) instead of building it again.
func newLexicon() lexTable {
	m := lexEntries{}
	fillWordTables(m.entry)
	fillLex(m.entry, americanWords(), func(e *lexEntry) *string { return &e.american })
	same := sameStems()
	fillLex(m.entry, same, func(e *lexEntry) *string { return &e.same })
	addLoose(m, same)
	addPhrases(m.entry)
	return newLexTable(m)
}

// fillWordTables puts each word table's value (true for a set) in its
// field of the entry of its word, and links each synonym to its word's
// entry.
func fillWordTables(entry func(w string) *lexEntry) {
	fillLex(entry, negationWords, func(e *lexEntry) *bool { return &e.negation })
	fillLex(entry, negations, func(e *lexEntry) *bool { return &e.negationTerm })
	fillLex(entry, stopwords, func(e *lexEntry) *bool { return &e.stop })
	fillLex(entry, fillerWords, func(e *lexEntry) *bool { return &e.filler })
	fillLex(entry, fillerStems, func(e *lexEntry) *bool { return &e.fillerStem })
	fillLex(entry, genericWords, func(e *lexEntry) *bool { return &e.generic })
	fillLex(entry, clauseOpeners, func(e *lexEntry) *string { return &e.opener })
	fillLex(entry, relationWords, func(e *lexEntry) *string { return &e.relation })
	fillLex(entry, numberWords, func(e *lexEntry) *string { return &e.number })
	fillLex(entry, units, func(e *lexEntry) *string { return &e.unit })
	for w, v := range synonyms {
		entry(w).synonym = entry(v)
	}
}

// fillLex stores each value of table in field of the entry of its word.
func fillLex[V any](entry func(w string) *lexEntry, table map[string]V, field func(*lexEntry) *V) {
	for w, v := range table {
		*field(entry(w)) = v
	}
}

// irregularParticiples are the past participles no "-ed" ends. "Paid",
// "told", "sold" and their like are here so that "get" before them is the
// "be" of a passive ("pickers get paid a bonus", "pickers are paid a
// bonus": swaps18.txt).
var irregularParticiples = setOf("run", "built", "written", "done", "made", "kept", "set", "put", "sent",
	"shown", "taken", "given", "read", "found", "held", "hidden", "known", "seen", "thrown", "split",
	"bound", "broken", "chosen", "driven", "frozen", "spun", "stuck", "torn", "won", "cut", "shut", "left", "rebuilt", "rewritten",
	"paid", "told", "sold", "bought", "brought", "caught", "taught", "lost", "spent", "lent", "fed", "led", "heard", "hurt", "laid")

var openerTokens = valueSet(clauseOpeners)

// unitTokens are the units as the tokenizer spells them.
var unitTokens = valueSet(units)

// negationWords negate the next word that carries meaning.
// "Unable to X" is "cannot X".
var negationWords = setOf("not", "no", "never", "avoid", "cannot", "neither", "none", "dont", "unable")

// clauseOpeners start a clause and stay as its first word; several
// spellings of one relation share a token: a condition is written with
// "if" or "when" alike ("fails if the label is missing", "fails when the
// label is missing").
var clauseOpeners = map[string]string{
	"before": "before", "after": "after", "until": "until", "unless": "unless",
	// "Check whether the dock is online" asks what "check if" does.
	"if": "when", "whether": "when", "when": "when", "whenever": "when", "once": "when",
	"while": "while", "whilst": "while", "whereas": "while",
	"although": "although", "though": "although",
}

// relationWords are stop words elsewhere that decide which way a relation
// goes ("prefer tabs over spaces", "from jest to vitest"). "Above" is
// "over" as "under" is "below": "above 50 loaves" is "over 50 loaves".
var relationWords = map[string]string{
	"over": "over", "than": "over", "then": "then", "vs": "vs", "versus": "vs", "per": "per", "without": "without",
	"above": "over", "below": "below", "under": "below",
}

// fillerWords say nothing a learning depends on: "use X" states what "X"
// as a tool choice does, and "the project", "make sure" or "remember"
// frame a learning without changing it.
var fillerWords = setOf("use", "uses", "using", "used", "utilize", "utilise", "ensure", "remember",
	"note", "important", "importantly", "crucial", "essential", "vital", "currently", "presently", "actually", "really", "simply", "basically",
	"project", "project's", "repo", "repository", "codebase",
	// "You need to", "you must" and "it is required to" ask the same;
	// "all", "every" and "each" rarely change what an instruction says.
	"need", "all", "every", "each",
	// "Is not able to" is "cannot"; "extremely" and "roughly" grade a
	// statement the way "very" (a stop word) does.
	"able", "capable", "extremely", "roughly", "approximately",
	// "Around 3 s" is "roughly 3 s"; "quite" and "fairly" grade as
	// "very" does; "additionally", "moreover" and "furthermore" add a
	// fact the way "also" (a stop word) does; "definitely",
	// "certainly" and "essentially" stress as "really" does.
	"around", "approx", "quite", "fairly", "additionally", "moreover", "furthermore",
	"definitely", "certainly", "essentially",
	// "While the array is still producing" is "while it is producing":
	// "still" stresses that a state goes on, and "no longer" (a
	// negation) is what changes it.
	"still")

// fillerStems are filler words matched by stem: "employs" and "leverages"
// say what "uses" does, and so do "utilizes" and "utilised".
var fillerStems = stemmedSet("use", "ensure", "remember", "employ", "leverage", "utilize")

// synonyms are spellings of one word.
var synonyms = map[string]string{
	"requires": "need", "require": "need", "required": "need", "needs": "need", "needed": "need",
	"execute": "run", "executes": "run", "executed": "run",
	"directory": "dir", "directories": "dir", "folder": "dir", "folders": "dir",
	"configuration": "config", "configurations": "config", "configs": "config",
	"documentation": "doc", "docs": "doc",
	"start-up": "startup", "e-mail": "email",
	// Hyphenated words read as their parts (see tokenizer.one) unless
	// they are here.
	"sign-off": "approval", "signoff": "approval", "out-of-date": "outdated", "double-check": "check",
	// A run of phrases written as one word, as people often write the
	// verb too ("setup the runner", "cleanup the buckets").
	"setup": "configure", "cleanup": "clean", "rollback": "revert", "signup": "register",
	"db": "database", "dbs": "database", "prod": "production", "env": "environment", "envs": "environment",
	// Short forms of common nouns; "mandatory" and "necessary" say
	// "required" (read as "need").
	"app": "application", "apps": "applications", "info": "information",
	"var": "variable", "vars": "variables", "admin": "administrator", "admins": "administrators",
	"msg": "message", "msgs": "messages", "non-existent": "nonexistent",
	// Too short to stem: "PRs" is "pr", which "pull request" reads as
	// (phrases.go).
	"prs": "pr",
	// "Regarding X" is "about X" (a stop word).
	"regarding": "about",
	"mandatory": "need", "compulsory": "need", "obligatory": "need", "necessary": "need",
	// Past forms British English spells with a "t".
	"learnt": "learned", "spelt": "spelled", "burnt": "burned", "dreamt": "dreamed",
	"spilt": "spilled", "spoilt": "spoiled", "leapt": "leaped",
	// Words that say "perform" a task: "runs a backup", "performs a
	// backup" (execute is above).
	"perform": "run", "performs": "run", "performed": "run", "performing": "run",
	"k8s": "kubernetes", "js": "javascript", "ts": "typescript", "through": "via",
}

// numberWords are written as digits, so that "two" and "2" are one value.
var numberWords = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
	"seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
	"thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
	"eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40",
	"fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
	"hundred": "100", "thousand": "1000", "million": "1000000", "billion": "1000000000",
	"single": "1", "twice": "2x",
}

// units are spelt one way after a number.
var units = map[string]string{
	"s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
	"ms": "ms", "msec": "ms", "millisecond": "ms", "milliseconds": "ms",
	"m": "min", "min": "min", "mins": "min", "minute": "min", "minutes": "min",
	"h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
	"d": "d", "day": "d", "days": "d",
	"percent": "%", "pct": "%",
	"kb": "kb", "mb": "mb", "gb": "gb", "tb": "tb", "kib": "kib", "mib": "mib", "gib": "gib",
	"x": "x",
}

// valueSet is the set of a map's values: the spellings the tokenizer
// writes for the words of a table.
func valueSet(m map[string]string) map[string]bool {
	out := make(map[string]bool, len(m))
	for _, v := range m {
		out[v] = true
	}
	return out
}

// negations mark a learning as saying what not to do. "avoid" counts: "avoid
// X" and "use X" give opposite advice.
var negations = setOf("not", "no", "never", "nor", "cannot", "without", "avoid", "neither", "none", "unable")

var stopwords = setOf(
	"a", "an", "the", "and", "or", "but", "if", "then", "so", "to", "of", "in", "on", "at", "by",
	"for", "with", "from", "as", "into", "onto", "about", "over", "than", "too", "via", "per",
	"is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done",
	"have", "has", "had", "will", "would", "shall", "should", "can", "could", "may", "might", "must",
	"it", "its", "this", "that", "these", "those", "there", "here", "which", "what", "who", "whom",
	"we", "you", "i", "they", "he", "she", "us", "our", "your", "their", "my", "me", "them",
	"also", "just", "very", "always", "please", "because", "since", "while", "when", "how", "why",
	"e.g", "i.e", "etc", "instead",
	// "Or else" is "or", "something else" is "something".
	"else",
)

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// genericWords carry little of a learning's meaning: the verbs and nouns any
// instruction uses. They are stored stemmed, as terms are.
var genericWords = stemmedSet("use", "run", "need", "make", "write", "get", "set", "put", "keep",
	"live", "file", "work", "add", "want", "prefer", "like", "thing", "way", "new", "call", "start",
	"see", "check", "take", "give", "try", "go", "find", "know", "one")

func stemmedSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[stem(w)] = true
	}
	return m
}
