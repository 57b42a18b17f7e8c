package terms

import (
	"slices"
	"strings"
)

// Form is how a word was made from its family's root (see FamilyOf).
type Form uint8

const (
	// Bare is the root's own word, inflected or not: "deploy",
	// "deployed", "player"'s "play".
	Bare Form = iota
	// Derived is a word made with a derivational suffix: "deployment",
	// "insurance", "vaccination".
	Derived
	// Agent is a word made with -er or -or, the doer: "insurer",
	// "player", "processor".
	Agent
)

// Joins reports whether words of forms a and b of one root are one
// family: a doer joins the other derived words ("insurer" and
// "insurance", "translator" and "translation"), never the bare word,
// which is as often another thing ("player" and "play mode", "docker" and
// "dock", "header" and "head", "printer" and "print").
func Joins(a, b Form) bool { return !(a == Agent && b == Bare || a == Bare && b == Agent) }

// Family returns the root that word (lower case, as written) shares with
// the other words derived from the same one (see FamilyOf).
func Family(word string) string {
	root, _ := FamilyOf(word)
	return root
}

// FamilyOf returns the root that word (lower case, as written) shares with
// the other words derived from the same one, and how it was made from it:
// "deployment" and "deploy", "vaccination", "vaccinated" and "vaccine",
// "recovered" and "recovery", "anaesthetic" and "anaesthesia", "paid",
// "payment" and "payouts", "insurer" and "insurance" each give one root.
// People write a task with another form of the word their learning used
// ("can I deploy" against "Deployments happen only ..."), which Stem,
// taking off inflections only, does not join. A root is no word (it may
// read "vaccin" or "insur"); two words are of one family when their roots
// are equal and their forms join (see Joins). The root is "" for a word
// that is not all ASCII letters.
//
// The rules are few and conservative: one inflection (as Stem takes it
// off), then up to two derivational suffixes, each only where at least
// four letters stay (five for -al, -ion and -ition, whose shorter roots
// are other words: "portal", "station", "partition"; three for -ancy and
// -ency, which give back the -ant or -ent: "tenancy", not "agency"), then
// a final e. A word of three letters has no family but a listed verb's. A
// few nouns of a three-letter verb are listed ("payment", "payout"). A
// wrong join costs a little (a family match
// weighs less than the word itself, see relevance), a missed one a
// wanted learning.
func FamilyOf(word string) (root string, form Form) {
	if !isASCIIAlpha(word) {
		return "", Bare
	}
	if len(word) <= 3 {
		// Too short for the rules: "not" is no "note", "lat" no
		// "late". Only a listed verb's forms join one ("paid", "pay").
		if _, ok := irregular[word]; !ok && !irregularBase(word) {
			return "", Bare
		}
	}
	w := word
	if base, ok := irregular[w]; ok {
		w = base
	} else if base, ok := irregular[stripSuffix(w)]; ok && len(w) > 3 {
		w = base // "payouts"
	} else if i := strings.LastIndex(w, "at"); i >= 0 && slices.Contains([]string{"ated", "ates", "ating"}, w[i:]) {
		w = w[:i] + "ate" // "vaccinated" is "vaccinate", where Stem leaves "vaccinat"
	} else if len(w) > 3 {
		w = stripSuffix(w)
	}
	w = restoreE(w)
	// Two rounds: "notification" is "notify", whose root "notif" it
	// shares with "notified"; "operational" is "operation" and "oper".
	for range 2 {
		i := slices.IndexFunc(derivations, func(d derivation) bool {
			return strings.HasSuffix(w, d.suffix) && len(w)-len(d.suffix) >= d.keep && !otherQuality(w, d)
		})
		if i < 0 {
			break
		}
		d := derivations[i]
		w = restoreE(w[:len(w)-len(d.suffix)] + d.then)
		switch {
		case d.agent:
			form = Agent
		case form == Bare:
			form = Derived
		}
	}
	if n := len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1] // "move" and "moved", where Stem leaves "move" and "mov"
	}
	if n := len(w); n >= 6 && strings.HasSuffix(w, "ll") {
		// British spelling doubles the l before a suffix ("cancelled",
		// "travelling", "labelled"), which Stem keeps: the root of
		// "cancelled" and "cancellation" is "cancel"'s.
		w = w[:n-1]
	}
	if r := latinRoot(w); r != "" {
		return r, form
	}
	return alternate(w), form
}

// restoreE gives back the e of -ure that an inflection or a suffix took
// off ("configured", "configurable": "configure"), so that the -ure rule
// reads them as it reads "configure".
func restoreE(w string) string {
	if len(w) > 4 && strings.HasSuffix(w, "ur") {
		return w + "e"
	}
	return w
}

