package secrets

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/learn-memory/learn/internal/memgen"
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
			lines := hintedLines(folded, i)
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
			if !utf8.RuneStart(s[i]) {
				continue // a match starts and ends on a character, never inside one
			}
			for j := i + 1; j <= len(s); j++ {
				if strings.ContainsAny(s[i:j], " \t\n\f\r`\"',;()") {
					break
				}
				if j < len(s) && !utf8.RuneStart(s[j]) {
					continue
				}
				span := []int{i, j}
				if spokenPassword(s, span) || saidPassword(s, span) {
					t.Fatalf("mayHoldPassword(%q) = false, but %q passes", s, s[i:j])
				}
			}
		}
	})
}

// TestTrimmedWindowsMatchTheSame runs every rule whose windows start a few
// words before their first hint (lead) with whole windows too, on every
// line of the corpus and on lines where the match starts as far before
// the password word as the rules allow: the expression must give the
// same matches, and with the check before it (mayHoldPassword) the same
// findings.
func TestTrimmedWindowsMatchTheSame(t *testing.T) {
	texts := spokenCorpus(t)
	for _, before := range []string{"", "so ", "a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h ", "x\t \t"} {
		for _, tail := range []string{"Xy9-k2", "`S3 cret`", "\"hunter 22\"", "Kx9q2w, then"} {
			texts = append(texts,
				before+"log in with user admin and the mot de passe est "+tail,
				before+"user : ops le mot de passe "+tail,
				before+"username=ops the password: "+tail+" and the passwd: "+tail,
				before+"changed its DB mot de passe to "+tail,
				before+"reset the staging password to "+tail+"; the pw "+tail,
				before+"das Passwort für den Server ist "+tail,
				before+"the paſſword is "+tail+" for the password",
				before+"le mot  de\tpasse est "+tail,
				before+"Benutzer admin, Passwort "+tail,
				before+"user ops, password : "+tail,
				before+"or the pw\t "+tail,
				before+"log in as ops with passwd"+tail,
				before+"密码是 "+tail+" und пароль: "+tail,
			)
		}
	}
	trimmed, matched := 0, 0
	for i, r := range rules() {
		if !r.trimmed {
			continue
		}
		trimmed++
		for _, spoken := range []bool{false, true} {
			a := r
			a.spoken = spoken && r.spoken
			b := a
			b.trimmed = false
			for _, text := range texts {
				folded, _ := fold(text)
				lines := hintedLines(folded, i)
				if !spoken {
					got, want := a.matches(folded, lines), b.matches(folded, lines)
					matched += len(want)
					if !slices.EqualFunc(got, want, slices.Equal) {
						t.Fatalf("%s on %q: matches %v with trimmed windows, %v with whole ones", r.kind, text, got, want)
					}
					continue
				}
				// The check reads less of a trimmed window and may turn
				// it away where the whole one passes, for a match that
				// it would not accept.
				if got, want := ruleFindings(a, folded, lines), ruleFindings(b, folded, lines); !slices.Equal(got, want) {
					t.Fatalf("%s on %q: finds %v with trimmed windows, %v with whole ones", r.kind, text, got, want)
				}
			}
		}
	}
	if trimmed < 4 || matched == 0 {
		t.Fatalf("%d rules with trimmed windows, %d matches: the test proves nothing", trimmed, matched)
	}
}

// hintedLines is the lines of folded text the hint index gives rule i, as
// Scan reads them.
func hintedLines(folded string, i int) [][2]int {
	for _, rl := range hintLines(folded) {
		if rl.rule == i {
			return rl.lines
		}
	}
	return nil
}

// FuzzTrimmedMatches holds the rules with a lead, which try their
// expression only at the starts their windows allow (rule.findAt), to the
// matches of the expression run over whole windows at every byte.
func FuzzTrimmedMatches(f *testing.F) {
	f.Add("log in with user admin and the mot de passe est Xy9-k2")
	f.Add("UsernamePassword: the password for the staging db is `S3 cret`; passwd Kx9q2")
	f.Add("das Passwort für den Server ist geheim42, пароль: Kx9q2w, 密码是 hunter22")
	f.Add("x\xd0пароль is Kx9q2 \xe2\x82 password is hunter22 \xff passed to the pw 4x")
	f.Add("reset the staging password to Xy9-k2; the paſſword is Xy9-k2 for the password")
	f.Add("postgres://admin:S3cr3t!@db:5432 then\t(ops:Pa55w0rd@host) and https://0123456789abcdef0123456789abcdef@o1.ingest.io/42 --db-password=Kx9q2")
	f.Fuzz(func(t *testing.T, text string) {
		folded, _ := fold(text)
		for i, r := range rules() {
			if !r.trimmed {
				continue
			}
			whole := r
			whole.trimmed = false
			r.spoken, whole.spoken = false, false
			lines := hintedLines(folded, i)
			if got, want := r.matches(folded, lines), whole.matches(folded, lines); !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s on %q: matches %v at the starts of trimmed windows, %v over whole ones", r.kind, text, got, want)
			}
		}
	})
}

// TestHintsByFirst holds the hints windows compares at a byte
// (hintsByFirst) to the first of every hint of the rule that is there, on
// every byte of the corpus and of the prose memory of the tests.
func TestHintsByFirst(t *testing.T) {
	texts := append(slices.Concat(spokenCorpus(t), secretstest.Prose()), "PASSWORD Passe PW pW ПАРОЛЬ Пароль LÖSENORD \xff\xd0")
	checked := 0
	for _, r := range rules() {
		if r.firsts == nil {
			continue
		}
		for _, text := range texts {
			for i := range len(text) {
				want := ""
				for _, h := range r.hints {
					if h = strings.TrimPrefix(h, "^"); hasPrefixFold(text[i:], h) {
						want = h
						break
					}
				}
				got := ""
				for _, h := range r.firsts.of(text[i]) {
					if hasPrefixFold(text[i:], h) {
						got = h
						break
					}
				}
				if got != want {
					t.Fatalf("%s at %q: hint %q, want %q", r.kind, text[i:min(len(text), i+12)], got, want)
				}
				if want != "" {
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no hint found: the test proves nothing")
	}
}

// TestWindowsSeeEveryHint holds the bytes windows compares hints at (the
// index's candidates) to every byte where a hint of a windowed or trimmed
// rule begins, on the corpus, the prose memory of the tests and a
// generated memory of agents' learnings, full of URLs and passwords.
func TestWindowsSeeEveryHint(t *testing.T) {
	texts := append(slices.Concat(spokenCorpus(t), secretstest.Prose()), "PASSWORD Passe PW pW ПАРОЛЬ Пароль LÖSENORD https://x \xff\xd0")
	texts = append(texts, strings.Split(string(memgen.GenerateWith(memgen.Options{Seed: 3, Size: 256 << 10, Mode: "agent"})), "\n")...)
	ix := hints()
	checked := 0
	for _, text := range texts {
		seen := make([]bool, len(text))
		for i := ix.candidate(text, 0); i < len(text); i = ix.candidate(text, i+1) {
			seen[i] = true
		}
		for _, r := range rules() {
			if r.firsts == nil {
				continue
			}
			for i := range len(text) {
				for _, h := range r.firsts.of(text[i]) {
					if hasPrefixFold(text[i:], h) {
						if !seen[i] {
							t.Fatalf("%s: hint %q at %q is no candidate", r.kind, h, text[i:min(len(text), i+12)])
						}
						checked++
						break
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("%d hints found: the test proves little", checked)
	}
}
