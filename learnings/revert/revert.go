// Package revert undoes one change to a learnings file while keeping every
// change made after it: a three-way merge at the level of the file's
// sections (each session, Consolidated Learnings, each hand-written
// section), falling back to lines inside a section both sides changed.
package revert

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/learn-memory/learn/learnings"
)

// Result is a revert: the file with the change undone, or the places where
// that cannot be done exactly.
type Result struct {
	// Output is the file with the change undone and later writes kept;
	// nil when Conflicts is not empty.
	Output []byte
	// Conflicts names the parts of the file (a session, Consolidated
	// Learnings, ...) that changed since in a way that overlaps the change,
	// or "the order of the sections" when both reordered them.
	Conflicts []string
}

// Revert undoes the change that turned before into after, in now, the file
// as it is today (which holds after and whatever was written since). Where
// now still has a part as the change left it, the part goes back to how it
// was before; parts the change did not touch, and parts added or changed
// since, stay as they are now. A part that both the change and a later
// write changed is merged line by line; where even the lines overlap, it
// is a conflict and Output is nil.
func Revert(before, after, now []byte) Result {
	b, a, c := split(before), split(after), split(now)
	eol := learnings.Parse(before).EOL
	keys := map[string]bool{}
	var order []string
	for _, us := range [][]unit{c, b, a} {
		for _, u := range us {
			if !keys[u.key] {
				keys[u.key] = true
				order = append(order, u.key)
			}
		}
	}
	ua, ub, uc := index(a), index(b), index(c)
	content := map[string][]byte{}
	var conflicts []string
	for _, k := range order {
		x, inA := ua[k]
		y, inB := ub[k]
		z, inC := uc[k]
		switch {
		case inC == inA && (!inC || same(z.text, x.text)):
			if inB {
				content[k] = y.text
			}
		case inB == inA && (!inB || same(y.text, x.text)):
			content[k] = z.text
		case inB == inC && same(y.text, z.text):
			content[k] = z.text
		case !inA && inB && inC && trivial(z.text):
			content[k] = y.text
		case !inA && inB && inC && trivial(y.text):
			content[k] = z.text
		case inA && inB && inC:
			merged, ok := mergeLines(x.text, z.text, y.text)
			if !ok {
				conflicts = append(conflicts, z.name)
				continue
			}
			content[k] = merged
		default:
			name := z.name
			if !inC {
				name = y.name
			}
			conflicts = append(conflicts, name)
		}
	}
	if len(conflicts) > 0 {
		return Result{Conflicts: conflicts}
	}
	seq, ok := arrange(keyList(a), keyList(b), keyList(c), content)
	if !ok {
		return Result{Conflicts: []string{"the order of the sections"}}
	}
	// Two parts that were next to each other, the first with the very
	// text it has now, keep the bytes between them; any other pair is
	// separated by a blank line.
	adjacent := map[[2]string][][]byte{}
	for _, us := range [][]unit{a, b, c} {
		for i := 1; i < len(us); i++ {
			pair := [2]string{us[i-1].key, us[i].key}
			adjacent[pair] = append(adjacent[pair], us[i-1].text)
		}
	}
	var out []byte
	for i, k := range seq {
		if i > 0 && len(out) > 0 {
			if out[len(out)-1] != '\n' {
				out = append(out, eol...)
			}
			kept := slices.ContainsFunc(adjacent[[2]string{seq[i-1], k}], func(t []byte) bool { return bytes.Equal(t, content[seq[i-1]]) })
			if !kept && !bytes.HasSuffix(out, []byte(eol+eol)) {
				out = append(out, eol...)
			}
		}
		out = append(out, content[k]...)
	}
	if out == nil {
		out = []byte{}
	}
	return Result{Output: out}
}

// unit is one part of a file: the text above the first heading, or one H2
// section from its heading to the next.
type unit struct {
	key, name string
	text      []byte
}

// split cuts src at every heading that starts a section the reader knows.
// A file with a fence or comment left open is one unit: its sections
// cannot be told apart with certainty.
func split(src []byte) []unit {
	if len(src) == 0 {
		return nil
	}
	doc := learnings.Parse(src)
	if doc.Unclosed != nil {
		return []unit{{key: "file", name: "the whole file (a block is left open in it)", text: src}}
	}
	type cut struct {
		at        int
		key, name string
	}
	var cuts []cut
	if c := doc.Consolidated; c != nil {
		cuts = append(cuts, cut{c.Span.Start, "consolidated", "Consolidated Learnings"})
	}
	if r := doc.Recent; r != nil {
		cuts = append(cuts, cut{r.Start, "recent", "the Recent Sessions heading"})
	}
	for _, s := range doc.Sessions {
		cuts = append(cuts, cut{s.Span.Start, "session " + s.ID, fmt.Sprintf("session %s (%s)", s.ID, s.Focus)})
	}
	seen := map[string]int{}
	for _, s := range doc.Sections {
		key := "section " + s.Title
		seen[key]++
		if n := seen[key]; n > 1 {
			key += " #" + strconv.Itoa(n)
		}
		cuts = append(cuts, cut{s.Span.Start, key, fmt.Sprintf("section %q", s.Title)})
	}
	slices.SortStableFunc(cuts, func(x, y cut) int { return x.at - y.at })
	var out []unit
	if len(cuts) == 0 || cuts[0].at > 0 {
		end := len(src)
		if len(cuts) > 0 {
			end = cuts[0].at
		}
		out = append(out, unit{key: "head", name: "the text above the first heading", text: src[:end]})
	}
	for i, c := range cuts {
		end := len(src)
		if i+1 < len(cuts) {
			end = cuts[i+1].at
		}
		if end <= c.at {
			continue
		}
		out = append(out, unit{key: c.key, name: c.name, text: src[c.at:end]})
	}
	return out
}