// latinRoot returns the verb's root for a root the suffix rules leave of
// a word derived from a Latin verb whose vowel changed, or "":
// "explanation" and "explain", "maintenance" and "maintain", "retention"
// and "retain", "application" and "apply". Listed, not a rule:
// "attention" is "attend"'s, not "attain"'s, and "contention" no
// "contain". A switch, not a map: a map would be built at start-up by
// every run of learn.
func latinRoot(w string) string {
	switch w {
	case "explan":
		return "explain"
	case "mainten":
		return "maintain"
	case "retent":
		return "retain"
	case "detent":
		return "detain"
	case "applic":
		return "apply"
	case "multiplic":
		return "multiply"
	case "implic":
		return "imply"
	}
	return ""
}

// alternations are the endings a Latin root changes before -ion and its
// kin, with the ending of the verb they are read as: "permission" and
// "permit", "conclusion" and "conclude", "decision" and "decide",
// "division" and "divide", "extension" and "extend", "expansion" and
// "expand", "resolution" and "resolve", "consumption" and "consume".
// Each applies to a root of at least keep letters, and both words of a
// pair are read through it, so a word that takes it wrongly still meets
// itself; the roots whose two readings are two things are left out
// ("commission" is no "commit", "intense" no "intend", "absolute" no
// "absolve"). From the morphology of English's Latin verbs, not from any
// set. The -ept of "reception" is not read as "receive": a reception is
// as often a front desk.
var alternations = []struct {
	ending, then string
	keep         int
	not          []string
}{
	{"miss", "mit", 6, []string{"commiss"}},
	{"clus", "clud", 6, nil},
	{"cis", "cid", 5, nil},
	{"vis", "vid", 5, nil},
	{"ens", "end", 6, []string{"intens"}},
	{"ans", "and", 6, nil},
	{"lut", "lv", 5, []string{"absolut"}},
	{"mpt", "m", 7, nil},
}

// alternate reads a family root through alternations.
func alternate(w string) string {
	for _, a := range alternations {
		if len(w) >= a.keep && strings.HasSuffix(w, a.ending) && !slices.Contains(a.not, w) {
			return w[:len(w)-len(a.ending)] + a.then
		}
	}
	return w
}

// Near reports whether two family roots differ only by a short ending one
// of them has: "complain" and "complaint". Such words are of one family
// that the suffix rules do not see (an ending of one or two letters is
// too short to take off everywhere: "not" is no "note"), so only roots of
// nearRoot letters or more are compared.
func Near(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= nearRoot && len(b)-len(a) <= nearEnding && b[:len(a)] == a
}

// nearRoot is the fewest letters of the shorter root Near compares, and
// nearEnding the most letters the longer may add. Measured on the recall
// development sets (eval to eval5, dev5 to dev12): 6 and 1 find
// "complaint" for a task's "complained" and "complain" (dev10, dev12),
// losing no wanted learning and no trap; an ending of 2 finds no more
// and joins "secret" and "secretary", shorter roots "pay" and "payroll".
const (
	nearRoot   = 6
	nearEnding = 1
)

// irregularBase reports whether w is the verb of an irregular form.
func irregularBase(w string) bool {
	for _, base := range irregular {
		if base == w {
			return true
		}
	}
	return false
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
	agent  bool // the doer's -er or -or (see Agent)
}

// derivations are the suffixes Family takes off, longest first within
// each ending, with the letters that must stay: -ion, -ment, -ance, -al,
// -ure and -age make the act or its result ("deletion", "deployment",
// "insurance", "renewal", "failure", "storage"), -ity and -ness the
// quality, -ly the manner, -y the act ("recovery", "delivery", with five
// letters left: "ready" is no form of "read"), and -sia, -sis and -tic
// the Greek pairs
// ("anaesthesia" and "anaesthetic", "analysis" and "analytic"); -ancy and
// -ency make the state of the doer or the quality in -ant and -ent
// ("tenancy" and "tenant", "occupancy" and "occupant", "residency" and
// "resident", "urgency" and "urgent", "idempotency" and "idempotent"). -ate is
// taken off as written ("vaccinate", "vaccinated" and "vaccination", but
// not "format"). -able and -ible make what can be done ("deliverable",
// "nullable", "accessible"), -ive the doing ("protective", "expensive").
// Measured on the recall development sets (eval to eval5, dev5 to dev14)
// with the longer irregular list: eval3 finds one more wanted learning
// ("add a not null column" finds "Add columns as nullable first"), and no
// set loses one or a trap. -ery is not taken off: "delivery" and
// "recovery" would lose their verbs ("deliv" against "deliver").
var derivations = []derivation{
	{"ification", 3, "ify", false}, // "notification" is "notify"'s, "verification" "verify"'s
	{"ription", 3, "rib", false},   // "prescription" is "prescribe"'s, "subscription" "subscribe"'s
	{"uration", 4, "", false},      // "configuration" is "configure"'s, as "config" is
	{"ability", 4, "", false},      // "availability" is "available"'s, "scalability" "scalable"'s
	{"ibility", 4, "", false},      // "accessibility" is "accessible"'s
	{"ation", 4, "", false},
	{"ition", 5, "", false}, // "definition", not "partition" (part)
	{"ion", 5, "", false},   // "deletion", not "station" (state) or "version" (verse)
	{"ment", 4, "", false},  // "deployment", not "comment" (come)
	{"ance", 4, "", false},
	{"ence", 4, "", false},
	{"ness", 4, "", false},
	{"ity", 4, "", false},
	{"ure", 4, "", false},
	{"age", 4, "", false}, // "storage", not "outage" (out) or "manage" (man)
	{"sia", 4, "", false},
	{"sis", 4, "", false},
	{"tic", 4, "", false},
	{"ate", 4, "", false},
	{"ee", 4, "", false},   // "employee", "trainee", "attendee"; not "agree" or "fee" (no set moves)
	{"able", 4, "", false}, // "deliverable", "bookable", "refundable"; not "table" or "capable" (cap)
	{"ible", 4, "", false}, // "accessible"
	{"ive", 5, "", false},  // "expensive", "protective"; not "archive" (arch) or "active" (act)
	{"al", 5, "", false},   // "approval", not "portal" (port), "signal" or "appeal"
	{"ator", 4, "", true},  // "translator" is "translate"'s
	{"er", 4, "", true},
	{"or", 4, "", true},
	{"ancy", 3, "ant", false}, // "tenancy" is "tenant"'s, "occupancy" "occupant"'s
	{"ency", 3, "ent", false}, // "residency" is "resident"'s, "urgency" "urgent"'s
	{"ly", 4, "", false},
	{"y", 5, "", false},
}

