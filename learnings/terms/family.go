package terms

import (
	"slices"
	"strings"
)

// Family returns the root that word (lower case, as written) shares with
// the other words derived from the same one: "deployment" and "deploy",
// "vaccination", "vaccinated" and "vaccine", "recovered" and "recovery",
// "anaesthetic" and "anaesthesia", "paid", "payment" and "payouts" all
// give one root ("insurer" and "insurance" do not: see derivations).
// People write a task with another form of the word their learning used ("can I deploy" against "Deployments happen only ..."),
// which Stem, taking off inflections only, does not join. A root is no
// word (it may read "vaccin" or "insur"); two words are of one family
// when their roots are equal. It is "" for a word that is not all ASCII
// letters.
//
// The rules are few and conservative: one inflection (as Stem takes it
// off), then up to two derivational suffixes, each only where at least four letters
// stay (three for -ment, -age and -out: "payment", "dosage", "payout"),
// then a final e. A wrong join costs a little (a family match weighs less
// than the word itself, see relevance), a missed one a wanted learning.
func Family(word string) string {
	if !isASCIIAlpha(word) {
		return ""
	}
	w := word
	if base, ok := irregular[w]; ok {
		w = base
	} else if i := strings.LastIndex(w, "at"); i >= 0 && slices.Contains([]string{"ated", "ates", "ating"}, w[i:]) {
		w = w[:i] + "ate" // "vaccinated" is "vaccinate", where Stem leaves "vaccinat"
	} else if len(w) > 3 {
		w = stripSuffix(w)
	}
	// Two rounds: "notification" is "notify", whose root "notif" it
	// shares with "notified"; "operational" is "operation" and "oper".
	for range 2 {
		i := slices.IndexFunc(derivations, func(d derivation) bool {
			return strings.HasSuffix(w, d.suffix) && len(w)-len(d.suffix) >= d.keep
		})
		if i < 0 {
			break
		}
		d := derivations[i]
		w = w[:len(w)-len(d.suffix)] + d.then
	}
	if n := len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

// FamilyForms returns the irregular forms whose family root is root
// ("paid" for "pay"): a Matcher must let them through its gate, which
// reads a word's first letters.
func FamilyForms(root string) []string {
	var out []string
	for form, base := range irregular {
		if Family(base) == root {
			out = append(out, form)
		}
	}
	return out
}

// derivation is a suffix Family takes off, the letters that must stay
// and what replaces it.
type derivation struct {
	suffix string
	keep   int
	then   string
}

// derivations are the suffixes Family takes off, longest first within
// each ending, with the letters that must stay: -ion, -ment, -ance, -al,
// -ure and -age make the act or its result ("deletion", "deployment",
// "insurance", "renewal", "failure", "dosage"), -ity and -ness the
// quality, -ly the manner, -y the act ("recovery", "delivery", with five
// letters left: "ready" is no form of "read"), -out the noun of a
// phrasal verb ("payout"), and -sia, -sis and -tic the Greek pairs
// ("anaesthesia" and "anaesthetic", "analysis" and "analytic"). -ate is
// taken off as written ("vaccinate", "vaccinated" and "vaccination", but
// not "format").
var derivations = []derivation{
	{"ification", 3, "ify"}, // "notification" is "notify"'s, "verification" "verify"'s
	{"ription", 3, "rib"},   // "prescription" is "prescribe"'s, "subscription" "subscribe"'s
	{"ation", 4, ""},
	{"ition", 4, ""},
	{"ion", 5, ""}, // "deletion", not "station" (state) or "version" (verse)
	{"ment", 3, ""},
	{"ance", 4, ""},
	{"ence", 4, ""},
	{"ness", 4, ""},
	{"ity", 4, ""},
	{"ure", 4, ""},
	{"age", 3, ""},
	{"out", 3, ""},
	{"sia", 4, ""},
	{"sis", 4, ""},
	{"tic", 4, ""},
	{"ate", 4, ""},
	{"al", 4, ""},
	{"ly", 4, ""},
	{"y", 5, ""},
}

// irregular maps past forms that do not end in -ed to their verb.
var irregular = map[string]string{
	"paid": "pay", "sent": "send", "sold": "sell", "bought": "buy", "built": "build",
	"brought": "bring", "caught": "catch", "held": "hold", "kept": "keep", "spent": "spend",
	"broke": "break", "broken": "break", "chose": "choose", "chosen": "choose",
	"froze": "freeze", "frozen": "freeze", "wrote": "write", "written": "write",
	"taught": "teach", "thrown": "throw", "drawn": "draw", "grown": "grow",
	"fed": "feed", "lent": "lend", "dealt": "deal", "ran": "run", "hidden": "hide",
	"fallen": "fall", "stolen": "steal", "forgot": "forget", "forgotten": "forget",
}
