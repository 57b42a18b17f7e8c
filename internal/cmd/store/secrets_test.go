package store

import (
	"fmt"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/cmdutil"
	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// bullet makes text one learning of a store input, continuation lines
// indented under the bullet.
func bullet(text string) string {
	return "- " + strings.ReplaceAll(text, "\n", "\n  ") + "\n"
}

// TestStoreRefusesEveryProviderSecret stores each secret of the corpus in
// its first and last phrasing, under each of two categories, into a file
// that already holds a session: every store must be refused with exit 3,
// name the kind, never print the secret, and leave the file byte for byte
// as it was.
func TestStoreRefusesEveryProviderSecret(t *testing.T) {
	h := newHarness(t)
	if _, _, err := h.store(t, twoLearnings, "--focus", "First"); err != nil {
		t.Fatal(err)
	}
	before := h.read(t)
	n := 0
	for _, p := range secretstest.Providers() {
		texts := p.Texts
		if texts == nil {
			texts = secretstest.Anywhere
		}
		for si, secret := range p.Secrets {
			for ti, text := range []string{texts[0], texts[len(texts)-1]} {
				n++
				category := []string{"Fresh Discoveries", "User Corrections"}[n%2]
				input := fmt.Sprintf("**%s:**\n%s", category, bullet(strings.Replace(text, "%s", secret, 1)))
				t.Run(fmt.Sprintf("%s/%d/%d", p.Kind, si, ti), func(t *testing.T) {
					stdout, stderr, err := h.store(t, input, "--focus", "Provider keys")
					if got := cmdutil.ExitCode(err); got != cmdutil.ExitRefused {
						t.Fatalf("exit %d (%v), want %d; input:\n%s", got, err, cmdutil.ExitRefused, input)
					}
					if !strings.Contains(err.Error(), "nothing was written") {
						t.Errorf("error does not say nothing was written: %v", err)
					}
					for _, s := range []string{stdout, stderr, err.Error()} {
						if strings.Contains(s, secret) {
							t.Errorf("output prints the secret: %q", s)
						}
					}
					if after := h.read(t); after != before {
						t.Errorf("file changed on refusal")
					}
				})
			}
		}
	}
	t.Logf("%d refused stores", n)
}

// TestStoreKeepsOrdinaryProse stores the prose corpus, forty learnings at a
// time: none may be refused.
func TestStoreKeepsOrdinaryProse(t *testing.T) {
	h := newHarness(t)
	lines := secretstest.Prose()
	for start := 0; start < len(lines); start += 40 {
		var b strings.Builder
		b.WriteString("**Fresh Discoveries:**\n")
		for _, l := range lines[start:min(start+40, len(lines))] {
			b.WriteString(bullet(l))
		}
		if _, _, err := h.store(t, b.String(), "--focus", fmt.Sprintf("Prose %d", start)); err != nil {
			t.Errorf("learnings %d to %d: %v", start, start+40, err)
		}
	}
}
