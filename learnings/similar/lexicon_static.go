package similar

// The lexicon is not built from the word tables at run time: every run of
// learn that reads text this way (each recall, store and summarise) paid
// for reading the tables, stemming their words, making the forms of every
// word of phrases and hashing each into the table, 6.5 M instructions and
// about a millisecond. lexicon_data.go holds the result, written from the
// tables by newLexicon (TestLexiconData fails when it is stale; `go test
// ./learnings/similar -run TestLexiconData -update` writes it again), and
// loadLexicon only links its entries together.

// lexRecord is one entry of lexData: a lexEntry with its strings cut
// from lexText and its links to other entries and phrases as positions in
// lexData and lexPhraseData, so that the data holds no pointer at all: the
// collector never reads it (with strings and slices of its own, marking
// the roots took each collection 1.5 M instructions more).
type lexRecord struct {
	word, opener, relation, number, unit, american, same, change lexString
	flags                                                        lexFlags
	// synonym and phrase are positions in lexData plus one, 0 for none.
	synonym, phrase uint16
	// ends and splits are runs of lexLinks: positions in lexPhraseData.
	ends, splits lexRun
	// slot is the entry's place in the table of lexTableSize slots,
	// where lexTable.put, putting the entries in this order, puts it.
	slot uint16
}

// lexPhrase is one phrase of lexPhraseData, its words a run of lexLinks:
// positions in lexData.
type lexPhrase struct {
	words lexRun
	to    lexString
}

// lexString is the string of lexText at its offset, shifted left by 8
// bits, and of its length, in the low 8 bits; 0 is "".
type lexString uint32

func (s lexString) String() string { return lexText[s>>8 : s>>8+s&0xff] }

// lexRun is the run of lexLinks at its offset, shifted left by 8 bits, and
// of its length, in the low 8 bits.
type lexRun uint32

func (r lexRun) links() []uint16 { return lexLinks[r>>8 : r>>8+r&0xff] }

// lexFlags are a lexEntry's booleans.
type lexFlags uint16

const (
	lexNegation lexFlags = 1 << iota
	lexNegationTerm
	lexStop
	lexFiller
	lexFillerStem
	lexGeneric
	lexPhraseReading
	lexMayLack
)

// loadLexicon makes the lexicon of lexData: its entries in one block, the
// links between them resolved, each at its slot of a table of
// lexTableSize. Built from the tables it cost recall on the default 1 MB
// memory 6.5 M instructions; loaded, 1.5 M, where hashing each word into
// the table again cost 1.9 M (callgrind, each counting its function
// alone).
func loadLexicon() *lexTable {
	entries := make([]lexEntry, len(lexData))
	phrases := make([]phrase, len(lexPhraseData))
	n := 0
	for _, p := range lexPhraseData {
		n += len(p.words.links())
	}
	words := make([]*lexEntry, n)
	for i, p := range lexPhraseData {
		at := p.words.links()
		ws := words[:len(at):len(at)]
		words = words[len(at):]
		for j, w := range at {
			ws[j] = &entries[w]
		}
		phrases[i] = phrase{words: ws, to: p.to.String()}
	}
	all := make([]*phrase, len(phrases))
	for i := range phrases {
		all[i] = &phrases[i]
	}
	markWaits(all)
	n = 0
	for _, r := range lexData {
		n += len(r.ends.links()) + len(r.splits.links())
	}
	links := make([]*phrase, n)
	linked := func(r lexRun) []*phrase {
		at := r.links()
		if len(at) == 0 {
			return nil
		}
		ps := links[:len(at):len(at)]
		links = links[len(at):]
		for j, p := range at {
			ps[j] = &phrases[p]
		}
		return ps
	}
	t := lexTable{slots: make([]*lexEntry, lexTableSize), maxLen: lexMaxLen}
	for i := range lexData {
		r, e := &lexData[i], &entries[i]
		e.word, e.opener, e.relation, e.number = r.word.String(), r.opener.String(), r.relation.String(), r.number.String()
		e.unit, e.american, e.same, e.change = r.unit.String(), r.american.String(), r.same.String(), r.change.String()
		e.negation, e.negationTerm = r.flags&lexNegation != 0, r.flags&lexNegationTerm != 0
		e.stop, e.filler, e.fillerStem = r.flags&lexStop != 0, r.flags&lexFiller != 0, r.flags&lexFillerStem != 0
		e.generic, e.phraseReading, e.mayLack = r.flags&lexGeneric != 0, r.flags&lexPhraseReading != 0, r.flags&lexMayLack != 0
		e.ends, e.splits = linked(r.ends), linked(r.splits)
		if r.synonym != 0 {
			e.synonym = &entries[r.synonym-1]
		}
		if r.phrase != 0 {
			e.phrase = &entries[r.phrase-1]
		}
		t.slots[r.slot] = e
	}
	return &t
}
