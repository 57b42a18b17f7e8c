// Package english says how common a word is in English, from SCOWL's word
// lists graded by size (see SCOWL-COPYRIGHT). A word every writer uses
// ("frame", "board", "tender") often has more than one sense, so a memory
// that shares only it with a task may be about something else; a name or
// a word of a trade ("orthanc", "celery", "antifouling") names its
// subject.
package english

//go:generate go run ./internal/gen -dir /usr/share/dict/scowl -out common.go

import (
	"strings"
)

// Level is the size of SCOWL's list a lower-case word first appears in:
// 10 for the commonest words of English (about 4000), 20 for the next
// (about 7000), and 0 for a word in neither: rarer, a name, jargon, or
// not English. SCOWL grades each form on its own, and so does Level:
// "frame" is 10 and "frames" 20, "stage" 10 and "staging" rarer, for
// "staging" names a place a release goes through more often than it
// inflects "stage". But a plural SCOWL leaves out of both lists is read
// as its noun (see singulars): SCOWL puts the plurals of some 2000 of
// their words in larger lists ("drills", "alerts", "airports", "agencies"
// at 35), and a word a task happens to write in the plural is no rarer
// for it: "fire drills" is as everyday as "fire drill", not a word of a
// trade like "kubernetes".
//
// SCOWL's lists hold no hyphenated word, so a word of listed words joined
// by hyphens ("check-in", "set-up", "no-show") reads as its rarest part:
// the task that writes "check-in" names nothing rarer than one that
// writes "check". A part of one letter ("e-paper", "x-ray") makes no
// listed word of it.
func Level(word string) int {
	if strings.Contains(word, "-") {
		return hyphenated(word)
	}
	if l := listed(word); l != 0 {
		return l
	}
	for _, one := range singulars(word) {
		if l := listed(one); l != 0 {
			return l
		}
	}
	return 0
}

// hyphenated is the Level of the rarest of word's parts between hyphens,
// or 0 where a part is under two letters or in no list.
func hyphenated(word string) int {
	level := 0
	for part := range strings.SplitSeq(word, "-") {
		l := 0
		if len(part) >= 2 {
			l = Level(part)
		}
		if l == 0 {
			return 0
		}
		level = max(level, l)
	}
	return level
}

// Rarer reports whether a is rarer in English than b: in a larger list,
// or in none while b is in one.
func Rarer(a, b string) bool {
	la, lb := Level(a), Level(b)
	return lb != 0 && (la == 0 || la > lb)
}

// listed is the size of SCOWL's list word is in as written, or 0.
func listed(word string) int {
	switch {
	case word == "":
		return 0
	case in(size10, word):
		return 10
	case in(size20, word):
		return 20
	}
	return 0
}

// singulars are the nouns a word may be the regular plural of, by its
// spelling: "drills" of "drill", "caches" of "cache", "boxes" of "box",
// "agencies" of "agency"; none for "glass" or "boss". Only a noun SCOWL
// lists counts, so a word that only ends as a plural does ("lens",
// "status", "kubernetes") finds nothing.
func singulars(word string) []string {
	if len(word) < 4 || !strings.HasSuffix(word, "s") || strings.HasSuffix(word, "ss") {
		return nil
	}
	out := []string{word[:len(word)-1]}
	if strings.HasSuffix(word, "es") {
		out = append(out, word[:len(word)-2])
	}
	if strings.HasSuffix(word, "ies") {
		out = append(out, word[:len(word)-3]+"y")
	}
	return out
}

// in reports whether word is a line of list, a sorted run of words each
// between newlines, by binary search on the bytes: nothing is built, so
// the table costs no start-up time and no allocation.
func in(list, word string) bool {
	lo, hi := 0, len(list)-1 // list[lo] and list[hi] are newlines
	for lo < hi {
		mid := lo + (hi-lo)/2
		// start is the line holding mid (or the one after, at a newline).
		start := strings.LastIndexByte(list[lo:mid+1], '\n') + lo + 1
		if start > hi {
			break
		}
		end := start + strings.IndexByte(list[start:], '\n')
		switch line := list[start:end]; {
		case line == word:
			return true
		case line < word:
			lo = end
		default:
			hi = start - 1
		}
	}
	return false
}
