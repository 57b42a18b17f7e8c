package learnings

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/internal/le"
)

// IDs are not stored in the file; they are derived from content so that the
// same file gives the same IDs on every run and machine, and an ID names its
// learning for life: adding or removing other sessions, compact folding the
// learning into Consolidated Learnings (even under another category), fmt,
// and moving it by hand to another session or category all keep it.
//
//   - A session's ID is "s" and the first 7 hex digits of
//     sha256(Stamp + "\x00" + Focus), both as written.
//   - A learning's ID is "l" and the first 7 hex digits of sha256(text),
//     where text is the learning's text lower-cased with every run of white
//     space collapsed to one space: what it says, not where it is. A
//     superseded learning keeps its ID: the text is the one inside its
//     strike, without the note.
//
// When two sessions, or two learnings, of one document get the same ID (the
// same text stored twice), the earlier ones in file order get "-2", "-3",
// ... appended, counted from the end of the file: new sessions go on top,
// so the copies below keep their IDs when one is added. A "-N" ID that no
// longer exists (compact merged the copies) resolves to the copy without
// the suffix, which holds the same text.
//
// Before this rule a learning's ID also hashed its owner (its session's ID
// or "consolidated") and its category: sha256(owner + "\x00" + category +
// "\x00" + text). FindLearning still resolves such an ID, given in full,
// while the learning is in the same session or in Consolidated Learnings;
// once compact has folded its session away the old ID cannot be computed
// (the session is gone from the file), and neither can the ID of an older
// wording compact merged into a newer one: IDs are derived, never stored.
const (
	sessionIDPrefix  = "s"
	learningIDPrefix = "l"
	idHexDigits      = 7
	// MinIDPrefix is the shortest ID prefix FindSession and FindLearning
	// accept, so a typo does not silently match something.
	MinIDPrefix = 4
)

// ErrNotFound and ErrAmbiguous let commands tell a wrong ID from a too
// short one.
var (
	ErrNotFound  = errors.New("not found")
	ErrAmbiguous = errors.New("ambiguous ID prefix")
)

// assignIDs gives every session and learning of d its ID. The IDs are
// written into one buffer and cut from one string, and copies are found by
// counting the hashes' bits, so that a file's thousands of IDs cost a few
// allocations instead of one each plus a map the size of the file (a 1 MB
// parse: 45715 -> 35925 allocations on the default file, 60 instead of 45
// MB of source per CPU second). The copies are counted on the numbers the
// hashes start with, before any hex digit is written (recall on the
// default 1 MB memory: 128.8 -> 128.2 M instructions, callgrind; 0.2 to
// 1.0 M fewer on each of the 8 generated 1 MB memories).
func assignIDs(d *Document) { assignIDsFrom(d.Sessions, d.Learnings(), nil) }

// idKeys are the ID numbers (idKey) of learnings, worked out as the parse
// read them: of[i]'s is keys[i], in the order read.
type idKeys struct {
	of   []*Learning
	keys []uint32
}

// assignIDsFrom gives the sessions and learnings their IDs, each a run
// that ends at the end of its document's list (Sessions, Learnings()): a
// copy number counts the copies below an ID, so the IDs of a run that
// reaches the end are the ones the whole document gives it. The numbers
// read already (read, nil when none) are taken where all lists their
// learnings in the order read, which is file order; any other learning's
// text is hashed here.
func assignIDsFrom(sessions []*Session, all []*Learning, read *idKeys) {
	const n = 1 + idHexDigits
	count := len(sessions) + len(all)
	keys := make([]uint32, 0, count)
	var buf []byte
	for i := len(sessions) - 1; i >= 0; i-- {
		s := sessions[i]
		buf = append(append(append(buf[:0], s.Stamp...), 0), s.Focus...)
		keys = append(keys, idKey(buf))
	}
	known := -1 // the last number of read not taken yet
	if read != nil {
		known = len(read.of) - 1
	}
	for i := len(all) - 1; i >= 0; i-- {
		if known >= 0 && read.of[known] == all[i] {
			keys = append(keys, read.keys[known])
			known--
			continue
		}
		buf = appendIDText(buf[:0], all[i].Content())
		keys = append(keys, idKey(buf))
	}
	ids := make([]byte, 0, n*count)
	for k, key := range keys {
		prefix := learningIDPrefix
		if k < len(sessions) {
			prefix = sessionIDPrefix
		}
		ids = appendKeyHex(append(ids, prefix...), key)
	}
	str := string(ids)
	copies := copyNumbers(keys, len(sessions))
	k := 0
	next := func() string {
		id := str[k*n : (k+1)*n]
		c := copies[k]
		k++
		if c == 1 {
			return id
		}
		return id + "-" + strconv.Itoa(int(c))
	}
	for i := len(sessions) - 1; i >= 0; i-- {
		sessions[i].ID = next()
	}
	for i := len(all) - 1; i >= 0; i-- {
		all[i].ID = next()
	}
}

