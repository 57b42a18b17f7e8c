package secrets

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestScanReadsKeysSpeltOutsideASCII runs Scan on secrets whose keys are
// spelt as secretstest.Spellings has them: Scan must find each, Redact
// must leave no byte of the value and cut no character in two. The hint
// index matched ASCII only: "paſſword: hunter2hunter2" held no hint and
// was stored and shown.
func TestScanReadsKeysSpeltOutsideASCII(t *testing.T) {
	for _, sp := range secretstest.Spellings() {
		t.Run(sp.Name, func(t *testing.T) { requireRedacted(t, sp.Text, sp.Secret) })
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

// TestRedactTwiceIsRedactOnce redacts what Redact wrote again: its marks
// are no secrets, so nothing changes. improve-docs showed "password=[REDACTED
// password [REDACTED password in prose]" for every password it suggested.
func TestRedactTwiceIsRedactOnce(t *testing.T) {
	texts := append([]string{"DB_PASSWORD=Xq7Lm2Rt9Vb4Nz8Kw3 and password: Hu9-nter2x", "the password is Xq7Lm2Rt9Vb4 for staging"}, secretTexts()...)
	for _, text := range texts {
		once := Redact(text)
		if twice := Redact(once); twice != once {
			t.Errorf("Redact(%q) = %q, and again %q", text, once, twice)
		}
	}
}

// TestMarksFitWindow holds every kind Scan names to inMark's window: a
// longer mark would be read as a secret when redacted again.
func TestMarksFitWindow(t *testing.T) {
	for _, text := range secretTexts() {
		for _, f := range Scan(text) {
			if n := len(redactedMark) + len(f.Kind) + 1; n >= markWindow {
				t.Errorf("kind %q makes a %d-byte mark, inMark looks back %d", f.Kind, n, markWindow)
			}
		}
	}
}

// secretTexts are texts holding a secret of every kind the tests know: the
// spellings, the scan cases and the providers' corpus.
func secretTexts() []string {
	var texts []string
	for _, sp := range secretstest.Spellings() {
		texts = append(texts, sp.Text)
	}
	for _, c := range scanCases {
		texts = append(texts, strings.Replace(c.text, "%s", c.secret, 1))
	}
	for _, c := range secretstest.Secrets() {
		texts = append(texts, c.Text)
	}
	return texts
}
