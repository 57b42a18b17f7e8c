package secrets

import (
	"regexp"
	"strings"
)

// secretName is the name of a setting that holds a secret, as the rules
// below read it: a word for a password, a secret, a token, an API key or a
// private key, inside a variable's name (DB_PASSWORD, dbPassword,
// SENTRY_AUTH_TOKEN) or as people write it ("API key", "private key").
// judgeNamed decides from the whole name whether it holds a secret.
const secretName = `(?P<key>[A-Za-z0-9_.\-]*?(?:pass(?:word|wd|phrase)?|pwd|pw|secret|token|api[_\- ]?key|private[_\- ]?key|credentials?)[A-Za-z0-9_\-]*(?:[ \t]+key)?)`

// namedHints are literals one of which is in every secretName. A name
// that says "key" without a word for a secret says "api" or "private"
// just before it: the bare "key" of a cache key or a sort key, on many
// lines, would have these rules read them all.
var namedHints = []string{"pass", "pw", "secret", "token", "credential", "apikey", "api_key", "api-key", "api key", "private_key",
	"private-key", "privatekey", "private key"}

// namedRule finds a secret written after its setting's name without an
// assignment's "=" or ":". In a sentence: "the api_key is X", "our
// staging DB_PASSWORD was X", "the client secret for CI is set to X",
// "token: is X". Or with the name and the value apart, as env listings,
// fish's "set -gx", a Dockerfile's old "ENV NAME value" and Apache's
// SetEnv write them, and as a learning quotes them: "docker inspect shows
// DB_PASSWORD Xq7…". It comes after every other rule, so that what
// another rule finds is reported as before.
//
// One rule with both forms reads each line with a hint once: as two
// rules, lint on the long 1 MB memory took 20 M instructions more
// (callgrind), most of them finding the hints of each long line again.
func namedRule() rule {
	return rule{
		judge:    judgeNamed,
		windowed: true,
		// A name holds its hint whole, "API key" and "private key" too,
		// in one run of key characters: a match starts in the word of
		// its hint (lead 0), not a word before, where tried at every
		// byte it cost lint on a 1 MB memory whose long lines speak of
		// tokens (a tokenizer, a price per token) 3.72 G instructions
		// instead of 2.86 G (callgrind; 1.80 G without this rule).
		lead:    0,
		trimmed: true,
		spoken:  true,
		// The value comes at most eight words after the name's: "the
		// KEY for the CI tenant is set to X".
		valueAfter: 8,
		hints:      namedHints,
		// The sentence comes first: "api_key is X" also reads as the
		// name and the value "is".
		pattern: `(?i)\b` + secretName + `(?:` +
			`s?(?:[ \t]+(?:for|of|on|in|to)[ \t]+[^\n.;:=` + "`" + `]{1,40}?)?[ \t]*:?[ \t]+` +
			`(?:is[ \t]+set[ \t]+to|is[ \t]+now|is|was|are|were|set[ \t]+to|became)[ \t]*:?[ \t]+` +
			"(?:`(?P<q2>[^`\n]{4,})`|\"(?P<q4>[^\"\n]{4,})\"|'(?P<q5>[^'\n]{4,})'|(?P<q3>[^\\s`\"',;()]{3,}[^\\s`\"',;().:]))" +
			`|[ \t]+(?:(?P<q>["'])(?P<qs>[^"'\n]+)["']|(?P<s>[^\s"'` + "`" + `,;()<>]*[^\s"'` + "`" + `,;().:<>?])))`,
	}
}

// apart reports whether a namedRule match is of a name and a value apart
// (its submatch s or qs), not of a sentence.
func apart(re *regexp.Regexp, m []int) bool {
	return m[2*re.SubexpIndex("s")] >= 0 || m[2*re.SubexpIndex("qs")] >= 0
}

