package secrets

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// spellings are the ways a key's name is written that a person, or the
// rules' own case folding, reads as the ASCII name: each case, the long s
// and the Kelvin sign (which (?i) folds to s and k) and fullwidth letters.
// TestScanReadsKeysSpeltOutsideASCII and the commands' tests
// (internal/ops) hold every check of a secret to all of them.
func spellings(name string) map[string]string {
	fullwidth := func(s string) string {
		return strings.Map(func(r rune) rune {
			if '!' <= r && r <= '~' {
				return r - '!' + 0xFF01
			}
			return r
		}, s)
	}
	longS := strings.ReplaceAll(name, "s", "ſ")
	return map[string]string{
		"lower":           name,
		"upper":           strings.ToUpper(name),
		"long s":          longS,
		"long s upper":    strings.ReplaceAll(strings.ToUpper(name), "S", "ſ"),
		"Kelvin":          strings.ReplaceAll(strings.ToUpper(name), "K", "\u212a"),
		"fullwidth":       fullwidth(name),
		"fullwidth upper": fullwidth(strings.ToUpper(name)),
	}
}

// TestScanReadsKeysSpeltOutsideASCII writes secrets with keys spelt as
// spellings has them, set with "=", ":" or a blank, quoted, in backticks
// and in a URL: Scan must find each, Redact must leave no byte of the
// value and cut no character in two. The hint index matched ASCII only:
// "paſſword: hunter2hunter2" held no hint and was stored and shown.
func TestScanReadsKeysSpeltOutsideASCII(t *testing.T) {
	const value = "Xq7Lm2Rt9Vb4Nz8Kw3"
	forms := map[string]string{
		"equals":    "%s=" + value,
		"colon":     "%s: " + value,
		"spaced":    "%s = " + value,
		"quoted":    `%s = "` + value + `"`,
		"yaml":      `%s: '` + value + `'`,
		"backticks": "set `%s=" + value + "` in the env",
		"sentence":  "note that %s = " + value + " for staging",
	}
	for _, key := range []string{"password", "db_password", "client_secret", "api_key", "secret_key", "access_token"} {
		for sp, name := range spellings(key) {
			for form, f := range forms {
				text := strings.Replace(f, "%s", name, 1)
				t.Run(key+"/"+sp+"/"+form, func(t *testing.T) { requireRedacted(t, text, value) })
			}
		}
	}
	for sp, user := range spellings("deploy_user") {
		text := "postgres://" + user + ":" + value + "@db.internal:5432/app"
		t.Run("url/"+sp, func(t *testing.T) { requireRedacted(t, text, value) })
	}
	// A value spelt outside ASCII is redacted whole.
	for _, text := range []string{"paſſword: hunter2hunteſ", "PASSWORD=ｈｕｎｔｅｒ２ｈｕｎｔｅｒ２", "API_\u212aEY: \u212ax9qL2mN8pR4sT6vWz\u212a"} {
		found := Scan(text)
		if len(found) != 1 || found[0].End != len(text) {
			t.Errorf("Scan(%q) = %+v, want one finding to the end (%d)", text, found, len(text))
		}
	}
}

func requireRedacted(t *testing.T, text, value string) {
	t.Helper()
	found := Scan(text)
	if len(found) == 0 {
		t.Fatalf("Scan(%q) found nothing", text)
	}
	for _, f := range found {
		if !utf8.ValidString(text[:f.Start]) || !utf8.ValidString(text[f.End:]) {
			t.Errorf("Scan(%q): %+v cuts a character", text, f)
		}
	}
	if r := Redact(text); strings.Contains(r, value[:6]) || strings.Contains(r, value[len(value)-6:]) {
		t.Errorf("Redact(%q) = %q, kept the value", text, r)
	}
}
