package secrets

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/learn-memory/learn/internal/memgen"
	"github.com/learn-memory/learn/learnings/secrets/secretstest"
)

// seekLines are lines the way people and agents write assignments, keys in
// prose, and the odd bytes around a key that the expression's classes
// accept (the long s and the Kelvin sign fold to s and k).
var seekLines = []string{
	`DB_PASSWORD=hunter2 and API_KEY: "Kx9qL2mN8pR4sT6v"`,
	`staging: password = S3cret!x`,
	`Set "token" : 'abc def' in the config, then key=>value`,
	`the cache key: user:42:profile; auth := os.Getenv("AUTH")`,
	`9abc.def-ghi : value`,
	`a:=b c=>d e=f g:h`,
	`  "api_key"  :   "sk-live-1234567890abcdef"`,
	`ſecret: Kx9qL2mN8pR4sT6vWz and Key=abcdefghijklmnopqrstu1234`,
	`Note: the release token rotates weekly; see docs/auth.md: section 3`,
	`- **secret**: ` + "`" + `Zx81kLmNq0pR2` + "`",
	`password:`,
	`:=`,
	`key ' : "x"`,
	`é_key: value, ü-token=abc`,
	`url=https://user:pa55word@host:5432/db`,
	`(token): x, [key]= y`,
	"key\t\t:\tvalue",
	`...key...:...`,
}

// randomLine builds a line from pieces that keys, blanks, quotes and
// separators are made of.
func randomLine(r *rand.Rand) string {
	pieces := []string{"key", "token", "pass", "pw", "secret", "ſ", "K", "_", ".", "-", "9", ":", "=", "=>", ":=", " ", "\t", `"`, "'", "`", "(", ",", "é", "x", "A", "auth", "Zq8", "\n"}
	var b strings.Builder
	for range r.IntN(40) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// seekCorpus is seekLines, random lines and the lines of a generated
// memory of every generator.
func seekCorpus(t *testing.T) []string {
	t.Helper()
	lines := slices.Clone(seekLines)
	lines = append(lines, secretstest.Prose()...)
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		lines = append(lines, randomLine(r))
	}
	for _, mode := range append([]string{""}, memgen.Modes...) {
		src := memgen.GenerateWith(memgen.Options{Seed: 3, Size: 200 << 10, Mode: mode})
		lines = append(lines, strings.Split(string(src), "\n")...)
	}
	return lines
}

// TestSeekFindsWhatTheExpressionFinds checks that a rule that seeks its
// starts finds, from every offset, the match its expression finds left to
// itself: the same bytes and the same submatches.
func TestSeekFindsWhatTheExpressionFinds(t *testing.T) {
	lines := seekCorpus(t)
	seeking := 0
	for _, r := range rules() {
		if r.seek == nil {
			continue
		}
		seeking++
		t.Run(r.kind, func(t *testing.T) {
			for _, s := range lines {
				for from := 0; from <= len(s); from += 1 + len(s)/7 {
					want := shift(r.re().FindStringSubmatchIndex(s[from:]), from)
					if got := r.find(s, from); !slices.Equal(got, want) {
						t.Fatalf("find(%q, %d) = %v, the expression finds %v", s, from, got, want)
					}
				}
			}
		})
	}
	if seeking == 0 {
		t.Fatal("no rule seeks its starts")
	}
}

// TestMayKeepsEveryMatch checks that no line a rule's may turns away holds
// a match of its expression.
func TestMayKeepsEveryMatch(t *testing.T) {
	lines := seekCorpus(t)
	lines = append(lines,
		"machine api.acme.io login bob password Kx9-2q",
		"default login anonymous password guest@example.com",
		"the Discord bot token is MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123",
		"bot token: NzkyNzE1NDU0MTk2MDg4ODQy.X-hvzA.Ovy4MCQywSkoMRRclStW4xAYK7I.",
		"the Mailchimp key is "+hex32+"-us14, not en-us",
		"en-us "+hex32+"-us2",
	)
	for _, r := range rules() {
		if r.may == nil {
			continue
		}
		matched := 0
		for _, s := range lines {
			if r.re().MatchString(s) {
				matched++
				if !r.may(s) {
					t.Errorf("%s: may turns away %q, which the expression matches", r.kind, s)
				}
			}
		}
		if matched == 0 {
			t.Errorf("%s: no line of the corpus matches, so the test proves nothing", r.kind)
		}
	}
}

// TestRulesCompile compiles every rule's expression, which a run compiles
// only when a text holds one of the rule's hints.
func TestRulesCompile(t *testing.T) {
	for _, r := range rules() {
		for _, l := range []func() *regexp.Regexp{r.re, r.anchored} {
			if l == nil {
				continue
			}
			func() {
				defer func() {
					if err := recover(); err != nil {
						t.Errorf("%s: %v", r.kind, err)
					}
				}()
				l()
			}()
		}
	}
}
