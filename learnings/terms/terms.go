// Package terms splits text into the words search and relevance rank on, the
// way developers write them: `client.Do`, `snake_case`, `kebab-case`,
// `docs/api.md` and `uploadFile` all yield their words, folded to lower case
// and lightly stemmed, so that "Uploader" in a task meets `ios/Uploader.swift`
// in a learning and "retrying" meets "retries".
//
// Tokenize is the full tokeniser (with byte ranges and the compounds
// themselves); a Matcher finds only a few wanted words, an order of magnitude
// faster, for callers that scan a whole file on every run. Both split words
// at the same places, so a word Tokenize emits as a part or a plain word is
// a word the Matcher finds.
package terms

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Token is one word of a text, with the byte range it came from so snippets
// can mark it in the original.
type Token struct {
	Term       string
	Start, End int
	// Part is true for the pieces of a compound such as `client.Do`
	// ("client", "do") or `uploadFile` ("upload", "file"), which are emitted
	// after the compound itself.
	Part bool
	// Piece is true for the pieces of a camelCase word ("upload" and
	// "file" of `uploadFile`), which may be words of their own or just
	// syllables of a name (`MacBook`).
	Piece bool
	// Compound is true for a compound joined by punctuation itself
	// (`client.Do`, `e-paper`), which is emitted before its parts.
	Compound bool
}

// IsJoiner reports whether r may sit inside a compound token
// (`client.Do`, `snake_case`, `docs/api.md`, `x-api-key`) when letters or
// digits follow it, so that a caller reading a text's bytes (search's
// skim) splits words where NextWord does.
func IsJoiner(r rune) bool { return isJoiner(r) }

func isJoiner(r rune) bool {
	switch r {
	case '.', '_', '-', '/', ':', '#', '@', '+':
		return true
	}
	return false
}

// WordRune tells how NextWord reads r: as part of a word (a letter, digit
// or mark), and as a word of its own (an ideograph or kana), so that a
// caller reading a text's runes (search's skim) splits words where
// NextWord does.
func WordRune(r rune) (word, ideograph bool) {
	return isWordRune(r), isIdeographic(r)
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[r]
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// asciiStop holds the ASCII bytes that end a word wherever they are: no
// letter or digit, no joiner.
var asciiStop = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = !asciiWord[c] && !isJoiner(rune(c))
	}
	return t
}()

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

func isLowerOrDigit(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// camelBreak reports whether a new word starts at text[i] inside a word that
// began at start: `uploadFile` breaks before F, `HTTPServer` before S,
// `S3Bucket` before B. Digits stay with the letters before them (`base64`,
// `oauth2`), and only ASCII letters are split.
func camelBreak(text string, start, i int) bool {
	if i <= start || !isUpper(text[i]) {
		return false
	}
	prev := text[i-1]
	if isLowerOrDigit(prev) {
		return true
	}
	return isUpper(prev) && i+1 < len(text) && 'a' <= text[i+1] && text[i+1] <= 'z'
}

// decode is utf8.DecodeRuneInString with the ASCII case inline.
func decode(s string) (rune, int) {
	if c := s[0]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s)
}

