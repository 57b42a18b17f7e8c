package similar

import (
	"math/bits"
	"slices"
)

// grams is a text's trigrams, sorted and unique, as appendTrigrams packs
// them: three runes of 21 bits each. When every rune of a text's trigrams
// is below 1024 (Latin scripts, IPA, Greek), 10 bits each hold
// them in narrow, in half the memory and in the same order; otherwise they
// are kept in wide. A large memory keeps the trigrams of tens of thousands
// of learnings.
type grams struct {
	narrow []uint32
	wide   []uint64
}

func (g *grams) len() int { return len(g.narrow) + len(g.wide) }

const runeBits, narrowBits = 21, 10

func narrowable(g uint64) bool {
	const mask = 1<<runeBits - 1
	return g>>(2*runeBits) < 1<<narrowBits && g>>runeBits&mask < 1<<narrowBits && g&mask < 1<<narrowBits
}

func narrow(g uint64) uint32 {
	const mask = 1<<runeBits - 1
	return uint32(g>>(2*runeBits))<<(2*narrowBits) | uint32(g>>runeBits&mask)<<narrowBits | uint32(g&mask)
}

func widen(x uint32) uint64 {
	const mask = 1<<narrowBits - 1
	return uint64(x>>(2*narrowBits))<<(2*runeBits) | uint64(x>>narrowBits&mask)<<runeBits | uint64(x&mask)
}

// gramsOf keeps the sorted, unique trigrams gs at their size, narrow when
// they all fit.
func gramsOf(gs []uint64) *grams {
	for _, g := range gs {
		if !narrowable(g) {
			return &grams{wide: slices.Clone(gs)}
		}
	}
	if len(gs) == 0 {
		return &grams{}
	}
	n := make([]uint32, len(gs))
	for i, g := range gs {
		n[i] = narrow(g)
	}
	return &grams{narrow: n}
}

// sharedGrams is how many trigrams a and b have in common.
func sharedGrams(a, b *grams) int {
	switch {
	case a.wide == nil && b.wide == nil:
		return intersect(a.narrow, b.narrow)
	case a.wide != nil && b.wide != nil:
		return intersect(a.wide, b.wide)
	case a.wide == nil:
		return intersectWidened(a.narrow, b.wide)
	default:
		return intersectWidened(b.narrow, a.wide)
	}
}

// intersectWidened is intersect of a, widened, and b: widening keeps the
// order.
func intersectWidened(a []uint32, b []uint64) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		x := widen(a[i])
		switch {
		case x == b[j]:
			n++
			i++
			j++
		case x < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}

// gramDice is 2|A∩B| / (|A|+|B|) over two texts' trigrams.
func gramDice(a, b *grams) float64 {
	if a.len()+b.len() == 0 {
		return 0
	}
	return 2 * float64(sharedGrams(a, b)) / float64(a.len()+b.len())
}

// gramSet gathers the distinct trigrams of a text's words, in the order
// met, in memory reused from text to text. Counting them and setting their
// sketch bits needs no order: an index reads that much of every entry, and
// sorts the trigrams only of the few it scores.
type gramSet struct {
	all  []uint64
	word []uint64 // one word's trigrams, for a long text
	// table is an open-addressing set of trigram+1 (0 is a free slot).
	table []uint64
}

// longGramText is the length of words, in bytes, above which distinct
// keeps only the distinct trigrams, not all of them first. A learning
// holding a pasted 20,000-line log has 1.5 million trigrams and some tens
// of thousands distinct. Gathering them all and a table twice their
// number, one lint call with such a learning allocated 131-137 MB and took
// 490-550 ms of CPU (BenchmarkLintLongLog in internal/ops, three
// interleaved runs); with the growing table, 81-99 MB and 335-360 ms. For
// learnings of usual length the one table sized up front is cheaper (lint
// on the 1 MB memories was 4-8% slower with a growing table on every text).
const longGramText = 1 << 15

// distinct returns the distinct trigrams of words, as appendTrigrams packs
// them; the slice is valid until the next call.
func (s *gramSet) distinct(words []string) []uint64 {
	n := 0
	for _, w := range words {
		n += len(w)
	}
	if n > longGramText {
		return s.distinctGrowing(words)
	}
	all := s.all[:0]
	for _, w := range words {
		all = appendTrigrams(all, w)
	}
	s.all = all
	if len(all) < 2 {
		return all
	}
	shift := 64 - bits.Len(uint(2*len(all)-1)) // a table at least twice the trigrams
	size := 1 << (64 - shift)
	table := s.clearedTable(size)
	mask := uint64(size - 1)
	n = 0
	for _, g := range all {
		h := g * 0x9E3779B97F4A7C15 >> shift
		for table[h] != 0 && table[h] != g+1 {
			h = (h + 1) & mask
		}
		if table[h] == 0 {
			table[h] = g + 1
			all[n] = g
			n++
		}
	}
	return all[:n]
}

// distinctGrowing is distinct for a long text: it reads the trigrams a
// word at a time (add) into a table that doubles when half full, so its
// memory follows the distinct trigrams. The order is the same: first met
// first.
func (s *gramSet) distinctGrowing(words []string) []uint64 {
	s.start(longGramText)
	for _, w := range words {
		s.add(w)
	}
	return s.all
}

// start empties s for add, with a table of at least size slots.
func (s *gramSet) start(size int) {
	s.all = s.all[:0]
	s.clearedTable(1 << bits.Len(uint(max(size, 2)-1)))
}

// add puts the trigrams of w that s has not met yet at the end of s.all,
// doubling the table when it is half full.
func (s *gramSet) add(w string) {
	s.word = appendTrigrams(s.word[:0], w)
	all, table := s.all, s.table
	mask := uint64(len(table) - 1)
	shift := 64 - bits.Len64(mask)
	for _, g := range s.word {
		h := g * 0x9E3779B97F4A7C15 >> shift
		for table[h] != 0 && table[h] != g+1 {
			h = (h + 1) & mask
		}
		if table[h] != 0 {
			continue
		}
		table[h] = g + 1
		all = append(all, g)
		if 2*len(all) < len(table) {
			continue
		}
		table = s.clearedTable(2 * len(table))
		mask = uint64(len(table) - 1)
		shift--
		for _, g := range all {
			h := g * 0x9E3779B97F4A7C15 >> shift
			for table[h] != 0 {
				h = (h + 1) & mask
			}
			table[h] = g + 1
		}
	}
	s.all = all
}

// clearedTable is s.table at size slots, all free.
func (s *gramSet) clearedTable(size int) []uint64 {
	if cap(s.table) < size {
		s.table = make([]uint64, size)
	}
	s.table = s.table[:size]
	clear(s.table)
	return s.table
}