// copyNumbers says, for each ID's number in keys (the first sessions of
// them session IDs', the rest learning IDs'), which copy of its ID it is,
// in order: 1 for the first, 2 for the next with the same ID, and so on.
//
// It counts in a linear-probing table of the IDs' numbers, sized to stay
// under half full: copies of one ID always land on one run of the table,
// so an ID's copy number is one more than the copies of it met on the way
// to a free slot. The numbers are hex digits of SHA-256, already random.
// One pass, a 64 KB table for a 1 MB file's 8,700 IDs: sorting the numbers
// with their positions instead cost a 1 MB parse 0.8 ms (7% of its CPU,
// BenchmarkParse/1MB), and a map sized for them 1% of a recall process,
// most of it page faults on its fresh memory (perf).
func copyNumbers(keys []uint32, sessions int) []uint32 {
	count := len(keys)
	size := 16
	for size < 2*count {
		size *= 2
	}
	// A slot holds an ID's number, with bit 28 set for a learning so that a
	// session ID is never a copy of a learning's, and bit 31 set to tell a
	// used slot from the ID 0.
	table := make([]uint32, size)
	copies := make([]uint32, count)
	for i := range count {
		key := keys[i] | 1<<31
		if i >= sessions {
			key |= 1 << 28
		}
		c := uint32(1)
		j := int(key*0x9E3779B1) & (size - 1)
		for table[j] != 0 {
			if table[j] == key {
				c++
			}
			j = (j + 1) & (size - 1)
		}
		table[j] = key
		copies[i] = c
	}
	return copies
}

// idKey is the number an ID's seven hex digits spell: the first 28 bits
// of b's SHA-256.
func idKey(b []byte) uint32 {
	sum := sha256.Sum256(b)
	return binary.BigEndian.Uint32(sum[:4]) >> 4
}

// appendKeyHex appends key's seven hex digits.
func appendKeyHex(dst []byte, key uint32) []byte {
	const digits = "0123456789abcdef"
	for shift := 4 * (idHexDigits - 1); shift >= 0; shift -= 4 {
		dst = append(dst, digits[key>>shift&15])
	}
	return dst
}

func hashID(prefix, s string) string { return hashBytes(prefix, []byte(s)) }

func hashBytes(prefix string, b []byte) string {
	return string(appendHashID(nil, prefix, b))
}

// appendHashID appends prefix and the first seven hex digits of b's
// SHA-256.
func appendHashID(dst []byte, prefix string, b []byte) []byte {
	sum := sha256.Sum256(b)
	var h [8]byte
	hex.Encode(h[:], sum[:4])
	return append(append(dst, prefix...), h[:idHexDigits]...)
}

// LearningID is the ID a learning with this text gets, before any "-2"
// suffix; commands use it to name a learning they are about to write. IDs
// are derived, never stored: "l" and the first 7 hex digits of
// sha256(text lower-cased with white space collapsed), so they are the same
// on every run and machine and wherever the learning sits in the file.
func LearningID(text string) string {
	return hashBytes(learningIDPrefix, appendIDText(nil, text))
}

// legacyLearningID is the ID learn gave a learning before IDs named the text
// alone: owner ("consolidated" or its session's ID), category and text.
func legacyLearningID(buf []byte, owner, category, text string) ([]byte, string) {
	buf = append(buf[:0], owner...)
	buf = append(buf, 0)
	buf = append(buf, category...)
	buf = append(buf, 0)
	buf = appendIDText(buf, text)
	return buf, hashBytes(learningIDPrefix, buf)
}

