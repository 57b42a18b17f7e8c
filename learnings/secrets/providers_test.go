package secrets

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// TestScanFindsProviderKeys checks every secret of the corpus in every
// phrasing: a finding of the right kind must cover the whole secret, and
// Redact must leave none of it. The detection rate is logged; the bar is
// every case.
func TestScanFindsProviderKeys(t *testing.T) {
	cases := secretstest.Secrets()
	found := 0
	for i, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.Kind, i), func(t *testing.T) {
			at := strings.Index(c.Text, c.Secret)
			var covering *Finding
			for _, f := range Scan(c.Text) {
				if f.Start <= at && f.End >= at+len(c.Secret) {
					covering = &f
				}
			}
			if covering == nil {
				t.Fatalf("no finding covers the secret in %q: %+v", c.Text, Scan(c.Text))
			}
			found++
			if covering.Kind != c.Kind {
				t.Errorf("kind = %q, want %q", covering.Kind, c.Kind)
			}
			if r := Redact(c.Text); strings.Contains(r, c.Secret) {
				t.Errorf("Redact kept the secret: %q", r)
			}
		})
	}
	kinds := map[string]bool{}
	for _, p := range secretstest.Providers() {
		kinds[p.Kind] = true
	}
	t.Logf("detection: %d of %d secrets found (%.1f%%), %d kinds", found, len(cases), 100*float64(found)/float64(len(cases)), len(kinds))
}

// FuzzFlagNamed holds flagNamed, the command-line flag rule's may, to the
// rule's expression: a line the expression finds a match on must pass it.
func FuzzFlagNamed(f *testing.F) {
	for _, s := range []string{"mysql --password=S3cret -h db", "-- a deleted bullet", "run ---api-key x9", "--ſecret=abcdef", "a--Token 12345", "--\u212aey=zz", "---"} {
		f.Add(s)
	}
	var flag *rule
	for i, r := range rules() {
		if slices.Equal(r.hints, []string{"--"}) {
			flag = &rules()[i]
		}
	}
	if flag == nil {
		f.Fatal("no rule with the hint \"--\"")
	}
	f.Fuzz(func(t *testing.T, line string) {
		if flag.names().MatchString(line) && !flagNamed(line) {
			t.Fatalf("the flag rule matches %q, but flagNamed rules it out", line)
		}
	})
}
