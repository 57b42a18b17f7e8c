package similar

import (
	"strings"
	"sync"
)

// leadIns are the openings an agent puts before a learning it restates,
// which say that it is said again or worth keeping, never what it says:
// "Again: the cache ...", "As noted before, the cache ...", "Reminder:
// the cache ...". A restatement with one of them in front is the same
// learning, not an update that "added `Again`" (17 of the 48 unresolved
// updates lint found in the prose generator's 1 MB memory were such
// pairs). None of them
// is a word that can change a fact: no negation, no quantity, no time
// ("before" and "earlier" only inside a longer phrase: "as noted before").
// Built on first use: most runs compare nothing.
var leadIns = sync.OnceValue(func() map[string]bool {
	return setOf(
		"again", "once again", "once more", "yet again",
		"as noted", "as noted before", "as noted earlier", "as noted above", "as noted previously",
		"as previously noted", "as mentioned", "as mentioned before", "as mentioned earlier",
		"as mentioned above", "as mentioned previously", "as previously mentioned", "as said",
		"as said before", "as said earlier", "as stated", "as stated before", "as stated earlier",
		"as stated above", "as previously stated", "as before", "as discussed", "as discussed earlier",
		"as discussed before", "as agreed", "as established", "as established earlier", "as we found",
		"as we saw", "as found earlier", "as recorded", "as recorded before", "as learned", "as learnt",
		"as learned before", "as learnt before", "as a reminder", "as always",
		"to repeat", "to reiterate", "to restate", "to recap", "to summarise", "to summarize",
		"repeating", "reiterating", "restating", "recap", "in short", "in summary", "summary",
		"reminder", "a reminder", "just a reminder", "quick reminder", "friendly reminder",
		"remember", "recall", "note", "a note", "please note", "nb", "n.b", "n.b.", "fyi", "psa",
		"heads up", "heads-up", "tip", "pro tip", "key point", "important", "for the record",
		"for reference", "for context", "confirmed", "confirmed again", "reconfirmed", "re-confirmed",
		"verified", "verified again", "re-verified", "double-checked", "rechecked", "re-checked",
		"still true", "still holds", "still the case", "still", "also", "plus", "and again", "noted",
		"same as before", "unchanged", "good to know", "worth remembering", "worth knowing",
		"keep in mind", "bear in mind", "lesson", "lesson learned", "lesson learnt", "takeaway",
		"key takeaway",
	)
})

// leadInsThat open a learning with "that": "Remember that the cache
// ...", "Keep in mind that the cache ...".
var leadInsThat = sync.OnceValue(func() map[string]bool {
	return setOf("remember", "recall", "note", "please note", "keep in mind", "bear in mind",
		"be aware", "it is worth noting", "it's worth noting", "worth noting", "notice")
})

// leadInBytes bounds where a lead-in's comma, colon or "that" may stand:
// the longest lead-in above is shorter.
const leadInBytes = 32

// withoutLeadIn is s without the lead-ins that open it, one after another
// ("Note: Verified: the build ..."), all of them, so that reading a text
// without its lead-in twice changes nothing (Prepare's text is read again
// by oneChange). Each one taken off shortens s: the loop ends.
func withoutLeadIn(s string) string {
	for {
		t := withoutOneLeadIn(s)
		if t == s {
			return s
		}
		s = t
	}
}

// withoutOneLeadIn is s without a lead-in of leadIns and the comma, colon
// or dash after it (or one of leadInsThat and "that"), when something of
// the learning follows; otherwise s. Letter case does not matter. A
// lead-in is read only as the whole opening phrase: "Again" in "Again the
// build fails" (no comma) or "Still failing:" is no lead-in.
//
// Nearly every learning opens with a word no lead-in opens with, which
// one look-up of that word tells (opensLikeLeadIn); reading the opening
// up to its first comma, colon or dash for every learning, with a look-up
// at each, cost learn compact's reading of anchors on the default
// generator's 10 MB memory 536.4 M instructions, 510.4 M without; on the
// 8 generators' 1 MB memories the look-up saves compact --dry-run 0.3% to
// 1.5% of its instructions (long, paths, agent 0.3%; zipf 1.5%; 0.9 to
// 5.0 M; callgrind).
func withoutOneLeadIn(s string) string {
	if !opensLikeLeadIn(s) {
		return s
	}
	return cutLeadIn(s)
}

