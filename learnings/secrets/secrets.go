// Package secrets finds credentials in learnings before they reach the
// memory file, which sits in the project directory in plain text and is read
// back into every agent session.
//
// Scan looks for two things. Provider formats (an AWS access key ID, a GitHub
// token, a PEM private key, ...; the providers and key shapes of gitleaks'
// default rules, in providers.go) are reported whenever the format
// matches: a scanner cannot tell a live key from a revoked or documented one,
// so AWS's own example key AKIAIOSFODNN7EXAMPLE is reported too, and a
// learning can always say "an AWS key" instead of quoting one. Only bodies of
// one repeated character ("ghp_xxxx…") pass as the placeholders they are. Free-form
// assignments (password = ..., api_key: ..., passwords in URLs) are reported
// only when the value looks like a real secret: placeholders ("changeme",
// "<your-password>", "${API_KEY}", "xxx"), references to the environment or
// to code (os.Getenv("X"), process.env.X, $DB_PASSWORD, cfg.Password) and,
// for keys and tokens, values too short or too regular to be random are not
// secrets. A password in a URL equal to its user name (postgres:postgres) is
// a well-known default, not a secret.
//
// Passwords are also found where people write them without an assignment
// (passwords.go): in sentences, in several languages ("log in with user
// admin and password X", "das Passwort ist X"), as user:password before a
// host, in the commands that take one (mysql -pX, sshpass -p X, docker
// login -p X, ...) and in .netrc lines. There a value counts when it reads
// like a password (letters with digits or symbols, random, or quoted), so
// that "the password is hashed" and "the password must be 12 characters"
// pass. "changeme" is a placeholder: templates write it where a password
// goes. A secret written after its setting's name without "=" is found
// too (named.go): apart from it in an env listing ("DB_PASSWORD Xq7…")
// or in a sentence ("the api_key is X"). Invisible characters (zero-width spaces, the byte-order mark, ...)
// are read as absent, so a key split by one is still found.
package secrets

