package secrets

import (
	"fmt"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// keyNames are names a setting holding a secret goes by, in every case and
// separator people and agents write them in: a password or a key or token.
var keyNames = struct{ password, key []string }{
	password: []string{"password", "Password", "PASSWORD", "passwd", "DB_PASSWORD", "db_password", "db-password", "DbPassword",
		"dbPassword", "POSTGRES_PASSWORD", "MYSQL_ROOT_PASSWORD", "admin password", "DB password", "SMTP_PASS", "REDIS_PWD"},
	key: []string{"api_key", "API_KEY", "api-key", "apiKey", "ApiKey", "API key", "api key", "secret", "client_secret",
		"CLIENT_SECRET", "client secret", "token", "access_token", "ACCESS_TOKEN", "access token", "auth token", "SECRET_KEY",
		"secret key", "STRIPE_SECRET_KEY", "SENTRY_AUTH_TOKEN", "private_key", "app secret"},
}

// keyForms are the ways a secret is written after its name without an
// assignment's "=": an env listing's name and value apart (env, fish's set,
// a Dockerfile's old ENV, Apache's SetEnv), and a sentence.
var keyForms = []struct {
	name, text string
	envOnly    bool // only a name spelt as a variable is written so
}{
	{"listing", "KEY VALUE", true},
	{"aligned", "KEY        VALUE", true},
	{"tab", "KEY\tVALUE", true},
	{"listing in a list", "APP_ENV production\nKEY VALUE\nLOG_LEVEL debug", true},
	{"Dockerfile ENV", "ENV KEY VALUE", true},
	{"SetEnv", "SetEnv KEY VALUE", true},
	{"fish", "set -gx KEY VALUE", true},
	{"the is", "the KEY is VALUE", false},
	{"The is.", "The KEY is VALUE.", false},
	{"is", "KEY is VALUE", false},
	{"colon is", "KEY: is VALUE", false},
	{"is colon", "KEY is: VALUE", false},
	{"was", "the old KEY was VALUE, rotated since", false},
	{"our staging", "our staging KEY is VALUE", false},
	{"for staging", "the KEY for staging is VALUE", false},
	{"set to", "the KEY is set to VALUE", false},
	{"backticks", "the KEY is `VALUE`", false},
	{"double quotes", `the KEY is "VALUE".`, false},
	{"single quotes", "the KEY was 'VALUE', rotated since", false},
	{"is now", "KEY is now VALUE (the user said so)", false},
}

// benignValues follow a key's name in learnings without being secrets:
// "the password is required", "DB_PASSWORD missing".
var benignValues = []string{"required", "rotated", "hashed", "missing", "invalid", "expired", "optional", "empty",
	"wrong", "correct", "configured", "unset", "sensitive", "case-sensitive", "base64-encoded", "stored", "reused",
	"$DB_PASSWORD", "${API_KEY}", "os.Getenv", "DB_PASSWORD", "<redacted>", "********", "changeme", "v2",
	"bcrypt", "16 bytes", "12 characters", "24h", "RS256-signed", "read-only", "JWT",
	"not set", "in Vault", "too short", "the same", "scoped", "refreshed", "secret"}

// listingBenign follow a variable's name in a listing without being
// secrets: hashes and schemes. Only names that are more than a word for a
// password are tried ("password sha256" and "the password is sha256" are
// left out: the older netrc and prose rules take the word for a password).
var listingBenign = []string{"sha256", "argon2id", "md5", "scrypt", "v1beta2", "bcrypt2"}

// benignSentences name a secret and hold none.
var benignSentences = []string{
	"DB_PASSWORD must be set before the tests run.",
	"API_KEY and API_SECRET come from Vault, never from .env.",
	"the token is refreshed every 3600 seconds",
	"the api key is scoped to read-only on staging",
	"the password is at least 12 characters with one digit",
	"CLIENT_SECRET env var is read at startup",
	"The token is a JWT signed with RS256.",
	"the token is valid for 24h",
	"the api_key is passed as the X-Api-Key header",
	"the secret is mounted at /var/run/secrets/app",
	"password is hashed with argon2id before storage",
	"GITHUB_TOKEN permissions default to read-only",
	"kubectl describe secret shows password:  16 bytes",
	"DB_PASSWORD\t(set in CI)",
	"SECRET_KEY_BASE rotated on Monday",
	"ENV DB_PASSWORD=",
	"the access token is short-lived; the refresh token is not",
	"The API key is per-tenant and lives in the tenants table.",
	"SetEnv APP_ENV production",
	"set -gx EDITOR nvim",
	"the client secret is only shown once in the Azure portal",
	"api key rotation runs on the 1st of the month",
	"Password: is required when SSO is off",
	"token: is an opaque string, not a JWT",
	"The password is the same as the username in the seed data.",
	"the DB password is in 1Password under Staging",
	"auth token TTL is 15 minutes",
	"secret key length is 32 bytes",
	"API key v2 keys start with a prefix",
}

// keyProseSecrets are the secrets written after a key's name without "=",
// every name in every form it is written in, each a different value.
func keyProseSecrets() []secretstest.Spelling {
	var out []secretstest.Spelling
	seed := 9100
	envName := func(n string) bool { return !strings.Contains(n, " ") }
	add := func(names []string, values func(seed int) []string) {
		for _, n := range names {
			for _, f := range keyForms {
				if f.envOnly && !envName(n) {
					continue
				}
				seed++
				for i, v := range values(seed) {
					out = append(out, secretstest.Spelling{
						Name:   fmt.Sprintf("%s/%s/%d", n, f.name, i),
						Text:   strings.NewReplacer("KEY", n, "VALUE", v).Replace(f.text),
						Secret: v,
					})
				}
			}
		}
	}
	add(keyNames.password, func(seed int) []string {
		return []string{secretstest.Fake(seed, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 18), "S3cr3tPass!", "hunter22", "Tr0ub4dor&3"}
	})
	add(keyNames.key, func(seed int) []string {
		return []string{secretstest.Fake(seed, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 32), secretstest.Fake(seed+1, "0123456789abcdef", 40)}
	})
	return out
}

// keyProseBenign are the same forms with values that are no secret, and
// sentences that name a secret and hold none. A value in backticks or
// quotes after "the password is" is left out: a quoted value there is
// taken for the password, whatever it reads like (spokenPassword), as it
// was before.
func keyProseBenign() []string {
	var out []string
	for _, n := range append(append([]string(nil), keyNames.password...), keyNames.key...) {
		for _, f := range keyForms {
			if f.envOnly && strings.Contains(n, " ") || f.name == "backticks" || strings.HasSuffix(f.name, "quotes") {
				continue
			}
			values := benignValues
			if f.envOnly && strings.ContainsAny(n, "_-") {
				values = append(append([]string(nil), benignValues...), listingBenign...)
			}
			for _, v := range values {
				out = append(out, strings.NewReplacer("KEY", n, "VALUE", v).Replace(f.text))
			}
		}
	}
	return append(out, benignSentences...)
}

// TestScanFindsSecretsAfterKeyNames: a secret written after its key's name
// with a blank (an env listing, a Dockerfile's ENV) or in a sentence ("the
// api_key is X") is found as the spellings with "=" are, and what follows
// a key's name without being a secret ("the password is required",
// "DB_PASSWORD missing") is not.
func TestScanFindsSecretsAfterKeyNames(t *testing.T) {
	secrets := keyProseSecrets()
	missed := 0
	for _, s := range secrets {
		if !covered(Scan(s.Text), s.Text, s.Secret) {
			missed++
			t.Errorf("%s: %q not found in %q", s.Name, s.Secret, s.Text)
		}
	}
	benign := keyProseBenign()
	flagged := 0
	for _, text := range benign {
		if found := Scan(text); len(found) > 0 {
			flagged++
			t.Errorf("found %s %q in %q", found[0].Kind, text[found[0].Start:found[0].End], text)
		}
	}
	t.Logf("secrets found: %d of %d; benign texts flagged: %d of %d", len(secrets)-missed, len(secrets), flagged, len(benign))
}

// covered reports whether a finding covers secret's bytes in text.
func covered(found []Finding, text, secret string) bool {
	at := strings.Index(text, secret)
	for _, f := range found {
		if f.Start <= at && at+len(secret) <= f.End {
			return true
		}
	}
	return false
}