// leadInOpeners are the first words of leadIns and leadInsThat.
var leadInOpeners = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, m := range []map[string]bool{leadIns(), leadInsThat()} {
		for p := range m {
			set[strings.Fields(p)[0]] = true
		}
	}
	return set
})

// maxOpener bounds the length of a word of leadInOpeners
// (TestLeadInOpenersFit).
const maxOpener = 16

// opensLikeLeadIn reports whether the first word of s, lower-cased, ended
// by white space, a comma, a colon or a semicolon, is one of
// leadInOpeners: the first word of the opening phrase cutLeadIn reads,
// which a lead-in's must be. A word outside ASCII opens none (cutLeadIn
// stops at it).
func opensLikeLeadIn(s string) bool {
	i := 0
	for i < len(s) && asciiSpace(s[i]) {
		i++
	}
	var buf [maxOpener]byte
	n := 0
	for ; i < len(s); i++ {
		c := s[i]
		if asciiSpace(c) || c == ',' || c == ':' || c == ';' {
			break
		}
		if c >= 0x80 || n == len(buf) {
			return false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	return leadInOpeners()[string(buf[:n])]
}

// cutLeadIn is withoutOneLeadIn without its first test.
func cutLeadIn(s string) string {
	head := s[:min(len(s), leadInBytes+2)]
	for i := 0; i < len(head); i++ {
		c := head[i]
		switch {
		case c == ',' || c == ':' || c == ';':
			if isPhrase(leadIns(), s[:i]) {
				return rest(s, i+1)
			}
			return s
		case c == ' ' && i+1 < len(head) && (head[i+1] == '-' || strings.HasPrefix(head[i+1:], "—")) && isPhrase(leadIns(), s[:i]):
			j := i + 1
			if head[j] == '-' {
				for j < len(s) && s[j] == '-' {
					j++
				}
			} else {
				j += len("—")
			}
			if j < len(s) && s[j] == ' ' {
				return rest(s, j)
			}
		case c == ' ' && hasASCIIPrefixFold(s[i:], " that ") && isPhrase(leadInsThat(), s[:i]):
			return rest(s, i+len(" that "))
		case c >= 0x80 || c == '`' || c == '\n' || c >= '0' && c <= '9':
			return s // code, a number or a line break: no lead-in
		}
	}
	return s
}

// phraseOf is p lower-cased with its words one space apart.
func phraseOf(p string) string {
	return strings.ToLower(strings.Join(strings.Fields(p), " "))
}

// isPhrase reports whether set holds phraseOf(p). The p withoutOneLeadIn
// asks about is the ASCII opening of a learning, before its first comma,
// colon or dash (the scan stops at a byte outside ASCII), at most
// leadInBytes long: it is written lower-cased, its words one space apart,
// into a buffer on the stack and looked up there, where phraseOf
// allocated three strings (Fields, Join, ToLower) for every learning with
// a comma near its start; with the " that " test below, it cost learn
// compact, which reads every learning without its lead-in once, on the
// 1 MB memories of bench/ (callgrind): zipf 283.7 -> 288.5 M
// instructions, prose 215.2 -> 218.5, intl 430.4 -> 434.3, default 297.3
// -> 299.9.
func isPhrase(set map[string]bool, p string) bool {
	var buf [leadInBytes + 2]byte
	n, space := 0, false
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c >= 0x80 {
			return set[phraseOf(p)]
		}
		if asciiSpace(c) {
			space = n > 0
			continue
		}
		if space && n < len(buf) {
			buf[n] = ' '
			n++
		}
		if n == len(buf) {
			return set[phraseOf(p)]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n, space = n+1, false
	}
	return set[string(buf[:n])]
}

// hasASCIIPrefixFold reports whether s opens with the lower-case ASCII
// prefix, letter case aside, as strings.HasPrefix(strings.ToLower(s[:6]),
// prefix) did without lower-casing a copy: no character outside ASCII
// lower-cases to a letter of " that ".
func hasASCIIPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// rest is s from i on, without the white space there, or s itself when
// no letter follows: a lead-in alone is the whole learning.
func rest(s string, i int) string {
	r := strings.TrimLeft(s[i:], " \t")
	if strings.IndexFunc(r, isWordRune) < 0 {
		return s
	}
	return r
}