import (
	"bytes"
	"encoding/base64"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// Finding is one suspected secret. It holds the kind and the byte range of
// the secret in the scanned text, never the value, so it can be printed and
// logged safely; the range lets a caller redact.
type Finding struct {
	// Kind names the secret for a person: "AWS access key", "GitHub token".
	Kind string
	// Start and End are byte offsets; End is exclusive.
	Start, End int
}

// rule finds one kind of secret. The secret is the submatch named "s" (or
// "qs") when the pattern has one, else the whole match.
//
// A rule's expression is compiled when a text first holds one of the
// rule's hints (lazyregexp): compiling every rule's expression when the
// package loaded took about 35 ms of CPU on every run of learn ("learn
// --version": 83 ms, then 48 ms), more than parsing a 1 MB memory file,
// although a run meets a handful of rules at most. TestRulesCompile
// compiles them all, so a bad pattern still fails the tests, not a user's
// run.
type rule struct {
	kind string
	// pattern is the rule's expression as written, and re the expression
	// compiled from it on first use (rules makes it, and at and afterOne
	// for a trimmed rule).
	pattern string
	re      func() *regexp.Regexp
	// valid, when set, rejects matches whose secret, text[span[0]:span[1]],
	// is not one.
	valid func(text string, span []int) bool
	// judge, when set, names the kind of secret a match holds, or "" for
	// none; it replaces kind.
	judge func(text string, re *regexp.Regexp, m []int) string
	// hints are lower-case literals one of which is in every match. Scan
	// finds every hint of every rule in one pass over the text and runs a
	// rule only on the lines holding one of its hints, so that most of a
	// large file meets no regular expression at all.
	hints []string
	// context rules have hints that are words near the secret rather than
	// part of it: a Discord bot token has no fixed prefix, so it is looked
	// for only on lines that speak of Discord, bots or tokens.
	context bool
	// needs, when set, are bytes one of which is in every match: a line
	// without any is skipped before the regular expression runs.
	needs string
	// whole rules match across lines (a PEM block): they run over the
	// text from the first line holding a hint instead of line by line.
	whole bool
	// overlapping rules look for a match again from where the value of
	// the previous one starts, so that "staging: password = X", whose
	// first match is the harmless "staging: password", still reaches the
	// password.
	overlapping bool
	// bounded rules only count when the secret does not continue into
	// more key characters.
	bounded bool
	// may, when set, reports whether a line can hold a match at all (a
	// literal every match has, say): a line for which it is false is
	// skipped before the regular expression runs.
	may func(line string) bool
	// seek, when set, finds where in s, from from on, the next match can
	// start, for an overlapping rule whose expression would otherwise be
	// tried at every byte: the first possible start p (-1 when none is
	// left) and next, from where to seek again when anchored does not
	// match at p. anchored is the expression anchored at the start of its
	// input; it gives at p the match the expression would find.
	seek     func(s string, from int) (p, next int)
	anchored func() *regexp.Regexp
	// windowed rules run their expression only on the words around each
	// hint in a line (about window bytes either side, widened to
	// whitespace), not on the whole line: an expression that opens with a
	// long case-insensitive alternation is tried at every byte it is given,
	// and the lines of a memory file that say "password" are often long
	// paragraphs.
	windowed bool
	// lead, for a windowed rule whose every match starts at most lead
	// blank-separated words before the word holding the window's first
	// hint (trimmed tells that it is set), lets the expression start
	// there rather than up to window bytes earlier: no match can start
	// before, and the words cut off are blanks apart, so a \b at the new
	// start reads the same. The password rules in prose ran 10-35 % less
	// CPU on the generated 10 MB memories (long: 33 -> 27 ms and 35 -> 27
	// for the first two, agent: 19 -> 13 for the second). A rule that is
	// not windowed may have a lead too: it reads whole lines, but tries
	// its expression only at the starts the lead allows (see part.starts).
	lead    int
	trimmed bool
	// at and afterOne, for a trimmed rule, are its expression anchored at
	// the start of its input, and anchored one character later, that
	// character read only as what comes before (for a \b): a trimmed
	// rule's expression is tried only at the starts its windows allow (see
	// window.starts), not at every byte after them.
	at, afterOne func() *regexp.Regexp
	// valueAfter, for a spoken rule with a lead, says that the value
	// starts at most valueAfter words after the word holding a hint (in
	// it, when nothing comes between): a window none of whose hints has
	// a word there that mayHoldPassword passes is not searched. Most
	// windows hold some word with a digit or a symbol, and a check of
	// the whole window rarely spared the expression: the first of the
	// prose rules took 2-7 ms of CPU instead of 8-22 on the generated 10
	// MB memories (paths 18 -> 2, long 22 -> 7), the third 2-6 instead of
	// 3-10.
	valueAfter int
	// firsts, for a windowed or trimmed rule, gives for each byte the
	// rule's hints that begin with it in either case, which are all that
	// windows compares there: comparing each of two dozen hints at every
	// byte made windows 0.89 s of a 5.3 s profile of redacting every
	// learning of the default, long and agent 10 MB memories; with a
	// table of the bytes that begin one, 0.25 s; with the hints of each
	// byte, redacting every learning of the 1 MB memories took prose 73.9
	// M instructions instead of 82.4, long 82.0 instead of 91.8, paths
	// 68.2 instead of 71.4, agent 84.4 instead of 88.2 (callgrind).
	firsts *hintsByFirst
	// spoken rules take their value with credValue or saidValue and
	// accept it only when spokenPassword or saidPassword does: a line (a
	// window, for a windowed rule) without a word that could pass those
	// (mayHoldPassword) is not searched. Most lines that say "password"
	// say it in plain words, and the prose rules were most of the cost of
	// redacting a generated 10 MB memory learning by learning (learn
	// stats, recall --all).
	spoken bool
}

// window is how many bytes either side of a hint a windowed rule reads.
const window = 96

func isKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// standsAlone reports whether text[start:end] is not part of a longer key.
func standsAlone(text string, start, end int) bool {
	return (start == 0 || !isKeyChar(text[start-1])) && (end == len(text) || !isKeyChar(text[end]))
}

// assignmentRules are free-form secrets whose value has to be judged. They
// come after providerRules, so that a provider format wins where both match.
func assignmentRules() []rule {
	return []rule{
		{
			kind:    "password in URL",
			hints:   []string{"://"},
			needs:   "@",
			pattern: `[A-Za-z][A-Za-z0-9+.\-]*://[^\s:/@'"]*:(?P<s>[^\s/'"]+)@[A-Za-z0-9.\-\[]`,
			valid:   validURLPassword,
			// A match is a word holding its hint.
			trimmed: true,
		},
		{
			kind:    "curl credentials",
			hints:   []string{"curl"},
			pattern: `\bcurl\b[^\n]*?[ \t](?:-u|--user)(?:[ \t]+|=)["']?[^\s:"']*:(?P<s>[^\s"']+)`,
			valid: func(text string, span []int) bool {
				v := value(text, span)
				return !isPlaceholder(v) && !isReference(v)
			},
		},
		{
			kind:    "basic auth credentials",
			hints:   []string{"basic"},
			pattern: `(?i)\bbasic[ \t]+(?P<s>[A-Za-z0-9+/]{8,}={0,2})`,
			valid:   encodesCredentials,
		},
		{
			kind:    "bearer token",
			hints:   []string{"bearer"},
			pattern: `(?i)\bbearer[ \t]+(?P<s>[A-Za-z0-9_\-.=+/]{20,})`,
			valid:   func(text string, span []int) bool { return looksRandom(value(text, span)) },
		},
		{
			// A command-line flag: --password S3cret, --api-key=..., as
			// learnings quote the commands they ran, and as an argument
			// list quotes them: "--password", "S3cret".
			judge: judgeFlag,
			hints: []string{"--"},
			may:   flagNamed,
			pattern: `(?i)--(?P<key>[a-z0-9-]*?(?:password|passwd|passphrase|pass|pwd|pw|token|secret|api-?key|access-key))(?:[ \t]+|=|["'],?[ \t]*)` +
				`(?:(?P<q>["'])(?P<qs>[^"'\r\n]*)["']|(?P<s>[^\s"'` + "`" + `,;()]+))`,
		},
		{
			// A password stated in prose: "the staging password is X", "the
			// password for the test tenant was `X`".
			kind:  "password assignment",
			hints: []string{"password", "passwd", "passphrase"},
			pattern: `(?i)\b(?:password|passwd|passphrase)s?(?:[ \t]+(?:for|of|on|in)[ \t]+[^\n.;:=` + "`" + `]{1,40}?)?` +
				`[ \t]+(?:is|was|are|were|is set to|set to)[ \t]+` + saidValue,
			valid:   saidPassword,
			spoken:  true,
			trimmed: true,
		},
		{
			// "log in with the password X".
			kind:    "password assignment",
			hints:   []string{"password", "passwd", "passphrase"},
			pattern: `(?i)\b(?:with|use|using|enter|type)[ \t]+(?:the[ \t]+|a[ \t]+)?(?:password|passwd|passphrase)[ \t]+` + saidValue,
			valid:   saidPassword,
			spoken:  true,
			lead:    2,
			trimmed: true,
		},
		seekingKeys(rule{
			judge:       judgeAssignment,
			overlapping: true,
			needs:       ":=",
			hints:       slices.Concat(passwordWords, keyEnds("pass", "pw"), []string{"_pass", "-pass", "_pw", "-pw", "_pat", "-pat", "secret", "token", "key", "auth", "credential"}),
		}, `(?i)(?P<key>[A-Za-z_][A-Za-z0-9_.\-]*)["']?[ \t]*(?::=|=>|=|:)[ \t]*`+
			`(?:(?P<q>["'`+"`"+`])(?P<qs>[^"'`+"`"+`\r\n]*)["'`+"`"+`]|(?P<s>[^\s"'`+"`"+`,;()]+))`),
	}
}

// saidValue is the value of a password stated in prose: a code span, or a
// word of at least six characters whose trailing full stop is the
// sentence's.
const saidValue = "(?:`(?P<qs>[^`\n]{4,})`|(?P<s>[^\\s`\"',;()]{5,}[^\\s`\"',;().]))"

// saidPassword accepts a password stated in prose when it reads like one:
// letters and digits, not a placeholder or a reference, and not a compound
// adjective ("the password is Base64-encoded", "v2-compatible").
func saidPassword(text string, span []int) bool {
	v := value(text, span)
	if isPlaceholder(v) || isReference(v) || isNumber(v) || compoundWord().MatchString(v) {
		return false
	}
	return strings.ContainsAny(v, "0123456789") && strings.IndexFunc(v, unicode.IsLetter) >= 0 || looksRandom(v)
}

var compoundWord = lazyregexp.New(`^[A-Za-z0-9]+-[a-z]{3,}$`)

// rules are every rule, provider formats first, built on first use: built
// when the package loaded, the rules (and the hint index, see hints) cost
// every run of learn, each recall and each hook event, 30 KB of allocation
// (GODEBUG=inittrace=1), though only the commands that take or check
// learnings scan for secrets.
var rules = sync.OnceValue(func() []rule {
	rs := slices.Concat(providerRules(), assignmentRules(), passwordRules(), []rule{namedRule()})
	for i := range rs {
		if rs[i].pattern == "" {
			panic("secrets: rule " + rs[i].kind + " has no pattern")
		}
		rs[i].re = lazyregexp.New(rs[i].pattern)
		if rs[i].windowed || rs[i].trimmed {
			rs[i].firsts = firstBytes(rs[i].hints)
		}
		if rs[i].trimmed {
			rs[i].at = lazyregexp.New(`\A(?:` + rs[i].pattern + `)`)
			rs[i].afterOne = lazyregexp.New(`\A(?s:.)(?:` + rs[i].pattern + `)`)
		}
	}
	return rs
})

// names is the compiled form of r's expression that its matches are read
// with (their submatches' indexes by name): at for a trimmed rule and
// anchored for a seeking one, which run where re would and number its
// submatches as re does (they wrap it in groups that capture nothing). re
// is then compiled only where it runs itself, seldom (a line with a long s
// or a Kelvin sign): compiled only to read its names, the password rules
// in prose, the package's longest expressions, cost lint on the 1 MB
// memories 1-2 M instructions more (callgrind, GOMAXPROCS=1: prose 629.3
// -> 627.0 M, long 611.8 -> 609.5, agent 633.9 -> 631.8, default 1213.3
// -> 1212.2).
func (r rule) names() *regexp.Regexp {
	switch {
	case r.trimmed:
		return r.at()
	case r.seek != nil:
		return r.anchored()
	}
	return r.re()
}

// hintsByFirst is a rule's hints by the byte they begin with, in either
// case: hints[at[c][0]:at[c][1]], in the rule's order.
type hintsByFirst struct {
	at    [256][2]uint8
	hints []string
}

// firstBytes sorts hints (without a leading "^") by the byte they begin
// with, counting them first, so that building the tables costs recall,
// which meets the rules on a few learnings, next to nothing.
func firstBytes(hints []string) *hintsByFirst {
	if len(hints) > 255 {
		panic("secrets: more than 255 hints in a rule")
	}
	t := &hintsByFirst{hints: make([]string, len(hints))}
	var count [256]int
	for _, h := range hints {
		count[upperByte(strings.TrimPrefix(h, "^")[0])]++
	}
	next := 0
	for c := range 256 {
		t.at[c] = [2]uint8{uint8(next), uint8(next)}
		next += count[c]
	}
	for _, h := range hints {
		h = strings.TrimPrefix(h, "^")
		at := &t.at[upperByte(h[0])]
		t.hints[at[1]] = h
		at[1]++
	}
	for c := byte('a'); c <= 'z'; c++ {
		t.at[c] = t.at[upperByte(c)] // a small letter's hints are its capital's
	}
	return t
}

// of is the hints that may begin at c.
func (t *hintsByFirst) of(c byte) []string {
	at := t.at[c]
	return t.hints[at[0]:at[1]]
}

func upperByte(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// Scan reports the secrets in text in order of position. A provider format
// wins over a free-form assignment covering the same bytes, so a GitHub
// token in "GITHUB_TOKEN=ghp_..." is reported once, as a GitHub token.
// Invisible characters (zero-width spaces and joiners, the byte-order
// mark, ...) are read as absent, so a key split by one is still found; its
// finding covers the characters inside it.
func Scan(text string) []Finding {
	folded, cuts := fold(text)
	lines := hintLines(folded)
	if lines == nil {
		return nil
	}
	found := scanLines(folded, rules(), lines)
	unfold(found, cuts)
	return found
}

// scanLines runs each rule of rs on its lines of text (see
// hintIndex.lines).
func scanLines(text string, rs []rule, lines []ruleLines) []Finding {
	var out []Finding
	overlaps := func(start, end int) bool {
		for _, f := range out {
			if start < f.End && f.Start < end {
				return true
			}
		}
		return false
	}
	for _, rl := range lines {
		r := rs[rl.rule]
		for _, m := range r.matches(text, rl.lines) {
			start, end := secretSpan(r.names(), m)
			if r.bounded && (!standsAlone(text, start, end) || isFiller(text[start:end])) ||
				r.valid != nil && !r.valid(text, []int{start, end}) || inMark(text, start) {
				continue
			}
			kind := r.kind
			if r.judge != nil {
				kind = r.judge(text, r.names(), m)
			}
			if kind != "" && !overlaps(start, end) {
				out = append(out, Finding{Kind: kind, Start: start, End: end})
			}
		}
	}
	slices.SortFunc(out, func(a, b Finding) int { return a.Start - b.Start })
	return out
}

// Redact replaces the value of every secret Scan finds in text with
// "[REDACTED kind]", so that text stored before learn guarded the file can
// still be shown to a person or an agent without handing the secret on.
func Redact(text string) string {
	found := Scan(text)
	if len(found) == 0 {
		return text
	}
	var b strings.Builder
	prev := 0
	for _, f := range found {
		b.WriteString(text[prev:f.Start])
		b.WriteString(redactedMark + f.Kind + "]")
		prev = f.End
	}
	b.WriteString(text[prev:])
	return b.String()
}

// redactedMark opens what Redact writes in place of a secret.
const redactedMark = "[REDACTED "

// inMark reports whether the byte at i is inside a mark Redact wrote, as
// "assignment]" of "[REDACTED password assignment]" is: Redact must not read
// its own marks as secrets. A text redacted twice (improve-docs redacts a
// learning recall's rendering already redacted) showed
// "password=[REDACTED password [REDACTED password in prose]".
//
// It looks back within the line and at most markWindow bytes: a mark is
// "[REDACTED " and a kind of a few words. Looking back to the start of the
// text made a scan of a whole memory quadratic: lint took 0.10 -> 0.41 s on
// the default 1 MB memory and 1 -> 39 s at 10 MB (bench/run.sh).
func inMark(text string, i int) bool {
	from := max(0, i-markWindow)
	if nl := strings.LastIndexByte(text[from:i], '\n'); nl >= 0 {
		from += nl + 1
	}
	at := strings.LastIndex(text[from:i], redactedMark)
	return at >= 0 && !strings.ContainsRune(text[from+at+len(redactedMark):i], ']')
}

// markWindow is how far back inMark looks for the start of a mark: longer
// than any mark Redact writes (TestMarksFitWindow).
const markWindow = 128

// isFiller reports a key whose last sixteen characters are one character
// repeated ("ghp_xxxx…", "sk_live_0000…"): a placeholder in docs, never the
// output of a key generator.
func isFiller(key string) bool {
	tail := key[max(0, len(key)-16):]
	return strings.Count(tail, tail[:1]) == len(tail)
}

// matches runs the rule over the given lines of text ([start, end) byte
// ranges, in order), or for a whole rule over text from the first of them,
// giving indexes into text.
func (r rule) matches(text string, lines [][2]int) [][]int {
	if len(lines) == 0 {
		return nil
	}
	if r.whole {
		lines = [][2]int{{lines[0][0], len(text)}}
	}
	var out [][]int
	for _, ln := range lines {
		if r.needs != "" && !strings.ContainsAny(text[ln[0]:ln[1]], r.needs) ||
			r.may != nil && !r.may(text[ln[0]:ln[1]]) {
			continue
		}
		spans := []part{{span: ln}}
		if r.windowed || r.trimmed {
			spans = r.windows(text, ln)
		}
		for _, w := range spans {
			sp := w.span
			if r.spoken && !mayHoldPassword(text[sp[0]:sp[1]]) {
				continue
			}
			var found [][]int
			if w.starts != nil {
				found = r.findAt(text[sp[0]:sp[1]], w.starts)
			} else {
				found = r.findAll(text[sp[0]:sp[1]])
			}
			for _, m := range found {
				out = append(out, shift(m, sp[0]))
			}
		}
	}
	return out
}

// part is a part of a line a rule reads, [start, end) in the text (a line,
// or a window of a windowed rule), and for a trimmed rule where in it a
// match can start: ranges
// [from, to] of offsets into the window, in order, one reaching from lead
// words before each hint to the hint (every match holds a hint, and
// starts at most lead words before the word holding it).
type part struct {
	span   [2]int
	starts [][2]int
}

// findAt returns what findAll would return for s, whose matches can start
// only within starts (see part.starts), trying the expression only
// there. Go's expressions try a match at every byte of their input, and
// the password rules in prose open with a case-insensitive alternation of
// words in a dozen languages, whose every branch is tried at every byte:
// the rule "the password is X" took 83 M instructions on the windows of
// the eight generators' 1 MB memories (callgrind). Tried only at the
// starts, redacting every learning of the prose 1 MB memory took 85.5 M
// instructions instead of 100.7, of the long one 106.1 instead of 115.5.
func (r rule) findAt(s string, starts [][2]int) [][]int {
	var out [][]int
	from := 0
	for _, st := range starts {
		for p := max(st[0], from); p <= st[1]; {
			m := r.matchAt(s, p)
			if m == nil {
				_, size := utf8.DecodeRuneInString(s[p:])
				p += max(size, 1)
				continue
			}
			out = append(out, m)
			from = m[1]
			p = from
		}
	}
	return out
}

// matchAt is the match of the rule's expression that starts at s[p], as
// the expression reads it in s: with the character before p, if any, for
// a \b at p.
func (r rule) matchAt(s string, p int) []int {
	if p == 0 {
		return r.at().FindStringSubmatchIndex(s)
	}
	_, size := utf8.DecodeLastRuneInString(s[:p])
	m := shift(r.afterOne().FindStringSubmatchIndex(s[p-size:]), p-size)
	if m != nil {
		m[0] = p
	}
	return m
}

// windows are the parts of the line ln of text a windowed rule reads: the
// bytes within window of each of its hints, widened to whitespace so that
// no word is cut, overlapping ones merged. A trimmed rule that is not
// windowed reads the whole line, as it did, from the starts of its hints.
func (r rule) windows(text string, ln [2]int) []part {
	var out []part
	line := text[ln[0]:ln[1]]
	// Scan folds the long s and the Kelvin sign, which case folding reads
	// as s and k, to ASCII first: every hint is in the text as ASCII.
	trim := r.trimmed
	check := trim && r.spoken && r.valueAfter > 0
	var keep []bool
	// Only where a hint of some rule may begin (hintIndex.candidate) can
	// one of this rule's: the pairs of bytes it rules out begin none in
	// any case. Comparing this rule's hints at every byte of the line
	// cost about 50 instructions a byte (many lines of a memory name a
	// password or a URL, and a letter begins several hints): learn stats
	// on the long 1 MB memory of bench/ spent 8.2 M instructions in
	// windows, now 0.7 M and 2.6 M more in candidate (callgrind; the
	// whole run 284.6 -> 279.6 M, agent 276.2 -> 273.5). The index is
	// the package's rules': windows serves no other rule.
	ix := hints()
	for i := ix.candidate(line, 0); i < len(line); i = ix.candidate(line, i+1) {
		for _, h := range r.firsts.of(line[i]) {
			if !hasPrefixFold(line[i:], h) {
				continue
			}
			reach := window
			if !r.windowed {
				reach = len(line)
			}
			start, end := max(0, i-reach), min(len(line), i+len(h)+reach)
			for start > 0 && !isSpace(line[start-1]) {
				start--
			}
			for end < len(line) && !isSpace(line[end]) {
				end++
			}
			ok := !check || mayHoldPassword(line[i+len(h):wordsAfter(line, i+len(h), r.valueAfter)])
			before := 0 // where a match holding this hint may start, when trim
			if trim {
				before = wordsBefore(line, i, r.lead)
			}
			if n := len(out); n > 0 && start <= out[n-1].span[1]-ln[0] {
				out[n-1].span[1] = ln[0] + end
				keep[n-1] = keep[n-1] || ok
			} else {
				if trim && r.windowed {
					start = max(start, before)
				}
				out = append(out, part{span: [2]int{ln[0] + start, ln[0] + end}})
				keep = append(keep, ok)
			}
			if trim {
				w := &out[len(out)-1]
				at := w.span[0] - ln[0]
				from, to := max(before, at)-at, i-at
				if n := len(w.starts); n > 0 && from <= w.starts[n-1][1]+1 {
					w.starts[n-1][1] = to
				} else {
					w.starts = append(w.starts, [2]int{from, to})
				}
			}
			break
		}
	}
	if check {
		n := 0
		for i, w := range out {
			if keep[i] {
				out[n] = w
				n++
			}
		}
		out = out[:n]
	}
	return out
}

// wordsAfter is where in line the word n words after the one holding
// line[j] ends (the end of that one when j is inside it), words being
// separated by blanks.
func wordsAfter(line string, j, n int) int {
	for j < len(line) && !isSpace(line[j]) {
		j++
	}
	for ; n > 0; n-- {
		for j < len(line) && isSpace(line[j]) {
			j++
		}
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
	}
	return j
}

// wordsBefore is where in line the word n words before the one holding
// line[i] starts, words being separated by blanks; 0 when there are fewer.
func wordsBefore(line string, i, n int) int {
	for {
		for i > 0 && !isSpace(line[i-1]) {
			i--
		}
		if n == 0 || i == 0 {
			return i
		}
		for i > 0 && isSpace(line[i-1]) {
			i--
		}
		n--
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// findAll returns the rule's matches in s; for an overlapping rule the
// search resumes where each match's value starts rather than after it.
func (r rule) findAll(s string) [][]int {
	if !r.overlapping {
		return r.re().FindAllStringSubmatchIndex(s, -1)
	}
	var out [][]int
	for from := 0; from < len(s); {
		m := r.find(s, from)
		if m == nil {
			break
		}
		out = append(out, m)
		next := secretIndex(r.names(), m)[0]
		if q := r.names().SubexpIndex("q"); q > 0 && m[2*q] >= 0 {
			next = m[2*q]
		}
		from = max(next, m[0]+1)
	}
	return out
}

// secretIndex narrows a match to the secret's submatch ("s" or, for a
// quoted assignment, "qs"; "q2" to "q5" for a value said in a sentence,
// namedRule), falling back to the whole match.
func secretIndex(re *regexp.Regexp, m []int) []int {
	for _, name := range []string{"s", "qs", "q2", "q3", "q4", "q5"} {
		if i := re.SubexpIndex(name); i > 0 && m[2*i] >= 0 {
			return m[2*i : 2*i+2]
		}
	}
	return m[:2]
}

func secretSpan(re *regexp.Regexp, m []int) (int, int) {
	s := secretIndex(re, m)
	return s[0], s[1]
}

func value(text string, span []int) string { return text[span[0]:span[1]] }

// encodesPrivateKey accepts base64 that decodes to a PEM private key, as in
// a kubeconfig's client-key-data.
func encodesPrivateKey(text string, span []int) bool {
	b, _ := base64.StdEncoding.DecodeString(padBase64(value(text, span)))
	return bytes.Contains(b, []byte("PRIVATE KEY"))
}

// encodesCredentials accepts an HTTP Basic value that decodes to
// "user:password" with a password that is not a placeholder.
func encodesCredentials(text string, span []int) bool {
	b, err := base64.StdEncoding.DecodeString(padBase64(value(text, span)))
	if err != nil {
		return false
	}
	_, pass, ok := strings.Cut(string(b), ":")
	return ok && pass != "" && !isPlaceholder(pass)
}

// padBase64 restores the padding a match may have cut, and cuts a partial
// final quantum, so that the decoder reads what is there.
func padBase64(v string) string {
	v = strings.TrimRight(v, "=")
	switch len(v) % 4 {
	case 1:
		return v[:len(v)-1]
	case 2:
		return v + "=="
	case 3:
		return v + "="
	}
	return v
}

// validURLPassword rejects placeholders, references and the well-known
// default of a password equal to the user name (postgres:postgres,
// guest:guest), which local-development learnings quote all the time.
func validURLPassword(text string, span []int) bool {
	pass := value(text, span)
	user := text[:span[0]-1]
	user = user[strings.LastIndex(user, "/")+1:]
	return !isPlaceholder(pass) && !isReference(pass) && pass != user
}

// judgeAssignment returns the kind of secret an assignment holds, or "" when
// its key is not about secrets or its value is not one.
func judgeAssignment(text string, re *regexp.Regexp, m []int) string {
	key := strings.ToLower(value(text, m[2*re.SubexpIndex("key"):]))
	span := secretIndex(re, m)
	val := value(text, span)
	quoted := m[2*re.SubexpIndex("q")] >= 0
	if !quoted && span[1] < len(text) && text[span[1]] == '(' {
		return "" // a call: password = os.Getenv("DB_PASSWORD")
	}
	if isPlaceholder(val) || isReference(val) || isNumber(val) {
		return "" // a number is a setting (PASSWORD_RESET_TTL=3600), not a secret
	}
	switch {
	case isPasswordKey(key, value(text, m[2*re.SubexpIndex("key"):])) && !blankAfterPass(text, re, m):
		if !quoted && !strings.ContainsAny(val, "0123456789") && !looksRandom(val) && !shellPassword(text, re, m) {
			return "" // prose such as "password: required"
		}
		if !quoted && compoundWord().MatchString(val) {
			return "" // "pw: 4096-bit"
		}
		if len(val) < 4 {
			return ""
		}
		return "password assignment"
	case containsAny(key, keyWords) || hasAnySuffix(key, "_pat", "-pat"):
		if !looksRandom(val) {
			return ""
		}
		return "generic API key assignment"
	case strings.Contains(key, "key"):
		// A key that says no more than "key" (a cache key, an
		// Idempotency-Key, a sort key) often holds an ID or a template:
		// UUIDs and colon-separated names are not secrets.
		// What is left counts only as a key of its own shape: 32 or
		// more hex digits, or 20 or more characters mixing capitals,
		// small letters and digits.
		v := uuidAnywhere().ReplaceAllString(val, "")
		if !bareKey().MatchString(v) || !looksRandom(v) || !isHexOrUUID(v) && !mixedCase(v) {
			return ""
		}
		return "generic API key assignment"
	}
	return ""
}

// judgeFlag is judgeAssignment for a command-line flag. A quote after
// its name is a separator only where the same quote opens the name, as an
// argument list writes it ("--password", "S3cret"): after a string that
// ends in a flag ("run --password", "note": …) the next quoted string is
// no value of it. Nor is a value that is itself a flag ("--password",
// "--host": the password is asked for).
func judgeFlag(text string, re *regexp.Regexp, m []int) string {
	key := m[2*re.SubexpIndex("key"):]
	if q := text[key[1]]; (q == '"' || q == '\'') && (key[0] < 3 || text[key[0]-3] != q) {
		return ""
	}
	if strings.HasPrefix(value(text, secretIndex(re, m)), "--") {
		return ""
	}
	return judgeAssignment(text, re, m)
}

// keyEnds are hints for keys that end in one of words: the word followed
// by each character but a blank that can come between a key and its "="
// or ":" (judgeAssignment takes "pass :" for prose, so that the many
// lines saying "pass " need not be read).
func keyEnds(words ...string) []string {
	var out []string
	for _, w := range words {
		for _, c := range []string{"=", ":", "\"", "'"} {
			out = append(out, w+c)
		}
	}
	return out
}

// isPasswordKey reports a setting that holds a password: its name has a
// word for one (DB_PASSWORD, passwd, pass_word), or its last part is pass
// or pw (pass, SMTP_PASS, admin-pw, SSHPASS written as an environment
// variable), which bypass or compass are not.
func isPasswordKey(lower, key string) bool {
	last := lower[strings.LastIndexAny(lower, "_-.")+1:]
	switch {
	case containsAny(lower, passwordWords), last == "pass", last == "pw", last == "pswd", last == "passwort":
		return true
	case strings.HasSuffix(lower, "pass") && envName().MatchString(key+"_X"):
		return true
	}
	return false
}

// blankAfterPass reports a key named only by a final pass or pw (pass,
// SSHPASS) followed by a blank: "pass : 3 of 4" is prose, and Scan's hints
// for such keys leave the blank out.
func blankAfterPass(text string, re *regexp.Regexp, m []int) bool {
	k := m[2*re.SubexpIndex("key") : 2*re.SubexpIndex("key")+2]
	key := strings.ToLower(text[k[0]:k[1]])
	if containsAny(key, passwordWords) || hasAnySuffix(key, "_pass", "-pass", "_pw", "-pw") || strings.HasSuffix(text[:k[0]], "--") {
		return false // a flag: --pass S3cret
	}
	return k[1] < len(text) && (text[k[1]] == ' ' || text[k[1]] == '\t')
}

// shellPassword reports a password set the way a shell or an env file
// sets one, NAME=value with nothing around the "=" and a name ending in
// the password word (PGPASSWORD=hunter psql): there a word is a password,
// where in "password: required" it is prose.
func shellPassword(text string, re *regexp.Regexp, m []int) bool {
	k := m[2*re.SubexpIndex("key") : 2*re.SubexpIndex("key")+2]
	span := secretIndex(re, m)
	key := strings.ToLower(text[k[0]:k[1]])
	return text[k[1]:span[0]] == "=" && len(value(text, span)) >= 4 &&
		hasAnySuffix(key, "password", "passwd", "pwd", "pass", "pw", "passphrase")
}

var (
	passwordWords = []string{"password", "passwd", "pwd", "passphrase", "pass_word"}
	keyWords      = []string{"secret", "token", "apikey", "api_key", "api-key", "access_key", "access-key", "auth_", "auth-",
		"authkey", "authtoken", "authorization", "credential", "private_key"}
)

func hasAnySuffix(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// isPlaceholder reports values that stand for a secret rather than being
// one: the ones docs and examples use.
func isPlaceholder(v string) bool {
	l := strings.ToLower(strings.Trim(v, "."))
	if l == "" || strings.Trim(l, "x*.-_#?") == "" {
		return true // "", "xxx", "***", "..."
	}
	if strings.HasPrefix(l, "<") || strings.HasPrefix(l, "[") || strings.HasPrefix(l, "{") ||
		strings.HasPrefix(l, "%") || strings.Contains(l, "{{") {
		return true // <your-password>, [token], {token}, %s, {{ .Token }}
	}
	for _, p := range placeholderWords {
		if l == p {
			return true
		}
	}
	for _, p := range []string{"your", "example", "placeholder", "redacted", "changeme", "dummy", "sample", "replace"} {
		if strings.Contains(l, p) {
			return true
		}
	}
	return false
}

var placeholderWords = []string{
	"password", "passwd", "pass", "secret", "token", "apikey", "api_key", "key", "value", "string",
	"none", "null", "nil", "true", "false", "test", "foo", "bar", "baz", "admin", "root", "user",
	"required", "optional", "empty", "todo", "tbd", "str", "env",
}

func isNumber(v string) bool {
	return strings.Trim(v, "0123456789") == ""
}

// isReference reports values that name where a secret comes from instead of
// holding it: environment variables, identifiers in code and file paths
// (PWD=/tmp/build1).
func isReference(v string) bool {
	switch {
	case strings.HasPrefix(v, "/"), strings.HasPrefix(v, "./"), strings.HasPrefix(v, "../"), strings.HasPrefix(v, "~/"):
		return true
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "%") && strings.HasSuffix(v, "%"):
		return true // $DB_PASSWORD, ${API_KEY}, %API_KEY%
	case identifierPath().MatchString(v) && namesOnly(v):
		return true // cfg.Password, process.env.API_KEY, settings.SECRET_KEY
	case envName().MatchString(v):
		return true // DB_PASSWORD
	}
	return false
}

// namesOnly reports whether every part of a dotted path reads as a name
// in code: none looks random, and none has a digit inside a word
// ("Tr0ub4dor", "Qw8rT7"). A password with a dot in it
// ("Zx9.Qw8rT7yU6iO5pA4s") has the shape of a path like cfg.Password,
// and was taken for one and kept; a digit before a capital ("s3Config",
// "oauth2Client") or at a part's end ("v2", "ec2") still reads as a name.
func namesOnly(v string) bool {
	for part := range strings.SplitSeq(v, ".") {
		if looksRandom(part) || digitInWord().MatchString(part) {
			return false
		}
	}
	return true
}

var (
	digitInWord    = lazyregexp.New(`[A-Za-z][0-9]+[a-z]`)
	identifierPath = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`)
	envName        = lazyregexp.New(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)
	uuidAnywhere   = lazyregexp.New(uuid)
	bareKey        = lazyregexp.New(`^(?:[A-Za-z0-9+/=_\-]{20,}|[0-9a-fA-F]{32,})$`)
)

// looksRandom reports values that read like generated keys: long enough,
// mixed, and with the character entropy of random text rather than of a
// word or a name.
func looksRandom(v string) bool {
	if len(v) < 16 {
		return false
	}
	var lower, upper, digit bool
	for _, r := range v {
		switch {
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		}
	}
	classes := 0
	for _, b := range []bool{lower, upper, digit} {
		if b {
			classes++
		}
	}
	return classes >= 2 && entropy(v) >= 3.0
}

// mixedCase reports a value holding capitals, small letters and digits,
// as generated keys do and names and IDs mostly do not.
func mixedCase(v string) bool {
	return strings.ContainsAny(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && strings.ContainsAny(v, "abcdefghijklmnopqrstuvwxyz") &&
		strings.ContainsAny(v, "0123456789")
}

// entropy is the Shannon entropy of v in bits per byte.
func entropy(v string) float64 {
	var counts [256]int
	for i := 0; i < len(v); i++ {
		counts[v[i]]++
	}
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(len(v))
			h -= p * math.Log2(p)
		}
	}
	return h
}

// UnclosedPrivate returns the byte offset of the first <private> (any
// case, with attributes) that no </private> closes, nested ones counted,
// or -1 when every one is closed. StripPrivate would drop everything after
// it, the rest of a session's learnings with it, so callers refuse such a
// text instead of stripping it (even a tag quoted in backticks: the
// writer meant a tag or meant to write about one, and either way a silent
// loss of the tail is the wrong answer).
func UnclosedPrivate(text string) int {
	opens := privateOpen().FindAllStringIndex(text, -1)
	if opens == nil {
		return -1
	}
	closes := privateClose().FindAllStringIndex(text, -1)
	ci := 0
	for oi := 0; oi < len(opens); {
		first, depth, at := opens[oi][0], 1, opens[oi][1]
		oi++
		for depth > 0 {
			for ci < len(closes) && closes[ci][0] < at {
				ci++
			}
			if ci == len(closes) {
				return first
			}
			if oi < len(opens) && opens[oi][0] < closes[ci][0] {
				depth++
				at = opens[oi][1]
				oi++
				continue
			}
			depth--
			at = closes[ci][1]
			ci++
		}
		for oi < len(opens) && opens[oi][0] < at {
			oi++
		}
	}
	return -1
}

// StripPrivate removes <private>…</private> spans (any case, across lines,
// nested ones included) so that what a user marks private never reaches the
// file, and reports how many spans it removed. An unclosed <private> strips
// to the end of the text: better to lose the tail than to store it; store
// and summarise refuse such a text first (UnclosedPrivate). Where a
// span sat between words, one space is left, not two, and none before
// punctuation or a line end.
func StripPrivate(text string) (string, int) {
	opens := privateOpen().FindAllStringIndex(text, -1)
	if opens == nil {
		return text, 0
	}
	closes := privateClose().FindAllStringIndex(text, -1)
	b := make([]byte, 0, len(text))
	count, pos, ci := 0, 0, 0
	for oi := 0; oi < len(opens); {
		start := opens[oi][0]
		if start < pos {
			oi++
			continue
		}
		b = joinAfterSpan(b, text[pos:start], count > 0)
		count++
		depth, at := 1, opens[oi][1]
		oi++
		pos = len(text)
		for depth > 0 {
			for ci < len(closes) && closes[ci][0] < at {
				ci++
			}
			nextOpen := len(text)
			if oi < len(opens) {
				nextOpen = opens[oi][0]
			}
			if ci == len(closes) {
				break // unclosed: strip to the end
			}
			if nextOpen < closes[ci][0] {
				depth++
				at = opens[oi][1]
				oi++
				continue
			}
			depth--
			at = closes[ci][1]
			ci++
			if depth == 0 {
				pos = at
			}
		}
	}
	b = joinAfterSpan(b, text[pos:], true)
	return string(b), count
}

// joinAfterSpan appends next to b; when a private span was removed between
// them, the spaces around the gap close up as a writer would close them:
// one space between words, none before punctuation or a line end, none
// after an opening bracket. A gap at the start of a line is left alone, so
// indentation stays.
func joinAfterSpan(b []byte, next string, afterSpan bool) []byte {
	trimmed := len(b)
	for trimmed > 0 && (b[trimmed-1] == ' ' || b[trimmed-1] == '\t') {
		trimmed--
	}
	rest := strings.TrimLeft(next, " \t")
	if !afterSpan || trimmed == 0 || b[trimmed-1] == '\n' || (trimmed == len(b) && len(rest) == len(next)) {
		return append(b, next...)
	}
	b = b[:trimmed]
	if rest != "" && !strings.ContainsRune("\r\n.,;:!?)]", rune(rest[0])) && !strings.ContainsRune("([", rune(b[trimmed-1])) {
		b = append(b, ' ')
	}
	return append(b, rest...)
}

var (
	privateOpen  = lazyregexp.New(`(?i)<private(?:\s[^>]*)?>`)
	privateClose = lazyregexp.New(`(?i)</private\s*>`)
)
