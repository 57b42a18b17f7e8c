package learnings

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// IDs are not stored in the file; they are derived from content so that the
// same file gives the same IDs on every run and machine, and an ID keeps
// naming its learning when other sessions are added or removed.
//
//   - A session's ID is "s" and the first 7 hex digits of
//     sha256(Stamp + "\x00" + Focus), both as written.
//   - A learning's ID is "l" and the first 7 hex digits of sha256(owner +
//     "\x00" + category + "\x00" + text), where owner is its session's ID or
//     "consolidated", category is the canonical category name, and text is
//     the learning's text lower-cased with every run of white space
//     collapsed to one space. A superseded learning keeps its ID: the text
//     is the one inside its strike, without the note.
//
// When two sessions, or two learnings, of one document get the same ID, the
// later ones in file order get "-2", "-3", ... appended.
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

func assignIDs(d *Document) {
	all := d.Learnings()
	seen := make(map[string]int, len(d.Sessions)+len(all))
	for _, s := range d.Sessions {
		s.ID = uniqueID(seen, hashID(sessionIDPrefix, s.Stamp+"\x00"+s.Focus))
	}
	var buf []byte
	for _, l := range all {
		owner := "consolidated"
		if l.Session != nil {
			owner = l.Session.ID
		}
		buf = append(buf[:0], owner...)
		buf = append(buf, 0)
		buf = append(buf, l.Category...)
		buf = append(buf, 0)
		buf = appendIDText(buf, l.Content())
		l.ID = uniqueID(seen, hashBytes(learningIDPrefix, buf))
	}
}

func hashID(prefix, s string) string { return hashBytes(prefix, []byte(s)) }

func hashBytes(prefix string, b []byte) string {
	sum := sha256.Sum256(b)
	var id [1 + 8]byte
	n := copy(id[:], prefix)
	hex.Encode(id[n:], sum[:4])
	return string(id[:n+idHexDigits])
}

// LearningID is the ID a learning with this owner ("consolidated" or a
// session ID), category and text gets, before any "-2" suffix; commands use
// it to name a learning they are about to write. IDs are derived, never
// stored: "l" and the first 7 hex digits of sha256(owner + "\x00" +
// category + "\x00" + text lower-cased with white space collapsed), so they
// are the same on every run and machine and survive edits elsewhere in the
// file. Within one document, repeats get "-2", "-3" in file order.
func LearningID(owner, category, text string) string {
	buf := append([]byte(owner), 0)
	buf = append(buf, category...)
	buf = append(buf, 0)
	return hashBytes(learningIDPrefix, appendIDText(buf, text))
}

// SessionID is the ID a session with this stamp and focus gets, before any
// "-2" suffix: "s" and the first 7 hex digits of sha256(stamp + "\x00" +
// focus), both as written in the header.
func SessionID(stamp, focus string) string { return hashID(sessionIDPrefix, stamp+"\x00"+focus) }

// appendIDText appends text lower-cased with white space runs collapsed.
// Runs of bytes that need no change are copied whole.
func appendIDText(buf []byte, text string) []byte {
	buf = slices.Grow(buf, len(text))
	space := false
	started := false
	for i := 0; i < len(text); {
		c := text[i]
		if idPlain[c] {
			j := i + 1
			for j < len(text) && idPlain[text[j]] {
				j++
			}
			if space {
				buf = append(buf, ' ')
				space = false
			}
			started = true
			buf = append(buf, text[i:j]...)
			i = j
			continue
		}
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[i:])
		}
		i += n
		if unicode.IsSpace(r) {
			space = started
			continue
		}
		if space {
			buf = append(buf, ' ')
			space = false
		}
		started = true
		buf = utf8.AppendRune(buf, unicode.ToLower(r))
	}
	return buf
}

var asciiSpace = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true}

// idPlain marks the bytes appendIDText copies unchanged: ASCII that is
// neither white space nor upper case.
var idPlain = func() (t [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		t[c] = !asciiSpace[c] && (c < 'A' || c > 'Z')
	}
	return t
}()

func uniqueID(seen map[string]int, id string) string {
	n := seen[id] + 1
	seen[id] = n
	if n == 1 {
		return id
	}
	return id + "-" + strconv.Itoa(n)
}

// Learnings returns every learning of the document, Consolidated and
// sessions alike, in file order (Consolidated first when spans do not
// tell, as in a Document built by hand).
func (d *Document) Learnings() []*Learning {
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
	out := make([]*Learning, 0, n)
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
func (d *Document) FindLearning(id string) (*Learning, error) {
	return findByID("learning", d.Learnings(), func(l *Learning) string { return l.ID }, id)
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