// SessionID is the ID a session with this stamp and focus gets, before any
// "-2" suffix: "s" and the first 7 hex digits of sha256(stamp + "\x00" +
// focus), both as written in the header.
func SessionID(stamp, focus string) string { return hashID(sessionIDPrefix, stamp+"\x00"+focus) }

// appendIDText appends text lower-cased with white space runs collapsed to
// one space and trimmed at both ends.
//
// It writes a space as soon as a word ends and takes back the last one at
// the end, so that eight bytes at a time of plain ASCII (no byte under 0x20
// or over 0x7f, no space after a space) can be lower-cased and copied in a
// few word operations (idWord); runs of runes that fold to themselves
// (keptRunLen) are copied whole and Latin-1 letters folded from their two
// bytes; the rest goes a byte or a rune at a time.
// The eight-byte step made the IDs of a 1 MB memory 1.2-2x faster on the
// generators that write mostly ASCII (BenchmarkIDs, cpu-MB/s: default
// 215-262 -> 257-423, long 210 -> 450, prose 240 -> 425; intl unchanged).
func appendIDText(buf []byte, text string) []byte {
	buf = slices.Grow(buf, len(text))
	base := len(buf)
	// afterSpace is set when the last byte written is a space or nothing
	// is written yet: a white space byte then adds nothing.
	afterSpace := true
	for i := 0; i < len(text); {
		if i+8 <= len(text) {
			if w, ok := idWord(le.Uint64(text[i:i+8]), afterSpace); ok {
				buf = binary.LittleEndian.AppendUint64(buf, w)
				afterSpace = w>>56 == ' '
				i += 8
				continue
			}
		}
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case asciiSpace[c]:
				if !afterSpace {
					buf = append(buf, ' ')
					afterSpace = true
				}
				continue
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
			}
			buf = append(buf, c)
			afterSpace = false
			continue
		}
		if n := keptRunLen(text[i:]); n > 0 {
			buf = append(buf, text[i:i+n]...)
			i += n
			afterSpace = false
			continue
		}
		if c == 0xC3 && i+1 < len(text) && text[i+1]&0xC0 == 0x80 {
			// U+00C0 to U+00FF: À to Þ but × fold 0x20 down.
			c1 := text[i+1]
			if c1 <= 0x9E && c1 != 0x97 {
				c1 += 0x20
			}
			buf = append(buf, c, c1)
			i += 2
			afterSpace = false
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		lower, space := foldIDRune(r)
		if space {
			if !afterSpace {
				buf = append(buf, ' ')
				afterSpace = true
			}
			continue
		}
		buf = utf8.AppendRune(buf, lower)
		afterSpace = false
	}
	if afterSpace && len(buf) > base {
		buf = buf[:len(buf)-1]
	}
	return buf
}

// keptRunLen is the length of the run of runes s starts with that
// appendIDText copies as they are, answered from their bytes: runes of
// U+0080 to U+00BF but the white space U+0085 and U+00A0, and kana and
// CJK ideographs of U+3001 to U+9FFF (lead bytes E3 to E9, which UTF-8
// allows with any continuation bytes), none of which has a lower case or
// is white space (foldIDRune). It is 0 when the first rune is any other
// or bytes that are not UTF-8, which the rune path reads. Copying a run
// at once, not decoding and encoding each rune, made recall on the intl
// memory (German and Japanese) 122.6 -> 109.1 M instructions at 1 MB and
// 1,126 -> 991 M at 10 MB (callgrind); on the other generators' memories,
// mostly ASCII, within 0.1 M.
func keptRunLen(s string) int {
	i := 0
	for i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
		switch c := s[i]; {
		case c == 0xC2 && s[i+1] != 0x85 && s[i+1] != 0xA0:
			i += 2
			continue
		case 0xE3 <= c && c <= 0xE9 && i+2 < len(s) && s[i+2]&0xC0 == 0x80 && (c != 0xE3 || s[i+1] != 0x80 || s[i+2] != 0x80):
			i += 3
			continue
		}
		break
	}
	return i
}

