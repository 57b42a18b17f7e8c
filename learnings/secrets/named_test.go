package secrets

import (
	"fmt"
	"testing"

	"github.com/learn-memory/learn/internal/lazyregexp"
	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestScanLeavesCodeAfterKeyNames: a sentence or a listing that gives a
// key's name and then an identifier, a call, a path or a compound
// adjective, as learnings speak of code, holds no secret, however random
// looksRandom finds the word; a generated key said the same way is found.
func TestScanLeavesCodeAfterKeyNames(t *testing.T) {
	for _, tc := range []struct {
		text   string
		secret string // "" for none
	}{
		{"the token is base64url-encoded JWT", ""},
		{"the token is JWT_SECRET-signed", ""},
		{"the token is HMAC-SHA256-signed", ""},
		{"the secret is AES256-GCM-encrypted at rest", ""},
		{"the api key is X-API-Key-v2-compatible", ""},
		{"the token is cl100k_base-compatible", ""},
		{"the access token is exchangeOAuthCode's return value", ""},
		{"the token is refreshAccessTokenIfExpired", ""},
		{"the token is validateJwtSignature()", ""},
		{"API_KEY is loadFromVaultOnStartup", ""},
		{"the token is TokenRefreshInterceptor", ""},
		{"the token is AuthTokenProviderV2", ""},
		{"the token is oauth2_access_token in the DB", ""},
		{"the api key is tenant_api_key_v2_hash", ""},
		{"the client secret is client_secret_basic2", ""},
		{"the secret is k8s-secret-store-csi-driver", ""},
		{"the token is text-embedding-3-small", ""},
		{"the secret is projects/my-proj/secrets/db-pass/versions/3", ""},
		{"the token is arn:aws:secretsmanager:eu-west-1", ""},
		{"the token is `useSessionToken()`", ""},
		{"the token is `localStorage.getItem(\"jwt\")`", ""},
		{"TOKEN_PROVIDER TokenRefreshInterceptor", ""},
		{"the api key is Xq7bK9mZp2Lr8vNw4TtYc3Hd", "Xq7bK9mZp2Lr8vNw4TtYc3Hd"},
		{"the token is 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"},
		{"the token is Kx9-mQ2_vT7wLp4ZrN8yB3sD", "Kx9-mQ2_vT7wLp4ZrN8yB3sD"},
		{"the token is k3jd8s9dkf0a9s8d7f6g5h4j", "k3jd8s9dkf0a9s8d7f6g5h4j"},
		{"SENTRY_AUTH_TOKEN Xq7bK9mZp2Lr8vNw4TtYc3Hd", "Xq7bK9mZp2Lr8vNw4TtYc3Hd"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			found := Scan(tc.text)
			switch {
			case tc.secret == "" && len(found) > 0:
				t.Errorf("found %s %q", found[0].Kind, tc.text[found[0].Start:found[0].End])
			case tc.secret != "" && !covered(found, tc.text, tc.secret):
				t.Errorf("%q not found", tc.secret)
			}
		})
	}
}

// TestNamesNoKeyOnRandomKeys: generated keys seldom read as words, so that
// namesNoKey lets through few of the secrets said after a key's name. The
// rates are the ones namesNoKey's comment gives.
func TestNamesNoKeyOnRandomKeys(t *testing.T) {
	const (
		alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
		lower = "abcdefghijklmnopqrstuvwxyz0123456789"
	)
	for _, tc := range []struct {
		name, set string
		n         int
		most      float64 // the share of keys namesNoKey may take for words, at most
	}{
		{"alnum", alnum, 16, 0.003},
		{"alnum", alnum, 24, 0.0006},
		{"alnum", alnum, 32, 0.0001},
		{"base64url", alnum + "-_", 16, 0.003},
		{"base64url", alnum + "-_", 24, 0.0006},
		{"base64url", alnum + "-_", 32, 0.0001},
		{"base64", alnum + "+/", 16, 0.003},
		{"base64", alnum + "+/", 24, 0.0006},
		{"hex", "0123456789abcdef", 16, 0},
		{"hex", "0123456789abcdef", 40, 0},
		{"lower and digits", lower, 16, 0},
		{"lower and digits", lower, 32, 0},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.name, tc.n), func(t *testing.T) {
			keys, words := 0, 0
			for seed := range 20000 {
				v := secretstest.Fake(seed*7+tc.n, tc.set, tc.n)
				if !looksRandom(v) {
					continue
				}
				keys++
				if namesNoKey(v) {
					words++
				}
			}
			if share := float64(words) / float64(keys); share > tc.most {
				t.Errorf("%d of %d keys (%.3f%%) read as words, want at most %.3f%%", words, keys, 100*share, 100*tc.most)
			}
		})
	}
}

// TestNamedRuleStartsInItsHintsWord: namedRule, trying its expression
// only from the start of the word holding a hint (lead 0), finds what it
// found trying it from a word before (lead 1).
func TestNamedRuleStartsInItsHintsWord(t *testing.T) {
	compiled := func(lead int) rule {
		r := namedRule()
		r.lead = lead
		r.re = lazyregexp.New(r.pattern)
		r.firsts = firstBytes(r.hints)
		r.at = lazyregexp.New(`\A(?:` + r.pattern + `)`)
		r.afterOne = lazyregexp.New(`\A(?s:.)(?:` + r.pattern + `)`)
		return r
	}
	word, before := compiled(0), compiled(1)
	for _, text := range []string{
		"the API key is Xq7bK9mZp2Lr8vNw4TtYc3Hd",
		"our private key is Xq7bK9mZp2Lr8vNw4TtYc3Hd",
		"the Api-Key was Xq7bK9mZp2Lr8vNw4TtYc3Hd, rotated",
		"(DB_PASSWORD hunter22)",
		"cfg.token is Xq7bK9mZp2Lr8vNw4TtYc3Hd",
		"x.api_key Xq7bK9mZp2Lr8vNw4TtYc3Hd",
		"-pass env:PASS and --token Xq7bK9mZp2Lr8vNw4TtYc3Hd",
		"the client secret for CI is set to Xq7bK9mZp2Lr8vNw4TtYc3Hd",
		"per token the tokenizer splits the tokens per token, token is Xq7bK9mZp2Lr8vNw4TtYc3Hd",
		"set -gx SENTRY_AUTH_TOKEN Xq7bK9mZp2Lr8vNw4TtYc3Hd; set -gx API key",
		"the token-based api key is `Xq7bK9mZp2Lr8vNw4TtYc3Hd`.",
		"mytoken token token tokens are \"Xq7bK9mZp2Lr8vNw4TtYc3Hd\"",
	} {
		t.Run(text, func(t *testing.T) {
			lines := [][2]int{{0, len(text)}}
			got, want := word.matches(text, lines), before.matches(text, lines)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("from the hint's word %v, from a word before %v", got, want)
			}
			if len(want) == 0 {
				t.Errorf("no match: the case tests nothing")
			}
		})
	}
}
