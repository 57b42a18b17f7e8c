package secrets

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/lazyregexp"
)

// passwordWordsRe are the words for a password in the languages learnings
// are written in. Non-ASCII ones carry no \b, which in Go's regular
// expressions knows only ASCII letters.
const passwordWordsRe = `(?:\b(?:password|passwort|passwd|passphrase|passcode|pwd|pw|wachtwoord|senha|contrase(?:ñ|n)a|clave|mot[ \t]+de[ \t]+passe|salasana|heslo|geslo|losenord|haslo|jelsz(?:ó|o)|sifre)|` +
	`(?-i:lösenord|Lösenord|hasło|Hasło|пароль|Пароль|密码|密碼|口令|パスワード|暗証番号|비밀번호|şifre|Şifre))`

// passwordHints are literals one of which is in every match of a rule
// built on passwordWordsRe: lower-case, and for words whose capital is not
// ASCII, a part after the first letter ("ароль"), which the hint index
// compares byte for byte.
var passwordHints = []string{"passw", "passphrase", "passcode", "passe", "pw", "wachtwoord", "senha", "contrase", "clave", "salasana", "heslo", "geslo",
	"senord", "hasło", "haslo", "jelsz", "ароль", "密码", "密碼", "口令", "パスワード", "暗証番号", "비밀번호", "ifre"}

// The password words' lead: a rule built on passwordWordsRe whose match
// starts at most lead blank-separated words before the word holding its
// first hint. Every password word holds one of passwordHints, two words
// after its start at most ("mot de passe"); the leads below count what
// comes before it: "user : admin the" for the first prose rule, nothing
// for the second, "changed its DB" for the third, nothing for the last.
// Their valueAfter counts the words between the password word and its
// value: ":" in "password : X" for the first, "to" for the third, none
// for the last.

// credValue is a password as it follows a word for one: a code span, a
// quoted string, or a word whose trailing full stop or colon is the
// sentence's.
const credValue = "(?:`(?P<qs>[^`\n]{3,})`|\"(?P<q2>[^\"\n]{3,})\"|'(?P<q3>[^'\n]{3,})'|(?P<s>[^\\s`\"',;()<>]{2,}[^\\s`\"',;().:<>?]))"