// idWord is eight bytes of text (the first in the low byte) as
// appendIDText writes them, when they are plain ASCII: no byte under 0x20
// (tabs, line breaks, control characters) or from 0x80 (the start of a
// multi-byte rune), and no space right after a space (or at the start,
// when afterSpace is set). Upper-case letters come back lower-case. ok is
// false when the bytes need the byte-at-a-time path.
func idWord(w uint64, afterSpace bool) (uint64, bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// With every byte under 0x80, adding to each byte never carries into
	// the next, so a byte's high bit tells how it compares.
	low := ^(w + (0x80-0x20)*ones) & highs           // bytes under 0x20
	spaces := ^((w ^ 0x20*ones) + 0x7f*ones) & highs // bytes equal to ' '
	first := uint64(0)
	if afterSpace {
		first = 0x80
	}
	if w&highs != 0 || low != 0 || spaces&(spaces<<8|first) != 0 {
		return 0, false
	}
	upper := (w + (0x80-'A')*ones) &^ (w + (0x80-'Z'-1)*ones) & highs
	return w | upper>>2, true
}

// foldIDRune is unicode.ToLower(r) and unicode.IsSpace(r), answered
// without the unicode package's tables for Latin-1 and for the kana and
// CJK ideographs (U+3001 to U+9FFF), which have no case: the search of the
// case ranges was a third of the IDs of a German and Japanese memory
// (callgrind, recall on the intl 1 MB memory: 176 -> 157 M instructions;
// the other generated 1 MB memories, mostly ASCII, within 1 M).
// TestFoldIDRune holds it to the unicode package on every rune.
func foldIDRune(r rune) (lower rune, space bool) {
	switch {
	case r < 0x100:
		switch {
		case 'A' <= r && r <= 'Z', 0xC0 <= r && r <= 0xDE && r != 0xD7:
			return r + 0x20, false
		case r == ' ', '\t' <= r && r <= '\r', r == 0x85, r == 0xA0:
			return r, true
		}
		return r, false
	case 0x3000 < r && r < 0xA000:
		return r, false
	}
	return unicode.ToLower(r), unicode.IsSpace(r)
}

var asciiSpace = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true}

func uniqueID(seen map[string]int, id string) string {
	n := seen[id] + 1
	seen[id] = n
	if n == 1 {
		return id
	}
	return id + "-" + strconv.Itoa(n)
}

// NumLearnings is len(d.Learnings()), counted without the list: a caller
// that sizes a list of its own, or only reports the count, need not
// allocate one (a pointer per learning, 528 kB on the default generator's
// 10 MB memory).
func (d *Document) NumLearnings() int {
	n := 0
	if d.Consolidated != nil {
		for _, c := range d.Consolidated.Categories {
			n += len(c.Learnings)
		}
	}
	for _, s := range d.Sessions {
		for _, c := range s.Categories {
			n += len(c.Learnings)
		}
	}
	return n
}

// Learnings returns every learning of the document, Consolidated and
// sessions alike, in file order (Consolidated first when spans do not
// tell, as in a Document built by hand).
func (d *Document) Learnings() []*Learning {
	out := make([]*Learning, 0, d.NumLearnings())
	consDone := d.Consolidated == nil
	addCons := func() {
		for _, c := range d.Consolidated.Categories {
			out = append(out, c.Learnings...)
		}
		consDone = true
	}
	for _, s := range d.Sessions {
		if !consDone && d.Consolidated.Span.Start <= s.Span.Start {
			addCons()
		}
		for _, c := range s.Categories {
			out = append(out, c.Learnings...)
		}
	}
	if !consDone {
		addCons()
	}
	return out
}

// FindSession returns the session whose ID is id or starts with it, the way
// git resolves abbreviated hashes: at least MinIDPrefix characters, and an
// error naming the candidates when more than one session matches.
func (d *Document) FindSession(id string) (*Session, error) {
	return findByID("session", d.Sessions, func(s *Session) string { return s.ID }, id)
}

