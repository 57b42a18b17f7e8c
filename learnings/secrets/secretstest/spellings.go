package secretstest

import (
	"fmt"
	"strings"
)

// Spelling is one secret set under a key's name spelt one way: Text holds
// Secret, and every check of a secret must find it.
type Spelling struct {
	Name, Text, Secret string
}

// Spellings are secrets set under names a person or an agent reads as
// password, DB_PASSWORD, client_secret and api_key, spelt in each case,
// with the long s and the Kelvin sign (which Unicode case folding reads as
// s and k) and in fullwidth letters; set with "=", ":" or blanks around
// them, quoted, in backticks, in a sentence, in a URL's query, apart in an
// env listing ("KEY VALUE"), said ("the KEY is VALUE", "KEY: is VALUE") and, for a
// user spelt so, in a URL's password. Each secret is different, so that a
// check run over all of them at once names the one it missed.
func Spellings() []Spelling {
	forms := []struct{ name, text string }{
		{"equals", "KEY=VALUE"},
		{"colon", "KEY: VALUE"},
		{"blanks", "KEY = VALUE"},
		{"quoted", `KEY = "VALUE"`},
		{"backticks", "set `KEY=VALUE` in the env"},
		{"sentence", "note that KEY: VALUE works on staging"},
		{"query", "https://api.example.com/v1/items?KEY=VALUE&page=2"},
		{"listing", "docker inspect lists KEY VALUE"},
		{"prose", "the KEY is VALUE"},
		{"colon is", "KEY: is VALUE, the user said"},
	}
	var out []Spelling
	seed := 7000
	for _, key := range []string{"password", "DB_PASSWORD", "client_secret", "api_key"} {
		for _, sp := range spelt(key) {
			for _, f := range forms {
				seed++
				v := Fake(seed, alnumSet, 18) + "9x"
				out = append(out, Spelling{
					Name:   key + "/" + sp.name + "/" + f.name,
					Text:   strings.NewReplacer("KEY", sp.text, "VALUE", v).Replace(f.text),
					Secret: v,
				})
			}
		}
	}
	for _, sp := range spelt("deploy_user") {
		seed++
		v := Fake(seed, alnumSet, 18) + "9x"
		out = append(out, Spelling{
			Name:   "url/" + sp.name,
			Text:   "postgres://" + sp.text + ":" + v + "@db.internal:5432/app",
			Secret: v,
		})
	}
	return out
}

// spelt is name in each spelling Spellings tries.
func spelt(name string) []struct{ name, text string } {
	fullwidth := func(s string) string {
		return strings.Map(func(r rune) rune {
			if '!' <= r && r <= '~' {
				return r - '!' + 0xFF01
			}
			return r
		}, s)
	}
	lower, upper := strings.ToLower(name), strings.ToUpper(name)
	return []struct{ name, text string }{
		{"lower", lower},
		{"upper", upper},
		{"title", strings.ToUpper(lower[:1]) + lower[1:]},
		{"long s", strings.ReplaceAll(lower, "s", "ſ")},
		{"long s upper", strings.ReplaceAll(upper, "S", "ſ")},
		{"Kelvin", strings.ReplaceAll(upper, "K", "\u212a")},
		{"fullwidth", fullwidth(lower)},
		{"fullwidth upper", fullwidth(upper)},
	}
}

// SpellingsMemory is a learnings file holding each of Spellings as the
// learning "Deploy step I: TEXT" of one session, in order: what a file
// written before learn read these spellings holds.
func SpellingsMemory() string {
	var b strings.Builder
	b.WriteString("## Recent Sessions\n\n## [2026-11-21 10:00 UTC] - Deploy\n**Project**: acme\n\n### Learnings\n\n**User Corrections:**\n")
	for i, sp := range Spellings() {
		fmt.Fprintf(&b, "- Deploy step %d: %s\n", i, sp.Text)
	}
	b.WriteString("\n---\n")
	return b.String()
}