// otherQuality reports whether d is the -ancy or -ency derivation and w a
// noun in it that names another thing than the adjective or doer in -ant
// or -ent it is written from: money is no "current", nor a delay "latent".
// The other derivations take such a word's suffix off as usual.
func otherQuality(w string, d derivation) bool {
	return (d.suffix == "ancy" || d.suffix == "ency") && (w == "currency" || w == "latency")
}

// irregular maps past forms that do not end in -ed to their verb, and
// irregular plurals to their noun.
var irregular = map[string]string{
	"paid": "pay", "sent": "send", "sold": "sell", "bought": "buy", "built": "build",
	"brought": "bring", "caught": "catch", "held": "hold", "kept": "keep", "spent": "spend",
	"broke": "break", "broken": "break", "chose": "choose", "chosen": "choose",
	"froze": "freeze", "frozen": "freeze", "wrote": "write", "written": "write",
	"taught": "teach", "thrown": "throw", "drawn": "draw", "grown": "grow",
	"fed": "feed", "lent": "lend", "dealt": "deal", "ran": "run", "hidden": "hide",
	"fallen": "fall", "stolen": "steal", "forgot": "forget", "forgotten": "forget",
	// More of the common irregular verbs, each form with one sense: a form
	// that is also a noun or an adjective of its own ("bound", "felt",
	// "ground", "rose", "left", "shot") is left out, since a family match
	// on it would join another thing.
	"told": "tell", "lost": "lose", "met": "meet", "understood": "understand",
	"drew": "draw", "grew": "grow", "threw": "throw", "shook": "shake",
	"shaken": "shake", "woke": "wake", "woken": "wake", "wore": "wear", "worn": "wear",
	"spoke": "speak", "spoken": "speak", "stole": "steal", "began": "begin",
	"begun": "begin", "rang": "ring", "sank": "sink", "sunk": "sink", "shrank": "shrink",
	"shrunk": "shrink", "dug": "dig", "drove": "drive", "driven": "drive",
	"rode": "ride", "ridden": "ride", "flew": "fly", "flown": "fly", "blew": "blow",
	"blown": "blow", "fought": "fight", "sought": "seek", "slept": "sleep",
	"swept": "sweep", "bled": "bleed", "spun": "spin", "struck": "strike",
	"withdrew": "withdraw", "withdrawn": "withdraw", "overwrote": "overwrite",
	"overwritten": "overwrite", "rewrote": "rewrite", "rewritten": "rewrite",
	"rebuilt": "rebuild", "undid": "undo", "undone": "undo", "withheld": "withhold",
	"mistook": "mistake", "mistaken": "mistake", "forgave": "forgive", "forgiven": "forgive",
	// Nouns of a three-letter verb, which the suffix rules leave alone
	// (three letters are too few a root: "comment" is no "come").
	"payment": "pay", "payout": "pay",
	// Nouns of a verb that the suffix rules do not reach, each with one
	// sense in a software memory ("entry", "length", "flight" are left
	// out: an entry is a record, "how long" a request).
	"sale": "sell", "loss": "lose", "proof": "prove", "choice": "choose",
	"growth": "grow", "success": "succeed", "response": "respond",
	// Irregular plurals of nouns, which Stem leaves apart; one that is
	// also a verb ("leaves", "lives") is left out.
	"people": "person", "children": "child", "teeth": "tooth", "feet": "foot",
	"mice": "mouse", "indices": "index", "matrices": "matrix", "vertices": "vertex",
	"appendices": "appendix", "criteria": "criterion", "phenomena": "phenomenon",
	"analyses": "analysis", "diagnoses": "diagnosis", "crises": "crisis",
	"hypotheses": "hypothesis", "shelves": "shelf", "halves": "half", "knives": "knife",
}
