package search

// ascii's table: an entry holds the state a byte leads to (as the index of
// its row), whether the byte starts a word (in the upper half, so that
// adding the entries counts the words) and whether to look at the byte.
const (
	stateBetween = 0 << 8 // between two words
	stateWord    = 1 << 8 // after a letter or digit
	stateJoiner  = 2 << 8 // after a joiner after a letter or digit
	stateMask    = 3 << 8

	stepLook  = 1 << 10 // a root may start at the byte, or it is beyond ASCII
	stepStart = 1 << 32 // the byte starts a word

	// maxASCII bounds the text ascii reads at once, so that its states
	// summed stay below stepStart.
	maxASCII = 1 << 22
)

// newSteps fills g.steps, by state and byte, with the state the byte
// leads to and its flags.
func (g *gate) newSteps() {
	for c := range 256 {
		b := byte(c)
		k := g.class[b]
		var between, word, joiner uint64
		switch {
		case k == classWide:
			between, word, joiner = stepLook, stepLook, stepLook
		case k&classWord != 0:
			between, word, joiner = stateWord|stepStart, stateWord, stateWord
			if g.starts[b] {
				between |= stepLook
				joiner |= stepLook
				if k&classUpper != 0 {
					word |= stepLook
				}
			}
		case k == classJoiner:
			word = stateJoiner
		}
		g.steps[stateBetween|c] = between
		g.steps[stateWord|c] = word
		g.steps[stateJoiner|c] = joiner
	}
}

// ascii reads text from byte i, a place between two words, as skim does,
// with one look-up a byte in g.steps while the bytes are ASCII and no
// root may start, instead of skim's branches at each word: it counts the
// words it passes and stops at the first place a root starts, found as
// skim finds it. It returns how many words it passed and where skim goes
// on: at a word that may hold a term (stop set), at the end of text, or,
// at a byte beyond ASCII, between two words or at the start of one it has
// not counted; and where skim may call it again.
//
// A byte costs 11 instructions and no branch but the loop's: skim's
// branches at each word cost about as many again, and half of them went
// the way the processor did not guess. On the 10 MB memories (callgrind),
// "learn search retry" went from 862 to 805 M instructions on the long
// learnings (recall: 686 M), 987 to 943 M on the agent's; the 1 MB long
// one mispredicted 339 thousand branches, not 642 (cachegrind's
// --branch-sim; recall: 466).
func (g *gate) ascii(text string, i int) (n, at int, stop bool, retry int) {
	if len(text) >= maxASCII {
		return 0, i, false, len(text) + 1
	}
	from := i
	steps := &g.steps
	var sum, e uint64
	for {
		for ; i < len(text); i++ {
			e = steps[(e|uint64(text[i]))&(stateMask|0xff)]
			if e&stepLook != 0 {
				break
			}
			sum += e
		}
		n = int(sum >> 32)
		if i == len(text) {
			return n, i, false, i + 1
		}
		if text[i] >= 0x80 || g.mayStart(text, i) && g.rootAt(text, i) {
			stop = text[i] < 0x80
			if e&stepStart != 0 {
				return n, i, stop, i + 1
			}
			if start := g.wordStart(text, from, i); start < i {
				return n - 1, start, stop, i + 1
			}
			return n, i, stop, i + 1
		}
		sum += e
		e &^= stepLook
		i++
	}
}

// wordStart is where the word that goes on at text[i] starts, from on:
// back over its letters and digits and the joiners between them.
func (g *gate) wordStart(text string, from, i int) int {
	for i > from {
		switch {
		case g.class[text[i-1]]&classWord != 0:
			i--
		case i-1 > from && g.class[text[i-1]] == classJoiner && g.class[text[i-2]]&classWord != 0:
			i -= 2
		default:
			return i
		}
	}
	return i
}
