package similar

import "slices"

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

// each calls f with every trigram, packed as appendTrigrams packs it, in
// order.
func (g *grams) each(f func(uint64)) {
	for _, x := range g.narrow {
		f(widen(x))
	}
	for _, x := range g.wide {
		f(x)
	}
}

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
