package sessionstate

import (
	"path"
	"strings"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// docExts are the extensions of documents: Markdown and plain text in
// their usual spellings, and the other prose formats projects keep docs in.
var docExts = map[string]bool{
	".md": true, ".markdown": true, ".mdx": true, ".mdown": true, ".mkd": true, ".mkdn": true, ".qmd": true, ".rmd": true,
	".txt": true, ".text": true, ".rst": true, ".adoc": true, ".asciidoc": true, ".asc": true, ".org": true,
	".textile": true, ".rdoc": true, ".pod": true, ".wiki": true, ".mediawiki": true, ".creole": true,
}

// docNames are documents named without an extension.
var docNames = map[string]bool{
	"README": true, "CHANGELOG": true, "CHANGES": true, "CONTRIBUTING": true, "HACKING": true, "INSTALL": true,
	"NEWS": true, "TODO": true, "UPGRADING": true, "MIGRATING": true, "SECURITY": true, "AUTHORS": true,
}

// notDocs are text files that are data, not prose.
var notDocs = lazyregexp.New(`(?i)^(requirements.*|constraints.*|cmakelists|robots|license.*|licence.*|copying.*|notice.*|.*\.lock|.*-lock|.*\.min|third_party_notices.*|dependency_links|top_level|sources|entry_points)\.(txt|text|md)$|(?i)^(license|licence|copying|notice)$`)

// IsDoc reports whether p names a document: any Markdown or text file
// (README.md, NOTES.txt, guide/setup.rst, a README without extension),
// wherever it is, except text that is data (requirements.txt,
// CMakeLists.txt, licence texts) and learn's own memory and backups.
func IsDoc(p string) bool {
	p = strings.ReplaceAll(p, "\\", "/")
	b := path.Base(p)
	if b == "" || b == "." || b == "/" || notDocs().MatchString(b) {
		return false
	}
	if strings.Contains("/"+p, "/.tmp/memory-learnings") || strings.Contains("/"+p, "/.tmp/backups/") || strings.Contains("/"+p, "/.git/") {
		return false
	}
	ext := strings.ToLower(path.Ext(b))
	if ext != "" {
		return docExts[ext]
	}
	return docNames[strings.ToUpper(b)]
}

var (
	ansi = lazyregexp.New(`\x1b\[[0-9;?]*[ -/]*[@-~]`)
	// errorLine is a line that says what went wrong, in the words test
	// runners, compilers and linters use.
	errorLine = lazyregexp.New(`(?i)(\berror\b|\berr!|\berror\[|\berrors?:|\bfail(ed|ure|ing)?\b|\bpanic\b|exception|traceback|assert|\bcannot\b|\bcan't\b|undefined|not found|no such|\bexpected\b|\bfatal\b|\bunexpected\b|✗|✘|×|●)`)
	// noise are lines that say a failure happened but not which.
	noise = lazyregexp.New(`(?i)^(fail|failed|error|errors|exit status \d+|make: \*\*\*.*|npm err!.*|error: command failed with exit code \d+\.?|command failed.*|tests? failed\.?|\d+ (failed|errors?)\b.*|=+ .* =+|-+)$`)
)

// Excerpt is the line of a failed command's output that says what went
// wrong: the first line that names an error or a failure and is more than
// a bare "FAIL", else the last non-empty line; ANSI colours and outer
// spaces are removed.
func Excerpt(output string) string {
	output = ansi().ReplaceAllString(output, "")
	lines := strings.Split(output, "\n")
	last, generic := "", ""
	for _, l := range lines {
		l = strings.TrimSpace(strings.TrimRight(l, "\r"))
		if l == "" {
			continue
		}
		last = l
		if !errorLine().MatchString(l) {
			continue
		}
		if noise().MatchString(l) {
			if generic == "" {
				generic = l
			}
			continue
		}
		return oneLine(l)
	}
	if generic != "" {
		return oneLine(generic)
	}
	return oneLine(last)
}

var (
	timestamp = lazyregexp.New(`(?i)\d{4}-\d{2}-\d{2}([T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})?)?|\b\d{1,2}:\d{2}:\d{2}(\.\d+)?\b`)
	tempName  = lazyregexp.New(`\b(tmp|temp|go-build|pytest-of-\w+|pytest-)[\w.-]*\d[\w.-]*`)
	pathLike  = lazyregexp.New(`(?:[a-z]:)?[\w.~@+-]*(?:[/\\][\w.~@+-]+)+/?|\b[\w-]+\.(?:go|py|js|jsx|ts|tsx|mjs|cjs|rs|rb|java|kt|c|h|cc|cpp|hpp|cs|php|swift|scala|ex|exs|sh|json|ya?ml|toml|md|txt|lock|log)\b`)
	hexRun    = lazyregexp.New(`\b(0x)?[0-9a-f]*\d[0-9a-f]*[a-f][0-9a-f]*\b|\b(0x)?[0-9a-f]*[a-f][0-9a-f]*\d[0-9a-f]*\b`)
	// number is a number standing alone, not the digits of a name such
	// as TestParse2 or utf8.
	number = lazyregexp.New(`(^|[^\pL\d_])\d+(\.\d+)*`)
	spaces = lazyregexp.New(`\s+`)
)

// Normalise is s with what changes from run to run taken out: ANSI
// colours, timestamps, temporary names, paths, hex ids, numbers and
// spacing, in lower case. Two runs of one failure normalise alike.
func Normalise(s string) string {
	s = strings.ToLower(ansi().ReplaceAllString(s, ""))
	s = timestamp().ReplaceAllString(s, "<time>")
	s = tempName().ReplaceAllString(s, "<tmp>")
	s = pathLike().ReplaceAllString(s, "<path>")
	s = hexRun().ReplaceAllStringFunc(s, func(h string) string {
		if len(h) < 7 {
			return h
		}
		return "<hex>"
	})
	s = number().ReplaceAllString(s, "$1<n>")
	return strings.TrimSpace(spaces().ReplaceAllString(s, " "))
}

// Fingerprint names a failure so that the same failure, run again with
// other numbers, paths, temp names or times, gets the same name: its kind
// and a hash of its normalised excerpt (or of its command, when the output
// said nothing).
func Fingerprint(kind Kind, command, excerpt string) string {
	key := Normalise(excerpt)
	if key == "" {
		key = Normalise(command)
	}
	return string(kind) + ":" + hash(string(kind) + "\n" + key)[:12]
}