// FindLearning resolves a learning ID or unique ID prefix, as FindSession.
// An ID that names no learning is tried, given in full, as one that named it
// before (see the package docs on IDs): a "-N" copy compact merged, or the
// owner-based ID of older versions.
func (d *Document) FindLearning(id string) (*Learning, error) {
	all := d.Learnings()
	l, err := findByID("learning", all, func(l *Learning) string { return l.ID }, id)
	if errors.Is(err, ErrNotFound) {
		if old := d.FormerID(id); old != nil {
			return old, nil
		}
	}
	return l, err
}

// FormerID returns the learning a full ID named before it stopped being its
// ID, or nil: a "-N" copy gone (compact merged it), whose text the copy
// without the suffix holds, or the ID older versions derived from the
// learning's owner, category and text, for a learning still in that session
// or in Consolidated Learnings (under any category of the file). Show,
// forget and --replaces resolve old IDs through it when nothing has the ID
// now.
func (d *Document) FormerID(id string) *Learning {
	q := strings.ToLower(strings.TrimSpace(id))
	base, suffix, _ := strings.Cut(q, "-")
	if len(base) != len(learningIDPrefix)+idHexDigits || !strings.HasPrefix(base, learningIDPrefix) {
		return nil
	}
	if _, err := hex.DecodeString("0" + base[1:]); err != nil {
		return nil
	}
	if _, err := strconv.Atoi(suffix); suffix != "" && err != nil {
		return nil
	}
	all := d.Learnings()
	if suffix != "" {
		for _, l := range all {
			if l.ID == base {
				return l
			}
		}
	}
	// Older versions numbered repeated session IDs from the top.
	owners := make(map[*Session]string, len(d.Sessions))
	seen := map[string]int{}
	for _, s := range d.Sessions {
		owners[s] = uniqueID(seen, SessionID(s.Stamp, s.Focus))
	}
	categories := slices.Clone(Priority)
	for _, l := range all {
		if !slices.Contains(categories, l.Category) {
			categories = append(categories, l.Category)
		}
	}
	var buf []byte
	var legacy string
	for _, l := range all {
		owner := "consolidated"
		if l.Session != nil {
			owner = owners[l.Session]
		}
		for _, c := range categories {
			buf, legacy = legacyLearningID(buf, owner, c, l.Content())
			if legacy == base {
				return l
			}
		}
	}
	return nil
}

func findByID[T any](kind string, items []T, idOf func(T) string, id string) (T, error) {
	var zero T
	q := strings.ToLower(strings.TrimSpace(id))
	if len(q) < MinIDPrefix {
		return zero, fmt.Errorf("%s ID %q is too short: give at least %d characters: %w", kind, id, MinIDPrefix, ErrNotFound)
	}
	var matches []T
	for _, it := range items {
		got := idOf(it)
		if got == q {
			return it, nil
		}
		if strings.HasPrefix(got, q) {
			matches = append(matches, it)
		}
	}
	switch len(matches) {
	case 0:
		return zero, fmt.Errorf("no %s with ID %q: %w", kind, id, ErrNotFound)
	case 1:
		return matches[0], nil
	}
	ids := make([]string, 0, len(matches))
	for _, m := range matches {
		ids = append(ids, idOf(m))
	}
	sort.Strings(ids)
	const show = 10
	list := strings.Join(ids[:min(len(ids), show)], ", ")
	if len(ids) > show {
		list += fmt.Sprintf(" and %d more", len(ids)-show)
	}
	return zero, fmt.Errorf("%s ID %q is ambiguous: it matches %s: %w", kind, id, list, ErrAmbiguous)
}

// unclosedError names the line where a fence or comment was left open, in
// the file or, when result is set, in what an edit would have written.
type unclosedError struct {
	p      Problem
	result bool
}

func (e *unclosedError) Error() string {
	if e.result {
		return fmt.Sprintf("the edit was refused: in the file it would write, line %d: %s", e.p.Line, e.p.Message)
	}
	return fmt.Sprintf("line %d: %s; close it before learn can write", e.p.Line, e.p.Message)
}

func (e *unclosedError) Unwrap() error { return ErrUnclosed }

// Writable reports whether edits can be written: a fence or HTML comment
// left open swallows everything after it, so anything learn added there
// would vanish from the rendered file.
func (d *Document) Writable() error {
	if d.Unclosed != nil {
		return &unclosedError{p: *d.Unclosed}
	}
	return nil
}