// passwordRules find passwords the way people and agents write them down
// outside an assignment: in a sentence, in the commands that take one, in
// a .netrc, or as user:password before a host.
func passwordRules() []rule {
	return []rule{
		{
			// .netrc: "machine api.acme.io login bob password X", on one
			// line or the password on a line of its own.
			kind:  "netrc password",
			hints: []string{"machine", "default"},
			// Most lines that say "default" are prose without a password.
			may:     func(line string) bool { return strings.Contains(line, "password") },
			pattern: `\b(?:machine[ \t]+\S+|default)(?:[ \t]+(?:login|account|port)[ \t]+\S+)*[ \t]+password[ \t]+(?:"(?P<qs>[^"\n]+)"|(?P<s>\S+))`,
			valid:   flagPassword,
		},
		{
			// Rules read one line at a time, so ^ and $ are the line's
			// bounds; Go tries an expression that opens with ^ (not
			// (?m)^) at the start of its input only, not at every byte.
			kind:    "netrc password",
			hints:   []string{"password"},
			pattern: `^[ \t]*(?:[-*+][ \t]+)?password[ \t]+(?:"(?P<qs>[^"\n]+)"|(?P<s>\S+))[ \t]*$`,
			valid: func(text string, span []int) bool {
				return flagPassword(text, span) && spokenPassword(text, span)
			},
		},
		commandPassword(`(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlpump|mysqlsh|mariadb|mariadb-dump|mariadb-admin)`, `-p`, "mysql", "mariadb"),
		commandPassword(`sshpass`, `-p[ \t]*`, "sshpass"),
		commandPassword(`(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|mongostat|mongotop)`, `-p[ \t]+`, "mongo"),
		commandPassword(`(?:docker|podman|nerdctl|buildah|skopeo|helm|oras|crane|regctl)[ \t]+(?:[^\n|;&]*?[ \t])?login`, `-p[ \t]+`, "login"),
		commandPassword(`redis-cli`, `-a[ \t]+`, "redis-cli"),
		commandPassword(`(?:sqlcmd|bcp|osql|isql)`, `-P[ \t]*`, "sqlcmd", "bcp", "osql", "isql"),
		commandPassword(`(?:ldapsearch|ldapmodify|ldapadd|ldapdelete|ldapwhoami|ldappasswd|ldapcompare|ldapmodrdn)`, `-w[ \t]+`, "ldap"),
		commandPassword(`(?:keytool|jarsigner)`, `-(?:src|dest)?(?:storepass|keypass)[ \t]+`, "keytool", "jarsigner"),
		commandPassword(`(?:zip|unzip)`, `-P[ \t]*`, "zip"),
		commandPassword(`(?:7z|7za|7zz|7zr)`, `-p`, "7z"),
		commandPassword(`openssl`, `(?:-(?:pass|passin|passout)[ \t]+pass:|-k[ \t]+)`, "openssl"),
		commandPassword(`(?:smbclient|rpcclient|smbmap|crackmapexec|netexec)`, `(?:-U|--user(?:name)?=?)[ \t]*[^\s%]+%`, "smbclient", "rpcclient", "smbmap", "crackmapexec", "netexec"),
		commandPassword(`net[ \t]+use`, `/user:[^\s]+[ \t]+`, "net use"),
		commandPassword(`sqlplus`, `[A-Za-z0-9_$#]+/`, "sqlplus"),
		commandPassword(`(?:htpasswd)`, `-[a-zA-Z]*b[a-zA-Z]*[ \t]+\S+[ \t]+\S+[ \t]+`, "htpasswd"),
		{
			// echo S3cret | docker login --password-stdin, | sudo -S, | chpasswd.
			kind:  "password on a command line",
			hints: []string{"echo", "printf"},
			pattern: `\b(?:echo|printf)[ \t]+(?:-n[ \t]+)?(?:"(?P<qs>[^"\n]+)"|'(?P<q2>[^'\n]+)'|(?P<s>[^\s|'"]+))[ \t]*\|[ \t]*[^\n]*?` +
				`(?:--password-stdin|\bsudo[ \t]+(?:-\S+[ \t]+)*-S\b|\bchpasswd\b|\bpasswd[ \t]+--stdin\b)`,
			valid: flagPassword,
		},
		{
			// "log in with user admin and password hunter2", "user: ops,
			// pw: Kx9…", "Benutzer admin, Passwort geheim42".
			kind:       "password in prose",
			windowed:   true,
			lead:       6,
			trimmed:    true,
			valueAfter: 2,
			spoken:     true,
			hints:      passwordHints,
			pattern: `(?i)(?:\b(?:with|use|using|enter|type|and|plus|or|then|mit|und|avec|et|con|y|com|e|en|и)|[,;/(]|` +
				`\b(?:user(?:name)?|login|account|benutzer(?:name)?|utilisateur|usuario|utente|gebruiker|пользователь)[ \t]*[:=]?[ \t]*[^\s,;/]+)` +
				`[ \t]+(?:(?:the|a|its|their|das|le|la|el|o|a|het|il)[ \t]+)?` + passwordWordsRe + `[ \t]*[:=：]?[ \t]*` + credValue,
			valid: spokenPassword,
		},
		{
			// "the password is hunter2", "das Passwort ist geheim42", "le mot
			// de passe est …", "密码是 …", "パスワードは …".
			kind:     "password in prose",
			windowed: true,
			lead:     2,
			trimmed:  true,
			spoken:   true,
			hints:    passwordHints,
			pattern: `(?i)` + passwordWordsRe + `s?(?:[ \t]+(?:for|of|on|in|to|für|für[ \t]+den|pour|de|del|para|per|voor|для)[ \t]+[^\n.;:=` + "`" + `]{1,40}?)?` +
				`[ \t]*(?:[ \t](?:is[ \t]+set[ \t]+to|is[ \t]+now|is|was|are|were|set[ \t]+to|became|ist|lautet|war|est|était|es|era|é|è|är|on|jest|je|je[ \t]+to|az|это)[ \t]+|[ \t]*(?:是|为|為|は|:|：|=)[ \t]*)` + credValue,
			valid: spokenPassword,
		},
		{
			// "set the password to hunter2", "changed the DB password to X".
			kind:       "password in prose",
			windowed:   true,
			lead:       5,
			trimmed:    true,
			valueAfter: 2,
			spoken:     true,
			hints:      passwordHints,
			pattern: `(?i)\b(?:set|sets|setting|changed?|changes|changing|reset|resets|updated?|updates|rotated?)[ \t]+` +
				`(?:(?:the|its|their|a|his|her|my|our|your)[ \t]+)?(?:[A-Za-z0-9_-]+[ \t]+)?` + passwordWordsRe + `[ \t]+(?:to|=)[ \t]+` + credValue,
			valid: spokenPassword,
		},
		{
			// "credentials: admin/hunter2", "log in as admin:S3cret".
			kind:     "password in prose",
			windowed: true,
			spoken:   true,
			hints:    []string{"cred", "login", "log in", "sign in", "signin", "anmeld", "connexion"},
			pattern: `(?i)\b(?:credentials|creds|login|logins|log[ \t]+in[ \t]+(?:with|as|using)|sign[ \t]*in[ \t]+(?:with|as|using)|anmeldedaten|identifiants)` +
				`[ \t]*(?:are|is|sind|sont|with|as|using|:|=|-)?[ \t]*` + "`?" + `(?P<user>[A-Za-z0-9._@\-]{1,40})[ \t]*[/:][ \t]*` + credValue,
			valid: func(text string, span []int) bool {
				v := value(text, span)
				return spokenPassword(text, span) && !fileName().MatchString(v) && !acronym().MatchString(v)
			},
		},
		{
			// "passwd hunter2", "password Kx9q2" with no verb around it.
			kind:       "password in prose",
			windowed:   true,
			lead:       0,
			trimmed:    true,
			valueAfter: 1,
			spoken:     true,
			hints:      []string{"passw", "pw"},
			pattern:    `(?i)\b(?:password|passwd|pw)[ \t]+` + credValue,
			valid: func(text string, span []int) bool {
				return spokenPassword(text, span) && !algorithm().MatchString(value(text, span))
			},
		},
		{
			// admin:S3cr3t!@db, as a connection string without its scheme.
			kind:    "password in credentials",
			needs:   ":",
			hints:   userPassHints(),
			pattern: `(?:^|[\s"'` + "`" + `=(<])(?P<user>[A-Za-z0-9._%+\-]{1,64}):(?P<s>[^\s:/'"` + "`" + `]{3,})@(?P<host>[A-Za-z0-9\[][A-Za-z0-9.\-\]]*)`,
			judge:   judgeUserPassword,
			// A match is the character before a user name (a blank, maybe)
			// and a word holding its hint: it starts a word back at most.
			lead:    1,
			trimmed: true,
		},
	}
}

