// Package quality spots learnings that look ephemeral rather than lasting:
// what a session did (a commit, an error it hit, "tests pass now") instead of
// what the next session should know. It only warns; the person decides.
package quality

import (
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// Warning is advice about one learning, written for the person who is about
// to store it.
type Warning struct {
	// Kind is a stable name for scripts: "commit-hash", "error-output",
	// "stack-trace", "status-report", "path-list", "too-short",
	// "relative-time".
	Kind string
	// Message says what looks wrong and what a lasting learning would say.
	Message string
}

type check struct {
	kind, message string
	found         func(text string) bool
}

// pattern is a check that matches expr, compiled on the first check rather
// than at start-up (see lazyregexp).
func pattern(expr string) func(string) bool {
	re := lazyregexp.New(expr)
	return func(text string) bool { return re().MatchString(text) }
}

var checks = []check{
	{
		kind:    "commit-hash",
		message: "looks like a commit hash; a lasting learning says why, not which commit",
		found:   hasCommitHash,
	},
	{
		kind:    "error-output",
		message: "looks like raw error output; say what causes the error and how to avoid it",
		found: pattern(`(?m)(?:^[\t >` + "`" + `*-]*(?:panic:|fatal error:|error:|Error:|ERROR:|FAIL\b|--- FAIL|npm ERR!|E[0-9]{4} |error\[E[0-9]+\]|[A-Z][A-Za-z]*(?:Error|Exception):)|` +
			`Traceback \(most recent call last\)|\bexit status [0-9]+|\bsegmentation fault\b|Exception in thread ")`),
	},
	{
		kind:    "stack-trace",
		message: "looks like a stack trace; keep the lesson, not the frames",
		found: pattern(`(?m)goroutine [0-9]+ \[|` +
			`\bat [\w.$<>\[\]]+ \(?[\w./\\:-]+\.[a-z]{1,5}:[0-9]+(?::[0-9]+)?\)?|` +
			`\bat [\w./\\-]+\.[a-z]{1,5}:[0-9]+:[0-9]+|` +
			`File "[^"]+", line [0-9]+|` +
			`\.go:[0-9]+ \+0x[0-9a-f]+|` +
			`\bat [\w.$]+\([\w.]+\.(?:java|kt|scala):[0-9]+\)`),
	},
	{
		kind:    "status-report",
		message: "reads like a status report; a lasting learning says what to do or know next time",
		found: pattern(`(?i)^\W*(?:done|fixed(?: it)?|all good|lgtm|resolved|works|it works|that worked|` +
			`(?:all )?tests? (?:are )?(?:now )?(?:pass|passes|passing|green)(?: now)?)\W*$|` +
			`(?i)\b(?:pass|passes|passing|works|working|green|fixed|resolved)\s+now\b|` +
			`(?i)\bnow\s+(?:pass|passes|passing|works|green|fixed)\b|` +
			`(?i)^\W*(?:i|we)\s+(?:fixed|changed|updated|added|removed|refactored|ran|tried)\b`),
	},
	{
		kind:    "path-list",
		message: "is only a list of paths; say what about them matters",
		found:   isPathList,
	},
	{
		kind:    "relative-time",
		message: `mentions a relative time ("today", "yesterday"); the reader will not know when that was`,
		found:   pattern(`(?i)\b(?:today|yesterday|tomorrow|tonight|this (?:morning|afternoon|evening|week)|last night|earlier today|right now|just now|at the moment)\b`),
	},
	{
		kind:    "too-short",
		message: "is very short; a lasting learning says what to do and why",
		found:   func(text string) bool { return len(strings.Fields(text)) < minWords && !isPathList(text) },
	},
}

// minWords is the fewest words a lasting learning usually needs: "Use pnpm,
// not npm" has four.
const minWords = 4

// Check returns the warnings for one learning, in a fixed order, or none.
func Check(text string) []Warning {
	var ws []Warning
	for _, c := range checks {
		if c.found(text) {
			ws = append(ws, Warning{Kind: c.kind, Message: c.message})
		}
	}
	return ws
}

var hexWord = lazyregexp.New(`\b[0-9a-f]{7,40}\b`)

// hasCommitHash looks for a 7 to 40 digit hex word that mixes letters and
// digits, so that numbers ("1234567") and words ("defaced") do not count.
func hasCommitHash(text string) bool {
	for _, w := range hexWord().FindAllString(text, -1) {
		if strings.ContainsAny(w, "abcdef") && strings.ContainsAny(w, "0123456789") {
			return true
		}
	}
	return false
}

var (
	pathLike   = lazyregexp.New(`^\.{0,2}/?[\w.@-]+(?:/[\w.@*-]*)+$|^[\w@-]+\.[A-Za-z0-9]{1,5}$`)
	connectors = map[string]bool{"and": true, "&": true, "-": true, "*": true}
)

// isPathList reports text made only of file paths (at least one), joined by
// commas, "and" or list marks.
func isPathList(text string) bool {
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ',' || r == ';' || r == '`'
	})
	paths := 0
	for _, f := range fields {
		switch {
		case connectors[strings.ToLower(f)]:
		case pathLike().MatchString(strings.TrimRight(f, ".:")):
			paths++
		default:
			return false
		}
	}
	return paths > 0
}