// judgeNamed names the secret a namedRule match holds, or "" for none:
// a password when the name is one for a password and the value reads like
// one (spokenPassword, and no hash or encoding: "the password is
// argon2id"), a key when the name is one for a key or a token and the
// value is random (looksRandom), as generated keys are and "the token is
// refreshed" is not. A value apart from its name must end its line, as in
// a listing, or be random: "the api key header", "password reset2 flow"
// go on.
func judgeNamed(text string, re *regexp.Regexp, m []int) string {
	kind := judgeNamedValue(text, re, m)
	if kind == "" || !apart(re, m) {
		return kind
	}
	rest := text[m[1]:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	if strings.Trim(rest, " \t\r;`.,") != "" && !looksRandom(value(text, secretIndex(re, m))) {
		return ""
	}
	return kind
}

// judgeNamedValue is judgeNamed without the place of the value.
func judgeNamedValue(text string, re *regexp.Regexp, m []int) string {
	k := m[2*re.SubexpIndex("key"):]
	if k[0] > 0 && text[k[0]-1] == '-' {
		return "" // a flag ("openssl enc -pass env:PASS"): the flag rules judge those
	}
	raw := value(text, k)
	key := strings.ReplaceAll(strings.ToLower(raw), " ", "_")
	span := secretIndex(re, m)
	v := value(text, span)
	if isPlaceholder(v) || isReference(v) || isNumber(v) || strings.ContainsAny(v, " \t") {
		return "" // "the DB_PASSWORD is `16 bytes`"
	}
	switch {
	case isPasswordKey(key, raw):
		// Read as unquoted: "the DB_PASSWORD is `hashed`" holds a word.
		if !spokenPassword(v, []int{0, len(v)}) || algorithm().MatchString(v) && !looksRandom(v) {
			return ""
		}
		return "password assignment"
	case containsAny(key, keyWords) || strings.Contains(key, "key") && (strings.Contains(key, "api") || strings.Contains(key, "private")):
		if !looksRandom(v) || namesNoKey(v) {
			return ""
		}
		return "generic API key assignment"
	}
	return ""
}

// namesNoKey reports a value that reads as words or code, not as a
// generated key, though looksRandom passes it: a call or a quoted string
// ("useSessionToken()", `getItem("jwt")`), a compound adjective
// ("base64url-encoded", "JWT_SECRET-signed"), or an identifier or path of
// words ("refreshAccessTokenIfExpired", "oauth2_access_token",
// "projects/my-proj/secrets/db-pass"), one with a capital or a separator:
// the lower-case letters and digits of a generated key run into words of
// three letters or more as often as identifiers do. Of the random keys
// TestNamesNoKeyOnRandomKeys makes, those of capitals, small letters and
// digits (with "-_" or "+/" or not) read so 0.3% at 16 characters, 0.06%
// at 24 and 0.005% at 32, hex ones and those of small letters and digits
// never.
func namesNoKey(v string) bool {
	if strings.ContainsAny(v, "()\"'") {
		return true
	}
	if i := strings.LastIndexByte(v, '-'); i >= 0 && len(v)-i > 4 && strings.Trim(v[i+1:], lowerLetters) == "" && !looksRandom(v[:i]) {
		return true // "-encoded", "-signed"
	}
	if !strings.ContainsAny(v, "-_./:ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		return false
	}
	return inWords(v) >= 0.85
}

const lowerLetters = "abcdefghijklmnopqrstuvwxyz"

// inWords is the share of v's letters and digits that lie in words of
// three letters or more holding a vowel, v being cut at every other
// character, between a letter and a digit, where a capital follows a
// small letter and before the capital that opens a word after capitals
// ("OAuthCode": O, Auth, Code).
func inWords(v string) float64 {
	kind := func(c byte) int {
		switch {
		case c >= 'a' && c <= 'z':
			return 1
		case c >= 'A' && c <= 'Z':
			return 2
		case c >= '0' && c <= '9':
			return 3
		}
		return 0
	}
	alnum, long, run, vowel := 0, 0, 0, false
	end := func() {
		if run >= 3 && vowel {
			long += run
		}
		run, vowel = 0, false
	}
	for i := 0; i < len(v); i++ {
		k := kind(v[i])
		if k == 0 {
			end()
			continue
		}
		alnum++
		if run > 0 {
			p := kind(v[i-1])
			switch {
			case (p == 3) != (k == 3), p == 1 && k == 2:
				end()
			case p == 2 && k == 2 && i+1 < len(v) && kind(v[i+1]) == 1:
				end()
			}
		}
		run++
		vowel = vowel || strings.IndexByte("aeiouyAEIOUY", v[i]) >= 0
	}
	end()
	if alnum == 0 {
		return 0
	}
	return float64(long) / float64(alnum)
}