// userPassHints are "@" and the first character of a host, every pair
// that can follow a user:password.
func userPassHints() []string {
	var hs []string
	for _, c := range "abcdefghijklmnopqrstuvwxyz0123456789[" {
		hs = append(hs, "@"+string(c))
	}
	return hs
}

// algorithm matches the names of hashes and ciphers, which follow the
// word password in "password sha256 hashes" and are no password.
var algorithm = lazyregexp.New(`(?i)^(?:sha|md|argon|bcrypt|scrypt|pbkdf|blake|crc|aes|rsa|ecdsa|ed|utf|base|rot|hmac|des|v)[0-9a-z-]*$`)

// acronym matches a short name in capitals (OIDC2, SAML), which follows
// "log in with SSO/" and is no password.
var acronym = lazyregexp.New(`^[A-Z][A-Z0-9]{1,7}$`)

// fileName matches a value that names a file (auth2.ts), not a password.
var fileName = lazyregexp.New(`\.[a-z]{1,4}$`)

// commandPassword is a command that takes a password as an argument: the
// command, then the flag (with its separator) directly before the value.
func commandPassword(command, flag string, hints ...string) rule {
	return rule{
		kind:  "password on a command line",
		hints: hints,
		pattern: `(?i:\b` + command + `)\b[^\n|;&]*?[ \t]` + flag +
			`(?:"(?P<qs>[^"\n]+)"|'(?P<q2>[^'\n]+)'|(?P<s>[^\s"'` + "`" + `|;&)]+))`,
		valid: flagPassword,
	}
}

// flagPassword accepts the value of an argument that can only be a
// password: anything but a placeholder or a reference ($MYSQL_PWD).
func flagPassword(text string, span []int) bool {
	v := value(text, span)
	return len(v) >= 3 && !isPlaceholder(v) && !isReference(v) && !strings.HasPrefix(v, "-")
}

// spokenPassword accepts a password named in a sentence when it reads like
// one: letters with digits or symbols, or random, or quoted; never a
// placeholder, a reference, a plain word or a number.
func spokenPassword(text string, span []int) bool {
	v := value(text, span)
	if isPlaceholder(v) || isReference(v) || isNumber(v) || compoundWord().MatchString(v) || len(v) < 4 ||
		versionLike().MatchString(v) || quantity().MatchString(v) || kebab().MatchString(v) || strings.HasPrefix(v, "!") {
		return false
	}
	if span[0] > 0 && strings.ContainsRune("`\"'", rune(text[span[0]-1])) {
		return !strings.Contains(v, " ") || len(strings.Fields(v)) == 1
	}
	hasLetter := strings.IndexFunc(v, unicode.IsLetter) >= 0
	hasDigit := strings.ContainsAny(v, "0123456789")
	hasSymbol := strings.IndexFunc(v, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }) >= 0
	symbolic := hasSymbol && len(v) >= 6 && unicode.IsLetter(rune(v[0])) && !strings.ContainsAny(v, "/.")
	return hasLetter && (hasDigit || symbolic) || looksRandom(v)
}

