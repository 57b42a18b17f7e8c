package search

import "math/bits"

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
	// summed (at most stateJoiner a byte, stepLook cleared) stay below
	// stepStart.
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
			between, word, joiner = stateBetween|stepLook, stateWord|stepLook, stateJoiner|stepLook
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
		g.lanes[c] = laneFlags(k, between&stepLook != 0, word&stepLook != 0)
	}
}

// ascii's lanes: the flags of a byte that eight at a time reads, each in
// its own bit of the byte's lane of a word.
const (
	laneWord      = 1 << iota // a letter or digit: the state after it is stateWord
	laneJoiner                // a joiner
	laneLookApart             // looked at after a byte that is not a letter or digit
	laneLookIn                // looked at after a letter or digit

	laneOnes = 0x0101010101010101
)

// laneFlags is the lane of a byte of class k, looked at after a byte that
// is not a letter or digit (apart) or after one that is (in), as g.steps
// reads it: the state after a joiner counts as apart.
func laneFlags(k uint8, apart, in bool) uint8 {
	var f uint8
	if k&classWord != 0 {
		f |= laneWord
	}
	if k == classJoiner {
		f |= laneJoiner
	}
	if apart {
		f |= laneLookApart
	}
	if in {
		f |= laneLookIn
	}
	return f
}

// ascii is skim when every term starts in ASCII: it reads text from byte
// i, a place between two words, with one look-up a byte in g.steps, and
// looks closer only at the bytes where a root may start and at the runes
// beyond ASCII, which it reads as skim does. It returns how many words it
// passed and where the first word that may hold a term starts.
//
// A byte cost 11 instructions and no branch but the loop's: skim's
// branches at each word cost about as many again, and half of them went
// the way the processor did not guess. On the 10 MB memories (callgrind),
// "learn search retry" went from 862 to 805 M instructions on the long
// learnings (recall: 686 M), 987 to 943 M on the agent's; the 1 MB long
// one mispredicted 339 thousand branches, not 642 (cachegrind's
// --branch-sim; recall: 466).
func (g *gate) ascii(text string, i int) (n, at int) {
	if len(text) >= maxASCII {
		return g.skimBytes(text, i)
	}
	from := i
	// runeEnd is where the last letter beyond ASCII read ends, and
	// runeStart where its word starts.
	runeEnd, runeStart := -1, -1
	steps, lanes := &g.steps, &g.lanes
	var sum, e uint64
	for {
		// Four bytes a turn, then one at a time from the first looked
		// at and in the last three. Read from rest, they need no bounds
		// check (i might be negative as far as the compiler knows),
		// and the loop's test and step are one for four: 11 instructions
		// a byte became about 8.5, "learn search retry timeout" on the
		// long 10 MB memory 831.1 -> 816.3 M instructions (recall 685.5
		// M), 98.0 -> 96.4 M at 1 MB (callgrind).
		//
		// Before them, eight bytes a turn, each by its lane flags alone:
		// the state before a byte is the kind of the one or two before
		// it, so no byte waits for the look-up of the one before it, as
		// the table's chain does (a load, an or and an and a byte, some
		// seven cycles). A byte starts a word when it is a letter or
		// digit and the byte before is neither one nor a joiner after
		// one; it is looked at by its flag for the byte before.
		// wordBefore and joinedBefore are the state e in the lanes' bits.
		// It costs more instructions (callgrind, "learn search retry" at
		// 10 MB: long 701.7 -> 727.3 M, agent 770.4 -> 793.1 M; recall
		// 651.2 and 719.3 M) and less time: CPU samples of 10 interleaved
		// runs (perf, cpu-clock), search over recall's, long 1.34 ->
		// 1.14, agent 1.27 -> 1.12, intl 1.14 -> 1.10, default 1.03 ->
		// 0.96; ascii's own samples halved on long.
		rest := text[i:]
		if len(rest) >= 8 {
			wordBefore, joinedBefore := e&stateMask>>8&1, e&stateMask>>9
			for len(rest) >= 8 {
				_ = rest[7]
				x := uint64(lanes[rest[0]]) | uint64(lanes[rest[1]])<<8 | uint64(lanes[rest[2]])<<16 |
					uint64(lanes[rest[3]])<<24 | uint64(lanes[rest[4]])<<32 | uint64(lanes[rest[5]])<<40 |
					uint64(lanes[rest[6]])<<48 | uint64(lanes[rest[7]])<<56
				word := x & laneOnes
				prevWord := word<<8 | wordBefore
				joined := x >> 1 & laneOnes & prevWord // a joiner after a letter or digit
				start := word &^ prevWord &^ (joined<<8 | joinedBefore)
				if looks := (x>>2&^prevWord | x>>3&prevWord) & laneOnes; looks != 0 {
					// Up to the first byte looked at, which the bytes
					// below read; at is a multiple of 8, looks holding
					// only each lane's lowest bit.
					at := bits.TrailingZeros64(looks)
					if at > 0 {
						sum += (start & (1<<at - 1) * laneOnes) >> 56 << 32
						wordBefore, joinedBefore = word>>(at-8)&1, joined>>(at-8)&1
						rest = rest[at/8:]
					}
					break
				}
				// The lanes' sum, at most 8, lands in the top lane.
				sum += (start * laneOnes) >> 56 << 32
				wordBefore, joinedBefore = word>>56, joined>>56
				rest = rest[8:]
			}
			e = wordBefore*stateWord | joinedBefore*stateJoiner
		}
		for len(rest) >= 4 {
			a := steps[(e|uint64(rest[0]))&(stateMask|0xff)]
			if a&stepLook != 0 {
				break
			}
			b := steps[(a|uint64(rest[1]))&(stateMask|0xff)]
			if b&stepLook != 0 {
				sum, e, rest = sum+a, a, rest[1:]
				break
			}
			c := steps[(b|uint64(rest[2]))&(stateMask|0xff)]
			if c&stepLook != 0 {
				sum, e, rest = sum+a+b, b, rest[2:]
				break
			}
			d := steps[(c|uint64(rest[3]))&(stateMask|0xff)]
			if d&stepLook != 0 {
				sum, e, rest = sum+a+b+c, c, rest[3:]
				break
			}
			sum, e, rest = sum+a+b+c+d, d, rest[4:]
		}
		j := 0
		for ; j < len(rest); j++ {
			e = steps[(e|uint64(rest[j]))&(stateMask|0xff)]
			if e&stepLook != 0 {
				break
			}
			sum += e
		}
		i = len(text) - len(rest) + j
		n = int(sum >> 32)
		if i == len(text) {
			return n, i
		}
		if text[i] >= 0x80 {
			k, size := g.rune(text, i)
			switch {
			case k&runeStop != 0:
				if e&stateMask == stateBetween {
					return n, i
				}
				return n - 1, g.startOf(text, from, i, runeEnd, runeStart)
			case k&runeWord == 0:
				e = stateBetween
			case k&runeIdeograph != 0:
				sum += stepStart
				e = stateBetween
			default:
				runeStart = i
				if e&stateMask == stateBetween {
					sum += stepStart
				} else {
					runeStart = g.startOf(text, from, i, runeEnd, runeStart)
				}
				runeEnd = i + size
				e = stateWord
			}
			i += size
			continue
		}
		if g.mayStart(text, i) && g.rootAt(text, i) {
			if e&stepStart != 0 {
				return n, i
			}
			return n - 1, g.startOf(text, from, i, runeEnd, runeStart)
		}
		e &^= stepLook
		sum += e
		i++
	}
}

// startOf is where the word that goes on at text[i] starts, from on: back
// over its ASCII letters and digits and the joiners between them, and on
// to where the word of the letter beyond ASCII ending at runeEnd starts
// (runeStart) if that letter comes right before them or a joiner does.
func (g *gate) startOf(text string, from, i, runeEnd, runeStart int) int {
	start := g.wordStart(text, from, i)
	if runeEnd >= 0 && (start == runeEnd || start-1 == runeEnd && g.class[text[start-1]] == classJoiner) {
		return runeStart
	}
	return start
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
