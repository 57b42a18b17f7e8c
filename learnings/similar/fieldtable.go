package similar

import "strings"

// fieldTable is a memo of what each field of a memory's texts gives (V),
// keyed by the field's bytes, bounded to limit fields. The memos of
// words no table knows (wordMemo) are such tables too, a word read as a
// field.
//
// Nine fields in ten of the generated memories are at most eight bytes
// long, and those are held in an open-addressing table of their own, the
// bytes packed into the slot as one number. A map keyed by the field kept
// the field as a string pointing into the text it was first read from:
// each hit compared the field with bytes somewhere in a 10 MB file, not in
// any cache, and the map's look-ups were 41 % of learn compact's CPU and
// 44 % of improve-docs' on the long generator's 10 MB memory (pprof, one
// CPU). With the table, compact on that memory reads 1254 -> 1141 M
// instructions (callgrind; 6.99 -> 6.41 M first-level cache read misses
// as it simulates them), and on the 1 MB memories stats, improve-docs and
// compact read 1-9 % fewer (long: 304.5 -> 287.6, 262.5 -> 249.9 and
// 185.7 -> 168.6 M). A longer field, and a run of fields outside ASCII
// longer than eight bytes, goes to a map as before, and so does the empty
// field, whose slot would read as a free one (size 0).
//
// What the fields give is kept in pages of a fixed size, not in one slice:
// a slice grown by append past a few hundred values grows by a quarter at
// a time, so a table that reached its limit had allocated four to five
// times what it holds, all of it fresh memory while the collector is off.
// improve-docs' tables of what a field gives a share (64 bytes a field)
// allocated 20.7 MB of the 84 MB a run on the long generator's 10 MB
// memory allocates (BenchmarkImproveDocsOp, GOGC=off, pprof alloc_space).
type fieldTable[V any] struct {
	// slots holds the short fields, len a power of two and at most half
	// full; vals what every field gives, in the order they were added,
	// n of them, 1<<valPageBits a page (see val).
	slots []fieldSlot
	vals  []*[1 << valPageBits]V
	n     int
	long  map[string]int32
	limit int
	// copies says that put keys a long field by a copy of it (see put);
	// a table that lives no longer than the texts it reads, or whose
	// caller gives it copies, goes without.
	copies bool
}

// valPageBits is the size of a fieldTable's pages of values: 1 << 10.
const valPageBits = 10

// val is where the i-th value added to t is.
func (t *fieldTable[V]) val(i int32) *V {
	return &t.vals[i>>valPageBits][i&(1<<valPageBits-1)]
}

// add appends v to t's values and returns its index.
func (t *fieldTable[V]) add(v V) int32 {
	i := int32(t.n)
	if i&(1<<valPageBits-1) == 0 {
		t.vals = append(t.vals, new([1 << valPageBits]V))
	}
	*t.val(i) = v
	t.n++
	return i
}

// fieldSlot is a short field: its bytes (the first in the low byte), its
// length (0 in an empty slot) and where its value is in vals.
type fieldSlot struct {
	word uint64
	size uint32
	val  int32
}

// newFieldTable is an empty fieldTable of at most limit fields, with
// room for a few thousand short ones before it grows, that keeps copies
// of its long fields.
func newFieldTable[V any](limit int) *fieldTable[V] {
	return &fieldTable[V]{slots: make([]fieldSlot, 1<<12), long: map[string]int32{}, limit: limit, copies: true}
}

// packField is the bytes of c, at most eight, as one number, the first in
// the low byte.
func packField(c string) uint64 {
	var w uint64
	for i := len(c) - 1; i >= 0; i-- {
		w = w<<8 | uint64(c[i])
	}
	return w
}

// inSlot reports whether the field c is kept in a slot: one of one to
// eight bytes.
func inSlot(c string) bool { return c != "" && len(c) <= 8 }

// slotOf is where the search for a short field, w of size bytes, begins
// in a table of mask+1 slots.
func slotOf(w uint64, size, mask int) int {
	return int((w^uint64(size)<<59)*0x9E3779B97F4A7C15>>40) & mask
}

// get returns what the field c gave, if t holds it.
func (t *fieldTable[V]) get(c string) (V, bool) {
	if inSlot(c) {
		return t.getShort(packField(c), len(c))
	}
	if i, ok := t.long[c]; ok {
		return *t.val(i), true
	}
	var zero V
	return zero, false
}

// getShort is get of a field of one to eight bytes, size of them, packed
// into w as packField packs them: a caller that reads a text eight bytes
// at a time (memoAnchors) has them packed already.
func (t *fieldTable[V]) getShort(w uint64, size int) (V, bool) {
	mask := len(t.slots) - 1
	for k := slotOf(w, size, mask); ; k = (k + 1) & mask {
		s := &t.slots[k]
		if s.size == 0 {
			break
		}
		if s.word == w && s.size == uint32(size) {
			return *t.val(s.val), true
		}
	}
	var zero V
	return zero, false
}

// ref is get for a caller that reads what the field c gave in place:
// where t holds it, nil when it does not (a later put does not move it:
// the values are kept in pages). What a field gives a share (fieldShare)
// is 64 bytes, which get and the share's apply copied at every field a
// text holds:
// improve-docs on the long 1 MB memory of bench/ read 253.8 -> 243.7 M
// instructions (callgrind). It is get's search written again, not a call
// from get, which would cost the anchors' memos, whose 24 bytes come back
// in registers, a second call at every field (learn stats on the default
// 1 MB memory: 1.5 M instructions more).
func (t *fieldTable[V]) ref(c string) *V {
	if inSlot(c) {
		w, mask := packField(c), len(t.slots)-1
		for k := slotOf(w, len(c), mask); ; k = (k + 1) & mask {
			s := &t.slots[k]
			if s.size == 0 {
				break
			}
			if s.word == w && s.size == uint32(len(c)) {
				return t.val(s.val)
			}
		}
	} else if i, ok := t.long[c]; ok {
		return t.val(i)
	}
	return nil
}

// put adds what the field c gives, v, unless t is full (limit) or
// already holds c. A long field is keyed by a copy of its own (copies):
// the memos are pooled, kept by a worker across texts and by learn serve
// and learn mcp across requests, and a key pointing into the text it was
// read from held that text (a memory file since rewritten, say) for as
// long as the memo lived (TestMemosKeepNoText).
func (t *fieldTable[V]) put(c string, v V) {
	if t.n >= t.limit {
		return
	}
	if !inSlot(c) {
		if _, ok := t.long[c]; !ok {
			if t.copies {
				c = strings.Clone(c)
			}
			t.long[c] = t.add(v)
		}
		return
	}
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	w, mask := packField(c), len(t.slots)-1
	k := slotOf(w, len(c), mask)
	for ; t.slots[k].size != 0; k = (k + 1) & mask {
		if t.slots[k].word == w && t.slots[k].size == uint32(len(c)) {
			return
		}
	}
	t.slots[k] = fieldSlot{word: w, size: uint32(len(c)), val: t.add(v)}
}

// grow doubles the short fields' slots.
func (t *fieldTable[V]) grow() {
	old := t.slots
	t.slots = make([]fieldSlot, 2*len(old))
	mask := len(t.slots) - 1
	for _, s := range old {
		if s.size == 0 {
			continue
		}
		k := slotOf(s.word, int(s.size), mask)
		for t.slots[k].size != 0 {
			k = (k + 1) & mask
		}
		t.slots[k] = s
	}
}
