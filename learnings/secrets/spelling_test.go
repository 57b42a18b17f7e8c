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
