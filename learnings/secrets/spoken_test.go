package secrets

import (
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// spokenCorpus is every text the password rules are tested on, the secret
// corpus and the seek corpus (hand-written lines, random ones, prose and
// generated memories).
func spokenCorpus(t *testing.T) []string {
	t.Helper()
	texts := seekCorpus(t)
	for _, c := range passwordCases {
		texts = append(texts, c.text)
	}
	for _, c := range secretstest.Secrets() {
		texts = append(texts, c.Text)
	}
	return texts
}

// TestSpokenRulesFindWithoutTheCheck runs every spoken rule with and
// without mayHoldPassword on every line of the corpus: the check may only
// spare work, never lose a finding.
func TestSpokenRulesFindWithoutTheCheck(t *testing.T) {
	texts := spokenCorpus(t)
	spoken, found := 0, 0
	for i, r := range rules() {
		if !r.spoken {
			continue
		}
		spoken++
		plain := r
		plain.spoken = false
		for _, text := range texts {
			folded, _ := fold(text)
			var lines [][2]int
			for _, rl := range hintLines(folded) {
				if rl.rule == i {
					lines = rl.lines
				}
			}
			got := ruleFindings(r, folded, lines)
			want := ruleFindings(plain, folded, lines)
			found += len(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s on %q: found %v with the check, %v without", r.kind, text, got, want)
			}
		}
	}
	if spoken < 7 {
		t.Fatalf("%d spoken rules, want the 5 prose rules and the 2 password assignments", spoken)
	}
	if found == 0 {
		t.Fatal("no spoken rule finds anything in the corpus, so the test proves nothing")
	}
}

// ruleFindings is what scanLines keeps of r's matches on lines of text.
func ruleFindings(r rule, text string, lines [][2]int) []Finding {
	var out []Finding
	for _, m := range r.matches(text, lines) {
		start, end := secretSpan(r.re(), m)
		if r.valid != nil && !r.valid(text, []int{start, end}) {
			continue
		}
		kind := r.kind
		if r.judge != nil {
			kind = r.judge(text, r.re(), m)
		}
		if kind != "" {
			out = append(out, Finding{Kind: kind, Start: start, End: end})
		}
	}
	return out
}

func TestMayHoldPassword(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"the password is hashed with argon", false},
		{"report passwords in plain text (ticket #2560).", false},
		{"see docs/auth.md and src/app/server.ts, then retry.", false},
		{"Das Passwort muss geändert werden", false},
		{"the password is hunter2", true},
		{"the password is S3cret", true},
		{"password: Kx9-", true},
		{"password: Hunter!x", true},
		{"the password is `hashed`", true},
		{`password "abc def"`, true},
		{"it's set", true},
		{"token AbCdEfGhIjKlMnOp", true},
		{"token abcdefghijklmnopqrst", false},
		{"wachtwoord: geheim€", true},
		{"password\u00a0abc", true},
		{"", false},
	}
	for _, tt := range tests {
		if got := mayHoldPassword(tt.in); got != tt.want {
			t.Errorf("mayHoldPassword(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// FuzzMayHoldPassword checks the claim mayHoldPassword rests on: when it
// says no, no part of the text that a value can be (no white space,
// quote or ",;()" in it) passes spokenPassword or saidPassword.
func FuzzMayHoldPassword(f *testing.F) {
	for _, s := range []string{"hunter2", "Abc-def", "aB3", "abcdefghijklmnopQ", "x.y/z", "é1", "a\u00a0b", "a\x0bb", "ab!cdef", "#2560)."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 || mayHoldPassword(s) {
			return
		}
		for i := range len(s) {
			for j := i + 1; j <= len(s); j++ {
				if strings.ContainsAny(s[i:j], " \t\n\f\r`\"',;()") {
					break
				}
				span := []int{i, j}
				if spokenPassword(s, span) || saidPassword(s, span) {
					t.Fatalf("mayHoldPassword(%q) = false, but %q passes", s, s[i:j])
				}
			}
		}
	})
}