// same compares two versions of a part, setting aside the blank lines at
// its end: they depend on what follows the part, not on the part.
func same(x, y []byte) bool {
	return bytes.Equal(bytes.TrimRight(x, "\r\n"), bytes.TrimRight(y, "\r\n"))
}

func index(us []unit) map[string]unit {
	m := make(map[string]unit, len(us))
	for _, u := range us {
		m[u.key] = u
	}
	return m
}

func keyList(us []unit) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.key
	}
	return out
}

// trivial says whether a section holds nothing a person wrote: a heading,
// blank lines and separators, as learn creates them for a new file.
func trivial(text []byte) bool {
	for i, l := range bytes.Split(text, []byte("\n")) {
		l = bytes.TrimSpace(l)
		if len(l) == 0 || string(l) == "---" || i == 0 && bytes.HasPrefix(l, []byte("## ")) {
			continue
		}
		return false
	}
	return true
}

// arrange orders the kept keys. When now kept the order the change left
// (after), the order before the change comes back and what was added since
// goes right after the part it follows now (above what the revert puts
// back: new sessions go on top). When the change did not reorder, now's
// order stays and what comes back goes before the part it preceded. When
// both reordered, there is no exact answer.
func arrange(a, b, c []string, content map[string][]byte) ([]string, bool) {
	kept := func(ks []string) []string {
		return slices.DeleteFunc(slices.Clone(ks), func(k string) bool { _, ok := content[k]; return !ok })
	}
	if sameOrder(a, c) {
		seq := kept(b)
		pos := -1
		for _, k := range c {
			if _, ok := content[k]; !ok {
				continue
			}
			if i := slices.Index(seq, k); i >= 0 {
				pos = i
				continue
			}
			pos++
			seq = slices.Insert(seq, pos, k)
		}
		return seq, true
	}
	if sameOrder(a, b) {
		seq := kept(c)
		pos := len(seq)
		for i := len(b) - 1; i >= 0; i-- {
			k := b[i]
			if _, ok := content[k]; !ok {
				continue
			}
			if j := slices.Index(seq, k); j >= 0 {
				pos = j
				continue
			}
			seq = slices.Insert(seq, pos, k)
		}
		return seq, true
	}
	return nil, false
}

// sameOrder says whether the keys x and y share come in the same order.
func sameOrder(x, y []string) bool {
	inX := make(map[string]bool, len(x))
	for _, k := range x {
		inX[k] = true
	}
	inY := make(map[string]bool, len(y))
	for _, k := range y {
		inY[k] = true
	}
	x = slices.DeleteFunc(slices.Clone(x), func(k string) bool { return !inY[k] })
	y = slices.DeleteFunc(slices.Clone(y), func(k string) bool { return !inX[k] })
	return slices.Equal(x, y)
}

// mergeLines is diff3 over lines: base is the section as the change left
// it, ours as it is now, theirs as it was before the change. Between lines
// all three share, a stretch changed on one side only takes that side; a
// stretch changed on both sides the same way is taken once; anything else
// is a conflict.
func mergeLines(base, ours, theirs []byte) ([]byte, bool) {
	o, x, y := lines(base), lines(ours), lines(theirs)
	ids := map[string]rune{}
	enc := func(ls []string) []rune {
		out := make([]rune, len(ls))
		for i, l := range ls {
			id, ok := ids[l]
			if !ok {
				// Valid runes only: the diff compares them as strings too.
				id = rune(len(ids))
				if id >= 0xD800 {
					id += 0x800
				}
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	ro, rx, ry := enc(o), enc(x), enc(y)
	mx, my := match(ro, rx), match(ro, ry)
	var out []string
	io, ix, iy := 0, 0, 0
	flush := func(eo, ex, ey int) bool {
		bo, bx, by := o[io:eo], x[ix:ex], y[iy:ey]
		switch {
		case slices.Equal(bx, bo):
			out = append(out, by...)
		case slices.Equal(by, bo), slices.Equal(bx, by):
			out = append(out, bx...)
		default:
			return false
		}
		return true
	}
	for j := range o {
		if mx[j] < 0 || my[j] < 0 {
			continue
		}
		if !flush(j, mx[j], my[j]) {
			return nil, false
		}
		out = append(out, o[j])
		io, ix, iy = j+1, mx[j]+1, my[j]+1
	}
	if !flush(len(o), len(x), len(y)) {
		return nil, false
	}
	var buf []byte
	for _, l := range out {
		buf = append(buf, l...)
	}
	return buf, true
}

// lines splits text after each "\n", keeping it.
func lines(text []byte) []string {
	var out []string
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		out = append(out, string(text[:i]))
		text = text[i:]
	}
	return out
}

// match maps each index of base to the index of the same line in other
// along a longest common subsequence, or -1.
func match(base, other []rune) []int {
	m := make([]int, len(base))
	for i := range m {
		m[i] = -1
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	i, j := 0, 0
	for _, d := range dmp.DiffMainRunes(base, other, false) {
		n := utf8.RuneCountInString(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			for k := range n {
				m[i+k] = j + k
			}
			i, j = i+n, j+n
		case diffmatchpatch.DiffDelete:
			i += n
		case diffmatchpatch.DiffInsert:
			j += n
		}
	}
	return m
}