// Fold lower-cases s and applies NFKC, so that "Ｇｏ", "ﬁle" and "GO" match
// their plain spellings. ASCII text skips the normaliser, which is the hot path.
func Fold(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return strings.ToLower(norm.NFKC.String(s))
		}
	}
	return lowerASCII(s)
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; isUpper(c) {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; isUpper(c) {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// Tokenize splits text into folded, stemmed terms. A compound made of words
// joined by punctuation yields the compound (folded, not stemmed) and each of
// its words, so that `client.Do` is found by "client.do", by "client" and by
// "do". A word written in camelCase yields itself (stemmed, like any word)
// and its pieces: `uploadFile` gives "uploadfil", "upload" and "file", so
// that "upload" and "uploadfile" both find it. The pieces of a compound are
// emitted after it with Part set. CJK text has no spaces, so each ideograph
// or kana is a word of its own.
func Tokenize(text string, emit func(Token)) {
	i := 0
	for i < len(text) {
		r, size := decode(text[i:])
		if !isWordRune(r) {
			i += size
			continue
		}
		if isIdeographic(r) {
			emit(Token{Term: Fold(text[i : i+size]), Start: i, End: i + size})
			i += size
			continue
		}
		start := i
		// segments are the words between joiners; breaks are the camelCase
		// boundaries inside them.
		var segments [][2]int
		var breaks []int
		segStart := i
		for i < len(text) {
			if c := text[i]; c < utf8.RuneSelf && asciiWord[c] {
				if camelBreak(text, segStart, i) {
					breaks = append(breaks, i)
				}
				i++
				continue
			}
			r, size := decode(text[i:])
			if r >= utf8.RuneSelf && isWordRune(r) && !isIdeographic(r) {
				i += size
				continue
			}
			if isJoiner(r) && i+size < len(text) {
				next, _ := decode(text[i+size:])
				if isWordRune(next) && !isIdeographic(next) {
					segments = append(segments, [2]int{segStart, i})
					i += size
					segStart = i
					continue
				}
			}
			break
		}
		segments = append(segments, [2]int{segStart, i})
		joined := len(segments) > 1
		if joined {
			emit(Token{Term: Fold(text[start:i]), Start: start, End: i, Compound: true})
		}
		for _, seg := range segments {
			emit(Token{Term: Stem(Fold(text[seg[0]:seg[1]])), Start: seg[0], End: seg[1], Part: joined})
			from := seg[0]
			for len(breaks) > 0 && breaks[0] < seg[1] {
				emit(Token{Term: Stem(Fold(text[from:breaks[0]])), Start: from, End: breaks[0], Part: true, Piece: true})
				from = breaks[0]
				breaks = breaks[1:]
			}
			if from > seg[0] {
				emit(Token{Term: Stem(Fold(text[from:seg[1]])), Start: from, End: seg[1], Part: true, Piece: true})
			}
		}
	}
}

// NextWord finds the first word Tokenize reads in text at or after byte i
// (a compound joined by punctuation is one word, an ideograph is one) and
// returns its byte range, or start == len(text) when there is none. Plain
// is set for a word of ASCII letters and digits with no capital after its
// first byte: Tokenize makes it one term, Stem(Fold(word)), and no parts,
// so a caller looking for a few terms can rule it out by its letters
// (search reads every word of a file this way and tokenises a few).
func NextWord(text string, i int) (start, end int, plain bool) {
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if !asciiWord[c] {
				i++
				continue
			}
			j := i + 1
			for j < len(text) && isLowerOrDigit(text[j]) {
				j++
			}
			// Most words end at a space or a stop: no call needed.
			if j == len(text) || asciiStop[text[j]] {
				return i, j, true
			}
			end := wordEnd(text, j)
			return i, end, end == j
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			i += size
			continue
		}
		if isIdeographic(r) {
			return i, i + size, false
		}
		return i, wordEnd(text, i), false
	}
	return len(text), len(text), false
}

// wordEnd is where the word Tokenize reads from text[start] ends: its
// letters and digits, joiners followed by more of them, no ideograph.
func wordEnd(text string, i int) int {
	for i < len(text) {
		if c := text[i]; c < utf8.RuneSelf && asciiWord[c] {
			i++
			continue
		}
		r, size := decode(text[i:])
		if r >= utf8.RuneSelf && isWordRune(r) && !isIdeographic(r) {
			i += size
			continue
		}
		if isJoiner(r) && i+size < len(text) {
			if next, _ := decode(text[i+size:]); isWordRune(next) && !isIdeographic(next) {
				i += size
				continue
			}
		}
		break
	}
	return i
}

// Words returns the words of text as a Matcher finds them: every term
// Tokenize emits except the compounds joined by punctuation, so
// `ios/UploadQueue.swift` gives "ios", "uploadqueu", "upload", "queu",
// "swift".
func Words(text string) []string {
	var out []string
	Tokenize(text, func(t Token) {
		if t.Part || !isJoined(text[t.Start:t.End]) {
			out = append(out, t.Term)
		}
	})
	return out
}

// isJoined reports whether a token's text is a compound joined by
// punctuation (the only tokens Words leaves out).
func isJoined(word string) bool {
	for _, r := range word {
		if !isWordRune(r) {
			return true
		}
	}
	return false
}

func isIdeographic(r rune) bool {
	return r >= 0x2E80 && r < 0x10000 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r))
}

// JoinedTerm is the term of the one word that a and b, two ASCII
// letter-words, make written together ("e" and "paper": "epaper"; "log"
// and "ins": "login"), since people write such a word joined, hyphenated
// or spaced; ok is false when either is not all ASCII letters.
func JoinedTerm(a, b string) (term string, ok bool) {
	if !asciiLetters(a) || !asciiLetters(b) {
		return "", false
	}
	return Stem(strings.ToLower(a + b)), true
}

func asciiLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return w != ""
}