// mayHoldPassword reports whether s may hold a value that credValue or
// saidValue reads and spokenPassword or saidPassword accepts. Both values
// stop at ASCII white space, quotes and ",;()", so an unquoted one lies
// inside one run of the other characters, and the checks accept it only
// when it has a letter with a digit or a symbol, or is 16 characters or
// more of two kinds among capitals, small letters and digits
// (looksRandom). A run without these has no part they accept, and a
// quoted value, or one after a quote, needs a quote in s. ("." and "/"
// are symbols that make no value symbolic, so they do not count.)
func mayHoldPassword(s string) bool {
	var letter, digit, symbol, lower, upper bool
	start := 0
	for i := 0; i <= len(s); {
		r, size := rune(' '), 1
		if i < len(s) {
			if r = rune(s[i]); r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(s[i:])
			}
		}
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' || r == ',' || r == ';' || r == '(' || r == ')':
			kinds := 0
			for _, k := range [3]bool{lower, upper, digit} {
				if k {
					kinds++
				}
			}
			if letter && (digit || symbol) || i-start >= 16 && kinds >= 2 {
				return true
			}
			letter, digit, symbol, lower, upper = false, false, false, false, false
			start = i + size
		case r == '`' || r == '"' || r == '\'':
			return true
		case r >= 'a' && r <= 'z':
			letter, lower = true, true
		case r >= 'A' && r <= 'Z':
			letter, upper = true, true
		case r >= '0' && r <= '9':
			digit = true
		case r == '.' || r == '/':
		case r >= utf8.RuneSelf && unicode.IsLetter(r):
			letter = true
		default:
			symbol = true
		}
		i += size
	}
	return false
}

// notCredentials are the words that come before "name:value@host" without
// being a user name: headers, package managers, image references.
var notCredentials = map[string]bool{
	"mailto": true, "to": true, "cc": true, "bcc": true, "from": true, "email": true, "e-mail": true, "mail": true, "reply-to": true,
	"contact": true, "author": true, "owner": true, "maintainer": true, "by": true, "sender": true, "npm": true, "jsr": true,
	"pkg": true, "git": true, "docker": true, "image": true, "ref": true, "tag": true, "workspace": true, "link": true, "file": true,
	"github": true, "gitlab": true, "go": true, "pip": true, "gem": true, "cargo": true, "module": true, "version": true, "see": true,
	"note": true, "ping": true, "cc'd": true, "user": false,
}

// judgeUserPassword accepts user:password@host when the user part is a
// user name and the password reads like one; an image reference
// (node:20@sha256:…), a package (npm:lodash@4) or the well-known default
// of a password equal to the user name is not a secret.
func judgeUserPassword(text string, re *regexp.Regexp, m []int) string {
	user := value(text, m[2*re.SubexpIndex("user"):])
	host := value(text, m[2*re.SubexpIndex("host"):])
	span := secretIndex(re, m)
	pass := value(text, span)
	if notCredentials[strings.ToLower(user)] || pass == user || strings.HasPrefix(strings.ToLower(host), "sha") ||
		versionLike().MatchString(pass) || isPlaceholder(pass) || isReference(pass) || isNumber(pass) {
		return ""
	}
	if end := m[2*re.SubexpIndex("host")+1]; end < len(text) && text[end] == ':' && end+1 < len(text) && isHexByte(text[end+1]) &&
		strings.HasPrefix(strings.ToLower(host), "sha") {
		return ""
	}
	if !spokenPassword(text, span) {
		return ""
	}
	return "password in credentials"
}

// quantity matches a number with a unit (20ms, 4096-bit is a compound
// word), which "the pass took 20ms" says and no password is.
var quantity = lazyregexp.New(`^[0-9]+(?:[.,][0-9]+)?[A-Za-zµ%]{1,5}$`)

// kebab matches a lower-case hyphenated name (reset-v2, read-only-db),
// the name of an endpoint or a flag.
var kebab = lazyregexp.New(`^[a-z]+(?:-[a-z0-9]+)+$`)

var versionLike = lazyregexp.New(`^[v^~=<>]*\d+(?:\.[0-9a-z]+)*(?:-[0-9a-z.]+)?$`)

func isHexByte(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }
