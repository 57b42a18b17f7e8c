package learnings

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Priority lists the spec's categories, most important first. Recall, compact
// and improve-docs order by it; custom categories rank after all of these.
var Priority = []string{
	"User Corrections",
	"New Requirements",
	"Updated Conventions",
	"Fresh Discoveries",
	"Preference Clarifications",
}

var categoryAliases = map[string]string{
	"user corrections":          "User Corrections",
	"user correction":           "User Corrections",
	"corrections":               "User Corrections",
	"correction":                "User Corrections",
	"new requirements":          "New Requirements",
	"new requirement":           "New Requirements",
	"requirements":              "New Requirements",
	"updated conventions":       "Updated Conventions",
	"updated convention":        "Updated Conventions",
	"conventions":               "Updated Conventions",
	"fresh discoveries":         "Fresh Discoveries",
	"fresh discovery":           "Fresh Discoveries",
	"discoveries":               "Fresh Discoveries",
	"preference clarifications": "Preference Clarifications",
	"preference clarification":  "Preference Clarifications",
	"preferences":               "Preference Clarifications",
	"workflow preferences":      "Preference Clarifications",
}

// NormalizeCategory maps a label as models write it ("user correction",
// "**Fresh Discoveries:**", "PREFERENCES") to its canonical name. known is
// false for custom categories, which keep their own trimmed spelling.
func NormalizeCategory(label string) (name string, known bool) {
	trimmed := strings.TrimFunc(label, func(r rune) bool {
		return unicode.IsSpace(r) || r == '*' || r == '_' || r == ':' || r == '#'
	})
	// Room for the bound, a space and the letter that passes it.
	var small [aliasKeyMax + 2]byte
	key, ok := asciiKey(small[:0], trimmed)
	if !ok {
		key = []byte(strings.ToLower(strings.Join(strings.Fields(trimmed), " ")))
	}
	if canon, ok := categoryAliases[string(key)]; ok {
		return canon, true
	}
	return trimmed, false
}

// aliasKeyMax is more than the length of every key of categoryAliases
// (the longest, "preference clarifications", has 25 bytes): asciiKey folds
// no more of a label.
const aliasKeyMax = 32

// asciiKey appends s lower-cased with its white space runs collapsed to one
// space, as NormalizeCategory folds a label, when s is ASCII; ok is false
// when it is not. A label that cannot be an alias gives an empty key: one
// holding an ASCII byte other than a letter or white space, as every
// session header does ("[2026-11-01 18:00 UTC] - Release prep"), or
// folding to more than aliasKeyMax bytes; the fold of the rest of it,
// whatever it holds, keeps that byte or that length. The parser asks
// about every heading, bold line and session header of a file: folding
// into a stack buffer instead of three new strings (and the parser's cache
// of labels) halved the allocations of a 1 MB parse (89697 -> 45715 on
// bench/run.sh's default file), and stopping at the first such byte made
// recall on the 8 generated 1 MB memories 0.9-4.3 % fewer instructions
// (callgrind: default 128.1 -> 125.8 M, sparse 139.0 -> 133.0, long 87.5
// -> 86.6) and store 0.5-2.5 % (sparse 225.3 -> 219.6).
func asciiKey(buf []byte, s string) (key []byte, ok bool) {
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return nil, false
		case asciiSpace[c]:
			space = len(buf) > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c < 'a' || c > 'z':
			return buf[:0], true
		}
		if space {
			buf = append(buf, ' ')
			space = false
		}
		if buf = append(buf, c); len(buf) > aliasKeyMax {
			return buf[:0], true
		}
	}
	return buf, true
}

// CategoryRank orders categories: the spec's five by priority, then custom
// ones, which all share the rank after the last spec category.
func CategoryRank(name string) int {
	canon, _ := NormalizeCategory(name)
	for i, p := range Priority {
		if p == canon {
			return i
		}
	}
	return len(Priority)
}

// nearMissKeys are the spellings a near miss is measured against: the spec
// labels and their singulars, not the one-word aliases, which are too short
// to tell a typo from another word.
var nearMissKeys = []string{
	"user corrections", "user correction",
	"new requirements", "new requirement",
	"updated conventions", "updated convention",
	"fresh discoveries", "fresh discovery",
	"preference clarifications", "preference clarification",
}

// SuggestCategory says which spec category a label that is not one of them
// was probably meant to be ("User Corections", "Fresh Discovery's",
// "Prefrence Clarifications"), so that a typo does not make a custom
// category that recall ranks after every spec one. ok is false for a label
// the spec knows already and for a genuinely custom one ("Security Notes",
// "Gotchas"): only a few edits from a spec label count, and the first
// letter of each word must agree.
func SuggestCategory(label string) (name string, ok bool) {
	if _, known := NormalizeCategory(label); known {
		return "", false
	}
	key := categoryKey(label)
	if len(key) < 8 || len(key) > 40 {
		return "", false
	}
	joined := !strings.Contains(key, " ")
	best, bestDist := "", 3
	for _, k := range nearMissKeys {
		a, b := key, k
		switch {
		case joined:
			// "UserCorrections", "User-Corrections": compare without the spaces.
			b = strings.ReplaceAll(k, " ", "")
			if a[0] != b[0] {
				continue
			}
		case !sameInitials(key, k):
			continue
		}
		d := editDistance(a, b, bestDist)
		allowed := 1
		if len(k) >= 14 {
			allowed = 2
		}
		if len(k) >= 22 {
			allowed = 3
		}
		if d <= allowed && d < bestDist {
			best, bestDist = categoryAliases[k], d
		}
	}
	return best, best != ""
}

// categoryKey folds a label the way NormalizeCategory does, drops
// apostrophes and dots, which typos add ("Discovery's", "Req."), and reads
// hyphens and underscores as spaces ("User-Corrections").
func categoryKey(label string) string {
	trimmed := strings.TrimFunc(label, func(r rune) bool {
		return unicode.IsSpace(r) || r == '*' || r == '_' || r == ':' || r == '#'
	})
	trimmed = keyReplacer.Replace(trimmed)
	return strings.ToLower(strings.Join(strings.Fields(trimmed), " "))
}

// keyReplacer is categoryKey's: built once, as building it costs more
// than using it.
var keyReplacer = strings.NewReplacer("'", "", "’", "", ".", "", "-", " ", "_", " ")

// sameInitials reports whether a and b have as many words, starting with the
// same letters: a typo keeps the shape of the label.
func sameInitials(a, b string) bool {
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) != len(wb) {
		return false
	}
	for i := range wa {
		if wa[i][0] != wb[i][0] {
			return false
		}
	}
	return true
}

// editDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and swaps of neighbours), giving up
// at limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= limit || -d >= limit {
		return limit
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], limit)
}