// Stem removes the commonest English inflections (plurals, -ing, -ed and a
// final e) so "retries", "retried" and "retrying" all meet "retry", and
// "cache", "cached" and "caching" meet "cach". It is deliberately
// light: a wrong merge costs more in a small corpus than a missed one.
// So a word whose final e tells it from another word keeps it (see
// keepE): "plane" is no "plan", "theme" no "them", "noted" no "not".
func Stem(w string) string {
	if len(w) <= 3 || !isASCIIAlpha(w) {
		return w
	}
	s := stripSuffix(w)
	if n := len(s); n > 4 && s[n-1] == 'e' && !keptWord(s) {
		return s[:n-1]
	}
	if cut := len(w) - len(s); (cut == 2 && strings.HasSuffix(w, "ed") || cut == 3 && strings.HasSuffix(w, "ing")) && keptForms(s) {
		// "planed", "staging", "noted": the e's word, since the word
		// without it doubles its consonant ("planned", "stagging"), which
		// stripSuffix undoes.
		return s + "e"
	}
	return s
}

func keptWord(w string) bool {
	words, _ := keepE()
	return words[w]
}

func keptForms(s string) bool {
	_, forms := keepE()
	return forms[s]
}

// keepE holds the words whose final e is all that tells them from another
// common word, with its -ed and -ing forms ("planed", "stating"), where
// Stem would drop it: "plane" and "plan", "state" and "stat", "route" and
// "rout", "theme" and "them", "quite" and "quit", "rated" and "rat",
// "coding" and "cod", "noted" and "not". Each pair is two words of the
// system's word list (/usr/share/dict/words, SCOWL) of different meaning
// (TestKeepE holds the list to it); spellings of one word ("blonde",
// "gelatine"), Latin plurals ("formulae") and words of one root ("bathe",
// "breathe", "retiree") merge as before. A word whose e-less partner
// takes -ed and -ing without doubling ("singing", "casting",
// "severing") keeps only its own forms: those go to the partner
// (keepEOnly). "stripe" and "strip" stay merged for now: on dev17 the
// mentions of Stripe make "strip" a common word of the memory, and kept
// apart, a decoy sharing only "stripping" with a task's "strip" passes as
// one rare word (its homonym trap lost). keepE returns the words and,
// without their e ("plan" for "plane", as stripSuffix leaves "planed"),
// those whose -ed and -ing forms are theirs.
// They are built on first use: at start-up they cost every run of learn
// 12 KB of allocations (TestInitAllocations), though only a run that
// stems reads them.
var keepE = sync.OnceValues(func() (words, forms map[string]bool) {
	words, forms = map[string]bool{}, map[string]bool{}
	for w := range strings.FieldsSeq(keepEWords) {
		words[w] = true
		forms[w[:len(w)-1]] = true
	}
	for w := range strings.FieldsSeq(keepEOnly) {
		words[w] = true
	}
	return words, forms
})

const keepEWords = `averse browse compose coupe crude curse demure dense diverse erase
	expose finale flake forte glade globe grade grime gripe grille hearse heroine hinge
	humane inhumane karate lapse lease locale lunge morale parse paste plane please
	plume premiere prime prone prose puree quite range rationale refugee regale
	route scare scrape secrete shade shame shine silicone slate slime slope snipe spare
	sparse spate spine spite stage stare state suede suite tease tense theme
	tripe twine unite urbane white write
	bite cane code cope cube dine hate hope mate note pine rate site tape tone tube
	wine`

// keepEOnly are the words of keepE whose -ed and -ing forms are their
// partner's: "singing" is "sing", "casting" "cast", "severing" "sever".
const keepEOnly = `singe caste severe`

func stripSuffix(w string) string {
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "ied") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:n-2]
	case strings.HasSuffix(w, "ing") && n > 5:
		return undouble(w[:n-3])
	case strings.HasSuffix(w, "ed") && n > 4 && !strings.HasSuffix(w, "eed"):
		return undouble(w[:n-2])
	case strings.HasSuffix(w, "es") && n > 4 && (strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes")):
		return w[:n-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// undouble turns "stopp" (from "stopping") back into "stop".
func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] {
		switch w[n-1] {
		case 'l', 's', 'z':
			return w
		}
		return w[:n-1]
	}
	return w
}

func isASCIIAlpha(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// StopWord reports whether term (as Tokenize emits it) is a word too common
// to decide a ranking on its own.
func StopWord(term string) bool { return stopWords()[term] }

// stopWords holds the stop words as Tokenize emits them: Stem makes "where"
// "wher", which a list of the words as written missed, so "learn search
// where config" ranked on "where". It is built on first use, as Stem's
// keepE, which it reads, is.
var stopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are as at be by for from how in is it of on or
		that the to was what when where which with`) {
		m[Stem(w)] = true
	}
	return m
})
